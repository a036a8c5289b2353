import SwiftUI

struct ShelfItem: Identifiable {
    var id: Int
    var title: String
}

final class ShelfModel: ObservableObject {
    @Published var items: [ShelfItem] = []
    @Published var version = 0
    let account: String
    @Published var region = "eu"
    init(account: String) { self.account = account }
}

final class ShelfRowModel: ObservableObject {
    init(item: ShelfItem) {}
}

struct ShelfRow: View {
    @StateObject private var model: ShelfRowModel
    init(item: ShelfItem) { _model = StateObject(wrappedValue: ShelfRowModel(item: item)) }
    var body: some View { Text("") }
}

// The list takes a new identity whenever the model bumps its version (`.id(viewModel.version)` on a
// container around the rows, through a helper property): rows never keep stale items. Silent.
struct ShelfScreen: View {
    @StateObject private var viewModel = ShelfModel(account: "me")

    var body: some View {
        List {
            rows
        }
        .id(viewModel.version)
    }

    private var rows: some View {
        ForEach(viewModel.items) { item in
            ShelfRow(item: item)
        }
    }
}

final class AccountBadgeModel: ObservableObject {
    init(account: String) {}
}

// `viewModel.account` is a `let` of the model: it never changes. Silent.
struct AccountBadge: View {
    @StateObject private var model: AccountBadgeModel
    init(account: String) { _model = StateObject(wrappedValue: AccountBadgeModel(account: account)) }
    var body: some View { Text("") }
}

// `viewModel.region` is @Published: it changes while the badge keeps its identity. A warning.
struct RegionBadge: View {
    @StateObject private var model: AccountBadgeModel
    init(region: String) {
        _model = StateObject(wrappedValue: AccountBadgeModel(account: region)) // expect: state_injected_value "'viewModel.region' of its @StateObject 'viewModel'"
    }
    var body: some View { Text("") }
}

struct AccountHeader: View {
    @StateObject private var viewModel = ShelfModel(account: "me")
    var body: some View {
        VStack {
            AccountBadge(account: viewModel.account)
            RegionBadge(region: viewModel.region)
        }
    }
}
