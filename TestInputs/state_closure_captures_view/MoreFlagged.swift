import SwiftUI

// Inside #if, in parentheses, in a nested generic view, through explicit self only.
enum Screens {
    struct Editor<Model: AnyObject>: View {
        let model: Model
        @State private var save: (() -> Void)?
        @State private var cancel: (() -> Void)?
        @State private var log: ((String) -> Void)?
        @State private var identity: (() -> Any)?

        var body: some View {
            Text("Edit")
                .task {
                    #if os(iOS)
                    save = { print(model) } // expect: state_closure_captures_view
                    #endif
                    cancel = ({ print(model) }) // expect: state_closure_captures_view
                    identity = { self } // expect: state_closure_captures_view
                    log = { message in record(message) } // expect: state_closure_captures_view
                }
        }

        func record(_ message: String) {}
    }
}
