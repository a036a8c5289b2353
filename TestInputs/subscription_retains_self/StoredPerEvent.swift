import Combine
import Foundation

// A subscription stored on every event of another: the collection grows by one per event.
final class LoginSessionModel: ObservableObject {
    @Published var user = ""
    private var cancellables = Set<AnyCancellable>()
    private let logins = PassthroughSubject<String, Never>()
    private let profile = PassthroughSubject<String, Never>()

    init() {
        logins.sink { [weak self] _ in
            guard let self else { return }
            self.profile.sink { [weak self] name in self?.user = name }
                .store(in: &self.cancellables) // expect: subscription_retains_self "grows by one per event"
        }
        .store(in: &cancellables)
    }
}

// A chain whose source is a function of this file that returns a publisher that never ends.
final class NoticeModel: ObservableObject {
    @Published var count = 0
    private var cancellables = Set<AnyCancellable>()

    func notices(_ name: Notification.Name) -> AnyPublisher<Notification, Never> {
        NotificationCenter.default.publisher(for: name).eraseToAnyPublisher()
    }

    init() {
        notices(.init("refresh"))
            .filter { _ in self.count >= 0 }
            .sink { [weak self] _ in self?.count += 1 }
            .store(in: &cancellables) // expect: subscription_retains_self "holds 'self' strongly through its closure"
    }
}

#if canImport(UIKit)
import UIKit

// A subscription added by a method UIKit calls on every appearance.
final class InboxController: UIViewController {
    private var cancellables = Set<AnyCancellable>()
    private let unread = CurrentValueSubject<Int, Never>(0)

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        unread.sink { [weak self] count in self?.title = "\(count)" }
            .store(in: &cancellables) // expect: subscription_retains_self "each time 'viewWillAppear' runs"
    }
}

// Emptied first: at most one is kept.
final class OutboxController: UIViewController {
    private var cancellables = Set<AnyCancellable>()
    private let pending = CurrentValueSubject<Int, Never>(0)

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        cancellables.removeAll()
        pending.sink { [weak self] count in self?.title = "\(count)" }.store(in: &cancellables)
    }

    // Once per controller.
    override func viewDidLoad() {
        super.viewDidLoad()
        pending.sink { [weak self] count in self?.title = "\(count)" }.store(in: &cancellables)
    }
}

// A reused cell: the collection view calls 'configure(with:)' for every item it shows in the cell.
final class ContactCell: UICollectionViewCell {
    private var cancellables = Set<AnyCancellable>()
    private let label = UILabel()

    func configure(with contact: ContactModel) {
        contact.$name.sink { [weak self] name in self?.label.text = name }
            .store(in: &cancellables) // expect: subscription_retains_self "each time 'configure(with:)' configures the reused cell"
    }
}

final class ContactModel: ObservableObject {
    @Published var name = ""
}

// A subclass of the project's own cell, with an 'update(_:)'.
class BaseListCell: UITableViewCell {}

final class BadgeListCell: BaseListCell {
    private var subscriptions: [AnyCancellable] = []
    func update(_ contact: ContactModel) {
        contact.$name.sink { [weak self] name in self?.textLabel?.text = name }
            .store(in: &subscriptions) // expect: subscription_retains_self "each time 'update(_:)' configures the reused cell"
    }
}
#endif
