import Observation
import SwiftUI

// Containers build their content when the reader's content runs (ScrollView, VStack, LazyVGrid, List,
// Section): a read inside them runs at scroll rate too. Actions and presented content do not.

@Observable final class ShelfModel {
    var title = ""
    var count = 0
    var note = ""
    var rows: [String] = []
    var detail = ""
    var tapped = ""
    var loaded = ""
}

struct ShelfHeader: View {
    @State private var shelf = ShelfModel()
    @State private var showsDetail = false

    var body: some View {
        GeometryReader { proxy in
            ScrollView {
                VStack {
                    Text(shelf.title) // expect: observable_read_in_geometry_reader "'ShelfModel.title' is read inside GeometryReader's content"
                }
                LazyVGrid(columns: [GridItem()]) {
                    Text("\(shelf.count)") // expect: observable_read_in_geometry_reader "'ShelfModel.count'"
                }
                List {
                    Section {
                        Text(shelf.note) // expect: observable_read_in_geometry_reader "'ShelfModel.note'"
                    }
                    ForEach(shelf.rows, id: \.self) { row in // expect: observable_read_in_geometry_reader "'ShelfModel.rows'"
                        Text(row)
                    }
                }
                Button("Details") { print(shelf.tapped) }
                    .sheet(isPresented: $showsDetail) { Text(shelf.detail) }
                    .task { print(shelf.loaded) }
            }
            .offset(y: proxy.frame(in: .global).minY)
        }
    }
}
