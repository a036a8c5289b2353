import Combine
import SwiftUI
import UIKit

// No witness, no warning: each finding here names what the project changes while the view keeps its
// identity. Tests/StatelintRulesTests/WitnessTests.swift checks the severities and notes.

struct PriceLabel: View {
    @State private var price: Int

    init(price: Int) {
        _price = State(initialValue: price) // expect: state_injected_value "read-only copy of the init parameter 'price'"
    }

    var body: some View { Text("\(price)") }
}

// Witness: the caller's @Binding.
struct Basket: View {
    @Binding var total: Int
    var body: some View { PriceLabel(price: total) }
}

// Witness: a property of an object the caller observes.
final class Shop: ObservableObject {
    @Published var featuredPrice = 0
}

struct ShopFront: View {
    @ObservedObject var shop: Shop
    var body: some View { PriceLabel(price: shop.featuredPrice) }
}

// Witness: a value computed from the caller's @State.
struct ThemeCell: View {
    @State var isSelected: Bool // expect: state_injected_value "never changed by the view"
    let name: String
    var body: some View { Text(name).bold(isSelected) }
}

struct ThemePicker: View {
    @State private var selected = "light"
    let names = ["light", "dark"]
    var body: some View {
        ForEach(names, id: \.self) { name in
            ThemeCell(isSelected: selected == name, name: name)
                .onTapGesture { selected = name }
        }
    }
}

// Witness: an element of a @State collection in rows keyed by id: a renamed element keeps its row.
struct Song: Identifiable { let id: Int; var title: String }

struct SongRow: View {
    @State private var title: String

    init(song: Song) {
        _title = State(initialValue: song.title) // expect: state_injected_value "read-only copy of the init parameter 'song'"
    }

    var body: some View { Text(title) }
}

struct Playlist: View {
    @State private var songs: [Song] = []
    var body: some View {
        List {
            ForEach(songs) { song in SongRow(song: song) }
        }
        .onAppear { songs = [Song(id: 1, title: "One")] }
    }
}

// Witness through an input: the caller passes its own input, which its parent feeds from a @State.
struct Tally: View {
    @State private var start: Int

    init(start: Int) {
        _start = State(initialValue: start) // expect: state_injected_value "read-only copy of the init parameter 'start'"
    }

    var body: some View { Text("\(start)") }
}

// (An input is followed up through views whose call sites the rule collects: views that seed state of their
// own, as this host does with its step. Following every view's inputs cost 7-16 % more instructions.)
struct TallyHost: View {
    let value: Int
    @State private var step: Int

    init(value: Int, step: Int) {
        self.value = value
        _step = State(initialValue: step)
    }

    var body: some View {
        Tally(start: value)
        Stepper("Step", value: $step)
    }
}

struct TallyScreen: View {
    @State private var value = 0
    var body: some View {
        TallyHost(value: value, step: 1)
        Button("More") { value += 1 }
    }
}

// No witness (info): the caller passes its own input, and nothing in the project builds the caller.
struct UnreadLabel: View {
    @State private var count: Int

    init(count: Int) {
        _count = State(initialValue: count) // expect: state_injected_value "read-only copy of the init parameter 'count'"
    }

    var body: some View { Text("\(count)") }
}

struct UnreadHost: View {
    let unread: Int
    var body: some View { UnreadLabel(count: unread) }
}

// Info: an edit buffer (the view binds it to a control), even with a witness.
struct NameField: View {
    @State private var draft: String

    init(name: String) {
        _draft = State(initialValue: name) // expect: state_injected_value "edit buffer seeded from the init parameter 'name'"
    }

    var body: some View { TextField("Name", text: $draft) }
}

struct NameScreen: View {
    @State private var name = ""
    var body: some View {
        NameField(name: name)
        Button("Reset") { name = "" }
    }
}

// Silent: built once. In a button action, in a class's code, in a static factory.
struct Receipt: View {
    @State private var amount: Int

    init(amount: Int) {
        _amount = State(initialValue: amount)
    }

    var body: some View { Text("\(amount)") }
}

struct Checkout: View {
    @State private var amount = 0
    @State private var shown: AnyView?
    var body: some View {
        Button("Pay") { shown = AnyView(Receipt(amount: amount)) }
        Button("More") { amount += 1 }
    }
}

final class ReceiptCoordinator {
    var amount = 0
    func start(on navigation: UINavigationController) {
        let view = Receipt(amount: amount)
        navigation.pushViewController(UIHostingController(rootView: view), animated: true)
    }
}

enum ReceiptFactory {
    static func make(amount: Int) -> UIViewController {
        UIHostingController(rootView: Receipt(amount: amount))
    }
}

// Silent: the view re-seeds its state from the input in onReceive.
struct LiveTotal: View {
    let source: CurrentValueSubject<Int, Never>
    @State private var total: Int

    init(source: CurrentValueSubject<Int, Never>) {
        self.source = source
        _total = State(initialValue: source.value)
    }

    var body: some View {
        Text("\(total)").onReceive(source) { total = $0 }
    }
}

struct LiveScreen: View {
    @State private var source = CurrentValueSubject<Int, Never>(0)
    var body: some View {
        LiveTotal(source: source)
        Button("Reset") { source = CurrentValueSubject(0) }
    }
}

// The right overload: only the init that takes 'preset' keeps it, and only its caller is named.
struct Filter: View {
    @State private var query: String

    init(query: String) {
        _query = State(initialValue: query) // expect: state_injected_value "read-only copy of the init parameter 'query'"
    }

    init(query: String, preset: Int) {
        _query = State(initialValue: "\(preset)")
    }

    var body: some View { Text(query) }
}

struct FilterScreen: View {
    @State private var text = ""
    var body: some View {
        Filter(query: text)
        Filter(query: "fixed", preset: 1)
        Button("Clear") { text = "" }
    }
}
