import SwiftUI

// A view that conforms through the project's own protocol (`PlatformRow: View`) is a view: its @State copy
// of an input its parent changes is flagged like any other.
protocol PlatformRow: View {}

struct TitleRow: PlatformRow {
    @State var title: String // expect: state_injected_value "'@State var title' in 'TitleRow' is set by the memberwise initializer"
    var body: some View { Text(title) }
}

struct TitleList: View {
    @State private var title = "a"
    var body: some View {
        TitleRow(title: title)
            .onTapGesture { title += "!" }
    }
}

// An ObservableObject through the project's own base class: kept in @State, the view does not update.
class BaseStore: ObservableObject {}

final class NotesStore: BaseStore {
    @Published var notes: [String] = []
}

struct NotesView: View {
    @State var store: NotesStore // expect: state_injected_value "keeps the ObservableObject 'NotesStore' passed in"
    var body: some View { Text("\(store.notes.count)") }
}

struct NotesHost: View {
    @State private var other = NotesStore()
    var body: some View {
        NotesView(store: other)
            .onTapGesture { other = NotesStore() }
    }
}

// Silent: a protocol that does not refine View makes no view, so its @State is not a view's.
protocol Titled {
    var title: String { get }
}

struct Caption: Titled {
    @State var title: String
}

struct CaptionHost: View {
    @State private var text = "x"
    var body: some View {
        Text(Caption(title: text).title)
            .onTapGesture { text += "!" }
    }
}
