import Foundation

/// Runs work over indices on threads with large stacks, so deep (but capped) recursion is safe.
public enum Parallel {
    /// Stack size of worker threads: generous, since the parser's recursion is capped but deep.
    public static let stackSize = 64 << 20

    /// Calls `body` for every index in `0..<count` on `jobs` threads and returns the results in index order.
    public static func map<T: Sendable>(count: Int, jobs: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        let box = ResultBox<T>(count: count)
        let workers = max(1, min(jobs, count))
        let group = DispatchGroup()
        for _ in 0..<workers {
            group.enter()
            let thread = Thread {
                CrashMarker.threadStarted()
                while let i = box.nextIndex() { box.store(body(i), at: i) }
                CrashMarker.threadFinished()
                group.leave()
            }
            thread.stackSize = stackSize
            thread.start()
        }
        group.wait()
        return box.results()
    }

    /// Like `map`, but each worker also carries its own state (for example a partial index) that `body`
    /// updates; returns the results in index order and every worker's final state.
    public static func map<T: Sendable, State: Sendable>(
        count: Int, jobs: Int, state initial: @escaping @Sendable () -> State,
        _ body: @escaping @Sendable (inout State, Int) -> T
    ) -> (results: [T], states: [State]) {
        let box = ResultBox<T>(count: count)
        let workers = max(1, min(jobs, count))
        let states = ResultBox<State>(count: workers)
        let group = DispatchGroup()
        for w in 0..<workers {
            group.enter()
            let thread = Thread {
                CrashMarker.threadStarted()
                var state = initial()
                while let i = box.nextIndex() { box.store(body(&state, i), at: i) }
                states.store(state, at: w)
                CrashMarker.threadFinished()
                group.leave()
            }
            thread.stackSize = stackSize
            thread.start()
        }
        group.wait()
        return (box.results(), states.results())
    }

    /// Runs `body` on a thread with a large stack and waits for its result.
    public static func onLargeStack<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        map(count: 1, jobs: 1) { _ in body() }[0]
    }
}

private final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private let count: Int
    private var values: [T?]

    init(count: Int) {
        self.count = count
        values = Array(repeating: nil, count: count)
    }

    func nextIndex() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ value: T, at index: Int) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    /// The results, moved out (the box keeps no reference, so the caller owns them uniquely).
    func results() -> [T] {
        lock.lock()
        defer { lock.unlock() }
        let taken = values.map { $0! }
        values = []
        return taken
    }
}

/// An amount (bytes) worker threads draw on: what may be kept in memory, for instance.
public final class Budget: @unchecked Sendable {
    private let lock = NSLock()
    private var left: Int

    public init(_ amount: Int) { left = amount }

    /// Takes `amount` when that much is left.
    public func take(_ amount: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard amount <= left else { return false }
        left -= amount
        return true
    }
}

/// Values handed out to worker threads, each taken exactly once and moved out, so the taker owns it
/// uniquely and can mutate it without a copy.
public final class Slots<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [T?]

    /// Takes the values over; `values` is left empty.
    public init(_ values: inout [T]) {
        self.values = values.map { $0 }
        values = []
    }

    /// Values some of which are absent (for `takeIfPresent` and `peek`).
    public init(present values: [T?]) {
        self.values = values
    }

    /// The value at `index` when it is there (not absent, not taken yet), taken.
    public func takeIfPresent(_ index: Int) -> T? {
        lock.lock()
        defer { lock.unlock() }
        guard index < values.count, let value = values[index] else { return nil }
        values[index] = nil
        return value
    }

    /// The value at `index` when it is there, left for a later take.
    public func peek(_ index: Int) -> T? {
        lock.lock()
        defer { lock.unlock() }
        return index < values.count ? values[index] : nil
    }

    /// The value at `index`; each index can be taken once.
    public func take(_ index: Int) -> T {
        lock.lock()
        defer { lock.unlock() }
        guard let value = values[index] else { preconditionFailure("slot \(index) was already taken") }
        values[index] = nil
        return value
    }
}
