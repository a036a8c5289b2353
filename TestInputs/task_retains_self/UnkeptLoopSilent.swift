import Combine
import Foundation

final class QuietWatcher: ObservableObject {
    @Published var flag = false
    var task: Task<Void, Never>?
    var seen = 0

    // A stream handed in ends when its producer finishes it.
    func follow(_ stream: AsyncStream<Int>) {
        Task { for await value in stream { seen = value } }
    }

    // [weak self] around the loop: the object can go, and the sequence with it.
    func weakly() {
        Task { [weak self] in
            guard let values = self?.$flag.values else { return }
            for await value in values { self?.apply(value) }
        }
    }

    // A method without a loop returns: the weak capture is strong only for that call.
    func once() {
        task = Task { [weak self] in await self?.load() }
    }

    // A method whose loop is bounded (`.prefix(1)`) ends.
    func firstOnly() {
        task = Task { [weak self] in await self?.waitForFirst() }
    }

    func load() async {}
    func waitForFirst() async {
        for await value in $flag.values.prefix(1) { apply(value) }
    }
    func apply(_ value: Bool) {}
}

// A stream handed in, transformed: its producer, elsewhere, ends it.
final class MappedFollower {
    var seen = 0
    let stream: AsyncStream<Int>
    init(stream: AsyncStream<Int>) { self.stream = stream }
    func follow() {
        Task { for await value in stream.map({ $0 * 2 }) { seen = value } }
    }
}

// `guard let`/`if let` binding the member's name to a subject handed in: the loop runs over what was
// handed in, which ends when its producer finishes it, not over the member it shadows.
final class ShadowingWatcher {
    private let events = PassthroughSubject<Int, Never>()
    var seen = 0

    func follow(_ incoming: PassthroughSubject<Int, Never>?) {
        guard let events = incoming else { return }
        Task { for await value in events.values { seen = value } }
    }

    func followIfPresent(_ incoming: PassthroughSubject<Int, Never>?) {
        if let events = incoming {
            Task { for await value in events.values { seen = value } }
        }
    }
}
