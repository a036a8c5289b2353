import SwiftUI

// Helpers the body calls run with it: the change-logging aids there are leftovers too.
struct HelperLeftover: View {
    var body: some View {
        VStack {
            header
            footer()
        }
    }

    var header: some View {
        let _ = Self._printChanges() // expect: print_changes_leftover "left in 'HelperLeftover.header'"
        return Text("Header")
    }

    func footer() -> some View {
        let _ = Self._logChanges() // expect: print_changes_leftover
        // A print in a helper may be ordinary code (it is not the `let _ =` idiom of a builder).
        let _ = print("footer")
        return Text("Footer")
    }

    // Not reached from body: never runs with it.
    func unused() -> some View {
        let _ = Self._printChanges()
        return Text("Unused")
    }

    // Reached only from an action: not while SwiftUI evaluates the body.
    func onTap() {
        let _ = Self._printChanges()
    }
}

struct ActionUser: View {
    var body: some View {
        Button("Tap") { log() }
    }

    func log() {
        let _ = Self._printChanges()
    }
}
