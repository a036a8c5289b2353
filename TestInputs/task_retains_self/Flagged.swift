import Foundation

final class Poller {
    var task: Task<Void, Never>?
    var tasks: [Task<Void, Never>] = []
    var byID: [String: Task<Void, Never>] = [:]
    var ticks = 0
    let stream: AsyncStream<Int>

    init(stream: AsyncStream<Int>) {
        self.stream = stream
    }

    // Explicit self.
    func startExplicit() {
        self.task = Task { // expect: task_retains_self
            for await tick in self.stream {
                self.ticks = tick
            }
        }
    }

    // weak self re-bound strongly before the loop: strong for the loop's whole lifetime.
    func startGuarded() {
        task = Task { [weak self] in // expect: task_retains_self
            guard let self else { return }
            for await tick in stream {
                ticks = tick
            }
        }
    }

    // guard let self = self and strongSelf spellings, while and repeat loops, detached and priority tasks.
    func startOthers() {
        tasks.append(Task.detached { [weak self] in // expect: task_retains_self
            guard let strongSelf = self else { return }
            while !Task.isCancelled {
                strongSelf.ticks += 1
                try? await Task.sleep(nanoseconds: 1_000_000)
            }
        })
        byID["repeat"] = Task(priority: .background) { // expect: task_retains_self
            repeat {
                ticks += 1
                await Task.yield()
            } while !Task.isCancelled
        }
        tasks.insert(Task { [weak self] in // expect: task_retains_self
            if let self {
                for try await tick in self.stream.throwing() {
                    print(tick)
                }
            }
        }, at: 0)
    }

    // A nested closure's [weak self] does not help: the outer closure must capture self to hand it over.
    func startNested() {
        task = Task { // expect: task_retains_self
            for await tick in stream {
                DispatchQueue.main.async { [weak self] in
                    self?.ticks = tick
                }
            }
        }
    }

    // An explicit strong capture.
    func startCaptured() {
        task = Task { [self] in // expect: task_retains_self
            for await tick in stream {
                print(tick, ticks)
            }
        }
    }

    deinit {
        task?.cancel()
        tasks.forEach { $0.cancel() }
    }
}

actor Ticker {
    var task: Task<Void, Never>?
    var count = 0

    func start(_ stream: AsyncStream<Int>) {
        task = Task { // expect: task_retains_self
            for await value in stream {
                count += value
            }
        }
    }
}

extension AsyncStream {
    func throwing() -> AsyncThrowingStream<Element, Error> { fatalError() }
}

// The task is cancelled by another method (the help's own advice): the cycle lasts until stop() runs,
// reported at info with a note there.
final class Ticker {
    private var task: Task<Void, Never>?
    private var ticks = 0
    let stream: AsyncStream<Int>
    init(stream: AsyncStream<Int>) { self.stream = stream }

    func start() {
        task = Task { // expect: task_retains_self "lives until 'stop()' releases it"
            for await _ in stream { ticks += 1 }
        }
    }

    func stop() { task?.cancel() }
}

// Contrast: the same shape over a notification stream never ends.
final class NotificationWatcher {
    var count = 0
    var task: Task<Void, Never>?
    func start(_ stream: AsyncStream<Int>) {
        task = Task { // expect: task_retains_self
            for await value in stream {
                count += value
            }
        }
    }
}
