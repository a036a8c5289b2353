import SwiftUI

struct QuietHeader: View {
    let model: FeedModel
    let legacy: LegacyModel
    @State private var offset: CGFloat = 0
    @State private var items: [String] = []

    var body: some View {
        // Read once, outside the closure.
        let title = model.title
        GeometryReader { proxy in
            VStack {
                Text(title)
                // An ObservableObject model.
                Text(legacy.title)
                // Value state.
                Text("\(offset)")
                Text(items.first ?? "")
                // @ObservationIgnored, a let, a static, a computed property.
                Text("\(model.cache.count) \(model.id) \(FeedModel.shared.id) \(model.count)")
                // Inside an action: runs on tap, not per frame.
                Button("Reload") { model.title = model.title + "!" }
                Text("x").onTapGesture { print(model.offset) }
            }
            .offset(y: proxy.size.height)
        }
        // Outside the closures.
        Text(model.title)
            .onAppear { print(model.items) }
    }
}

// A local named like a member is not the member.
struct Shadowed: View {
    let model: FeedModel
    var body: some View {
        GeometryReader { proxy in
            let model = proxy.size
            Text("\(model.width)")
        }
    }
}

// A reader that uses only its size (or its local frame) runs again on resize, not per scroll frame
// (IceCubes wraps whole screens this way).
struct SizedScreen: View {
    let model: FeedModel
    var body: some View {
        GeometryReader { proxy in
            Text(model.title)
                .frame(width: proxy.size.width)
                .padding(.top, proxy.frame(in: .local).minY)
        }
    }
}
