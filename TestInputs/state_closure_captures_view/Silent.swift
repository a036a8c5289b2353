import SwiftUI

struct Tidy: View {
    @State private var handler: (() -> Void)?
    @State private var formatter: ((Int) -> String)?
    @State private var actions = TidyActions()
    let service: Service
    var plain: (() -> Void)?

    var body: some View {
        Text("tidy")
            .onAppear {
                // Captures by value.
                handler = { [service] in service.run() }
                // Uses only its parameters and globals.
                formatter = { value in String(value) + suffix }
                actions.onTap = { print("tapped") }
                // A local closure variable, then stored: the local shadows nothing of the view.
                let service = Service()
                handler = { service.run() }
            }
    }

    // A plain (non-state) closure property: not SwiftUI-managed storage.
    mutating func configure() {
        plain = { print(self.service) }
    }

    // A method parameter named like nothing in the view.
    func install(using other: Service) {
        handler = { other.run() }
    }
}

struct TidyActions {
    var onTap: (() -> Void)?
}

let suffix = "!"

final class Service {
    func run() {}
}

// Not a view: an ObservableObject's closures are another rule's business.
final class Holder {
    @State var handler: (() -> Void)?
    var value = 0
    func set() { handler = { print(self.value) } }
}
