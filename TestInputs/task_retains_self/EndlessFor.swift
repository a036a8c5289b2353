import Foundation

@MainActor final class Ticker {
    var tick = 0
    var task: Task<Void, Never>?
    var finite: Task<Void, Never>?

    func start() {
        // Endless: a range without an end, or up to Int.max.
        task = Task { // expect: task_retains_self "endless 'for' loop"
            for i in 0... {
                tick = i
                try? await Task.sleep(for: .seconds(1))
            }
        }
        task = Task { // expect: task_retains_self
            for i in 1..<Int.max {
                tick = i
                try? await Task.sleep(for: .seconds(1))
            }
        }
        // Finite: ends on its own, and so releases self.
        finite = Task {
            for i in 0..<10 {
                tick = i
            }
        }
    }
}
