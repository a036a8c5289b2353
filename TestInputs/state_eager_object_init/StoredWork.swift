import SwiftUI

// Work in a closure the initializer only stores (or hands to an unknown callee) runs when that
// closure is called, maybe never: not an effect of the initializer. Silent.
final class PreviewStream {
    let events: AsyncStream<Int>
    private let continuation: AsyncStream<Int>.Continuation
    var onReset: (() -> Void)?

    init() {
        (events, continuation) = AsyncStream<Int>.makeStream()
        continuation.onTermination = { _ in Task { print("terminated") } }
        onReset = { print("reset") }
        Registry.configure { Task { print("configured") } }
    }
}

enum Registry { static func configure(_ body: @escaping () -> Void) {} }

// A method named without a call is a callback, not a call: silent.
final class KeyHandler {
    init() { Registry.configure(handle) }
    func handle() { print("key") }
}

struct EditView: View {
    @State private var stream = PreviewStream()
    @State private var keys = KeyHandler()
    var body: some View { Text("edit") }
}

// Work scheduled by the initializer, or run now by a callee, does happen: flagged, with a note where
// each kind of effect first happens.
final class Scheduler {
    var observation: NSKeyValueObservation?

    init(defaults: UserDefaults) {
        DispatchQueue.main.async { print("scheduled") }
        [1, 2].forEach { _ in Task { } }
        observation = defaults.observe(\.description) { _, _ in }
    }
}

struct SchedulerView: View {
    @State private var scheduler = Scheduler(defaults: .standard) // expect: state_eager_object_init "starts a Task, prints or logs and registers an observer or timer"
    var body: some View { Text("scheduler") }
}
