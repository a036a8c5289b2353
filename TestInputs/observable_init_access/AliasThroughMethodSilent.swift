import Observation

final class Crate {
    var items: [String] = []
    var count = 0
}

enum Handlers { static func onEvent(_ handler: @escaping () -> Void) {} }

// Reads through an alias of self that do not run during init, and locals named like an alias that are
// bound to another object. Silent.
@Observable final class Depot {
    var items: [String] = []
    var count = 0
    var onReload: (() -> Void)?
    var crates: [Crate] = []

    init() {
        later()
        handler()
        other()
        shadowed()
        writes()
        // In init itself: a local of the same name hides the alias.
        let me = self
        do {
            let me = Crate()
            print(me.items)
        }
        _ = me
    }

    // In a closure that runs later: a task, a stored handler, an escaping callback.
    func later() {
        let me = self
        Task { print(me.items) }
        Handlers.onEvent { print(me.count) }
    }

    func handler() {
        let me = self
        onReload = { print(me.items, me.count) }
    }

    // Named like an alias, bound to another object.
    func other() {
        let me = Crate()
        print(me.items, me.count)
    }

    // The alias is hidden by a later local and by a closure parameter of the same name.
    func shadowed() {
        let me = self
        if true {
            let me = Crate()
            print(me.count)
        }
        _crates.forEach { me in print(me.items) }
        _ = me
    }

    // Plain writes through the alias only run the setter.
    func writes() {
        let me = self
        me.items = []
        me.count = 0
    }
}
