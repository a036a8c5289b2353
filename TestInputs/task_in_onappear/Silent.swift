import SwiftUI

struct QuietView: View {
    let model: QuietModel
    @State private var handle: Task<Void, Never>?

    var body: some View {
        VStack {
            // .task is cancelled on disappear.
            Text("a").task { await model.load() }
            Text("b").task(id: model.name) { await model.load() }
            // A task started by an action inside onAppear, not by the appearance itself.
            Text("c").onAppear {
                model.onReady = {
                    Task { await model.load() }
                }
                DispatchQueue.main.async {
                    Task { await model.load() }
                }
            }
            // A Button's action.
            Button("Reload") { Task { await model.load() } }
            // onDisappear.
            Text("d").onDisappear { Task { await model.save() } }
            // A handle stored and cancelled on disappear.
            Text("e")
                .onAppear {
                    handle = Task { await model.load() }
                }
                .onDisappear {
                    handle?.cancel()
                }
            // onAppear without a task.
            Text("f").onAppear { model.name = "x" }
        }
    }
}

// A method named onAppear that is not SwiftUI's is still onAppear: nothing else here.
@MainActor final class QuietModel {
    var name = ""
    var onReady: (() -> Void)?
    func load() async {}
    func save() async {}
}

// A row's onAppear: a pagination trigger whose work should finish when the row scrolls away.
struct PagedList: View {
    let items: [Int]
    let loadMore: () async -> Void
    var body: some View {
        List(items, id: \.self) { item in
            Text("\(item)")
                .onAppear { if item == items.last { Task { await loadMore() } } }
        }
        ForEach(items, id: \.self) { item in
            Text("\(item)").onAppear { Task { await loadMore() } }
        }
    }
}

// A task that never suspends is a hop to the main actor: nothing to cancel.
struct BadgeView: View {
    @State private var count = 0
    var body: some View {
        Text("\(count)")
            .onAppear {
                Task { @MainActor in count += 1 }
            }
    }
}

// A pagination sentinel after the ForEach of a lazy stack, and one directly in a List: the next page
// should finish loading even if the sentinel scrolls away.
struct PagedFeed: View {
    let items: [String]
    let loader: PageLoader
    var body: some View {
        ScrollView {
            LazyVStack {
                ForEach(items, id: \.self) { Text($0) }
                ProgressView()
                    .onAppear { Task { await loader.loadMore() } }
            }
        }
        List {
            ForEach(items, id: \.self) { Text($0) }
            Color.clear
                .onAppear { Task { await loader.loadMore() } }
        }
    }
}

final class PageLoader {
    func loadMore() async {}
}

// A one-shot trigger: the view sets the state that removes it as it starts the load, so the load must
// outlive it (`.task` would cancel it at once); it appears again only when the state is reset.
struct LoadMoreFooter: View {
    @State private var loadingMore = false
    let loader: PageLoader
    var body: some View {
        if loadingMore {
            EmptyView()
        } else {
            Spacer()
                .onAppear {
                    loadingMore = true
                    Task {
                        await loader.loadMore()
                        loadingMore = false
                    }
                }
        }
    }
}
