import Foundation
import Testing

// HAZARDS.md, `task_in_onappear`: a helper that a view's `.task { }` calls starts an unstructured
// `Task { for await … }`. SwiftUI cancels the `.task` work when the view disappears; `modifierWork` plays
// that work here, and cancelling it stands for the view going away. The stream never finishes on its own.

/// The handle a helper keeps (as a view keeps it in a `@State`), shared with the test.
private final class HandleBox: @unchecked Sendable {
    private let lock = NSLock()
    private var _task: Task<Void, Never>?
    func set(_ task: Task<Void, Never>) { lock.lock(); _task = task; lock.unlock() }
    var task: Task<Void, Never>? { lock.lock(); defer { lock.unlock() }; return _task }
}

@Test func aTaskAHelperStartsInTaskWorkIsNotCancelledWithIt() async {
    let (stream, source) = AsyncStream<Int>.makeStream()
    let received = Counter()
    let started = Counter()
    let box = HandleBox()
    let modifierWork = Task {
        // `observeSettings()`: an unstructured loop, kept, and the helper returns.
        box.set(Task { for await _ in stream { received.increment() } })
        started.increment()
        // The rest of the `.task` work, suspended until the view goes away.
        try? await Task.sleep(for: .seconds(3_600))
    }
    #expect(await waitUntil(timeout: .seconds(2)) { started.isSet })
    modifierWork.cancel()
    await modifierWork.value
    let inner = box.task
    #expect(inner != nil)
    // The flagged form: the view is gone, its work cancelled, and the helper's loop runs on.
    #expect(inner?.isCancelled == false)
    source.yield(1)
    #expect(await waitUntil(timeout: .seconds(2)) { received.count == 1 })
    source.finish()
    await inner?.value
}

@Test func aLoopTheTaskWorkRunsItselfEndsWithIt() async {
    let (stream, source) = AsyncStream<Int>.makeStream()
    let received = Counter()
    let started = Counter()
    // The spared form: `.task { await listen() }`, the loop part of the modifier's work.
    let modifierWork = Task {
        started.increment()
        for await _ in stream { received.increment() }
    }
    #expect(await waitUntil(timeout: .seconds(2)) { started.isSet })
    modifierWork.cancel()
    // Returns: cancelling the work ends the loop, though the stream never finished.
    await modifierWork.value
    source.yield(1)
    #expect(received.count == 0)
    source.finish()
}
