import SwiftUI

// A project's own presentation modifier (`item:` or `isPresented:` plus its content closure) gives the
// content a fresh identity per presentation, as `.sheet(item:)` does. No finding.

struct InviteRoute: Identifiable {
    let id: String
}

extension View {
    func appSheet<Item: Identifiable, Content: View>(item: Binding<Item?>, @ViewBuilder content: @escaping (Item) -> Content) -> some View {
        sheet(item: item, content: content)
    }
}

@Observable final class InviteModel {
    var code: String
    init(code: String) { self.code = code }
}

struct InviteSheet: View {
    @State private var model: InviteModel
    init(code: String) {
        _model = State(initialValue: InviteModel(code: code))
    }
    var body: some View { Text(model.code) }
}

struct InviteHost: View {
    @State private var route: InviteRoute?
    var body: some View {
        Button("Invite") { route = InviteRoute(id: "a") }
            .appSheet(item: $route) { route in
                InviteSheet(code: route.id)
            }
    }
}
