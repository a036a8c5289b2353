import SwiftUI

struct Quiet: View {
    // Initial values at the declaration.
    @State private var count = 0
    @State var isOn = false
    @StateObject private var store = Store()
    // Optional state defaults to nil.
    @State var handler: (() -> Void)?
    // Not state.
    @Binding var text: String
    @Bindable var model: Model
    @Environment(\.dismiss) private var dismiss
    @ObservedObject var observed: Store
    let title: String
    var subtitle: String

    var body: some View { Text(title) }
}

// Private state without a default is set by an explicit init from constants only.
struct Constant: View {
    @State private var value: Int
    @State private var items: [Int]
    @StateObject private var store: Store

    init(title: String) {
        _value = State(initialValue: 0)
        self.items = []
        _store = StateObject(wrappedValue: Store())
        print(title)
    }

    var body: some View { Text("\(value)") }
}

// An explicit init suppresses the memberwise initializer.
struct Explicit: View {
    @State var value: Int
    init() {
        _value = State(initialValue: 1)
    }
    var body: some View { Text("\(value)") }
}

// A local shadows the state name; the parameter is only used for a plain property.
struct Shadowed: View {
    @State private var value = 0
    let initial: Int

    init(initial: Int) {
        self.initial = initial
        var value = initial
        value += 1
        print(value)
    }

    var body: some View { Text("\(value)") }
}

// Not a view: @State is meaningless here but not this rule's concern.
struct NotAView {
    @State var value: Int
}

final class Store: ObservableObject {}
@Observable final class Model {}

// An edit buffer re-seeded whenever the binding it was seeded from changes.
struct KeyRecorder: View {
    @Binding private var committed: Set<Int>
    @State private var draft: Set<Int>

    init(_ key: Binding<Set<Int>>) {
        _committed = key
        _draft = State(initialValue: key.wrappedValue)
    }

    var body: some View {
        Button("\(draft.count) keys") { committed = draft }
            .onChange(of: committed) { _, newValue in
                if draft != newValue { draft = newValue }
            }
    }
}

struct KeySettings: View {
    @State private var keys: Set<Int> = [1]
    var body: some View { KeyRecorder($keys) }
}

// A @State seeded from an input that nothing reads after the init shows nothing, so its stale copy loses
// nothing (the parent's value changes: it is a @Binding).
struct ThemeSwatch: View {
    var theme: String
    @State private var displayName: String

    init(_ theme: String) {
        self.theme = theme
        self.displayName = theme
    }

    var body: some View { Text(theme) }
}

struct ThemeSwatchRow: View {
    @Binding var theme: String
    var body: some View { ThemeSwatch(theme) }
}
