import SwiftUI

/// A small screen as teams write it: the debugging aids are the leftovers statelint reports.
struct CounterScreen: View {
    @State private var count = 0
    let title: String

    var body: some View {
        let _ = Self._printChanges()
        NavigationStack {
            VStack(spacing: 12) {
                Text("\(title): \(count)")
                    .font(.largeTitle)
                Button("Increment") {
                    count += 1
                    print("count is now \(count)")
                }
            }
            .navigationTitle(title)
        }
    }
}

struct CounterRow: View {
    let value: Int

    var body: some View {
        let _ = print("CounterRow body for \(value)")
        HStack {
            Text("Value")
            Spacer()
            Text("\(value)")
        }
    }
}
