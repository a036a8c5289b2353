import SwiftUI

// Rows in a branch the value picks: when `isList` changes, the branch goes, and its rows with it. Through the
// content of a container (`ForEach`, `VStack`) the row is still in that branch: silent.
struct ShelfRow: View {
    @State var isList: Bool
    var body: some View { Text(isList ? "row" : "tile") }
}

struct Shelf: View {
    @State private var isList = false
    let titles: [String]

    var body: some View {
        ScrollView {
            if isList {
                VStack {
                    ForEach(titles, id: \.self) { _ in ShelfRow(isList: isList) }
                }
            } else {
                LazyVGrid(columns: [GridItem()]) {
                    ForEach(titles, id: \.self) { _ in ShelfRow(isList: isList) }
                }
            }
        }
        Picker("Layout", selection: $isList) {
            Text("List").tag(true)
            Text("Grid").tag(false)
        }
    }
}

// A search field picks which collection the rows show; rows keyed by id get the same element whichever it
// picks. The data itself (a plain 'let') shows nothing changing: advisory, with no witness named.
struct Entry: Identifiable {
    let id: Int
    var name: String
}

struct EntryRow: View {
    @State var name: String // expect: state_injected_value "set by the memberwise initializer and never changed by the view"
    var body: some View { Text(name) }
}

struct EntryList: View {
    @State private var query = ""
    let entries: [Entry]
    let matches: [Entry]

    var body: some View {
        List {
            TextField("Search", text: $query)
            ForEach(query.isEmpty ? entries : matches) { entry in
                EntryRow(name: entry.name)
            }
        }
    }
}

// A state only read through the standard library's non-mutating methods never changes: passing it on is
// passing a constant (silent).
struct Release {
    var version: String
    var notes: String
}

struct ReleaseBadge: View {
    @State var release: Release
    var body: some View { Text(release.version) }
}

struct ReleaseScreen: View {
    @State private var release = Release(version: "1.0", notes: "")

    var body: some View {
        VStack {
            ReleaseBadge(release: release)
            Text(release.version.compare("2.0", options: .numeric) == .orderedAscending ? "old" : "new")
            Text(release.notes.trimmingCharacters(in: .whitespaces))
        }
    }
}
