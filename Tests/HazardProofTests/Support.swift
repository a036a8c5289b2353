import Foundation

/// A thread-safe flag/counter shared between test code, `onChange` handlers (which are
/// `@Sendable` and may run on any thread) and `deinit`s (which are nonisolated).
///
/// `@unchecked Sendable` is sound here: every access to `_count` goes through `lock`.
/// (`Synchronization.Mutex` would avoid the `@unchecked`, but it needs macOS 15 and the
/// package declares macOS 13, so this keeps the tests portable.)
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var _count = 0

    func increment() {
        lock.lock()
        _count += 1
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return _count
    }

    var isSet: Bool { count > 0 }
}

/// Polls `condition` until it holds or `timeout` elapses; returns the final value of `condition`.
/// Never fails by itself: callers decide whether "true" or "false" is the passing outcome, so a
/// slow machine can only delay a positive observation, never fabricate one.
func waitUntil(
    timeout: Duration,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !condition() {
        if clock.now >= deadline { return condition() }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}
