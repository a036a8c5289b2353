// Seed 002: the model starts the subscription in init and cancels it in deinit, which never runs.
import Observation

@MainActor @Observable class ContentModel {
    private let countService = CountService()
    @ObservationIgnored private var task: Task<Void, Never>?
    var count: Int = 0

    init() {
        print("init")
        task = Task { // expect: task_retains_self
            for await value in await countService.countStream() {
                count = value
            }
        }
    }

    deinit {
        print("deinit")
        task?.cancel()
    }

    func countUp() async {
        await countService.countUp()
    }
}

// The seed's fix: weak self and the service captured by value, self?. inside the loop.
@MainActor @Observable class FixedContentModel {
    private let countService = CountService()
    @ObservationIgnored private var task: Task<Void, Never>?
    var count: Int = 0

    init() {
        task = Task { [weak self, countService] in
            for await value in await countService.countStream() {
                self?.count = value
            }
        }
    }

    deinit {
        task?.cancel()
    }
}

actor CountService {
    private var value = 0
    func countStream() -> AsyncStream<Int> {
        AsyncStream { continuation in continuation.yield(value) }
    }
    func countUp() { value += 1 }
}
