import SwiftUI

// An object a view keeps in '@StateObject' or '@State', built from an input in init, and told each new value
// of the input (a method of the object called with it from 'onChange(of:)' or 'task(id:)'): the view
// follows its input. One that is only refreshed, without the new value, keeps the first.

struct Endpoint: Equatable {
    var name: String
}

final class TemplateRenderer: ObservableObject {
    @Published var output = ""
    private var endpoint: Endpoint
    init(endpoint: Endpoint) { self.endpoint = endpoint }
    func update(_ endpoint: Endpoint) { self.endpoint = endpoint }
    func refresh() { output = endpoint.name }
}

@Observable final class PreviewLoader {
    var text = ""
    init(endpoint: Endpoint) {}
    func load(_ endpoint: Endpoint) async { text = endpoint.name }
}

struct EndpointHost: View {
    @State private var current = Endpoint(name: "home")
    var body: some View {
        VStack {
            Button("Next") { current = Endpoint(name: "office") }
            FollowingRenderer(endpoint: current)
            FollowingLoader(endpoint: current)
            RefreshingRenderer(endpoint: current)
        }
    }
}

struct FollowingRenderer: View {
    let endpoint: Endpoint
    @StateObject private var renderer: TemplateRenderer

    init(endpoint: Endpoint) {
        self.endpoint = endpoint
        _renderer = StateObject(wrappedValue: TemplateRenderer(endpoint: endpoint))
    }

    var body: some View {
        Text(renderer.output)
            .onChange(of: endpoint) { _ in
                renderer.update(endpoint)
            }
    }
}

struct FollowingLoader: View {
    let endpoint: Endpoint
    @State private var loader: PreviewLoader

    init(endpoint: Endpoint) {
        self.endpoint = endpoint
        _loader = State(initialValue: PreviewLoader(endpoint: endpoint))
    }

    var body: some View {
        Text(loader.text)
            .task(id: endpoint.name) {
                await loader.load(endpoint)
            }
    }
}

struct RefreshingRenderer: View {
    let endpoint: Endpoint
    @StateObject private var renderer: TemplateRenderer

    init(endpoint: Endpoint) {
        self.endpoint = endpoint
        _renderer = StateObject(wrappedValue: TemplateRenderer(endpoint: endpoint)) // expect: state_injected_value "'@StateObject var renderer' in 'RefreshingRenderer' is built from the init parameter 'endpoint' once"
    }

    var body: some View {
        Text(renderer.output)
            .onChange(of: endpoint) { _ in
                renderer.refresh()
            }
    }
}
