import SwiftUI

// No initial value: the first write initializes the storage (a seed, state_injected_value's question).
struct Seeded: View {
    @State private var count: Int

    init(count: Int) {
        self.count = count
    }

    var body: some View { Text("\(count)") }
}

// Writing the storage itself.
struct Storage: View {
    @State private var count = 0

    init(count: Int) {
        _count = State(initialValue: count)
        self._count = State(initialValue: count + 1)
    }

    var body: some View { Text("\(count)") }
}

// Writes that run later (an action, a task) go through an installed state.
struct Later: View {
    @State private var count = 0

    init() {}

    var body: some View {
        Button("+") { count += 1; self.count = 2 }
            .task { count = 3 }
    }
}

// Not @State: a plain property, @Binding, @StateObject (no setter), a static.
struct Others: View {
    var title = ""
    @Binding var isOn: Bool
    @StateObject private var model = Model()
    @State static var shared = 0

    init(title: String, isOn: Binding<Bool>) {
        self.title = title
        _isOn = isOn
        Others.shared = 1
    }

    var body: some View { Text(title) }
}

// A local that shadows the property.
struct Shadowing: View {
    @State private var value = 0

    init(start: Int) {
        var value = start
        value += 1
        _ = value
    }

    var body: some View { Text("\(value)") }
}

// A class is not a view's state.
final class NotAView {
    @State private var value = 0
    init(value: Int) { self.value = value }
}

// After `self.init(…)`, Swift re-initializes the wrapper: a write there is a seed (proved at run time in
// Tests/HazardProofTests/StateWriteInInitTests.swift), even with an initial value.
struct Delegating: View {
    @State private var count = 0

    init() {}

    init(count: Int) {
        self.init()
        self.count = count
    }

    var body: some View { Text("\(count)") }
}

// The property written to itself (no parameter or local of its name): a no-op, no value passed in is
// dropped.
struct SelfAssigning: View {
    @State private var count = 0
    @State private var title = "A"
    init() {
        self.count = count
        title = self.title
    }
    var body: some View { Text("\(count) \(title)") }
}
