import UIKit

// What a scene delegate builds when its scene connects lives as long as that scene: a cycle in it costs
// nothing (info, with the launch method named). What it builds per opened URL is one more each time.

final class LaunchRootCoordinator {
    var onFinish: (() -> Void)?
    var finished = 0
    func start() {
        onFinish = { self.finished += 1 } // expect: stored_closure_retains_self "'SceneLaunchDelegate.scene(_:willConnectTo:options:)' builds this 'LaunchRootCoordinator' once"
    }
}

final class LaunchDeepLinkHandler {
    var onOpen: (() -> Void)?
    var opened = 0
    func start() {
        onOpen = { self.opened += 1 } // expect: stored_closure_retains_self "'LaunchDeepLinkHandler' is never released"
    }
}

final class SceneLaunchDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    var coordinator: LaunchRootCoordinator?
    var handlers: [LaunchDeepLinkHandler] = []

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        coordinator = LaunchRootCoordinator()
        coordinator?.start()
    }

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        let handler = LaunchDeepLinkHandler()
        handler.start()
        handlers.append(handler)
    }
}
