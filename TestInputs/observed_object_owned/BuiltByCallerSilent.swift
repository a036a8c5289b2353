import SwiftUI

// Objects that reach an @ObservedObject from where they live: no finding.

final class KeptModel: ObservableObject {
    @Published var title = ""
}

// A class without state: a new one loses nothing.
final class Formatter2: ObservableObject {
    let prefix = ">"
    var label: String { prefix }
}

struct KeptRow: View {
    @ObservedObject var model: KeptModel
    var body: some View { Text(model.title) }
}

struct PlainRow: View {
    @ObservedObject var format: Formatter2
    var body: some View { Text(format.label) }
}

struct KeptList: View {
    @StateObject private var model = KeptModel()
    let models: [KeptModel]
    @State private var shown: KeptRow?
    var body: some View {
        VStack {
            // The parent's own object, and objects from the parent's data.
            KeptRow(model: model)
            ForEach(models.indices, id: \.self) { i in
                KeptRow(model: models[i])
            }
            // A stateless class.
            PlainRow(format: Formatter2())
            // Built in an action: once per tap, not per update.
            Button("Open") { shown = KeptRow(model: KeptModel()) }
        }
    }
}

// A hosting controller's root is built once per controller.
#if canImport(UIKit)
import UIKit
func makeController() -> UIViewController {
    UIHostingController(rootView: KeptRow(model: KeptModel()))
}
#endif

#Preview {
    KeptRow(model: KeptModel())
}
