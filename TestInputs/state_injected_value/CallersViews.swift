import SwiftUI

// Views whose seeds are judged by their call sites (CallersParents.swift).

// Flagged: a caller passes a value that changes while the row keeps its identity.
struct TitleEditor: View {
    @State private var text: String

    init(text: String) {
        _text = State(initialValue: text) // expect: state_injected_value "edit buffer seeded from the init parameter 'text'"
    }

    var body: some View { TextField("Title", text: $text) }
}

// Flagged (memberwise): the parent passes its live count.
struct UnreadBadge: View {
    @State var count: Int // expect: state_injected_value "memberwise"
    var body: some View { Text("\(count)") }
}

// Flagged: a view model built once from a value the caller changes.
struct ProfilePage: View {
    @State private var model: ProfileModel

    init(userID: Int) {
        _model = State(initialValue: ProfileModel(userID: userID)) // expect: state_injected_value "is built from the init parameter 'userID' once"
    }

    var body: some View { Text(model.name) }
}

// Flagged: a read-only copy (the view never changes it).
struct PriceTag: View {
    @State private var price: Double

    init(price: Double) {
        _price = State(initialValue: price) // expect: state_injected_value "read-only copy of the init parameter 'price'"
    }

    var body: some View { Text("\(price)") }
}

// Flagged: a public view no linted file constructs (a library's) keeps today's behaviour.
public struct LibraryStepper: View {
    @State private var value: Int

    public init(value: Int) {
        _value = State(initialValue: value) // expect: state_injected_value
    }

    public var body: some View { Button("\(value)") { value += 1 } }
}

// Silent: every caller passes a literal or a constant.
struct StepCounter: View {
    @State private var step: Int
    @State private var style: CounterStyle

    init(step: Int, style: CounterStyle) {
        _step = State(initialValue: step)
        _style = State(initialValue: style)
    }

    var body: some View { Button("\(step)") { step += 1 } }
}

// Silent: no caller passes the argument (a default-only parameter).
struct Gauge: View {
    @State private var level: Int

    init(level: Int = 0) {
        _level = State(initialValue: level)
    }

    var body: some View { Button("\(level)") { level += 1 } }
}

// Silent: every caller gives the view a fresh identity per value.
struct EditSheet: View {
    @State private var draft: String

    init(draft: String) {
        _draft = State(initialValue: draft)
    }

    var body: some View { TextField("Draft", text: $draft) }
}

struct DetailPage: View {
    @State private var model: DetailModel

    init(item: Item) {
        _model = State(initialValue: DetailModel(item: item))
    }

    var body: some View { Text(model.title) }
}

struct ItemRow: View {
    @State private var isExpanded: Bool

    init(item: Item) {
        _isExpanded = State(initialValue: item.startsExpanded) // expect: state_injected_value "edit buffer"
    }

    var body: some View { Toggle(item: "x", isOn: $isExpanded) }
}

struct KeyedCard: View {
    @State private var note: String

    init(note: String) {
        _note = State(initialValue: note)
    }

    var body: some View { TextField("Note", text: $note) }
}

// Silent: the view follows the input itself.
struct SyncedField: View {
    let value: String
    @State private var text: String

    init(value: String) {
        self.value = value
        _text = State(initialValue: value)
    }

    var body: some View {
        TextField("Value", text: $text)
            .onChange(of: value) { _, newValue in text = newValue }
    }
}

// Silent: the name says it is a seed.
struct Slider2: View {
    @State private var position: Double

    init(initialPosition: Double) {
        _position = State(initialValue: initialPosition)
    }

    var body: some View { Button("\(position)") { position += 1 } }
}

// Flagged: an onChange that watches something else does not follow the input.
struct WatchesOther: View {
    let other: Int
    @State private var text: String

    init(text: String, other: Int) {
        self.other = other
        _text = State(initialValue: text) // expect: state_injected_value
    }

    var body: some View {
        TextField("Text", text: $text)
            .onChange(of: other) { text = "" }
    }
}

// Flagged: the onChange watches the state itself (the input is not kept), so it does not follow the
// parent's value.
struct SelfWatcher: View {
    @State private var text: String

    init(text: String) {
        _text = State(initialValue: text) // expect: state_injected_value
    }

    var body: some View {
        TextField("Text", text: $text)
            .onChange(of: text) { text = text.trimmingCharacters(in: .whitespaces) }
    }
}

// Info: a row of a List keyed by id keeps its state when the element's other fields change; the view edits
// its copy (an edit buffer), and nothing in the project shows the list changing.
struct ListRowEditor: View {
    @State private var title: String

    init(title: String) {
        _title = State(initialValue: title) // expect: state_injected_value "edit buffer"
    }

    var body: some View { TextField("Title", text: $title) }
}
