import SwiftUI

// A value that reaches the call through the caller's own code: a local computed from its state, a path
// from an `if let` of an observed model. The state it comes from is the witness.
struct ServerBadgeView: View {
    @State private var label: String
    init(label: String) { _label = State(initialValue: label) } // expect: state_injected_value "a value computed from its @State 'server'"
    var body: some View { Text(label) }
}

struct ServerPickerScreen: View {
    @State private var server = "eu"
    var body: some View {
        let title = server.uppercased()
        VStack {
            Picker("Server", selection: $server) {
                Text("EU").tag("eu")
                Text("US").tag("us")
            }
            ServerBadgeView(label: title)
        }
    }
}

@Observable final class InboxSelection {
    var selected: InboxMessage?
}

struct InboxMessage: Identifiable {
    let id: Int
    var subject: String
}

struct MessageHeaderView: View {
    @State private var subject: String
    init(subject: String) { _subject = State(initialValue: subject) } // expect: state_injected_value "'selection.selected.subject' of its @State 'selection'"
    var body: some View { Text(subject) }
}

struct InboxScreen: View {
    @State private var selection = InboxSelection()
    var body: some View {
        if let message = selection.selected {
            MessageHeaderView(subject: message.subject)
        }
    }
}

// A local that holds a constant passes one value: silent.
struct RegionBadgeView: View {
    @State private var label: String
    init(label: String) { _label = State(initialValue: label) }
    var body: some View { Text(label) }
}

struct RegionScreen: View {
    var body: some View {
        let fixed = "EU"
        RegionBadgeView(label: fixed)
    }
}
