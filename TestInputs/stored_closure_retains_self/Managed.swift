import Foundation

// A cycle another method breaks (stop(), completeResponse()): it lasts until that runs, so it is reported
// at info with a note at the release. A release in deinit does not count (deinit cannot run), nor one in
// the storing method before the store (it releases the previous value).
final class Poller {
    private var timer: Timer?
    private var handler: (() -> Void)?
    private var ticks = 0

    func start() {
        timer?.invalidate()
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in // expect: stored_closure_retains_self "lives until 'stop()' releases it"
            self.ticks += 1
        }
    }

    func stop() {
        timer?.invalidate()
        timer = nil
    }

    func arm() {
        handler = nil
        handler = { self.ticks = 0 } // expect: stored_closure_retains_self "never released"
    }

    deinit {
        handler = nil
    }
}
