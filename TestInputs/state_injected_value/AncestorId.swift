import SwiftUI

// Rows built at the end of a chain of helpers (`body` → `content` → `listContent` → `rows`). An `.id(…)` of the
// model's version on the list, three helpers up, gives every row a new identity (and new state) when the
// model says its data changed: silent. The same chain without it, or with an `.id(…)` of something else,
// keeps each row's first value while the data changes: flagged.
struct Entry: Hashable { var id: Int; var title: String }

final class EntryModel: ObservableObject {
    @Published var title: String
    init(entry: Entry) { title = entry.title }
}

final class Library: ObservableObject {
    @Published var entries: [Entry] = []
    @Published var version = 0
    func rename(_ index: Int) {
        entries[index].title = "Renamed"
        version += 1
    }
}

struct VersionedRow: View {
    @StateObject private var model: EntryModel
    init(entry: Entry) { _model = StateObject(wrappedValue: EntryModel(entry: entry)) }
    var body: some View { Text(model.title) }
}

struct VersionedLibraryView: View {
    @StateObject private var library = Library()

    var body: some View { content }

    private var content: some View {
        List { listContent }
            .id(library.version)
    }

    @ViewBuilder private var listContent: some View {
        if library.entries.isEmpty { Text("Empty") } else { rows }
    }

    @ViewBuilder private var rows: some View {
        ForEach(library.entries, id: \.id) { entry in
            VersionedRow(entry: entry)
        }
    }
}

struct PlainRow: View {
    @StateObject private var model: EntryModel
    init(entry: Entry) {
        _model = StateObject(wrappedValue: EntryModel(entry: entry)) // expect: state_injected_value "built from the init parameter 'entry' once"
    }
    var body: some View { Text(model.title) }
}

struct PlainLibraryView: View {
    @StateObject private var library = Library()

    var body: some View { content }

    private var content: some View {
        List { listContent }
    }

    @ViewBuilder private var listContent: some View {
        if library.entries.isEmpty { Text("Empty") } else { rows }
    }

    @ViewBuilder private var rows: some View {
        ForEach(library.entries, id: \.id) { entry in
            PlainRow(entry: entry)
        }
    }
}

struct TabbedRow: View {
    @StateObject private var model: EntryModel
    init(entry: Entry) {
        _model = StateObject(wrappedValue: EntryModel(entry: entry)) // expect: state_injected_value "built from the init parameter 'entry' once"
    }
    var body: some View { Text(model.title) }
}

struct TabbedLibraryView: View {
    @StateObject private var library = Library()
    @State private var tab = 0

    var body: some View { content }

    private var content: some View {
        List { listContent }
            .id(tab)
    }

    @ViewBuilder private var listContent: some View {
        if library.entries.isEmpty { Text("Empty") } else { rows }
    }

    @ViewBuilder private var rows: some View {
        ForEach(library.entries, id: \.id) { entry in
            TabbedRow(entry: entry)
        }
    }
}
