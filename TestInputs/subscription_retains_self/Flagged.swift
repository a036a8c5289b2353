import Combine
import Foundation

final class Counter: ObservableObject {
    @Published var value = 0
}

// Seed 003: a view model forwards a child's changes and keeps the subscription.
final class SeedViewModel: ObservableObject {
    let counter = Counter()
    private var cancellables = Set<AnyCancellable>()

    init() {
        counter.objectWillChange.sink { self.objectWillChange.send() }.store(in: &cancellables) // expect: subscription_retains_self "the cycle: 'self' → 'cancellables' → subscription → closure → 'self'"
    }
}

final class SearchModel: ObservableObject {
    @Published var query = ""
    @Published var results: [String] = []
    @Published var total = 0
    let service = SearchService()
    private var cancellables = Set<AnyCancellable>()
    private var cancellable: AnyCancellable?
    private var byKey: [String: AnyCancellable] = [:]

    // Multi-line chain, closure in an upstream operator (map), Allman braces.
    func bindQuery()
    {
        $query
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .map
            {
                self.service.normalize($0)
            }
            .sink { _ in }
            .store(in: &cancellables) // expect: subscription_retains_self
    }

    // Assigned to a stored AnyCancellable property.
    func bindCount() {
        cancellable = $results.sink { results in // expect: subscription_retains_self
            self.total = results.count
        }
    }

    // sink(receiveCompletion:receiveValue:) with the strong use in the completion.
    func load() {
        service.publisher
            .sink(receiveCompletion: { _ in self.results = [] }, receiveValue: { _ in })
            .store(in: &self.cancellables) // expect: subscription_retains_self
    }

    // assign(to:on: self).
    func bindAssign() {
        $query.map { $0.count }.assign(to: \.total, on: self).store(in: &cancellables) // expect: subscription_retains_self "assigns to 'self'"
    }

    // Collected in a local set that is then kept on self.
    func bindLocal() {
        var bag = Set<AnyCancellable>()
        $query.sink { self.results = [$0] }.store(in: &bag) // expect: subscription_retains_self
        cancellables = bag
    }

    // Kept under a key, and inserted.
    func bindKeyed() {
        byKey["query"] = $query.sink { _ in self.total += 1 } // expect: subscription_retains_self
        cancellables.insert($results.sink { _ in self.total = 0 }) // expect: subscription_retains_self
    }

    // [weak self] then guard let self in an outer closure: the inner subscription holds the strong self.
    func bindInTask() {
        Task { [weak self] in
            guard let self else { return }
            self.$query.sink { _ in self.total += 1 }.store(in: &self.cancellables) // expect: subscription_retains_self
        }
    }

    // handleEvents holds self even though sink does not.
    func bindEvents() {
        $query.handleEvents(receiveOutput: { _ in self.total += 1 }).sink { _ in }.store(in: &cancellables) // expect: subscription_retains_self
    }

    // A timer publisher.
    func tick() {
        Timer.publish(every: 1, on: .main, in: .common).autoconnect().sink { _ in self.total += 1 }.store(in: &cancellables) // expect: subscription_retains_self
    }
}

// Kept in a collection of an object self owns.
final class Bag {
    var cancellables = Set<AnyCancellable>()
}

final class OwnerModel {
    let bag = Bag()
    let counter = Counter()
    var total = 0
    init() {
        counter.$value.sink { self.total = $0 }.store(in: &bag.cancellables) // expect: subscription_retains_self "'self' → 'bag' → 'cancellables' → subscription → closure → 'self'"
    }
}

final class SearchService {
    let publisher = PassthroughSubject<[String], Error>()
    func normalize(_ text: String) -> String { text.lowercased() }
}

// Cancelled by another method: reported at info, until pause() runs.
final class StoryTimer: ObservableObject {
    @Published var progress = 0.0
    private var cancellable: AnyCancellable?
    private let publisher = Timer.publish(every: 0.1, on: .main, in: .common)

    func start() {
        cancellable = publisher.autoconnect().sink { _ in self.progress += 0.01 } // expect: subscription_retains_self "lives until 'pause()' releases it"
    }

    func pause() {
        cancellable?.cancel()
    }
}
