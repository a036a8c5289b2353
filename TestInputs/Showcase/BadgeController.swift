import Observation

/// A UIKit-side bridge as teams write it: it follows an @Observable model by hand, but sees one change
/// only (statelint reports it as advice, info).
@Observable final class InboxModel {
    var unread = 0
}

final class BadgeController {
    let model: InboxModel
    private(set) var badge = ""

    init(model: InboxModel) {
        self.model = model
        observe()
    }

    func observe() {
        withObservationTracking {
            badge = model.unread == 0 ? "" : "\(model.unread)"
        } onChange: {
            // Never registers again: every later change of `unread` is missed.
            print("unread changed")
        }
    }
}
