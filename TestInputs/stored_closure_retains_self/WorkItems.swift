import Foundation

// A cancelled DispatchWorkItem keeps its block: cancel() alone does not end the cycle.
final class SearchDebouncer {
    private var pending: DispatchWorkItem?
    var query = ""

    func schedule() {
        pending = DispatchWorkItem { self.run() } // expect: stored_closure_retains_self "'SearchDebouncer' is never released"
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.3, execute: pending!)
    }

    func stop() { pending?.cancel() }
    func run() {}
}

// Cancelled and cleared: the cycle lasts until stop() runs (info, with a note there).
final class TypeaheadDebouncer {
    private var pending: DispatchWorkItem?
    var query = ""

    func schedule() {
        pending = DispatchWorkItem { self.run() } // expect: stored_closure_retains_self "'TypeaheadDebouncer' lives until 'stop()' releases it"
    }

    func stop() {
        pending?.cancel()
        pending = nil
    }

    func run() {}
}
