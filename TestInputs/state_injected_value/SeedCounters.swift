// Seed 004: state given its value from the view's initializer.
import SwiftUI

struct Counter: View {
    @State private var value: Int

    init(value: Int = 0) {
        _value = State(initialValue: value) // expect: state_injected_value
    }

    var body: some View {
        Button("\(value)") { value += 1 }
    }
}

struct AssigningCounter: View {
    @State private var value = 0

    init(value: Int = 0) {
        self.value = value // discarded, not stale: state_write_in_init reports it
    }

    var body: some View { Text("\(value)") }
}

struct ModelCounter: View {
    @State var model: Model

    init(model: Model) {
        self.model = model // expect: state_injected_value
    }

    var body: some View {
        Button("\(model.value)") { model.value += 1 }
    }
}

struct DerivedCounter: View {
    @State var model: CounterViewModel

    init(value: Int) {
        self.model = CounterViewModel(value: value) // expect: state_injected_value
    }

    var body: some View { Text("\(model.value)") }
}

// Example 3 of the seed: a plain property is not state (view_owned_reference covers its own hazard).
struct PlainCounter: View {
    var model: CounterViewModel

    init(value: Int) {
        self.model = CounterViewModel(value: value)
    }

    var body: some View { Text("\(model.value)") }
}

@Observable final class Model { var value = 0 }
@Observable final class CounterViewModel {
    var value: Int
    init(value: Int) { self.value = value }
}
