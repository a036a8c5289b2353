import Foundation

final class Spared {
    var task: Task<Void, Never>?
    var count = 0
    let service = Service()
    let stream: AsyncStream<Int>

    init(stream: AsyncStream<Int>) {
        self.stream = stream
    }

    // weak self and self?. inside the loop.
    func weakInLoop() {
        task = Task { [weak self] in
            guard let stream = self?.stream else { return }
            for await value in stream {
                self?.count = value
            }
        }
    }

    // guard let self inside the loop: re-bound per iteration, released between values.
    func guardInsideLoop() {
        task = Task { [weak self, stream] in
            for await value in stream {
                guard let self else { return }
                self.count = value
            }
        }
    }

    // Only values captured, no self use.
    func valuesOnly() {
        task = Task { [service, stream] in
            for await value in stream {
                await service.record(value)
            }
        }
    }

    // A kept task without a loop ends and releases self.
    func oneShot() {
        task = Task {
            count = await service.load()
        }
    }

    // Tasks not kept on self.
    func notKept() {
        Task {
            for await value in stream {
                count = value
            }
        }
        let local = Task {
            for await value in stream { count = value }
        }
        _ = local
    }

    // unowned self does not retain.
    func unownedSelf() {
        task = Task { [unowned self] in
            for await value in stream { count = value }
        }
    }

    // A plain for-in over an array is not long-lived.
    func finiteLoop() {
        task = Task {
            for value in [1, 2, 3] { count += value }
        }
    }

    // A loop inside a nested task belongs to that task, which is not stored.
    func nestedTask() {
        task = Task { [weak self, stream] in
            Task {
                for await value in stream { print(value) }
            }
            self?.count = 1
        }
    }
}

// Structs and enums cannot be retained.
struct Worker {
    var task: Task<Void, Never>?
    var count = 0
    let stream: AsyncStream<Int>
    mutating func start() {
        task = Task { [stream] in
            for await value in stream { print(value) }
        }
    }
}

actor Service {
    func record(_ value: Int) {}
    func load() -> Int { 0 }
}

// A `for await` over a task group's results ends when its child tasks do: not a long-lived loop.
final class ThumbnailLoader {
    var thumbnails: [Int] = []
    var task: Task<Void, Never>?
    func load(_ ids: [Int]) {
        task = Task {
            await withTaskGroup(of: Int.self) { group in
                for id in ids { group.addTask { id * 2 } }
                for await thumbnail in group {
                    thumbnails.append(thumbnail)
                }
            }
        }
    }
}
