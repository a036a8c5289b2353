import Combine
import Foundation
import Observation

// A task nobody keeps, looping over a sequence of the object's own: the sequence ends only when the object
// goes, and the task holds the object.
final class FlagWatcher: ObservableObject {
    @Published var flag = false
    private let events = PassthroughSubject<Int, Never>()
    var seen = 0

    func start() {
        Task { // expect: task_retains_self "Task loops over '$flag' of 'self'"
            for await value in $flag.values { self.apply(value) }
        }
        Task { // expect: task_retains_self "Task loops over 'events' of 'self'"
            for await value in events.values { seen = value }
        }
    }

    func apply(_ value: Bool) {}
}

// The loop one call down: `[weak self]` is made strong for the call, for as long as the loop runs, so the
// deinit that would cancel the task never runs.
@Observable final class StreamObserver {
    var count = 0
    @ObservationIgnored private var task: Task<Void, Never>?
    @ObservationIgnored private let updates: AsyncStream<Int>

    init(updates: AsyncStream<Int>) {
        self.updates = updates
        task = Task { [weak self] in await self?.observe() } // expect: task_retains_self "holds 'self' strongly while its 'for await' loop runs"
    }

    private func observe() async {
        for await value in updates { count = value }
    }

    deinit { task?.cancel() }
}

// A task nobody keeps that calls, through a weak capture, a method looping over what an object `self`
// holds produces: `self` keeps the producer alive, and the call keeps `self`.
final class ThreadStore {
    let updates = AsyncStream<Int> { _ in }
}

final class ThreadScreenModel {
    private var store: ThreadStore?
    private var latest = 0

    func start() {
        store = ThreadStore()
        Task { [weak self] in await self?.follow() } // expect: task_retains_self "Task loops over 'store' of 'self'"
    }

    private func follow() async {
        guard let store else { return }
        for await value in store.updates { latest = value }
    }
}

// Unwrapping the member under its own name (`guard let store = self.store`, `if let store = store`) keeps
// the sequence `self`'s own.
final class UnwrappingScreenModel {
    private var store: ThreadStore? = ThreadStore()
    private var latest = 0

    func start() {
        Task { [weak self] in await self?.follow() } // expect: task_retains_self "Task loops over 'store' of 'self'"
        Task { [weak self] in await self?.followIfPresent() } // expect: task_retains_self "Task loops over 'store' of 'self'"
    }

    private func follow() async {
        guard let store = self.store else { return }
        for await value in store.updates { latest = value }
    }

    private func followIfPresent() async {
        if let store = store {
            for await value in store.updates { latest = value }
        }
    }
}
