import Foundation
import Testing

// state_timer_never_invalidated: a view keeps a repeating `Timer.scheduledTimer` in `@State`. The run loop,
// not the property, keeps a scheduled timer: when the view (and its state) goes away, or the property is
// set again or to nil, the timer goes on firing. Only `invalidate()` stops it.
// (The view is not needed to show this: SwiftUI's state storage is a reference the timer's block writes
// to, like `ticks` here. These are the run-time facts the rule's claims rest on.)

/// Runs the current run loop until `condition` holds or two seconds pass; returns the condition.
private func runLoop(until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(2)
    while !condition() && Date() < deadline {
        RunLoop.current.run(until: Date().addingTimeInterval(0.01))
    }
    return condition()
}

@Suite("state_timer_never_invalidated: a scheduled repeating timer fires until it is invalidated")
struct StateTimerTests {
    @Test func droppedRepeatingTimerKeepsFiring() {
        let ticks = Counter()
        var kept: Timer? = Timer.scheduledTimer(withTimeInterval: 0.005, repeats: true) { _ in ticks.increment() }
        weak let scheduled = kept
        kept = nil // the view is gone, and its @State with it (or: `ticker = nil` in onDisappear)
        #expect(kept == nil)
        #expect(scheduled != nil, "the run loop released the timer when the property let go of it")
        #expect(runLoop { ticks.count >= 3 }, "the dropped timer stopped firing: \(ticks.count) ticks")
        scheduled?.invalidate()
    }

    @Test func replacingTheTimerLeavesTheOldOneFiring() {
        let first = Counter()
        let second = Counter()
        var ticker: Timer? = Timer.scheduledTimer(withTimeInterval: 0.005, repeats: true) { _ in first.increment() }
        weak let old = ticker
        ticker = Timer.scheduledTimer(withTimeInterval: 0.005, repeats: true) { _ in second.increment() } // onAppear again
        let before = first.count
        #expect(runLoop { first.count >= before + 3 && second.count >= 3 }, "the replaced timer stopped: \(first.count - before) ticks")
        old?.invalidate()
        ticker?.invalidate()
    }

    @Test func invalidatedTimerStops() {
        let ticks = Counter()
        let ticker = Timer.scheduledTimer(withTimeInterval: 0.005, repeats: true) { _ in ticks.increment() }
        #expect(runLoop { ticks.count >= 1 }, "the timer never fired")
        ticker.invalidate() // .onDisappear { ticker?.invalidate() }
        let after = ticks.count
        RunLoop.current.run(until: Date().addingTimeInterval(0.05))
        #expect(ticks.count == after, "an invalidated timer fired again")
        #expect(!ticker.isValid)
    }

    @Test func timerThatInvalidatesItselfStops() {
        let ticks = Counter()
        let ticker = Timer.scheduledTimer(withTimeInterval: 0.005, repeats: true) { timer in
            ticks.increment()
            if ticks.count == 3 { timer.invalidate() }
        }
        #expect(runLoop { !ticker.isValid }, "the timer did not stop itself")
        RunLoop.current.run(until: Date().addingTimeInterval(0.05))
        #expect(ticks.count == 3)
    }
}
