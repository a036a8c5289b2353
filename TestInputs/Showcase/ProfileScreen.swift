import SwiftUI

/// The parent: its `name` changes when the user picks another profile, while the card below keeps its
/// identity.
struct ProfileScreen: View {
    @State private var name = "Ada"
    @State private var filter = "all"

    var body: some View {
        VStack {
            Picker("Profile", selection: $name) { Text("Ada").tag("Ada"); Text("Grace").tag("Grace") }
            ProfileCard(name: name)
            ProfileFilter(filter: filter)
        }
    }
}

struct ProfileCard: View {
    // Seeded once from the parent's changing value: picking "Grace" still shows "Ada".
    @State private var model: ProfileModel
    // Captures the view: a retain cycle through the state storage.
    @State private var onRefresh: (() -> Void)?

    init(name: String) {
        _model = State(initialValue: ProfileModel(name: name))
    }

    var body: some View {
        Text(model.name)
            .onAppear {
                onRefresh = { print(model.followers) }
            }
    }
}

struct ProfileFilter: View {
    @State private var filter = "recent"

    init(filter: String) {
        // SwiftUI discards this write: the view always starts with "recent".
        self.filter = filter
    }

    var body: some View { Text(filter) }
}
