import Foundation

// A repeating timer that is never kept, whose block "invalidates" the timer property of 'self': that
// property never held this timer, so nothing stops it, and it holds the editor (through the Task it
// starts) for the rest of the run (IceCubesApp's posting progress timer shape).
final class PostEditor {
    var progress = 0.0
    var postingTimer: Timer?

    func post() {
        if postingTimer == nil {
            Timer.scheduledTimer(withTimeInterval: 0.05, repeats: true) { _ in // expect: stored_closure_retains_self "Repeating timer holds 'self' strongly and is not kept"
                Task { @MainActor in
                    self.progress += 0.5
                    if self.progress >= 100 {
                        self.postingTimer?.invalidate()
                        self.postingTimer = nil
                    }
                }
            }
        }
    }
}

// Silent: the block invalidates the timer it is given.
final class UploadMeter {
    var progress = 0.0

    func start() {
        Timer.scheduledTimer(withTimeInterval: 0.05, repeats: true) { timer in
            self.progress += 0.5
            if self.progress >= 100 { timer.invalidate() }
        }
    }
}
