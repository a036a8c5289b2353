import SwiftUI
import Combine

final class SessionModel: ObservableObject {
    static let shared = SessionModel()
    @Published var user = ""
    static func make() -> SessionModel { shared }
}

@Observable final class PageModel {
    var title = ""
}

// Injected: the parent owns it.
struct UserRow: View {
    @ObservedObject var session: SessionModel
    var body: some View { Text(session.user) }
}

// References to an existing instance.
struct SharedView: View {
    @ObservedObject var session = SessionModel.shared
    @ObservedObject var made = SessionModel.make()
    var body: some View { Text(session.user + made.user) }
}

// Owned correctly.
struct OwnerView: View {
    @StateObject private var session = SessionModel()
    @State private var page = PageModel()
    var body: some View {
        UserRow(session: session)
        PageEditor(page: page)
    }
}

// @Bindable of a model passed in.
struct PageEditor: View {
    @Bindable var page: PageModel
    var body: some View { TextField("Title", text: $page.title) }
}

// Passed in through init, or a default only when the caller passes none (a choice of the caller).
struct InjectedView: View {
    @ObservedObject var session: SessionModel
    init(session: SessionModel) {
        self.session = session
    }
    init(optional: SessionModel?) {
        self.session = optional ?? SessionModel.shared
    }
    var body: some View { Text(session.user) }
}

// Not a view: a helper object may observe what it creates (its lifetime is its own).
final class Coordinator: ObservableObject {
    @ObservedObject var session = SessionModel()
}

// An App value is made once.
struct DemoApp: App {
    @ObservedObject var session = SessionModel()
    var body: some Scene { WindowGroup { UserRow(session: session) } }
}

// @Bindable on a local inside body, and `Bindable(model)` inline.
struct InlineBindable: View {
    let page: PageModel
    var body: some View {
        @Bindable var page = page
        TextField("Title", text: Bindable(self.page).title)
        TextField("Title", text: $page.title)
    }
}

// An environment value.
struct EnvironmentView: View {
    @EnvironmentObject var session: SessionModel
    @Environment(PageModel.self) private var page
    var body: some View { Text(session.user + page.title) }
}

// A static property of a view is made once.
struct StaticView: View {
    @ObservedObject static var shared = SessionModel()
    var body: some View { Text("") }
}
