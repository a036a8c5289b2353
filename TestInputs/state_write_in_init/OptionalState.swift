import SwiftUI

// A wrapped optional without an initial value starts as nil: SwiftUI makes its State with
// `init(wrappedValue: nil)` before the init runs, so a write in the init goes through the setter of state
// not installed yet, and is dropped (the field shows nothing; saving it clears the value).
struct RuntimeEditor: View {
    @Binding private var minutes: Int
    @State private var draft: Int?

    init(minutes: Binding<Int>) {
        self._minutes = minutes
        self.draft = minutes.wrappedValue // expect: state_write_in_init "is optional, so it starts as nil, which the view shows"
    }

    var body: some View {
        TextField("Minutes", value: $draft, format: .number)
    }
}

// Written through the storage, or nil written again, or an optional that is not wrapped: seeded (or
// nothing lost).
struct RuntimeEditorSeeded: View {
    @State private var draft: Int?
    @State private var note: String?
    private var label: String?

    init(minutes: Int) {
        _draft = State(initialValue: minutes)
        self.note = nil // expect: state_write_in_init "writes the initial value of '@State var note' again"
        self.label = "min"
    }

    var body: some View {
        TextField(label ?? "", value: $draft, format: .number)
        Text(note ?? "")
    }
}

// Set through the memberwise initializer: the wrapper is made from the argument.
struct RuntimeBadge: View {
    @State var minutes: Int?
    var body: some View { Text("\(minutes ?? 0)") }
}
