import SwiftUI

struct Card: View {
    @State private var count: Int

    init(count: Int) {
        _count = State(initialValue: count)
    }

    var body: some View {
        let _ = Self._printChanges()
        Text("\(count)")
    }
}
