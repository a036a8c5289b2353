import SwiftUI

// The body and the actions of a nested view written in an extension of its qualified name: the state the
// init seeds is read and changed there, so it is an edit buffer (advisory), not a read-only copy, and not
// unused either.
enum Importer {
    struct Content: View {
        @State private var fileName: String?

        init(fileName: String? = nil) {
            self._fileName = State(initialValue: fileName) // expect: state_injected_value "edit buffer seeded from the init parameter 'fileName'"
        }
    }
}

extension Importer.Content {
    var body: some View {
        VStack {
            Text(fileName ?? "none")
            Button("pick") { fileName = "picked.cbz" }
        }
    }
}

struct ImporterScreen: View {
    let name: String?
    var body: some View { Importer.Content(fileName: name) }
}
