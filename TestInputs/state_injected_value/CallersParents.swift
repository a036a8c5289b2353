import SwiftUI

enum CounterStyle { case compact, large }
enum Config { static let step = 2 }
enum Route: Hashable { case detail(Item) }

struct Parent: View {
    @State private var title = ""
    @State private var unread = 0
    @State private var selectedUser = 1
    @State private var total = 9.5
    @State private var editing: Item?
    @State private var path: [Route] = []
    let items: [Item]
    let note: String

    var body: some View {
        NavigationStack(path: $path) {
            VStack {
                TitleEditor(text: title)
                UnreadBadge(count: unread)
                ProfilePage(userID: selectedUser)
                PriceTag(price: total)
                StepCounter(step: 1, style: .compact)
                StepCounter(step: Config.step, style: CounterStyle.large)
                Gauge()
                NavigationLink(destination: DetailPage(item: items[0])) { Text("first") }
                ForEach(items) { item in
                    ItemRow(item: item)
                }
                KeyedCard(note: note).id(note)
                SyncedField(value: title)
                Slider2(initialPosition: total)
                WatchesOther(text: title, other: unread)
                SelfWatcher(text: title)
                List(items, id: \.id) { item in ListRowEditor(title: item.name) }
            }
            .sheet(item: $editing) { item in EditSheet(draft: item.name) }
            .navigationDestination(for: Route.self) { route in destination(for: route) }
        }
    }

    // The parent's state changes (a view that never writes its state passes constants: see
    // `FixedParentState.swift`).
    func refresh() {
        title = "Inbox"
        unread += 1
        selectedUser = 2
        total *= 2
    }

    // A router-style builder: the destination's identity is the route's.
    @ViewBuilder
    func destination(for route: Route) -> some View {
        switch route {
        case .detail(let item): DetailPage(item: item)
        }
    }
}

struct Parent_Previews: PreviewProvider {
    static var previews: some View {
        // Previews are not callers: this does not make StepCounter's seed changing.
        StepCounter(step: Int.random(in: 0...3), style: .compact)
    }
}
