import Combine
import SwiftUI

final class ChoreModel: ObservableObject {
    @Published var chores: [String] = []
    static let shared = ChoreModel()
}

// An init whose default argument builds the observed object: every caller that leaves the argument out
// gets a new model each time it updates, and the list starts over.
struct ChoreList: View {
    @ObservedObject var model: ChoreModel
    init(model: ChoreModel = ChoreModel()) { self.model = model } // expect: observed_object_owned "as its init's default 'model:'"
    var body: some View { Text("\(model.chores.count)") }
}

struct Dashboard: View {
    @State private var tab = 0
    var body: some View {
        VStack {
            ChoreList()
            Button("Next") { tab += 1 }
        }
    }
}

// Contrasts: every caller passes the object it keeps, or the default is the shared instance.
struct ChoreSummary: View {
    @ObservedObject var model: ChoreModel
    init(model: ChoreModel = ChoreModel()) { _model = ObservedObject(wrappedValue: model) }
    var body: some View { Text("\(model.chores.first ?? "")") }
}

struct SharedChores: View {
    @ObservedObject var model: ChoreModel
    init(model: ChoreModel = .shared) { self.model = model }
    var body: some View { Text("\(model.chores.count)") }
}

struct Home: View {
    @StateObject private var chores = ChoreModel()
    var body: some View {
        VStack {
            ChoreSummary(model: chores)
            SharedChores()
        }
    }
}
