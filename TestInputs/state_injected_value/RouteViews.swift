import SwiftUI

// A route enum builds its destinations; only the navigationDestination(for:) content calls it, so each
// destination's values come with the path element (a fresh identity per element). Silent.
enum Route: Hashable {
    case profile(id: Int)
    case note(text: String)

    @ViewBuilder
    func destination() -> some View {
        switch self {
        case .profile(let id): ProfileScreen(id: id)
        case .note(let text): NoteScreen(text: text)
        }
    }
}

struct ProfileScreen: View {
    @State private var id: Int
    init(id: Int) { _id = State(initialValue: id) }
    var body: some View { Text("\(id)") }
}

struct NoteScreen: View {
    @State private var text: String
    init(text: String) { _text = State(initialValue: text) }
    var body: some View { TextField("Note", text: $text) }
}

// The same shape called from a plain body: the tab's value changes while the view stays. Flagged.
enum Tab: Hashable {
    case inbox(filter: String)

    @ViewBuilder
    func content() -> some View {
        switch self {
        case .inbox(let filter): InboxScreen(filter: filter)
        }
    }
}

struct InboxScreen: View {
    @State private var filter: String
    init(filter: String) { _filter = State(initialValue: filter) } // expect: state_injected_value
    var body: some View { TextField("Filter", text: $filter) }
}
