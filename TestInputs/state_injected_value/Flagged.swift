import SwiftUI

// Memberwise injection: non-private, no initial value, no explicit init.
struct Badge: View {
    @State var count: Int // expect: state_injected_value
    @State
    var label: String // expect: state_injected_value
    @StateObject var store: Store // expect: state_injected_value

    var body: some View { Text("\(label) \(count)") }
}

// StateObject built from a parameter (Apple documents this, with the caveat).
struct Profile: View {
    @StateObject private var loader: Loader

    init(userID: String) {
        _loader = StateObject(wrappedValue: Loader(id: userID)) // expect: state_injected_value
    }

    var body: some View { Text(loader.id) }
}

// State(wrappedValue:) with a derived value, implicit self, and a conformance in an extension.
struct Editor {
    @State private var draft: String
    @State private var lines: [String]

    init(text: String) {
        _draft = State(wrappedValue: text.uppercased()) // expect: state_injected_value "'@State var lines' is seeded from 'text' the same way here"
        lines = text.split(separator: "\n").map(String.init) // one root cause: a note of the finding above
    }
}

extension Editor: View {
    var body: some View {
        VStack {
            TextEditor(text: $draft)
            Text("\(lines.count) lines")
        }
    }
}

// Nested and generic views.
enum Screens {
    struct Row<Value: CustomStringConvertible>: View {
        @State var value: Value // expect: state_injected_value
        var body: some View { Text(value.description) }
    }
}

final class Store: ObservableObject {}
final class Loader: ObservableObject {
    let id: String
    init(id: String) { self.id = id }
}

// Through a local computed from the parameter.
struct Derived: View {
    @State private var model: Loader

    init(id: String) {
        let loader = Loader(id: id.lowercased())
        _model = State(initialValue: loader) // expect: state_injected_value
    }

    var body: some View { Text(model.id) }
}
