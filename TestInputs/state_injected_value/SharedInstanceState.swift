import SwiftUI

// A parent's private @State that holds a type's shared instance (`= Store.shared`, no annotation) and is
// changed only through its members keeps the same object for as long as the parent keeps its identity:
// a child that keeps it in its own @State never sees another one. Silent.
@Observable final class ModelCatalog {
    static let shared = ModelCatalog()
    var names: [String] = []
    func load() async { names = ["a"] }
}

struct CatalogScreen: View {
    @State private var catalog: ModelCatalog
    init(catalog: ModelCatalog) { _catalog = State(initialValue: catalog) }
    var body: some View { List(catalog.names, id: \.self) { Text($0) } }
}

struct CatalogEntry: View {
    @State private var catalog = ModelCatalog.shared

    var body: some View {
        CatalogScreen(catalog: catalog)
            .task { await catalog.load() }
    }
}

// The same state replaced by another catalog does change: the child keeps the first object (info: an
// @Observable object the caller passes in).
struct SwitchingEntry: View {
    @State private var current = ModelCatalog.shared

    var body: some View {
        SwitchingScreen(catalog: current)
            .onAppear { current = ModelCatalog() }
    }
}

struct SwitchingScreen: View {
    @State private var catalog: ModelCatalog
    init(catalog: ModelCatalog) { _catalog = State(initialValue: catalog) } // expect: state_injected_value "keeps the first 'ModelCatalog' object passed in"
    var body: some View { Text("\(catalog.names.count)") }
}
