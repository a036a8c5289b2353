import SwiftUI
import Combine

// A task a method of the view starts, called from onAppear: when its loop outlives the view (here two
// methods down, in the task that sets up the player), the call is reported; the loop is the witness.
final class StreamPlayer: ObservableObject {
    @Published var status = 0
}

struct CameraStreamView: View {
    @State private var player: StreamPlayer?
    @State private var ready = false

    var body: some View {
        Text(ready ? "Live" : "Loading")
            .onAppear {
                loadStream() // expect: task_in_onappear "'loadStream()', called in .onAppear in 'CameraStreamView', starts a Task that outlives the view"
            }
            .onDisappear { player = nil }
    }

    private func loadStream() {
        Task {
            let url = await fetchURL()
            setUpPlayer(url)
        }
    }

    private func fetchURL() async -> String { "stream" }

    @MainActor
    private func setUpPlayer(_ url: String) {
        let item = StreamPlayer()
        Task {
            for await status in item.$status.values {
                ready = status > 0
            }
        }
        player = item
    }
}

// Silent: a helper whose task ends (one fetch), one that keeps its task and cancels it on disappear, and a
// task whose only awaits are in the completion handlers it hands on (nothing of its own to cancel).
struct ArticleView: View {
    @State private var text = ""
    @State private var watcher: Task<Void, Never>?
    @State private var progress = 0.0
    @State private var download: URLSessionDownloadTask?

    var body: some View {
        Text(text)
            .onAppear {
                loadText()
                watch()
            }
            .onDisappear { watcher?.cancel() }
            .onAppear {
                Task {
                    download = URLSession.shared.downloadTask(with: URL(fileURLWithPath: "/tmp/a")) { _, _, _ in
                        Task { await MainActor.run { progress = 1 } }
                    }
                    download?.resume()
                }
            }
    }

    private func loadText() {
        Task { text = await fetchText() }
    }

    private func fetchText() async -> String { "text" }

    private func watch() {
        watcher = Task {
            for await note in NotificationCenter.default.notifications(named: .init("article")) {
                text = note.name.rawValue
            }
        }
    }
}

// Silent: the helper hands a callback to the recorder; the looping task starts when the recorder calls it
// (on a tap), not when the view appears.
final class Recorder {
    var levels: AsyncStream<Double> { AsyncStream { _ in } }
    private var handler: (() -> Void)?
    func onStart(_ handler: @escaping () -> Void) { self.handler = handler }
}

struct RecorderView: View {
    let recorder: Recorder
    @State private var level = 0.0

    var body: some View {
        Text("\(level)")
            .onAppear { prepare() }
    }

    private func prepare() {
        recorder.onStart {
            Task {
                for await value in recorder.levels { level = value }
            }
        }
    }
}

// A helper that starts its looping tasks in a closure it runs at once (`forEach`): flagged like one that
// starts it itself.
struct FeedsView: View {
    let feeds: [String]
    @State private var counts: [String: Int] = [:]

    var body: some View {
        Text("\(counts.count)")
            .onAppear {
                watchAll() // expect: task_in_onappear "'watchAll()', called in .onAppear in 'FeedsView', starts a Task that outlives the view"
            }
    }

    private func watchAll() {
        feeds.forEach { feed in
            Task {
                for await note in NotificationCenter.default.notifications(named: .init(feed)) {
                    counts[feed, default: 0] += note.name.rawValue.count
                }
            }
        }
    }
}
