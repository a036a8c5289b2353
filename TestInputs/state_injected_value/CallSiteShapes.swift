import SwiftUI

// Call sites whose argument cannot change while the view keeps its identity. Silent.
struct ListToggle: View {
    @State private var isList: Bool
    init(isList: Bool) { _isList = State(initialValue: isList) }
    var body: some View { Toggle("List", isOn: $isList) }
}

enum Layout { case grid, list }

struct LayoutBadge: View {
    @State private var layout: Layout
    init(layout: Layout) { _layout = State(initialValue: layout) }
    var body: some View { Button("Flip") { layout = layout == .grid ? .list : .grid } }
}

final class ThreadModel: ObservableObject {
    @Published var selected = Message(id: 1)
}

struct Message: Identifiable { let id: Int }

struct MessageDetail: View {
    @State private var message: Message
    init(message: Message) { _message = State(initialValue: message) }
    var body: some View { Text("\(message.id)") }
}

final class SearchModel: ObservableObject {
    @Published var query = ""
    let scope: Layout
    init(scope: Layout = .grid) { self.scope = scope }
}

struct SearchScreen: View {
    @StateObject var model: SearchModel
    var body: some View { TextField("Search", text: $model.query) }
}

struct Generic<Focus: Hashable>: View {
    @State private var tag: Int
    init(tag: Int) { _tag = State(initialValue: tag) }
    var body: some View { Text("\(tag)") }
}

struct Screen: View {
    @State private var isList = false
    @State private var layout = Layout.grid
    @ObservedObject var thread: ThreadModel
    let messages: [Message]

    var body: some View {
        // The `if` fixes the value in each branch: when it changes, the branch (and the view) goes.
        if isList { ListToggle(isList: isList) } else { ListToggle(isList: isList) }
        if layout == .grid { LayoutBadge(layout: layout) }
        // The container's `.id` names the value's path.
        VStack { MessageDetail(message: thread.selected) }.id(thread.selected.id)
        // An element reached through the ForEach's own index.
        ForEach(messages.indices, id: \.self) { i in MessageDetail(message: messages[i]) }
        // A new object from constants is the same every time.
        SearchScreen(model: SearchModel())
        SearchScreen(model: SearchModel(scope: .list))
        // Explicit generic arguments are still a call site.
        Generic<Int>(tag: 1)
        Button("Switch") { isList.toggle(); layout = .list }
    }
}

// A card's own @State, which it never changes, passed on: the card keeps one value, so does the badge.
// (A same-named member written anywhere in the file counts against it: the names differ here.)
struct Card: View {
    @State var cardLayout: Layout // expect: state_injected_value "set by the memberwise initializer"
    var body: some View { LayoutBadge(layout: cardLayout) }
}

struct Cards: View {
    @State private var current = Layout.grid
    var body: some View {
        Card(cardLayout: current)
        Button("Switch") { current = .list }
    }
}

// The same views where the value can change: flagged.
struct ChangingLayoutBadge: View {
    @State private var layout: Layout
    init(layout: Layout) { _layout = State(initialValue: layout) } // expect: state_injected_value
    var body: some View { Text("\(layout)") }
}

struct OtherScreen: View {
    @State private var layout = Layout.grid
    @ObservedObject var thread: ThreadModel
    var body: some View {
        if layout != .grid { Text("not grid") } else { ChangingLayoutBadge(layout: layout) }
        if layout != .list { ChangingLayoutBadge(layout: layout) }
        Button("Switch") { layout = .list }
    }
}

struct ChangingMessage: View {
    @State private var message: Message
    init(message: Message) { _message = State(initialValue: message) } // expect: state_injected_value
    var body: some View { Text("\(message.id)") }
}

struct ThreadScreen: View {
    @ObservedObject var thread: ThreadModel
    var body: some View { ChangingMessage(message: thread.selected) }
}
