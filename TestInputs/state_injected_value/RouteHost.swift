import SwiftUI

struct RouteHost: View {
    @State private var path: [Route] = []
    @State private var tab = Tab.inbox(filter: "all")
    var body: some View {
        NavigationStack(path: $path) {
            tab.content()
                .navigationDestination(for: Route.self) { $0.destination() }
        }
        Button("Unread") { tab = .inbox(filter: "unread") }
    }
}
