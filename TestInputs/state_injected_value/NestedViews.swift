import SwiftUI

// A view nested in its screen's type and built there by its simple name (`Shelf(…)` inside
// `extension Library`): that call is its caller, and the screen's @State, which a tap changes, the witness.
struct Library: View {
    @State private var selection = 0
    var body: some View {
        content
            .onTapGesture { selection += 1 }
    }
}

extension Library {
    var content: some View {
        Shelf(index: selection)
    }

    struct Shelf: View {
        @State private var index: Int

        init(index: Int) {
            _index = State(initialValue: index) // expect: state_injected_value "read-only copy of the init parameter 'index'"
        }

        var body: some View { Text("\(index)") }
    }
}
