import SwiftUI

// Seed 004: a default, then a plain write in init: SwiftUI drops the value passed in.
struct AssigningCounter: View {
    @State private var value = 0

    init(value: Int = 0) {
        self.value = value // expect: state_write_in_init@9 "'self.value = value' in 'AssigningCounter.init' is discarded"
    }

    var body: some View { Text("\(value)") }
}

// Without `self.`, with a computed right-hand side.
struct Draft: View {
    @State private var text = ""
    @State private var isDirty = false

    init(title: String) {
        text = title.uppercased() // expect: state_write_in_init
        isDirty = false // expect: state_write_in_init "writes the initial value of '@State var isDirty' again"
    }

    var body: some View { TextField("Title", text: $text) }
}

// The same spelling with a local of that name: the local's value is dropped.
struct LocalShadowing: View {
    @State private var count = 0
    init(start: Int) {
        let count = start * 2
        self.count = count // expect: state_write_in_init "'self.count = count' in 'LocalShadowing.init' is discarded"
    }
    var body: some View { Text("\(count)") }
}

// The screen that builds them: each view is reached, so each dropped value is an error.
struct CountersScreen: View {
    var body: some View {
        VStack {
            AssigningCounter(value: 3)
            Draft(title: "Notes")
            LocalShadowing(start: 2)
        }
    }
}
