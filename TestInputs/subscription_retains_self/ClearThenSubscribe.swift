import Combine
import Foundation

// A method that empties the subscriptions only to subscribe the same way again renews the cycle: the object is
// never released, and the finding stays a warning.
final class FeedReloader {
    private var cancellables = Set<AnyCancellable>()
    private let feed = PassthroughSubject<[String], Never>()
    var items: [String] = []

    init() {
        // (A note points at what 'reload()' stores again.)
        feed.sink { self.items = $0 }.store(in: &cancellables) // expect: subscription_retains_self "'reload()' empties 'cancellables' and then keeps a new closure holding 'self' strongly here"
    }

    func reload() {
        cancellables.removeAll()
        feed.sink { self.items = $0 }.store(in: &cancellables) // expect: subscription_retains_self "'FeedReloader' is never released"
    }
}

// Emptied and filled again with a weak capture: the strong one is gone, so the cycle lasts until 'reload()'.
final class WeakFeedReloader {
    private var cancellables = Set<AnyCancellable>()
    private let feed = PassthroughSubject<[String], Never>()
    var items: [String] = []

    init() {
        feed.sink { self.items = $0 }.store(in: &cancellables) // expect: subscription_retains_self "lives until 'reload()' releases it"
    }

    func reload() {
        cancellables.removeAll()
        feed.sink { [weak self] in self?.items = $0 }.store(in: &cancellables)
    }
}

// Only emptied: a release.
final class FeedStopper {
    private var cancellables = Set<AnyCancellable>()
    private let feed = PassthroughSubject<[String], Never>()
    var items: [String] = []

    init() {
        feed.sink { self.items = $0 }.store(in: &cancellables) // expect: subscription_retains_self "lives until 'stop()' releases it"
    }

    func stop() {
        cancellables.removeAll()
    }
}
