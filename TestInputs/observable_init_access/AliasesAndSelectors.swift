import Foundation
import Observation

@Observable final class Feed {
    var items: [String] = []
    var unread = 0

    init() {
        // Named, not called: #selector and #keyPath read nothing.
        let action = #selector(reload)
        _ = action
        // Through an alias of self, reads are still tracked.
        let me = self
        print(me.items.count) // expect: observable_init_access "reads tracked property 'items'"
        me.unread = 0
    }

    @objc func reload() { _ = items }
}
