import Foundation

// Objects that usually live as long as the app: the cycle is reported at info, with the reason.
final class AnalyticsHelper {
    static let shared = AnalyticsHelper()
    var onEvent: ((String) -> Void)?
    var events: [String] = []
    init() {
        onEvent = { self.events.append($0) } // expect: stored_closure_retains_self "'AnalyticsHelper.shared' lives as long as the app"
    }
}

final class AppDelegate {
    var handler: (() -> Void)?
    var launched = false
    func didFinishLaunching() {
        handler = { self.launched = true } // expect: stored_closure_retains_self "an app delegate lives as long as the app"
    }
}

// A static member that is not a shared instance changes nothing.
final class Session {
    static let timeout = 30
    var onExpire: (() -> Void)?
    var expired = false
    func arm() {
        onExpire = { self.expired = true } // expect: stored_closure_retains_self
    }
}
