import SwiftUI

struct CounterView: View {
    @State private var viewModel: CounterViewModel = .init(count: .zero) // expect: state_eager_object_init@54 "prints or logs"
    var body: some View {
        Button(String(viewModel.count)) { viewModel.count += 1 }
    }
}

struct FeedView: View {
    @State private var model = FeedModel() // expect: state_eager_object_init "starts a Task"
    var body: some View { List(model.items, id: \.self) { Text($0) } }
}

struct KeyboardView: View {
    @State var keyboard = KeyboardModel() // expect: state_eager_object_init "registers an observer or timer"
    var body: some View { Text("\(keyboard.height)") }
}

struct PreferencesView: View {
    @State private var preferences = PreferencesModel() // expect: state_eager_object_init "does I/O"
    var body: some View { Text(preferences.theme) }
}

struct SessionView: View {
    @State private var session: SessionModel
    init(user: String) {
        _session = State(initialValue: SessionModel(user: user)) // expect: state_eager_object_init "prints or logs"
    }
    var body: some View { Text(session.user) }
}

struct ClockView: View {
    @SwiftUI.State private var clock = ClockModel.init() // expect: state_eager_object_init
    var body: some View { Text(clock.now, style: .time) }
}

// A nested view and a generic view.
enum Screens {
    struct Feed<Header: View>: View {
        let header: Header
        @State private var model = FeedModel() // expect: state_eager_object_init
        var body: some View { header }
    }
}

struct PlatformView: View {
    #if os(iOS)
    @State private var model = FeedModel() // expect: state_eager_object_init
    #else
    @State private var model = CheapModel()
    #endif
    var body: some View { Text("") }
}
