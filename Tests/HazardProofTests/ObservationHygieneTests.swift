import Foundation
import Observation
import Testing

// docs/rules.md — `observable_ignored_candidate` and `observation_tracking_one_shot`.
//
// Both rules are about what the Observation registrar does on an assignment, which is synchronous:
// `withObservationTracking`'s `onChange` runs inside the property's `willSet`, on the assigning
// thread, before the new value is stored. So every check below reads the counter right after the
// assignment; no waiting is involved, and a "did not fire" is always paired with a control proving
// the same observer does fire for a tracked property.
//
// All observers are installed by the two proof functions of the second rule (`observeOnce` and
// `observe`): they are the only `withObservationTracking` calls in this file, so the second rule's
// findings here are exactly its marker.

// MARK: - observation_tracking_one_shot: proof functions

/// The one-shot form: `onChange` counts and does not re-register. Observation removes a tracking as
/// soon as it fires, so this observes the FIRST change of whatever `read` touched, and nothing after.
/// `read` runs once, synchronously, inside the tracking scope; `onChange` captures only `counter`.
private func observeOnce<Model>(model: Model, counter: Counter, reading read: (Model) -> Void) {
    withObservationTracking { // expect: observation_tracking_one_shot
        read(model)
    } onChange: {
        counter.increment()
    }
}

/// Tracked state for the re-registering form. `@unchecked Sendable` because the `@Sendable` `onChange`
/// must capture it to re-register: sound here, as the registrar synchronises itself and the tests
/// touch `value` from one thread at a time (the assigning thread, which is also where `onChange` runs).
@Observable private final class Ticker: @unchecked Sendable {
    var value = 0
}

/// The re-registering form: `onChange` calls this function again, synchronously.
///
/// Why synchronously rather than after a `Task { @MainActor in … }` / `DispatchQueue.main.async` hop:
/// `onChange` runs in `willSet`, so the re-registration's read sees the OLD value (harmless: the
/// read only has to touch the property to re-track it). The registrar has already collected the
/// observers to notify for this assignment and released its lock before calling them, so the new
/// tracking is not fired by the assignment in progress and cannot deadlock; it is live before the
/// assignment returns. A hop would leave a window in which an assignment goes unobserved, so the
/// test would need to wait for re-registration between assignments; the synchronous form needs none.
private func observe(model: Ticker, counter: Counter) {
    withObservationTracking {
        _ = model.value
    } onChange: {
        counter.increment()
        observe(model: model, counter: counter)
    }
}

/// The stream form: `onChange` yields into an `AsyncStream`, and the loop that consumes it (`consume`)
/// registers again for each change, before it counts it. The rule sees the loop and stays silent.
private func trackIntoStream(model: Ticker, continuation: AsyncStream<Void>.Continuation) {
    withObservationTracking {
        _ = model.value
    } onChange: {
        continuation.yield()
    }
}

/// Counts the changes `trackIntoStream` yields; with `reRegister`, tracks again first (the form the rule
/// spares); without it, nothing registers again after the first change.
private func consume(_ changes: AsyncStream<Void>, model: Ticker, continuation: AsyncStream<Void>.Continuation, counter: Counter,
                     reRegister: Bool) async {
    for await _ in changes {
        if reRegister { trackIntoStream(model: model, continuation: continuation) }
        counter.increment()
    }
}

// MARK: - observable_ignored_candidate: models

/// A `Task` handle left tracked.
@Observable private final class TrackedTaskModel {
    var count = 0
    var task: Task<Void, Never>? // expect: observable_ignored_candidate
}

/// A `Timer` left tracked. (Never scheduled: only its assignment matters. On Linux a block timer is
/// never freed — see `blockTimersNeverFree` in StoredClosureRetainsSelfTests.swift — harmless here,
/// its block captures nothing.)
@Observable private final class TrackedTimerModel {
    var count = 0
    var timer: Timer? // expect: observable_ignored_candidate
}

/// The fix: the same `Task` handle, `@ObservationIgnored`.
@Observable private final class IgnoredTaskModel {
    var count = 0
    @ObservationIgnored var task: Task<Void, Never>?
}

/// A timer that is never scheduled and whose block does nothing.
private func idleTimer() -> Timer {
    Timer(timeInterval: 60, repeats: false) { _ in }
}

// MARK: - observable_ignored_candidate: tests

@Suite("observable_ignored_candidate: assigning a handle notifies observers unless ignored")
struct ObservableIgnoredCandidateTests {
    @Test func assigningATrackedTaskHandleNotifies() async {
        let model = TrackedTaskModel()

        let started = Counter()
        observeOnce(model: model, counter: started) { _ = $0.task }
        let task = Task {}
        model.task = task
        #expect(started.count == 1, "storing a Task in a tracked property did not notify")

        // Clearing it is an assignment too: every write, not just the first, goes to observers.
        let cleared = Counter()
        observeOnce(model: model, counter: cleared) { _ = $0.task }
        model.task = nil
        #expect(cleared.count == 1, "clearing a tracked Task property did not notify")
        await task.value
    }

    @Test func assigningATrackedTimerNotifies() {
        let model = TrackedTimerModel()

        let started = Counter()
        observeOnce(model: model, counter: started) { _ = $0.timer }
        model.timer = idleTimer()
        #expect(started.count == 1, "storing a Timer in a tracked property did not notify")

        let cleared = Counter()
        observeOnce(model: model, counter: cleared) { _ = $0.timer }
        model.timer = nil
        #expect(cleared.count == 1, "clearing a tracked Timer property did not notify")
    }

    @Test func assigningAnIgnoredTaskHandleDoesNotNotify() async {
        let model = IgnoredTaskModel()

        // The observer reads the ignored handle AND a tracked property, so it is provably live.
        let fired = Counter()
        observeOnce(model: model, counter: fired) {
            _ = $0.task
            _ = $0.count
        }
        let task = Task {}
        model.task = task
        #expect(fired.count == 0, "storing a Task in an @ObservationIgnored property notified")
        model.task = nil
        #expect(fired.count == 0, "clearing an @ObservationIgnored property notified")

        // Control: the same observer fires for the tracked property, so the silence above is the
        // attribute's doing, not a broken harness.
        model.count = 1
        #expect(fired.count == 1, "the observer was not live: the control assignment did not notify")
        await task.value
    }
}

// MARK: - observation_tracking_one_shot: tests

@Suite("observation_tracking_one_shot: onChange observes one change unless it re-registers")
struct ObservationTrackingOneShotTests {
    @Test func oneShotTrackingSeesOnlyTheFirstOfThreeChanges() {
        let model = Ticker()
        let changes = Counter()
        observeOnce(model: model, counter: changes) { _ = $0.value }
        model.value = 1
        model.value = 2
        model.value = 3
        #expect(changes.count == 1, "a one-shot onChange ran \(changes.count) times for 3 changes")
    }

    @Test func aStreamWhoseLoopRegistersAgainSeesEveryChange() async {
        let model = Ticker()
        let seen = Counter()
        let (changes, continuation) = AsyncStream<Void>.makeStream()
        trackIntoStream(model: model, continuation: continuation)
        let loop = Task { await consume(changes, model: model, continuation: continuation, counter: seen, reRegister: true) }
        for i in 1...3 {
            model.value = i
            // The loop registers again before it counts: once it has counted, the next change is observed.
            let counted = await waitUntil(timeout: .seconds(30)) { seen.count >= i }
            #expect(counted, "change \(i) never reached the loop")
        }
        continuation.finish()
        await loop.value
        #expect(seen.count == 3, "the stream's loop saw \(seen.count) of 3 changes")
    }

    @Test func aStreamWhoseLoopDoesNotRegisterAgainSeesOnlyTheFirstChange() async {
        let model = Ticker()
        let seen = Counter()
        let (changes, continuation) = AsyncStream<Void>.makeStream()
        trackIntoStream(model: model, continuation: continuation)
        let loop = Task { await consume(changes, model: model, continuation: continuation, counter: seen, reRegister: false) }
        model.value = 1
        #expect(await waitUntil(timeout: .seconds(30)) { seen.count >= 1 }, "the first change never reached the loop")
        model.value = 2
        model.value = 3
        // Everything yielded is consumed before the loop ends.
        continuation.finish()
        await loop.value
        #expect(seen.count == 1, "a loop that does not register again saw \(seen.count) changes")
    }

    @Test func reRegisteringTrackingSeesEveryOneOfThreeChanges() {
        let model = Ticker()
        let changes = Counter()
        observe(model: model, counter: changes)
        model.value = 1
        model.value = 2
        model.value = 3
        #expect(changes.count == 3, "a re-registering onChange ran \(changes.count) times for 3 changes")
    }
}
