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

// Found in pocket-casts: an ObservableObject that only forwards another object's changes (its state is
// computed from a shared theme; its one stored `var` holds another stateless style, its subscriptions
// are bookkeeping). Making it again loses nothing.
class ThemeObserver: ObservableObject {
    let theme = ThemeSource.shared
    private var cancellables = Set<AnyCancellable>()
    init() {
        NotificationCenter.default.publisher(for: .init("theme")).sink { [weak self] _ in self?.objectWillChange.send() }.store(in: &cancellables)
    }
}
final class ThemeSource { static let shared = ThemeSource(); let accent = "blue" }
final class ActionBarStyle: ThemeObserver {
    var tint: String { theme.accent }
}
struct EmptyStateStyle {
    var title: String { "Nothing here" }
}
final class BookmarksStyle: ThemeObserver {
    var background: String { theme.accent }
    var actionBarStyle = ActionBarStyle()
    var emptyStyle = EmptyStateStyle()
}
struct BookmarksList: View {
    @ObservedObject var style = BookmarksStyle()
    var body: some View { Text(style.background) }
}

// Found in pocket-casts: an immutable ObservableObject derived from the view's input; rebuilding it with
// the new input is right (`@StateObject` would keep the first one).
final class RowViewModel: ObservableObject {
    let title: String
    let subtitle: String
    init(name: String) {
        title = name.uppercased()
        subtitle = name
    }
}
struct Row: View {
    @ObservedObject var model: RowViewModel
    init(name: String) {
        self.model = .init(name: name)
    }
    var body: some View { Text(model.title) }
}

// A view inside a preview provider is preview scaffolding.
struct Row_Previews: PreviewProvider {
    struct Harness: View {
        @ObservedObject var session = SessionModel()
        var body: some View { UserRow(session: session) }
    }
    static var previews: some View { Harness() }
}

// Found in pocket-casts: a view only ever built as a hosting controller's root is made once; the
// controller keeps it.
final class AboutModel: ObservableObject { @Published var version = "" }
struct AboutScreen: View {
    @ObservedObject var model = AboutModel()
    var body: some View { Text(model.version) }
}
final class AboutController: UIHostingController<AboutScreen> {
    init() { super.init(rootView: AboutScreen()) }
}
func showAbout() -> UIViewController { UIHostingController(rootView: AboutScreen()) }

// Found in pocket-casts: the root view is built into a local first, then handed to the controller.
struct StatusScreen: View {
    @ObservedObject var model = AboutModel()
    var body: some View { Text(model.version) }
}
func showStatus() -> UIViewController {
    let status = StatusScreen()
    let controller = UIHostingController(rootView: status)
    return controller
}
