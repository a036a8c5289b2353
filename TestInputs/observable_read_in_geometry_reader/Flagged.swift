import SwiftUI

// Seed 003's shape: a header that follows the scroll position reads the model on every frame.
struct HeaderView: View {
    let model: FeedModel
    @State private var local = FeedModel()
    @Environment(FeedModel.self) private var environmentModel
    @Bindable var bound: FeedModel

    var body: some View {
        GeometryReader { proxy in
            VStack {
                Text(model.title) // expect: observable_read_in_geometry_reader "'FeedModel.title' is read inside GeometryReader's content"
                    .offset(y: proxy.frame(in: .global).minY + model.offset) // expect: observable_read_in_geometry_reader
                Text(local.title) // expect: observable_read_in_geometry_reader
                Text(environmentModel.title) // expect: observable_read_in_geometry_reader
                Text(bound.items.first ?? "") // expect: observable_read_in_geometry_reader
                Text(self.model.items.last ?? "") // expect: observable_read_in_geometry_reader
            }
        }
    }
}

struct ScrollEffects: View {
    let model: FeedModel
    var body: some View {
        ScrollView {
            Text("a")
                .visualEffect { content, proxy in
                    content.offset(y: model.offset) // expect: observable_read_in_geometry_reader "visualEffect's closure"
                }
                .scrollTransition { content, phase in
                    content.opacity(model.items.isEmpty ? 0 : 1) // expect: observable_read_in_geometry_reader
                }
                .onGeometryChange(for: CGFloat.self) { proxy in
                    proxy.size.height + model.offset // expect: observable_read_in_geometry_reader
                } action: { _ in }
        }
    }
}

// Allman braces.
struct AllmanHeader: View
{
    let model: FeedModel
    var body: some View
    {
        GeometryReader
        { proxy in
            Text(model.title) // expect: observable_read_in_geometry_reader
                .opacity(proxy.frame(in: .named("scroll")).minY > 0 ? 1 : 0)
        }
    }
}
