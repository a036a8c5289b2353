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

#if canImport(UIKit)
import UIKit

// A reused cell that empties its subscriptions when it is reused, or before it subscribes again: at most one
// item's are kept.
final class ResetContactCell: UICollectionViewCell {
    private var cancellables = Set<AnyCancellable>()
    private let label = UILabel()

    override func prepareForReuse() {
        super.prepareForReuse()
        cancellables.removeAll()
    }

    func configure(with contact: SilentContactModel) {
        contact.$name.sink { [weak self] name in self?.label.text = name }.store(in: &cancellables)
    }
}

final class ClearingContactCell: UITableViewCell {
    private var cancellables = Set<AnyCancellable>()

    func configure(with contact: SilentContactModel) {
        cancellables = []
        contact.$name.sink { [weak self] name in self?.textLabel?.text = name }.store(in: &cancellables)
    }

    // Once per cell: not a configuration method.
    func configureLayout() {
        SilentContactModel.shared.$name.sink { [weak self] name in self?.accessibilityLabel = name }.store(in: &cancellables)
    }
}

// Not a cell: a screen's 'configure(with:)' runs once per screen.
final class ContactScreen: UIViewController {
    private var cancellables = Set<AnyCancellable>()
    func configure(with contact: SilentContactModel) {
        contact.$name.sink { [weak self] name in self?.title = name }.store(in: &cancellables)
    }
}

final class SilentContactModel: ObservableObject {
    static let shared = SilentContactModel()
    @Published var name = ""
}
#endif
