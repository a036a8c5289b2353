import Observation
import SwiftUI

// A preview row's model kept in a plain property and only handed to a row that keeps the first one in its
// own @State: each parent update builds a new model, and the row ignores it. Nothing the user sees is lost:
// silent.
@Observable final class SampleRowModel {
    var isExpanded = false
    init(title: String) {}
}

struct SampleRow: View {
    @State private var viewModel: SampleRowModel

    init(viewModel: SampleRowModel) {
        _viewModel = State(initialValue: viewModel)
    }

    var body: some View { Text(viewModel.isExpanded ? "more" : "less") }
}

struct AppearanceScreen: View {
    private let previewModel = SampleRowModel(title: "Preview")

    var body: some View {
        Form {
            SampleRow(viewModel: previewModel)
        }
    }
}

// Flagged: the same model handed to a row that holds it in a plain property, which takes every new one
// (its expanded state is lost on each parent update).
struct PlainSampleRow: View {
    let viewModel: SampleRowModel
    var body: some View { Text(viewModel.isExpanded ? "more" : "less") }
}

struct LayoutScreen: View {
    private let previewModel = SampleRowModel(title: "Preview") // expect: view_owned_reference "losing its state"

    var body: some View {
        Form {
            PlainSampleRow(viewModel: previewModel)
        }
    }
}

struct SettingsTabs: View {
    @State private var tab = 0
    var body: some View {
        TabView(selection: $tab) {
            AppearanceScreen().tag(0)
            LayoutScreen().tag(1)
        }
    }
}
