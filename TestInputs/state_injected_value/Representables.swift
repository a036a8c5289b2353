import SwiftUI
import UIKit

// A representable is a View: SwiftUI keeps its @State for its identity and builds its value again with
// the parent, so a @State the memberwise initializer sets keeps the first value.
struct LinkLabel: UIViewRepresentable {
    @State var text: String // expect: state_injected_value "is set by the memberwise initializer and never changed by the view"
    func makeUIView(context: Context) -> UILabel { UILabel() }
    func updateUIView(_ label: UILabel, context: Context) { label.text = text }
}

struct LinkRow: View {
    @State private var title = "a"
    var body: some View {
        LinkLabel(text: title)
            .onTapGesture { title += "!" }
    }
}

// Its own private state, set where it is declared: silent.
struct ZoomLabel: UIViewRepresentable {
    @State private var scale = 1.0
    let text: String
    func makeUIView(context: Context) -> UILabel { UILabel() }
    func updateUIView(_ label: UILabel, context: Context) { label.text = text; label.transform = .init(scaleX: scale, y: scale) }
}
