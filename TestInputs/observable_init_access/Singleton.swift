import Observation

// Built only as a singleton: init runs once, so a view that happens to trigger it observes the reads
// once. Reported at info, with the site.
@Observable final class AppSettings {
    static let shared = AppSettings()

    var theme = "light"
    var history: [String] = []

    init() {
        history.append(theme) // expect: observable_init_access "as a singleton, at most the first view", observable_init_access "'AppSettings' is built only here, once"
    }
}

// A global, and an immediately applied closure: once too.
@Observable final class Clock {
    var ticks = 0
    init() { print(ticks) } // expect: observable_init_access "built only here, once"
}

let sharedClock = Clock()

@Observable final class Ledger {
    var entries: [Int] = []
    init() { print(entries.count) } // expect: observable_init_access "built only here, once"
}

enum Ledgers {
    static let main: Ledger = {
        let ledger = Ledger()
        return ledger
    }()
}

// Also built elsewhere (a view's state, a factory): every construction counts, so the warning (its init's load
// writes what it read) stays.
@Observable final class Cart {
    static let shared = Cart()
    var items: [String] = []
    init() {
        print(items.count) // expect: observable_init_access "re-render when"
        Task { items = await Cart.load() }
    }

    static func load() async -> [String] { [] }
}

struct CartFactory {
    func make() -> Cart { Cart() }
}

// A static property whose initial value stores a closure that builds one later, maybe many times: not once.
@Observable final class Draft {
    var text = ""
    init() {
        print(text) // expect: observable_init_access "re-render when"
        Task { text = await Draft.restore() }
    }

    static func restore() async -> String { "" }
}

enum Drafts {
    static let make: () -> Draft = { Draft() }
}
