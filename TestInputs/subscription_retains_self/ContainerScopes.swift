import Combine
import Factory
import Swinject
import Resolver

// Services a dependency container keeps for the app's run: a cycle costs nothing for that one instance
// (info, with the registration named). A registration without that scope builds one per resolve: warning.

final class SessionDirectory {
    private var cancellables = Set<AnyCancellable>()
    private let changes = PassthroughSubject<Int, Never>()
    private var latest = 0
    init() {
        changes.sink { value in self.latest = value }.store(in: &cancellables) // expect: subscription_retains_self "'SessionDirectory' is never released"
    }
}

final class MediaUploadDirectory {
    private var cancellables = Set<AnyCancellable>()
    private let changes = PassthroughSubject<Int, Never>()
    private var latest = 0
    init() {
        changes.sink { value in self.latest = value }.store(in: &cancellables) // expect: subscription_retains_self "'MediaUploadDirectory' is never released"
    }
}

final class ThumbnailLoader {
    private var cancellables = Set<AnyCancellable>()
    private let changes = PassthroughSubject<Int, Never>()
    private var latest = 0
    init() {
        changes.sink { value in self.latest = value }.store(in: &cancellables) // expect: subscription_retains_self "'ThumbnailLoader' is never released"
    }
}

// Factory's shape: `self { … }.singleton` keeps one.
extension Container {
    var sessionDirectory: Factory<SessionDirectory> {
        self { SessionDirectory() }.singleton
    }
    var thumbnailLoader: Factory<ThumbnailLoader> {
        self { ThumbnailLoader() }
    }
}

// Swinject's shape: `.inObjectScope(.container)` keeps one.
func registerServices(_ container: Container) {
    container.register(MediaUploadDirectory.self) { _ in MediaUploadDirectory() }.inObjectScope(.container)
}

final class ReceiptCache {
    private var cancellables = Set<AnyCancellable>()
    private let changes = PassthroughSubject<Int, Never>()
    private var latest = 0
    init() {
        changes.sink { value in self.latest = value }.store(in: &cancellables) // expect: subscription_retains_self "'ReceiptCache' is never released"
    }
}

final class AuditTrail {
    private var cancellables = Set<AnyCancellable>()
    private let changes = PassthroughSubject<Int, Never>()
    private var latest = 0
    init() {
        changes.sink { value in self.latest = value }.store(in: &cancellables) // expect: subscription_retains_self "'AuditTrail' is never released"
    }
}

final class CatalogStore {
    private var cancellables = Set<AnyCancellable>()
    private let changes = PassthroughSubject<Int, Never>()
    private var latest = 0
    init() {
        changes.sink { value in self.latest = value }.store(in: &cancellables) // expect: subscription_retains_self "'CatalogStore' is never released"
    }
}

final class DraftPool {
    private var cancellables = Set<AnyCancellable>()
    private let changes = PassthroughSubject<Int, Never>()
    private var latest = 0
    init() {
        changes.sink { value in self.latest = value }.store(in: &cancellables) // expect: subscription_retains_self "'DraftPool' is never released"
    }
}

// Factory's `.cached` and `.scope(.singleton)`; Resolver's `.scope(.application)` keep one, its
// `.scope(.shared)` (held weakly) does not.
extension Container {
    var receiptCache: Factory<ReceiptCache> { self { ReceiptCache() }.cached }
    var auditTrail: Factory<AuditTrail> { self { AuditTrail() }.scope(.singleton) }
}

extension Resolver: ResolverRegistering {
    public static func registerAllServices() {
        register { CatalogStore() }.scope(.application)
        register { DraftPool() }.scope(.shared)
    }
}

// Built once by the app delegate's init: as long-lived as the app.
final class LaunchAgentBridge {
    private var cancellables = Set<AnyCancellable>()
    private let changes = PassthroughSubject<Int, Never>()
    private var latest = 0
    init() {
        changes.sink { value in self.latest = value }.store(in: &cancellables) // expect: subscription_retains_self "'LaunchAgentBridge' is never released"
    }
}

#if canImport(AppKit)
import AppKit

final class MenuBarAppDelegate: NSObject, NSApplicationDelegate {
    private let bridge: LaunchAgentBridge
    override init() {
        bridge = LaunchAgentBridge()
        super.init()
    }
}
#endif
