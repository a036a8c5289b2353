import Combine
import SwiftUI

// A store that is an ObservableObject and is also observed through a registrar (TCA's `Store`:
// `extension Store: ObservableObject {}` and `extension Store: Perceptible {}`): SwiftUI tracks what a view
// reads of it, so keeping it in @State still updates the view. Not the "not observed at all" warning (only
// the advice that the view does not own it); a store that is only an ObservableObject still is
// (FixedParentState.swift).
protocol Perceptible: AnyObject {}

final class TrackedStore<S> {
    private(set) var state: S
    init(initialState: S) { state = initialState }
}

extension TrackedStore: ObservableObject {}
extension TrackedStore: Perceptible {}

struct TrackedStoreModifier<S>: ViewModifier {
    @State var store: TrackedStore<S> // expect: state_injected_value "keeps the first 'TrackedStore' object passed in: a later instance is ignored"
    func body(content: Content) -> some View { content }
}

struct TrackedStoreScreen: View {
    @State private var count = 0
    var body: some View {
        Text("tracked")
            .modifier(TrackedStoreModifier(store: TrackedStore(initialState: count)))
            .onAppear { count += 1 }
    }
}

// The macro spelling of the same (Perception's `@Perceptible`).
@Perceptible
final class PerceptibleCounter: ObservableObject {
    var value = 0
}

struct CounterHost: View {
    @State var counter: PerceptibleCounter // expect: state_injected_value "keeps the first 'PerceptibleCounter' object passed in"
    var body: some View { Text("\(counter.value)") }
}

struct CounterHostParent: View {
    @State private var seed = PerceptibleCounter()
    var body: some View {
        CounterHost(counter: seed)
            .onAppear { seed = PerceptibleCounter() }
    }
}
