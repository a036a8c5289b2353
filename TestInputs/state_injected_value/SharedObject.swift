import Observation
import SwiftUI

// A @State property that keeps an object the caller made: the object is shared (its changes show), but
// the view does not own it, and a different instance passed later is ignored. Reported at info.

@Observable final class ChatStore {
    var messages: [String]
    init(messages: [String] = []) { self.messages = messages }
}

struct ChatPane: View {
    @State private var store: ChatStore

    init(store: ChatStore) {
        _store = State(initialValue: store) // expect: state_injected_value "keeps the first 'ChatStore' object passed in: a later instance is ignored"
    }

    var body: some View { Text("\(store.messages.count)") }
}

struct ChatBadge: View {
    @State var store: ChatStore // expect: state_injected_value "keeps the first 'ChatStore' object passed in: a later instance is ignored"
    var body: some View { Text("\(store.messages.count)") }
}

// Built by the view from the parameter: what goes stale is the view's own object. A warning: ChatScreen
// passes its @State 'lines', which it changes.
struct ChatLog: View {
    @State private var store: ChatStore

    init(seed: [String]) {
        _store = State(initialValue: ChatStore(messages: seed)) // expect: state_injected_value "is built from the init parameter 'seed' once"
    }

    var body: some View { Text("\(store.messages.count)") }
}

struct ChatScreen: View {
    let stores: [ChatStore]
    let current: ChatStore
    @State private var lines: [String] = []

    var body: some View {
        ChatPane(store: current)
        ChatBadge(store: current)
        ChatLog(seed: lines)
        Button("Reload") { lines = ["hello"] }
    }
}

// An ObservableObject kept in @State: SwiftUI does not subscribe to it, so the view never updates when it
// changes (a warning). The same object as @ObservedObject is fine.
final class InboxStore: ObservableObject {
    @Published var unread = 0
}

struct InboxBadge: View {
    @State var store: InboxStore // expect: state_injected_value "@State does not observe it, so its changes do not update the view"
    var body: some View { Text("\(store.unread)") }
}

struct InboxRow: View {
    @ObservedObject var store: InboxStore
    var body: some View { Text("\(store.unread)") }
}

struct InboxScreen: View {
    @StateObject private var inbox = InboxStore()
    @State private var other = InboxStore()
    var body: some View {
        VStack {
            InboxBadge(store: other)
            InboxRow(store: inbox)
        }
        .onTapGesture { other = InboxStore() }
    }
}
