import SwiftUI

// Inside nested view-builder closures of body.
struct NestedBuilder: View {
    var items: [String]
    var body: some View {
        List {
            ForEach(items, id: \.self) { item in
                let _ = debugPrint(item) // expect: print_changes_leftover
                Text(item)
            }
        }
        .overlay {
            let _ = Self._logChanges() // expect: print_changes_leftover
            EmptyView()
        }
    }
}

// A ViewModifier's body(content:).
struct Glow: ViewModifier {
    func body(content: Content) -> some View {
        let _ = Self._printChanges() // expect: print_changes_leftover
        content.shadow(radius: 4)
    }
}

// A nested view type, generic, with the attribute on its own line.
enum Screens {
    struct Detail<Item: Hashable>: View {
        let item: Item
        @ViewBuilder
        var body: some View {
            let _ = Self._printChanges() // expect: print_changes_leftover
            Text("\(String(describing: item))")
        }
    }
}

// `#if os(...)` is not `#if DEBUG`: this ships.
struct PlatformView: View {
    var body: some View {
        #if os(iOS)
        let _ = Self._printChanges() // expect: print_changes_leftover
        #endif
        Text("hi")
    }
}

// A @ViewBuilder helper of a view.
struct Helper: View {
    var body: some View { row }

    @ViewBuilder var row: some View {
        let _ = print("row") // expect: print_changes_leftover
        Text("row")
    }
}

// The else branch of `#if DEBUG` is the release branch.
struct ReleaseBranch: View {
    var body: some View {
        #if DEBUG
        Text("debug")
        #else
        let _ = Self._printChanges() // expect: print_changes_leftover
        Text("release")
        #endif
    }
}
