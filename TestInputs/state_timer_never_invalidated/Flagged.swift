import SwiftUI

// A repeating Timer kept in @State that nothing in the view invalidates: it fires after the view is gone.

struct WorkoutClock: View {
    @State private var elapsed = 0
    @State private var ticker: Timer?

    var body: some View {
        Text("\(elapsed) s")
            .onAppear {
                ticker = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in elapsed += 1 } // expect: state_timer_never_invalidated "'@State var ticker' in 'WorkoutClock' holds a repeating Timer nothing invalidates"
            }
            .onDisappear {
                ticker = nil // does not stop it: the run loop keeps a scheduled timer
            }
    }
}

// Scheduled in the initial value: each new view value schedules another timer.
struct RefreshBadge: View {
    @State private var refresh = Timer.scheduledTimer(withTimeInterval: 30, repeats: true) { _ in print("refresh") } // expect: state_timer_never_invalidated "schedules a repeating Timer in its initial value"

    var body: some View { Image(systemName: "arrow.clockwise") }
}

// Two places schedule into one property: one finding, with a note for the second.
struct PollingList: View {
    @State private var poller: Timer?
    @State private var rows: [String] = []

    var body: some View {
        List(rows, id: \.self) { Text($0) }
            .onAppear { startPolling() }
            .refreshable { startPolling() }
    }

    private func startPolling() {
        self.poller = Timer.scheduledTimer(withTimeInterval: 5, repeats: true) { _ in rows.append("row") } // expect: state_timer_never_invalidated
    }
}

extension PollingList {
    func restart() {
        poller = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in }
    }
}
