import SwiftUI

// The project's own views. 'CaptionBadge' is built with a changing value only by the sample gallery
// (Examples/): no user of the app runs that, so it is no witness and the finding stays info.
struct CaptionBadge: View {
    @State private var label: String
    init(label: String) {
        _label = State(initialValue: label)  // expect: state_injected_value "read-only copy"
    }
    var body: some View { Text(label) }
}

// 'ProfileNameBadge' is built by the app's own screen from a @State it changes: a warning, witnessed here.
struct ProfileNameBadge: View {
    @State private var name: String
    init(name: String) {
        _name = State(initialValue: name)  // expect: state_injected_value "from its @State 'user'"
    }
    var body: some View { Text(name) }
}

struct ProfileNameScreen: View {
    @State private var user = "me"
    var body: some View {
        ProfileNameBadge(name: user)
        Button("Rename") { user += "!" }
    }
}
