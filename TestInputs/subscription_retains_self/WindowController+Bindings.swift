import Combine
import Foundation

extension DocumentWindowController {
    func bind() {
        $title.sink { _ in
            self.isEdited = true
        }.store(in: &cancellables) // expect: subscription_retains_self "lives until 'windowWillClose()' releases it"
    }

    // Only the deinit empties this set, and it cannot run while the cycle holds 'self': a warning.
    func bindTitle() {
        $isEdited.sink { _ in
            self.title += "*"
        }.store(in: &titleSubscriptions) // expect: subscription_retains_self "'DocumentWindowController' is never released"
    }
}
