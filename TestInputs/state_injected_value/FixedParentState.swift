import SwiftUI
import UIKit

// Seeds that can never go stale: every caller passes a value that stays the same for as long as
// the view keeps its identity.

// Built only as the root of a new hosting controller: each controller gets a new view, and no SwiftUI
// parent passes it a later value. Silent.
struct LanguagePicker: View {
    @State private var selected: String
    init(selected: String) { _selected = State(initialValue: selected) }
    var body: some View { Button(selected) { selected = "fr" } }
}

final class LanguagePickerController: UIHostingController<LanguagePicker> {
    init(current: String) {
        super.init(rootView: LanguagePicker(selected: current))
    }
    @MainActor required dynamic init?(coder: NSCoder) { fatalError() }
}

final class PlayerModel: ObservableObject {
    @Published var playing = false
    let id: String
    init(id: String) { self.id = id }
}

struct PlayerView: View {
    @StateObject var viewModel: PlayerModel
    var body: some View { Text(viewModel.id) }
}

func openPlayer(_ id: String, from controller: UIViewController) {
    controller.present(UIHostingController(rootView: PlayerView(viewModel: PlayerModel(id: id))), animated: true)
}

// The parent's @StateObject (never replaced), its private @State that nothing writes after init, and
// a private @State holding an object changed only through its members. Silent.
@Observable final class EstimateModel { var text = "…" }

struct EstimateView: View {
    @State private var model: EstimateModel
    init(model: EstimateModel) { _model = .init(wrappedValue: model) }
    var body: some View { Text(model.text) }
}

struct Counter: View {
    @State private var start: Int
    init(start: Int) { _start = State(initialValue: start) }
    var body: some View { Button("\(start)") { start += 1 } }
}

struct Editor: View {
    @StateObject private var player = PlayerModel(id: "editor")
    @State private var initial: Int
    @State private var estimate = EstimateModel()

    init(initial: Int) { _initial = State(initialValue: initial) }

    var body: some View {
        VStack {
            PlayerView(viewModel: player)
            Counter(start: initial)
            EstimateView(model: estimate)
        }
        .onAppear { estimate.text = "1 MB" }
    }
}

// A value-typed state changed through its members does change: flagged.
struct Draft { var count = 0 }

struct DraftCounter: View {
    @State private var count: Int
    init(count: Int) { _count = State(initialValue: count) } // expect: state_injected_value "edit buffer seeded from the init parameter 'count'"
    var body: some View { Button("\(count)") { count += 1 } }
}

struct DraftEditor: View {
    @State private var draft = Draft()
    var body: some View {
        DraftCounter(count: draft.count)
            .onAppear { draft.count += 1 }
    }
}

// A NavigationLink's trailing closure is its destination (a fresh identity per presentation), unless
// the link has a value (then the closure is its label, rebuilt with the parent).
final class FormModel: ObservableObject {
    @Published var text = ""
    let category: Int
    init(category: Int) { self.category = category }
}

struct FormView: View {
    @StateObject var model: FormModel
    var body: some View { TextField("Text", text: $model.text) }
}

struct RowTitle: View {
    @State private var title: String
    init(title: String) { _title = State(initialValue: title) } // expect: state_injected_value
    var body: some View { TextField("Title", text: $title) }
}

struct CategoryList: View {
    @State private var name = ""
    var body: some View {
        List(0..<3, id: \.self) { category in
            NavigationLink("Category \(category)") { FormView(model: FormModel(category: category)) }
            NavigationLink(value: category) { RowTitle(title: name) }
        }
        .onAppear { name = "Categories" }
    }
}

// A generic class kept in @State is an object the caller owns, not a stale copy; an ObservableObject there is
// not observed at all (warning).
final class Store<S>: ObservableObject {
    @Published var state: S
    init(initialState: S) { state = initialState }
}

struct Demo<S>: View {
    @State var store: Store<S>
    init(store: Store<S>) { self.store = store } // expect: state_injected_value "keeps the ObservableObject 'Store' passed in"
    var body: some View { Text("demo \(store.state)") }
}

struct DemoParent: View {
    @State private var count = 0
    var body: some View {
        Demo(store: Store(initialState: count))
            .onAppear { count += 1 }
    }
}

// An object built in init from a parameter, through a local, is the view's own: "built from".
final class SettingsModel {
    let account: String
    init(account: String) { self.account = account }
}

struct SettingsScreen: View {
    @State private var model: SettingsModel
    init(account: String) {
        let settings = SettingsModel(account: account)
        _model = .init(initialValue: settings) // expect: state_injected_value "is built from the init parameter 'account' once"
    }
    var body: some View { Text(model.account) }
}

struct SettingsParent: View {
    @State private var account = ""
    var body: some View {
        SettingsScreen(account: account)
            .onAppear { account = "me" }
    }
}
