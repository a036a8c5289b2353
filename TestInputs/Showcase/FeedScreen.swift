import Observation
import SwiftUI

/// A feed screen as teams write it: three habits statelint reports as advice (info).
struct FeedScreen: View {
    let model: FeedModel

    var body: some View {
        GeometryReader { proxy in
            // Re-read on every scroll frame: the model's observation registers it again each time.
            Text(model.title)
                .offset(y: max(0, -proxy.frame(in: .global).minY))
        }
        List(model.items, id: \.self) { Text($0) }
            .onAppear {
                // Not cancelled when the screen goes away: .task { } would be.
                Task { await model.reload() }
            }
    }
}

@MainActor @Observable final class FeedModel {
    var items: [String] = []
    var title = "Feed"
    // A handle no view shows, tracked like the items: every reload notifies observers.
    private var reloading: Task<Void, Never>?

    func reload() async {
        reloading?.cancel()
        let next = Task { items = ["a", "b"] }
        reloading = next
        await next.value
    }
}
