import SwiftUI

// A @StateObject given an object the caller already has keeps that object (info, like @State); one
// given an object the call builds keeps the first build, whatever the caller passes later (warning).
final class WebModel: ObservableObject { @Published var url = "" }

final class Screen: ObservableObject {
    @Published var web = WebModel()
    @Published var query = ""
}

struct WebPane: View {
    @StateObject var model: WebModel // expect: state_injected_value "'@StateObject var model' in 'WebPane' keeps the first 'WebModel' object passed in"
    var body: some View { Text(model.url) }
}

struct KeptPane: View {
    @StateObject private var model: WebModel
    init(model: WebModel) {
        _model = StateObject(wrappedValue: model) // expect: state_injected_value "keeps the first 'WebModel' object passed in: a later instance is ignored"
    }
    var body: some View { Text(model.url) }
}

final class SearchModel: ObservableObject {
    let query: String
    init(query: String) { self.query = query }
}

struct SearchPane: View {
    @StateObject var model: SearchModel // expect: state_injected_value "set by the memberwise initializer"
    var body: some View { Text(model.query) }
}

struct BuiltPane: View {
    @StateObject private var model: SearchModel
    init(model: SearchModel) {
        _model = StateObject(wrappedValue: model) // expect: state_injected_value "built from the init parameter 'model' once"
    }
    var body: some View { Text(model.query) }
}

struct ScreenView: View {
    @ObservedObject var screen: Screen
    var body: some View {
        WebPane(model: screen.web)
        KeptPane(model: screen.web)
        SearchPane(model: SearchModel(query: screen.query))
        BuiltPane(model: SearchModel(query: screen.query))
    }
}
