import SwiftUI

// A private function at file scope that only the file's previews call is preview scaffolding: the object it
// builds into a view's '@ObservedObject' is no witness. One that a view's body calls builds it again on
// each update of that view.

final class ReaderModel: ObservableObject {
    @Published var page = 0
    init(title: String) {}
}

struct ReaderView: View {
    @ObservedObject var model: ReaderModel
    var body: some View { Text("\(model.page)") }
}

struct PagerView: View {
    @ObservedObject var model: ReaderModel // expect: observed_object_owned "is given a new 'ReaderModel' each time its caller updates"
    var body: some View { Text("\(model.page)") }
}

struct PagerHost: View {
    @State private var title = "Start"
    var body: some View {
        pager(title: title)
    }
}

@ViewBuilder
private func pager(title: String) -> some View {
    PagerView(model: .init(title: title))
}

#if DEBUG
#Preview("Reader") {
    reader(title: "First")
}

@ViewBuilder
private func reader(title: String) -> some View {
    let view = ReaderView(model: .init(title: title))
    NavigationStack { view }
}
#endif
