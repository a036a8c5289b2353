import Observation
import Testing

// HAZARDS.md §3 / seed 002 — `task_retains_self`.
//
// Each model starts `task = Task { ... }` in `init` and cancels it in `deinit` (the seed's shape:
// `@MainActor @Observable`, task `@ObservationIgnored`). The stream never finishes on its own: the
// test keeps the continuation. Protocol for every looping case:
//   1. yield one value and wait (≤ 2 s) until the loop body has provably run;
//   2. drop the test's only reference to the model;
//   3. leak cases: wait a bounded 200 ms and assert `deinit` did NOT run (a slow machine can only
//      delay a deinit, so it cannot turn this pass into a fail);
//      release cases: wait up to 2 s and assert `deinit` DID run;
//   4. leak cases also finish the stream and assert `deinit` then runs (≤ 2 s): this proves the
//      leak is exactly the task's strong capture living as long as the stream, and cleans up.

/// What the models report to the test. Shared with `deinit`, so thread-safe.
final class TaskProbe: Sendable {
    let received = Counter()
    let deinits = Counter()
}

private let leakWindow: Duration = .milliseconds(200)
private let generousTimeout: Duration = .seconds(2)

// MARK: - Models

/// Implicit self: `count = v` captures `self` strongly (allowed in `Task` closures).
@MainActor @Observable private final class ImplicitSelfLoopModel {
    var count = 0
    @ObservationIgnored private var task: Task<Void, Never>?
    private let probe: TaskProbe

    init(stream: AsyncStream<Int>, probe: TaskProbe) {
        self.probe = probe
        task = Task { // expect: task_retains_self
            for await v in stream {
                count = v
                probe.received.increment()  // `probe` is the init parameter, not `self.probe`
            }
        }
    }

    deinit {
        task?.cancel()
        probe.deinits.increment()
    }
}

/// Explicit `self.count = v`: same strong capture.
@MainActor @Observable private final class ExplicitSelfLoopModel {
    var count = 0
    @ObservationIgnored private var task: Task<Void, Never>?
    private let probe: TaskProbe

    init(stream: AsyncStream<Int>, probe: TaskProbe) {
        self.probe = probe
        task = Task { // expect: task_retains_self
            for await v in stream {
                self.count = v
                probe.received.increment()
            }
        }
    }

    deinit {
        task?.cancel()
        probe.deinits.increment()
    }
}

/// `[weak self]` but `guard let self` BEFORE the loop: strong for the loop's whole lifetime.
@MainActor @Observable private final class GuardBeforeLoopModel {
    var count = 0
    @ObservationIgnored private var task: Task<Void, Never>?
    private let probe: TaskProbe

    init(stream: AsyncStream<Int>, probe: TaskProbe) {
        self.probe = probe
        task = Task { [weak self] in // expect: task_retains_self
            guard let self else { return }
            for await v in stream {
                self.count = v
                probe.received.increment()
            }
        }
    }

    deinit {
        task?.cancel()
        probe.deinits.increment()
    }
}

/// `[weak self]` and `self?.count = v` inside the loop: the seed's fix.
@MainActor @Observable private final class WeakOptionalChainLoopModel {
    var count = 0
    @ObservationIgnored private var task: Task<Void, Never>?
    private let probe: TaskProbe

    init(stream: AsyncStream<Int>, probe: TaskProbe) {
        self.probe = probe
        task = Task { [weak self] in
            for await v in stream {
                self?.count = v
                probe.received.increment()
            }
        }
    }

    deinit {
        task?.cancel()
        probe.deinits.increment()
    }
}

/// `[weak self]` with `guard let self` INSIDE the loop body: re-bound per iteration, so the
/// strong reference ends with each iteration and is not held across the `await` of `next()`.
@MainActor @Observable private final class GuardInsideLoopModel {
    var count = 0
    @ObservationIgnored private var task: Task<Void, Never>?
    private let probe: TaskProbe

    init(stream: AsyncStream<Int>, probe: TaskProbe) {
        self.probe = probe
        task = Task { [weak self] in
            for await v in stream {
                guard let self else { return }
                self.count = v
                probe.received.increment()
            }
        }
    }

    deinit {
        task?.cancel()
        probe.deinits.increment()
    }
}

/// No loop: one `await`, then an implicit-self assignment, then the body finishes.
@MainActor @Observable private final class OneShotModel {
    var count = 0
    @ObservationIgnored private var task: Task<Void, Never>?
    private let probe: TaskProbe

    init(stream: AsyncStream<Int>, probe: TaskProbe) {
        self.probe = probe
        task = Task {
            var iterator = stream.makeAsyncIterator()
            let v = await iterator.next()
            count = v ?? -1
            probe.received.increment()
        }
    }

    deinit {
        task?.cancel()
        probe.deinits.increment()
    }
}

/// The task is built by a method and stored by its caller (`task = makeLoop(…)`): the same strong
/// capture, one call away.
@MainActor @Observable private final class ReturnedTaskModel {
    var count = 0
    @ObservationIgnored private var task: Task<Void, Never>?
    private let probe: TaskProbe

    init(stream: AsyncStream<Int>, probe: TaskProbe) {
        self.probe = probe
        task = makeLoop(stream)
    }

    private func makeLoop(_ stream: AsyncStream<Int>) -> Task<Void, Never> {
        let probe = probe
        return Task { // expect: task_retains_self
            for await v in stream {
                count = v
                probe.received.increment()
            }
        }
    }

    deinit {
        task?.cancel()
        probe.deinits.increment()
    }
}

/// `for await` over a task group's results: the loop ends when the child tasks do, so the task lets go of
/// `self` by itself. Spared by the rule.
@MainActor @Observable private final class TaskGroupLoopModel {
    var total = 0
    @ObservationIgnored private var task: Task<Void, Never>?
    private let probe: TaskProbe

    init(ids: [Int], probe: TaskProbe) {
        self.probe = probe
        task = Task {
            await withTaskGroup(of: Int.self) { group in
                for id in ids { group.addTask { id * 2 } }
                for await value in group {
                    total += value
                    probe.received.increment()
                }
            }
        }
    }

    deinit {
        task?.cancel()
        probe.deinits.increment()
    }
}

/// The loop one call down: `[weak self]`, but `await self?.observe()` holds `self` strongly for the whole
/// call, and `observe()` loops for as long as the stream runs.
@MainActor @Observable private final class CallDownLoopModel {
    var count = 0
    @ObservationIgnored private var task: Task<Void, Never>?
    @ObservationIgnored private let stream: AsyncStream<Int>
    private let probe: TaskProbe

    init(stream: AsyncStream<Int>, probe: TaskProbe) {
        self.stream = stream
        self.probe = probe
        task = Task { [weak self] in await self?.observe() } // expect: task_retains_self
    }

    private func observe() async {
        for await v in stream {
            count = v
            probe.received.increment()
        }
    }

    deinit {
        task?.cancel()
        probe.deinits.increment()
    }
}

/// A task nobody keeps, looping over the model's own stream: the stream ends only when the model goes.
@MainActor @Observable private final class OwnStreamUnkeptModel {
    var count = 0
    @ObservationIgnored let pair = AsyncStream<Int>.makeStream()
    private let probe: TaskProbe

    init(probe: TaskProbe) {
        self.probe = probe
        Task { // expect: task_retains_self
            for await v in pair.stream {
                count = v
                probe.received.increment()
            }
        }
    }

    deinit { probe.deinits.increment() }
}

/// The same loop with `[weak self]` and the stream captured by value: the model can go, its continuation
/// with it, and the stream then ends.
@MainActor @Observable private final class OwnStreamWeakModel {
    var count = 0
    @ObservationIgnored let pair = AsyncStream<Int>.makeStream()
    private let probe: TaskProbe

    init(probe: TaskProbe) {
        self.probe = probe
        Task { [weak self, stream = pair.stream] in
            for await v in stream {
                self?.count = v
                probe.received.increment()
            }
        }
    }

    deinit { probe.deinits.increment() }
}

// MARK: - Tests

@MainActor
@Suite("task_retains_self: stored Task capturing self")
struct TaskRetainsSelfTests {
    /// Steps 1–3 for a looping model. Returns whether `deinit` ran after the reference was dropped
    /// (within `leakWindow` when a leak is expected, within `generousTimeout` otherwise).
    private func deinitRunsAfterRelease<M: AnyObject>(
        expectingLeak: Bool,
        make: (AsyncStream<Int>, TaskProbe) -> M,
        count: (M) -> Int
    ) async throws -> (deinitRan: Bool, continuation: AsyncStream<Int>.Continuation, probe: TaskProbe) {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let probe = TaskProbe()
        var model: M? = make(stream, probe)

        continuation.yield(42)
        let started = await waitUntil(timeout: generousTimeout) { probe.received.count >= 1 }
        try #require(started, "the task never ran the loop body")
        #expect(count(try #require(model)) == 42)
        #expect(probe.deinits.count == 0)

        model = nil
        _ = model
        let ran = await waitUntil(timeout: expectingLeak ? leakWindow : generousTimeout) {
            probe.deinits.isSet
        }
        return (ran, continuation, probe)
    }

    /// Step 4 for leak cases: ending the stream ends the task, which must then release the model.
    private func finishingStreamReleases(
        _ continuation: AsyncStream<Int>.Continuation,
        _ probe: TaskProbe
    ) async -> Bool {
        continuation.finish()
        return await waitUntil(timeout: generousTimeout) { probe.deinits.isSet }
    }

    @Test func implicitSelfInLoopLeaks() async throws {
        let r = try await deinitRunsAfterRelease(
            expectingLeak: true,
            make: { ImplicitSelfLoopModel(stream: $0, probe: $1) },
            count: { $0.count })
        #expect(!r.deinitRan, "deinit ran: implicit self in a for-await loop did not leak")
        #expect(await finishingStreamReleases(r.continuation, r.probe))
    }

    @Test func explicitSelfInLoopLeaks() async throws {
        let r = try await deinitRunsAfterRelease(
            expectingLeak: true,
            make: { ExplicitSelfLoopModel(stream: $0, probe: $1) },
            count: { $0.count })
        #expect(!r.deinitRan, "deinit ran: explicit self in a for-await loop did not leak")
        #expect(await finishingStreamReleases(r.continuation, r.probe))
    }

    @Test func taskReturnedByAMethodAndStoredLeaks() async throws {
        let r = try await deinitRunsAfterRelease(
            expectingLeak: true,
            make: { ReturnedTaskModel(stream: $0, probe: $1) },
            count: { $0.count })
        #expect(!r.deinitRan, "deinit ran: a task returned by a method and stored did not leak")
        #expect(await finishingStreamReleases(r.continuation, r.probe))
    }

    @Test func weakSelfGuardBeforeLoopLeaks() async throws {
        let r = try await deinitRunsAfterRelease(
            expectingLeak: true,
            make: { GuardBeforeLoopModel(stream: $0, probe: $1) },
            count: { $0.count })
        #expect(!r.deinitRan, "deinit ran: guard let self before the loop did not leak")
        #expect(await finishingStreamReleases(r.continuation, r.probe))
    }

    @Test func weakSelfCallingALoopingMethodLeaks() async throws {
        let r = try await deinitRunsAfterRelease(
            expectingLeak: true,
            make: { CallDownLoopModel(stream: $0, probe: $1) },
            count: { $0.count })
        #expect(!r.deinitRan, "deinit ran: await self?.observe() with a looping observe() did not leak")
        #expect(await finishingStreamReleases(r.continuation, r.probe))
    }

    /// Runs an unkept-loop model: one value through its own stream, then the test's reference dropped.
    private func ownStreamDeinitRuns(expectingLeak: Bool, _ make: (TaskProbe) -> (AnyObject, AsyncStream<Int>.Continuation, () -> Int))
        async throws -> (deinitRan: Bool, continuation: AsyncStream<Int>.Continuation, probe: TaskProbe) {
        let probe = TaskProbe()
        var made: (AnyObject, AsyncStream<Int>.Continuation, () -> Int)? = make(probe)
        let continuation = try #require(made).1
        continuation.yield(5)
        let started = await waitUntil(timeout: generousTimeout) { probe.received.count >= 1 }
        try #require(started, "the task never ran the loop body")
        #expect(try #require(made).2() == 5)
        made = nil
        _ = made
        let ran = await waitUntil(timeout: expectingLeak ? leakWindow : generousTimeout) { probe.deinits.isSet }
        return (ran, continuation, probe)
    }

    @Test func unkeptTaskLoopingOverItsOwnStreamLeaks() async throws {
        let r = try await ownStreamDeinitRuns(expectingLeak: true) { probe in
            let model = OwnStreamUnkeptModel(probe: probe)
            return (model, model.pair.continuation, { model.count })
        }
        #expect(!r.deinitRan, "deinit ran: an unkept task looping over the model's own stream did not leak")
        // Only finishing the stream from outside (nothing in the app can: nobody keeps the task) ends it.
        #expect(await finishingStreamReleases(r.continuation, r.probe))
    }

    @Test func unkeptTaskWithWeakSelfOverItsOwnStreamIsReleased() async throws {
        let r = try await ownStreamDeinitRuns(expectingLeak: false) { probe in
            let model = OwnStreamWeakModel(probe: probe)
            return (model, model.pair.continuation, { model.count })
        }
        #expect(r.deinitRan, "deinit did not run within 2 s with [weak self] and the stream captured by value")
        r.continuation.finish()
    }

    @Test func weakSelfOptionalChainInLoopIsReleased() async throws {
        let r = try await deinitRunsAfterRelease(
            expectingLeak: false,
            make: { WeakOptionalChainLoopModel(stream: $0, probe: $1) },
            count: { $0.count })
        #expect(r.deinitRan, "deinit did not run within 2 s with [weak self] + self?.")
        r.continuation.finish()
    }

    @Test func weakSelfGuardInsideLoopIsReleased() async throws {
        let r = try await deinitRunsAfterRelease(
            expectingLeak: false,
            make: { GuardInsideLoopModel(stream: $0, probe: $1) },
            count: { $0.count })
        #expect(r.deinitRan, "deinit did not run within 2 s with guard let self inside the loop")
        r.continuation.finish()
    }

    @Test func taskGroupLoopIsReleasedOnceTheGroupEnds() async throws {
        let probe = TaskProbe()
        var model: TaskGroupLoopModel? = TaskGroupLoopModel(ids: [1, 2, 3], probe: probe)
        let done = await waitUntil(timeout: generousTimeout) { probe.received.count >= 3 }
        try #require(done, "the group's results never arrived")
        #expect(model?.total == 12)
        model = nil
        _ = model
        let released = await waitUntil(timeout: generousTimeout) { probe.deinits.isSet }
        #expect(released, "deinit did not run: a for-await over a task group held self after the group ended")
    }

    @Test func storedTaskWithoutLoopIsReleasedOnceItFinishes() async throws {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let probe = TaskProbe()
        var model: OneShotModel? = OneShotModel(stream: stream, probe: probe)
        model = nil
        _ = model

        // The pending task holds `self` strongly: nothing can release it before the value
        // arrives (it is suspended in `next()`, which only the `yield` below can resume).
        await Task.yield()
        #expect(probe.received.count == 0)
        #expect(probe.deinits.count == 0, "released while the one-shot task was still pending")

        continuation.yield(7)
        let finished = await waitUntil(timeout: generousTimeout) { probe.received.isSet }
        try #require(finished, "the one-shot task never received its value")
        let released = await waitUntil(timeout: generousTimeout) { probe.deinits.isSet }
        #expect(released, "deinit did not run within 2 s after the one-shot task finished")
        continuation.finish()
    }
}
