import Combine
import Foundation

final class LoginSessionModelSafe: ObservableObject {
    @Published var user = ""
    private var cancellables = Set<AnyCancellable>()
    private var inner = Set<AnyCancellable>()
    private var current: AnyCancellable?
    private let logins = PassthroughSubject<String, Never>()
    private let profile = PassthroughSubject<String, Never>()

    init() {
        // Emptied before each new one: at most one is kept.
        logins.sink { [weak self] _ in
            guard let self else { return }
            self.inner.removeAll()
            self.profile.sink { [weak self] name in self?.user = name }.store(in: &self.inner)
        }
        .store(in: &cancellables)
        // Kept in one property that each event replaces.
        logins.sink { [weak self] _ in
            self?.current = self?.profile.sink { [weak self] name in self?.user = name }
        }
        .store(in: &cancellables)
        // The outer subscription ends after its first value.
        logins.first().sink { [weak self] _ in
            guard let self else { return }
            self.profile.sink { [weak self] name in self?.user = name }.store(in: &self.cancellables)
        }
        .store(in: &cancellables)
    }
}

// A function of this file that returns a publisher that finishes (one value).
final class JustOncePublisherModel: ObservableObject {
    @Published var count = 0
    private var cancellables = Set<AnyCancellable>()

    func initial() -> AnyPublisher<Int, Never> {
        Just(1).eraseToAnyPublisher()
    }

    init() {
        initial()
            .filter { _ in self.count >= 0 }
            .sink { [weak self] value in self?.count = value }
            .store(in: &cancellables)
    }
}
