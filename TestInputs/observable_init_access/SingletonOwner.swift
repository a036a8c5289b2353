import Observation

// Built only by the init of a type that is itself a singleton: once too (info, with the site).
@Observable final class Footer {
    var height = 0.0
    init() { print(height) } // expect: observable_init_access "built only here"
}

@Observable final class Search {
    var query = ""
    init() { print(query) } // expect: observable_init_access "built only here"
}

@Observable final class AppState {
    static let shared = AppState()
    var footer: Footer
    var search = Search()
    init() { footer = Footer() }
}

// Built by the init of a type views create: a warning.
@Observable final class Row {
    var expanded = false
    init() { print(expanded) } // expect: observable_init_access "re-render when"
}

@Observable final class RowOwner {
    var row: Row
    init() { row = Row() }
}

func makeOwner() -> RowOwner { RowOwner() }
