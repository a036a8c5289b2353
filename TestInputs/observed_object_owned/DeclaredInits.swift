import Combine
import SwiftUI

final class FindModel: ObservableObject {
    @Published var query = ""
    let find: (String) -> Void
    init(find: @escaping (String) -> Void) { self.find = find }
}

// A view with an init of its own that keeps the object it is given in an @ObservedObject: a parent that
// builds the object in its body hands it a new one each time it updates, and the typed query is gone.
struct FindBar: View {
    @ObservedObject private var viewModel: FindModel // expect: observed_object_owned "is given a new 'FindModel' each time 'ReaderPane' updates"
    init(model: FindModel) { viewModel = model }
    var body: some View { TextField("Find", text: $viewModel.query) }
}

struct ReplaceBar: View {
    @ObservedObject var viewModel: FindModel // expect: observed_object_owned "is given a new 'FindModel' each time 'ReaderPane' updates"
    init(_ model: FindModel, compact: Bool = false) { _viewModel = ObservedObject(wrappedValue: model) }
    var body: some View { TextField("Replace", text: $viewModel.query) }
}

struct ReaderPane: View {
    @Environment(\.horizontalSizeClass) private var sizeClass
    let page: String
    var body: some View {
        VStack {
            Text(page)
            FindBar(model: FindModel(find: { print($0) }))
            ReplaceBar(FindModel(find: { _ in }))
        }
    }
}

// Contrasts. A parent with only plain inputs runs its body again only when its own parent does (a sheet's
// content by its kind); an App without state builds its window's content once; a static factory is not the
// body; a parent that keeps the object passes the same one; an init that does not keep the parameter in
// the observed property.
struct SheetContent: View {
    enum Kind { case find, other }
    let kind: Kind
    var body: some View {
        switch kind {
        case .find:
            let model = FindModel(find: { _ in })
            FindBar(model: model)
        case .other:
            EmptyView()
        }
    }
}

struct ReaderApp: App {
    var body: some Scene {
        WindowGroup {
            FindBar(model: FindModel(find: { _ in }))
        }
    }
}

private extension FindBar {
    static func sample() -> FindBar { FindBar(model: FindModel(find: { _ in })) }
}

struct KeptFind: View {
    @StateObject private var model = FindModel(find: { _ in })
    @State private var shown = true
    var body: some View {
        if shown { FindBar(model: model) }
    }
}

struct CountingBar: View {
    @ObservedObject var viewModel: FindModel
    let label: String
    init(model: FindModel, label: String) {
        viewModel = FindModel(find: model.find) // expect: observed_object_owned "creates 'FindModel' in its init"
        self.label = label
    }
    var body: some View { Text(label + viewModel.query) }
}

struct CountingPane: View {
    @State private var count = 0
    var body: some View {
        CountingBar(model: FindModel(find: { _ in }), label: "\(count)")
    }
}
