import Combine
import Foundation

// A method of the instance passed where the chain wants a closure is a closure that holds 'self'
// (a method reference captures its object): the subscription kept on 'self' keeps 'self'.
final class InfoLoader {
    @Published var info: [String] = []
    private var cancellables = Set<AnyCancellable>()
    private var single: AnyCancellable?

    init(source: AnyPublisher<[String], Never>) {
        source.sink(receiveValue: handleLoadedInformation).store(in: &cancellables) // expect: subscription_retains_self "through the method 'handleLoadedInformation' passed as its closure"
        single = source.map(self.transform).sink { _ in } // expect: subscription_retains_self "'transform' is a method of 'self'"
    }

    func handleLoadedInformation(_ info: [String]) { self.info = info }
    func transform(_ values: [String]) -> Int { values.count }
}

final class Printer {
    func show(_ value: Int) { print(value) }
}

// Contrasts: a static method holds no instance, a weak closure holds none, a subscription nothing keeps
// or one that finishes lets go, and another object's method holds that object, not 'self'.
final class QuietLoader {
    private var cancellables = Set<AnyCancellable>()
    private let printer = Printer()
    static func log(_ value: Int) { print(value) }

    init(source: AnyPublisher<Int, Never>) {
        source.sink(receiveValue: QuietLoader.log).store(in: &cancellables)
        source.sink { [weak self] in self?.handle($0) }.store(in: &cancellables)
        _ = source.sink(receiveValue: handle)
        Just(1).sink(receiveValue: handle).store(in: &cancellables)
        source.sink(receiveValue: printer.show).store(in: &cancellables)
    }

    func handle(_ value: Int) { print(value) }
}

// A method named with its argument labels is a method reference too.
final class CatalogLoader {
    @Published var names: [String] = []
    private var cancellables = Set<AnyCancellable>()

    init(source: AnyPublisher<[String], Never>) {
        source.map(sorted(by:)).sink { _ in }.store(in: &cancellables) // expect: subscription_retains_self "through the method 'sorted' passed as its closure"
    }

    func sorted(by names: [String]) -> [String] { names.sorted() }
}

// A method named with its labels whose base name is also a property's.
final class ItemSearch {
    @Published var query = ""
    @Published var items: [String] = []
    private var search: AnyCancellable?

    init() {
        search = $query.map(items(with:)).sink { [weak self] in self?.items = $0 } // expect: subscription_retains_self "through the method 'items' passed as its closure"
    }

    private func items(with text: String) -> [String] { items.filter { $0.contains(text) } }
}
