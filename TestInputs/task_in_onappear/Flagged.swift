import SwiftUI

// Seed 002's shape: the view starts the model's work when it appears.
struct ProfileView: View {
    let model: ProfileModel
    @State private var count = 0

    var body: some View {
        VStack {
            Text(model.name)
                .onAppear {
                    Task { await model.load() } // expect: task_in_onappear "Task started in .onAppear in 'ProfileView' is not cancelled"
                }
            Text("\(count)")
                .onAppear {
                    count += 1
                    Task { // expect: task_in_onappear
                        await model.refresh()
                    }
                }
            // Allman braces and perform:.
            Text("b")
                .onAppear(perform:
                {
                    Task.detached { await model.load() } // expect: task_in_onappear
                })
            // Inside an if, and inside withAnimation (runs on the spot).
            Text("c")
                .onAppear {
                    if count == 0 {
                        Task(priority: .high) { await model.load() } // expect: task_in_onappear
                    }
                    withAnimation {
                        Task { await model.refresh() } // expect: task_in_onappear
                    }
                }
            // A handle stored but never cancelled on disappear.
            Text("d")
                .onAppear {
                    model.loading = Task { await model.load() } // expect: task_in_onappear
                }
            #if os(iOS)
            Text("e").onAppear { Task { await model.load() } } // expect: task_in_onappear
            #endif
        }
    }
}

// A helper that builds content with onAppear.
struct FeedRow: View {
    let model: ProfileModel
    var body: some View { content }

    @ViewBuilder private var content: some View {
        Text("row").onAppear { Task { @MainActor in await model.load() } } // expect: task_in_onappear
    }

    func decorated(_ view: some View) -> some View {
        view.onAppear {
            Task { await model.refresh() } // expect: task_in_onappear
        }
    }
}

@MainActor final class ProfileModel {
    var name = ""
    var loading: Task<Void, Never>?
    func load() async {}
    func refresh() async {}
}

// Contrast: the same sentinel in a plain VStack is built at once, not as it scrolls into view.
struct EagerFeed: View {
    let loader: PageLoader2
    var body: some View {
        VStack {
            ProgressView()
                .onAppear { Task { await loader.loadMore() } } // expect: task_in_onappear
        }
    }
}

final class PageLoader2 {
    func loadMore() async {}
}

// The state it sets guards nothing around the view: each appearance starts another load.
struct LoadMoreBadge: View {
    @State private var loads = 0
    let loader: PageLoader
    var body: some View {
        if loads > 100 {
            EmptyView()
        }
        Text("more")
            .onAppear {
                loads += 1
                Task { await loader.loadMore() } // expect: task_in_onappear
            }
    }
}
