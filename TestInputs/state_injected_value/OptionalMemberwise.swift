import SwiftUI

// An optional @State without a default is still set by the memberwise initializer when a parent passes it.
struct PickedDetail: View {
    @State var selection: String? // expect: state_injected_value "set by the memberwise initializer"
    var body: some View { Text(selection ?? "none") }
}

struct PickerParent: View {
    @State private var current = "a"
    var body: some View {
        VStack {
            Button("Next") { current += "b" }
            PickedDetail(selection: current)
        }
    }
}

// No caller passes it, or callers pass a constant: no finding.
struct OptionalBuffer: View {
    @State var note: String?
    @State var draft: String?
    var body: some View { TextField("Note", text: Binding(get: { note ?? "" }, set: { note = $0 })) }
}

struct BufferParent: View {
    var body: some View {
        VStack {
            OptionalBuffer()
            OptionalBuffer(draft: "start")
        }
    }
}
