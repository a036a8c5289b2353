import Combine
import SwiftUI

/// A compose sheet as teams write it: two views build objects they do not keep.
struct InboxScreen: View {
    @State private var composing = false

    var body: some View {
        Button("New message") { composing = true }
            .sheet(isPresented: $composing) {
                ComposeSheet()
            }
    }
}

struct ComposeSheet: View {
    // Rebuilt with every parent update (the draft is lost), and on iOS 17.0–17.1 leaked after dismissal.
    private let draft = DraftStore()
    // Watched but not owned: a new counter on every update of the sheet's parent.
    @ObservedObject var counter = CharacterCounter()

    var body: some View {
        TextField("Message", text: Binding(get: { draft.text }, set: { draft.text = $0; counter.count = $0.count }))
        Text("\(counter.count) characters")
    }
}

@Observable final class DraftStore {
    var text = ""
}

final class CharacterCounter: ObservableObject {
    @Published var count = 0
}
