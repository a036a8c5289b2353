import SwiftUI

// Seed 000's shape: a presented view that holds its model in a plain stored property.
struct SheetView: View {
    @Environment(\.dismiss) var dismiss
    private let viewModel: SheetViewModel = .init() // expect: view_owned_reference@45 "iOS 17.0–17.1 never free"
    var body: some View {
        Button(viewModel.title) { dismiss() }
    }
}

struct ProfileView: View {
    let store = ProfileStore() // expect: view_owned_reference "an ObservableObject with @Published state"
    var body: some View { Text(store.name) }
}

struct UploadsView: View {
    var queue = UploadQueue() // expect: view_owned_reference "with mutable state ('var pending')"
    var body: some View { Text("\(queue.pending.count)") }
}

// Conformance added by an extension in another file.
struct ThemeView: View {
    let theme = ThemeSettings() // expect: view_owned_reference "an ObservableObject with @Published state"
    var body: some View { Text(theme.accent) }
}

// Only `let`s, one of which is a stateful object.
struct CoordinatedView: View {
    private let coordinator = Coordinator() // expect: view_owned_reference "holds a stateful 'UploadQueue'"
    var body: some View { Text("\(coordinator.queue.pending.count)") }
}

// Built in init from the view's input.
struct EditView: View {
    let model: SheetViewModel
    init(title: String) {
        let model = SheetViewModel.init()
        model.title = title
        self.model = SheetViewModel() // expect: view_owned_reference "in its init"
    }
    var body: some View { Text(model.title) }
}

// An actor with state, whose two methods count on one instance (what one stores, the other reads).
struct CacheView: View {
    let cache = DownloadCache() // expect: view_owned_reference "an actor with mutable state"
    var body: some View {
        Text("cache")
            .task {
                await cache.store("a", Data())
                _ = await cache.data("a")
            }
    }
}

// A nested model type and a generic view.
struct NestedView<Item>: View {
    @Observable final class Local { var items: [Item] = [] }
    let local = Local() // expect: view_owned_reference
    var body: some View { Text("\(local.items.count)") }
}

// Inside `#if`.
struct PlatformView: View {
    #if os(iOS)
    let store = ProfileStore() // expect: view_owned_reference
    #else
    let store = ProfileStore.shared
    #endif
    var body: some View { Text(store.name) }
}

extension ProfileStore {
    static let shared = ProfileStore()
}

// Presented through a helper member, from another file (Presenters.swift).
struct HelperPresentedView: View {
    let model = SheetViewModel() // expect: view_owned_reference "presented with 'fullScreenCover'"
    var body: some View { Text(model.title) }
}

// A generic model is a model.
final class Paginator<Item> {
    var items: [Item] = []
}
struct PagedView: View {
    let paginator = Paginator<Int>() // expect: view_owned_reference "builds 'Paginator'"
    var body: some View { Text("\(paginator.items.count)") }
}
