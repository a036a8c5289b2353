import Foundation

// Cancelling the task only to start the same strong loop again renews the cycle: never released (a warning).
final class TickerRestarter {
    private var task: Task<Void, Never>?
    private let ticks: AsyncStream<Int>
    var last = 0

    init(ticks: AsyncStream<Int>) {
        self.ticks = ticks
        task = Task { // expect: task_retains_self "'restart()' empties 'task' and then keeps a new closure holding 'self' strongly here: that renews the cycle"
            for await tick in ticks { self.last = tick }
        }
    }

    func restart() {
        task?.cancel()
        task = Task { // expect: task_retains_self "'TickerRestarter' is never released"
            for await tick in self.ticks { self.last = tick }
        }
    }
}

// Cancelled and not restarted: the cycle lasts until 'stop()'.
final class TickerStopper {
    private var task: Task<Void, Never>?
    var last = 0

    init(ticks: AsyncStream<Int>) {
        task = Task { // expect: task_retains_self "lives until 'stop()' releases it"
            for await tick in ticks { self.last = tick }
        }
    }

    func stop() {
        task?.cancel()
    }
}
