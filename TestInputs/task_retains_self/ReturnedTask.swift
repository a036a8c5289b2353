import Foundation

// A task a method returns is kept where its caller stores it (one level, in the same type and file).
@MainActor final class Watchdog {
    var watchdog: Task<Void, Never>?
    var heartbeat: Task<Void, Never>?
    var beats = 0

    func start() {
        watchdog = makeWatchdog()
        self.heartbeat = makeHeartbeat()
    }

    func makeWatchdog() -> Task<Void, Never> {
        Task { // expect: task_retains_self@9 "Task returned by 'makeWatchdog()' and stored in 'watchdog'"
            while !Task.isCancelled {
                beats += 1
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    func makeHeartbeat() -> Task<Void, Never> {
        let interval = 2.0
        return Task { // expect: task_retains_self "stored in 'heartbeat'"
            for await _ in AsyncStream<Int> { _ in } {
                beats += Int(interval)
            }
        }
    }
}

// Returned but never kept on self: the caller drops it, keeps it in a local, or the task holds self weakly.
@MainActor final class Dropped {
    var beats = 0
    var kept: Task<Void, Never>?

    func start() {
        _ = makeLoop()
        let local = makeLoop()
        local.cancel()
        kept = makeWeakLoop()
        kept = Dropped.makeDetached()
    }

    func makeLoop() -> Task<Void, Never> {
        Task {
            while true { beats += 1; try? await Task.sleep(for: .seconds(1)) }
        }
    }

    func makeWeakLoop() -> Task<Void, Never> {
        Task { [weak self] in
            while !Task.isCancelled { self?.beats += 1; try? await Task.sleep(for: .seconds(1)) }
        }
    }

    static func makeDetached() -> Task<Void, Never> {
        Task { while true { try? await Task.sleep(for: .seconds(1)) } }
    }

    // A task built in a closure and returned from it is not the method's result.
    func build() -> () -> Task<Void, Never> {
        { Task { while true { self.beats += 1 } } }
    }

    func keepBuilt() { kept = build()() }
}
