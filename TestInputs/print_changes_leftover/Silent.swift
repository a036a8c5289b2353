import SwiftUI

// Printing from actions is ordinary code, not a body-evaluation aid.
struct Actions: View {
    var body: some View {
        Button("Tap") { print("tapped") }
            .onAppear { print("appeared") }
            .task { let _ = print("task") }
    }
}

// Wrapped in #if DEBUG: never ships.
struct DebugOnly: View {
    var body: some View {
        #if DEBUG
        let _ = Self._printChanges()
        let _ = print("body")
        #endif
        Text("ok")
    }
}

// Not a view, and `body` is not a view: a model's logging is out of scope.
final class Model {
    var body: String {
        let _ = print("computing")
        return "text"
    }

    func log() {
        let _ = print("model")
    }
}

// Mentions in comments and strings.
struct Mentions: View {
    // let _ = Self._printChanges()
    var body: some View {
        Text("let _ = Self._printChanges()")
        Text(#"let _ = print("x")"#)
    }
}

// A value kept from print is not the idiom.
struct Kept: View {
    var body: some View {
        let shown = format(1)
        Text(shown)
    }

    func format(_ n: Int) -> String { "\(n)" }
}
