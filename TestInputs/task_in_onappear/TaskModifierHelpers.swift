import SwiftUI

extension Notification.Name {
    static let openSettings = Notification.Name("openSettings")
}

// A helper that `.task { }` calls starts an unstructured Task: it is not part of the modifier's work, so
// the cancellation SwiftUI sends when the view disappears does not reach its loop. Kept in a @State that
// nothing cancels, it is as good as not kept.
struct SplitScreen: View {
    @State private var observer: Task<Void, Never>?
    @State private var route = 0
    var body: some View {
        Text("\(route)")
            .task {
                observeSettings() // expect: task_in_onappear "'observeSettings()', called in .task in 'SplitScreen', starts a Task that outlives the view"
            }
    }

    private func observeSettings() {
        observer = Task {
            for await _ in NotificationCenter.default.notifications(named: .openSettings) {
                route += 1
            }
        }
    }
}

struct AppearScreen: View {
    @State private var observer: Task<Void, Never>?
    @State private var opened = 0
    var body: some View {
        Text("\(opened)")
            .onAppear {
                startObserving() // expect: task_in_onappear "'startObserving()', called in .onAppear in 'AppearScreen'"
            }
    }

    private func startObserving() {
        self.observer = Task {
            for await _ in NotificationCenter.default.notifications(named: .openSettings) {
                opened += 1
            }
        }
    }
}

// Contrasts: the kept task is cancelled when the view disappears; the loop is the `.task` work itself
// (cancelled with it); the helper's task ends on its own; a local handle awaited in place.
struct CancelledScreen: View {
    @State private var observer: Task<Void, Never>?
    var body: some View {
        Text("x")
            .task { observe() }
            .onDisappear { observer?.cancel() }
    }

    private func observe() {
        observer = Task {
            for await _ in NotificationCenter.default.notifications(named: .openSettings) { print("open") }
        }
    }
}

struct StructuredScreen: View {
    @State private var count = 0
    var body: some View {
        Text("\(count)")
            .task { await listen() }
    }

    private func listen() async {
        for await _ in NotificationCenter.default.notifications(named: .openSettings) { count += 1 }
    }
}

struct OneShotScreen: View {
    @State private var loaded = false
    var body: some View {
        Text(loaded ? "yes" : "no")
            .task { load() }
    }

    private func load() {
        let work = Task { try? await Task.sleep(nanoseconds: 1_000) }
        _ = work
        loaded = true
    }
}
