import SwiftUI

// A value that reaches the call through the caller's own code: a local computed from its state. The
// state it comes from is the witness. An `if let` of an observed model's optional is no witness by
// itself: an optional set once makes the branch, and the view, appear with its value (info).
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
    init(subject: String) { _subject = State(initialValue: subject) } // expect: state_injected_value "nothing in the project shows that value changing"
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

// A local that holds a constant passes one value, and so does one under an `.id(…)` naming it: silent.
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

struct CountryBadgeView: View {
    @State private var label: String
    init(label: String) { _label = State(initialValue: label) }
    var body: some View { Text(label) }
}

struct CountryScreen: View {
    @State private var country = "fr"
    var body: some View {
        let name = country.uppercased()
        CountryBadgeView(label: name)
            .id(name)
    }
}
