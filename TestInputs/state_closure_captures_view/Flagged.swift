import SwiftUI

struct Actions {
    var onSelect: ((Int) -> Void)?
    var onClose: (() -> Void)?
}

struct Picker: View {
    @State private var actions = Actions()
    @State private var onDone: (() -> Void)?
    @State private var validator: ((String) -> Bool)?
    let items: [Int]
    var title = "Pick"

    var body: some View {
        List(items, id: \.self) { item in Text("\(item)") }
            .onAppear {
                // Two callbacks of one state: one cycle, one finding (a note at the second).
                actions.onSelect = { index in print(items[index]) } // expect: state_closure_captures_view "2 closures stored in @State 'actions' use 'items', 'title'"
                self.actions.onClose = { print(self.title) }
                onDone = { [self] in print(title) } // expect: state_closure_captures_view
            }
    }

    // In a method, with a multi-line closure calling a method of the view.
    func install() {
        validator = { text in // expect: state_closure_captures_view
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return isValid(trimmed)
        }
    }

    func isValid(_ text: String) -> Bool { !text.isEmpty }
}

// Conformance declared in an extension in this file, closure in .task with multiple trailing closures around.
struct Uploader {
    @State var progress: ((Double) -> Void)?
    let log: Logger
}

extension Uploader: View {
    var body: some View {
        Button {
            progress = { value in log.record(value) } // expect: state_closure_captures_view
        } label: {
            Text("Upload")
        }
    }
}

final class Logger {
    func record(_ value: Double) {}
}
