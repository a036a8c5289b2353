import Combine
import Factory
import Swinject

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
