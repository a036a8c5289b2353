// Seed 004: the two ways people find out why a body runs, left in the code.
import SwiftUI

struct PeachView: View {
    @State private var count = 0

    var body: some View {
        let _ = print("Executing PeachView body") // expect: print_changes_leftover
        let _ = Self._printChanges() // expect: print_changes_leftover
        VStack {
            Text("Peaches: \(count)")
            Button("More") { count += 1 }
        }
    }
}
