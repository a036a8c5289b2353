import Combine
import Foundation

final class Counter2: ObservableObject {
    @Published var value = 0
    var cancellables = Set<AnyCancellable>()
}

final class SparedModel: ObservableObject {
    @Published var query = ""
    @Published var total = 0
    let counter = Counter2()
    let store = Counter2()
    private var cancellables = Set<AnyCancellable>()
    private static var shared = Set<AnyCancellable>()
    // A property named like a subscription set that is not one.
    private var task = 0

    // [weak self] with guard let self inside the per-event closure.
    func weakGuard() {
        counter.objectWillChange
            .sink { [weak self] _ in
                guard let self else { return }
                self.objectWillChange.send()
            }
            .store(in: &cancellables)
    }

    // [weak self] and self?.; [unowned self].
    func weakAndUnowned() {
        $query.sink { [weak self] in self?.total = $0.count }.store(in: &cancellables)
        $query.sink { [unowned self] in total = $0.count }.store(in: &cancellables)
    }

    // `[weak workspace, weak self]`.
    func severalWeak(workspace: Counter2) {
        $query.sink { [weak workspace, weak self] _ in
            workspace?.value += 1
            self?.total += 1
        }.store(in: &cancellables)
    }

    // A value capture list: the closure holds `store`, not self.
    func valueCapture() {
        $query.sink { [store] _ in store.value += 1 }.store(in: &cancellables)
    }

    // assign(to: &$x): the subscription lives with the property and does not hold self.
    func assignToPublished() {
        counter.$value.map { $0 * 2 }.assign(to: &$total)
    }

    // assign(to:on:) targeting another object.
    func assignOther() {
        $total.assign(to: \.value, on: counter).store(in: &cancellables)
    }

    // Kept only in a local, or returned.
    func localOnly() {
        let subscription = $query.sink { self.total = $0.count }
        subscription.cancel()
    }

    func makeSubscription() -> AnyCancellable {
        $query.sink { self.total = $0.count }
    }

    // Static storage.
    func staticStorage() {
        $query.sink { _ in print("changed") }.store(in: &SparedModel.shared)
    }

    // Kept on another object (a parameter), not on self.
    func otherObject(_ other: Counter2) {
        $query.sink { _ in self.total += 1 }.store(in: &other.cancellables)
    }

    // Closures that use only their parameters.
    func parametersOnly() {
        $query.map { $0.uppercased() }.sink { print($0) }.store(in: &cancellables)
    }

    // A capture list initializer evaluated once.
    func captureInitializer() {
        $query.sink { [total = self.total] _ in print(total) }.store(in: &cancellables)
    }
}

// A struct has no deinit to lose.
struct Binder {
    var cancellables = Set<AnyCancellable>()
    var value = 0
    mutating func bind(_ counter: Counter2) {
        let copy = self
        counter.$value.sink { _ in print(copy.value) }.store(in: &cancellables)
    }
}

// Array.map and a method named sink that is not Combine, on values not kept.
final class NotCombine {
    var total = 0
    func run() {
        let doubled = [1, 2].map { $0 * self.total }
        total = doubled.count
    }
}

// Subscriptions that end by themselves release their closures when they finish.
final class Loader: ObservableObject {
    @Published var text = ""
    private var cancellables = Set<AnyCancellable>()
    private var requests: [UUID: AnyCancellable] = [:]
    let api = API()

    func loadOnce() {
        Just("hello").sink { self.text = $0 }.store(in: &cancellables)
        URLSession.shared.dataTaskPublisher(for: URL(string: "https://example.com")!)
            .map { String(decoding: $0.data, as: UTF8.self) }
            .replaceError(with: "")
            .receive(on: DispatchQueue.main)
            .sink { self.text = $0 }
            .store(in: &cancellables)
        // A publisher a method returns: a request, assumed to finish.
        api.fetchText().sink(receiveCompletion: { _ in }, receiveValue: { self.text = $0 }).store(in: &cancellables)
        // Bounded by an operator.
        $text.dropFirst().first().sink { self.text = $0 + "!" }.store(in: &cancellables)
    }

    // The subscription removes itself when its work is done (CodeEdit's ShellClient shape).
    func follow(id: UUID) {
        requests[id] = NotificationCenter.default.publisher(for: .NSCalendarDayChanged)
            .sink { _ in
                self.text = "changed"
                self.requests.removeValue(forKey: id)
            }
    }
}

final class API {
    func fetchText() -> AnyPublisher<String, Error> {
        Just("text").setFailureType(to: Error.self).eraseToAnyPublisher()
    }
}

// A subscription made inside a [weak self] closure: its sink captures the weak variable.
final class LaterBinder {
    @Published var value = 0
    var cancellables = Set<AnyCancellable>()
    func later() {
        DispatchQueue.main.async { [weak self] in
            self?.$value.sink { _ in self?.value += 0 }.store(in: &self!.cancellables)
        }
    }
}
