import SwiftUI

// A parent that builds a new object straight into a child's @ObservedObject: every update of the parent
// hands the row a new model, and what the old one held is gone.

final class RowModel: ObservableObject {
    @Published var title: String
    @Published var isExpanded = false
    init(_ title: String) { self.title = title }
}

struct ModelRow: View {
    @ObservedObject var model: RowModel // expect: observed_object_owned "is given a new 'RowModel' each time 'RowList' updates"
    var body: some View {
        Button(model.title) { model.isExpanded.toggle() }
    }
}

struct RowList: View {
    let titles: [String]
    @State private var filter = ""
    var body: some View {
        VStack {
            TextField("Filter", text: $filter)
            ForEach(titles.filter { $0.hasPrefix(filter) }, id: \.self) { title in
                ModelRow(model: .init(title))
            }
        }
    }
}

// The same with a named type and a @Bindable of an @Observable class.
@Observable final class NoteDraftModel {
    var text = ""
}

struct NoteDraftEditor: View {
    @Bindable var draft: NoteDraftModel // expect: observed_object_owned "is given a new 'NoteDraftModel' each time 'NoteDraftScreen' updates"
    var body: some View { TextField("Draft", text: $draft.text) }
}

struct NoteDraftScreen: View {
    @State private var count = 0
    var body: some View {
        VStack {
            Button("\(count)") { count += 1 }
            NoteDraftEditor(draft: NoteDraftModel())
        }
    }
}
