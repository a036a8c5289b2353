// Seed 000: a closure stored in @State captures the view, whose state storage holds the closure.
import SwiftUI

final class MyObject {
    init() { print("MyObject.init") }
    deinit { print("Never called") }
}

struct SecondaryView: View {
    @State var handler: (() -> Void)?
    let myObject: MyObject = .init()
    var body: some View {
        Color.clear
            .task {
                handler = { _ = myObject } // expect: state_closure_captures_view
            }
    }
}

// The seed's fix: capture only myObject.
struct FixedSecondaryView: View {
    @State var handler: (() -> Void)?
    let myObject: MyObject = .init()
    var body: some View {
        Color.clear
            .task {
                handler = { [myObject] in _ = myObject }
            }
    }
}
