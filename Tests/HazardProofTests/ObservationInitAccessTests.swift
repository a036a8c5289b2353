import Observation
import Testing

// HAZARDS.md §1 — `observable_init_access`.
//
// Each model's `init` performs one form after its storage is initialised. The model is created
// inside `withObservationTracking`, exactly like SwiftUI evaluating `@State var m = Model()` while
// building a view value; the tracked property is then mutated from outside. If `onChange` fires,
// the form registered a dependency of the *enclosing* tracking scope on the model's property,
// i.e. the form is a hazard the lint must flag.

/// Creates a model inside a tracking scope, then (outside it) mutates it. Returns whether the
/// tracking scope's `onChange` fired. `onChange` runs synchronously in the mutation's `willSet`,
/// so no waiting is involved.
private func creationRegistersDependency<M>(
    _ make: () -> M,
    thenMutate mutate: (M) -> Void
) -> Bool {
    let fired = Counter()
    // A probe: one change is all it asks, so the one-shot form is right here.
    let model = withObservationTracking { // expect: observation_tracking_one_shot
        make()
    } onChange: {
        fired.increment()
    }
    mutate(model)
    return fired.isSet
}

/// Control for the negative cases: proves the same mutation *is* observable when the property is
/// read in a tracking scope, so "did not fire" cannot come from a broken harness.
private func mutationIsObservable<M>(
    _ model: M,
    read: (M) -> Void,
    mutate: (M) -> Void
) -> Bool {
    let fired = Counter()
    // A probe: one change is all it asks, so the one-shot form is right here.
    withObservationTracking { // expect: observation_tracking_one_shot
        read(model)
    } onChange: {
        fired.increment()
    }
    mutate(model)
    return fired.isSet
}

// MARK: - Models whose init reads tracked state (MUST fire)

@Observable private final class PlainReadModel {
    var count: Int
    init(initial: Int) {
        self.count = initial
        _ = self.count // expect: observable_init_access
    }
}

@Observable private final class ImplicitSelfReadModel {
    var count: Int
    init(initial: Int) {
        self.count = initial
        _ = count // expect: observable_init_access
    }
}

@Observable private final class InterpolationReadModel {
    var count: Int
    @ObservationIgnored var label = ""
    init(initial: Int) {
        self.count = initial
        label = "count is \(count)" // expect: observable_init_access
    }
}

@Observable private final class CompoundAssignmentModel {
    var count: Int
    init(initial: Int) {
        self.count = initial
        count += 1 // expect: observable_init_access
    }
}

@Observable private final class MutatingMethodModel {
    var items: [Int] = []
    init() {
        items.append(1) // expect: observable_init_access
    }
}

@Observable private final class SubscriptAssignmentModel {
    var dict: [String: Int] = [:]
    init() {
        dict["k"] = 1 // expect: observable_init_access
    }
}

@Observable private final class SwapInoutModel {
    var a = 1
    var b = 2
    init() {
        swap(&a, &b) // expect: observable_init_access, observable_init_access
    }
}

private func bump(_ value: inout Int) { value += 1 }

@Observable private final class InoutFunctionModel {
    var count: Int
    init(initial: Int) {
        self.count = initial
        bump(&count) // expect: observable_init_access
    }
}

@Observable private final class MethodCallModel {
    var count: Int
    @ObservationIgnored var snapshot = 0
    init(initial: Int) {
        self.count = initial
        setup() // expect: observable_init_access
    }
    func setup() {
        snapshot = count
    }
}

@Observable private final class ComputedPropertyModel {
    var count: Int
    var doubled: Int { count * 2 }
    init(initial: Int) {
        self.count = initial
        _ = doubled // expect: observable_init_access
    }
}

@Observable private final class ForEachClosureModel {
    var count: Int
    init(initial: Int) {
        self.count = initial
        [1].forEach { _ in _ = count } // expect: observable_init_access
    }
}

@Observable private final class ImmediateClosureModel {
    var count: Int
    init(initial: Int) {
        // The `;` stops the next line's closure being parsed as a trailing closure of `initial`.
        self.count = initial;
        { _ = count }() // expect: observable_init_access
    }
}

/// A method passed to a callee that runs its argument at once (`forEach`) is called during init.
@Observable private final class ForEachMethodModel {
    var count: Int
    init(initial: Int) {
        self.count = initial
        _ = [1].map(readCount) // expect: observable_init_access
    }
    func readCount(_ n: Int) -> Int { count + n }
}

// MARK: - Models whose init does NOT read tracked state (must NOT fire)

/// A method named without a call is a function value: init only stores it; it runs later, outside
/// the tracking scope that created the model.
@Observable private final class MethodReferenceModel {
    var count: Int
    @ObservationIgnored var callbacks: [() -> Int] = []
    init(initial: Int) {
        self.count = initial
        register(handler: readCount)
        register(handler: self.readCount)
    }
    func register(handler: @escaping () -> Int) { callbacks.append(handler) }
    func readCount() -> Int { count }
}

@Observable private final class PlainWriteModel {
    var count: Int
    init(initial: Int) {
        self.count = initial
        self.count = 5
    }
}

@Observable private final class BackingStorageModel {
    var count: Int
    init(initial: Int) {
        self.count = initial
        _ = _count
        _count += 1
    }
}

@Observable private final class IgnoredPropertyModel {
    var count: Int
    @ObservationIgnored var note = "n"
    init(initial: Int) {
        self.count = initial
        _ = note
        note += "!"
    }
}

@Observable private final class LetReadModel {
    let id: Int
    var count: Int
    init(initial: Int) {
        self.id = initial
        self.count = initial
        _ = id
    }
}

@Observable private final class ShadowedParameterModel {
    var count: Int
    init(count: Int) {
        self.count = count
        _ = count  // the parameter, not the property
    }
}

/// The read happens in a `Task`, which runs later with no tracking scope installed.
/// `@MainActor` so the task can capture `self` (Sendable) without a data-race diagnostic.
@MainActor @Observable private final class TaskReadModel {
    var count: Int
    @ObservationIgnored var readTask: Task<Int, Never>?
    init(initial: Int) {
        self.count = initial
        readTask = Task { self.count }
    }
}

// MARK: - Tests

@Suite("observable_init_access: forms that register a dependency")
struct ObservationInitAccessTrackedTests {
    @Test func plainReadIsTracked() {
        #expect(creationRegistersDependency { PlainReadModel(initial: 0) } thenMutate: { $0.count = 1 })
    }

    @Test func implicitSelfReadIsTracked() {
        #expect(creationRegistersDependency { ImplicitSelfReadModel(initial: 0) } thenMutate: { $0.count = 1 })
    }

    @Test func stringInterpolationReadIsTracked() {
        #expect(creationRegistersDependency { InterpolationReadModel(initial: 0) } thenMutate: { $0.count = 1 })
    }

    @Test func compoundAssignmentIsTracked() {
        #expect(creationRegistersDependency { CompoundAssignmentModel(initial: 0) } thenMutate: { $0.count = 10 })
    }

    @Test func mutatingMethodIsTracked() {
        #expect(creationRegistersDependency { MutatingMethodModel() } thenMutate: { $0.items = [9] })
    }

    @Test func subscriptAssignmentIsTracked() {
        #expect(creationRegistersDependency { SubscriptAssignmentModel() } thenMutate: { $0.dict = [:] })
    }

    @Test func swapInoutArgumentIsTracked() {
        #expect(creationRegistersDependency { SwapInoutModel() } thenMutate: { $0.a = 10 })
        #expect(creationRegistersDependency { SwapInoutModel() } thenMutate: { $0.b = 10 })
    }

    @Test func inoutFunctionArgumentIsTracked() {
        #expect(creationRegistersDependency { InoutFunctionModel(initial: 0) } thenMutate: { $0.count = 10 })
    }

    @Test func methodCallReadingTrackedStateIsTracked() {
        #expect(creationRegistersDependency { MethodCallModel(initial: 0) } thenMutate: { $0.count = 1 })
    }

    @Test func computedPropertyReadIsTracked() {
        #expect(creationRegistersDependency { ComputedPropertyModel(initial: 0) } thenMutate: { $0.count = 1 })
    }

    @Test func forEachClosureReadIsTracked() {
        #expect(creationRegistersDependency { ForEachClosureModel(initial: 0) } thenMutate: { $0.count = 1 })
    }

    @Test func immediatelyAppliedClosureReadIsTracked() {
        #expect(creationRegistersDependency { ImmediateClosureModel(initial: 0) } thenMutate: { $0.count = 1 })
    }
}

@Suite("observable_init_access: a method passed as a value")
struct ObservationInitAccessMethodValueTests {
    @Test func methodPassedToForEachIsTracked() {
        #expect(creationRegistersDependency { ForEachMethodModel(initial: 0) } thenMutate: { $0.count = 1 })
    }

    @Test func methodStoredAsACallbackIsNotTracked() {
        var model: MethodReferenceModel?
        let fired = creationRegistersDependency { MethodReferenceModel(initial: 0) } thenMutate: {
            model = $0
            $0.count = 1
        }
        #expect(!fired)
        let m = try! #require(model)
        // The callbacks do read `count` when called, inside a tracking scope (control).
        #expect(m.callbacks.count == 2)
        #expect(mutationIsObservable(m, read: { _ = $0.callbacks[0]() }, mutate: { $0.count = 2 }))
    }
}

@Suite("observable_init_access: forms that do not register a dependency")
struct ObservationInitAccessUntrackedTests {
    @Test func plainWriteAfterInitIsNotTracked() {
        var model: PlainWriteModel?
        let fired = creationRegistersDependency { PlainWriteModel(initial: 0) } thenMutate: {
            model = $0
            $0.count = 1
        }
        #expect(!fired)
        let m = try! #require(model)
        #expect(mutationIsObservable(m, read: { _ = $0.count }, mutate: { $0.count = 2 }))
    }

    @Test func backingStorageReadIsNotTracked() {
        var model: BackingStorageModel?
        let fired = creationRegistersDependency { BackingStorageModel(initial: 0) } thenMutate: {
            model = $0
            $0.count = 7
        }
        #expect(!fired)
        let m = try! #require(model)
        #expect(mutationIsObservable(m, read: { _ = $0.count }, mutate: { $0.count = 8 }))
    }

    @Test func observationIgnoredReadIsNotTracked() {
        var model: IgnoredPropertyModel?
        let fired = creationRegistersDependency { IgnoredPropertyModel(initial: 0) } thenMutate: {
            model = $0
            $0.note = "changed"
            $0.count = 1
        }
        #expect(!fired)
        let m = try! #require(model)
        #expect(mutationIsObservable(m, read: { _ = $0.count }, mutate: { $0.count = 2 }))
    }

    @Test func letReadIsNotTracked() {
        var model: LetReadModel?
        let fired = creationRegistersDependency { LetReadModel(initial: 0) } thenMutate: {
            model = $0
            $0.count = 1
        }
        #expect(!fired)
        let m = try! #require(model)
        #expect(mutationIsObservable(m, read: { _ = $0.count }, mutate: { $0.count = 2 }))
    }

    @Test func shadowedParameterReadIsNotTracked() {
        var model: ShadowedParameterModel?
        let fired = creationRegistersDependency { ShadowedParameterModel(count: 0) } thenMutate: {
            model = $0
            $0.count = 1
        }
        #expect(!fired)
        let m = try! #require(model)
        #expect(mutationIsObservable(m, read: { _ = $0.count }, mutate: { $0.count = 2 }))
    }

    @MainActor @Test func readInsideTaskIsNotTracked() async throws {
        let fired = Counter()
        // A probe: one change is all it asks, so the one-shot form is right here.
        let model = withObservationTracking { // expect: observation_tracking_one_shot
            TaskReadModel(initial: 3)
        } onChange: {
            fired.increment()
        }
        // Wait for the task to have actually run its read before mutating, so "not fired"
        // cannot be an artefact of the task not having run yet.
        let task = try #require(model.readTask)
        let seen = await task.value
        #expect(seen == 3)
        model.count = 4
        #expect(!fired.isSet)
        #expect(mutationIsObservable(model, read: { _ = $0.count }, mutate: { $0.count = 5 }))
    }
}

// MARK: - What a read in init costs: one re-render, or a loop

/// A parent view as SwiftUI runs it: each render builds the child's model inside the render's tracking (as
/// `@State private var model = Model()` does), keeps the first one (as `@State` does) and throws the later
/// ones away; a change of anything the last render tracked marks it for another render.
@MainActor private final class ParentRenders<Model: AnyObject> {
    let make: () -> Model
    private(set) var kept: Model?
    private(set) var renders = 0
    private(set) var dirty = false

    init(make: @escaping () -> Model) { self.make = make }

    func render() {
        renders += 1
        dirty = false
        withObservationTracking { // expect: observation_tracking_one_shot
            let model = make()
            if kept == nil { kept = model }
        } onChange: { [weak self] in
            MainActor.assumeIsolated { self?.dirty = true }
        }
    }
}

/// Reads `rows` in init and starts a task that writes it: the flagged form (a warning).
@MainActor @Observable private final class ReloadingModel {
    var rows = 0
    init() {
        _ = rows // expect: observable_init_access "writes 'rows' here later"
        Task { @MainActor in self.rows = 1 }
    }
}

/// Reads `rows` in init and writes nothing later: advice (info).
@MainActor @Observable private final class ReadOnceModel {
    var rows = 0
    init() {
        _ = rows // expect: observable_init_access "re-renders once"
    }
}

/// Reads `rows` in init; its task writes another property: advice (info).
@MainActor @Observable private final class SideWriteModel {
    var rows = 0
    var status = ""
    @ObservationIgnored var load: Task<Void, Never>?
    init() {
        _ = rows // expect: observable_init_access "re-renders once"
        load = Task { @MainActor in self.status = "loaded" }
    }
}

@MainActor @Suite("observable_init_access: a later write of what init read is a render loop")
struct InitReadRenderLoopTests {
    @Test func aLaterWriteOfTheReadPropertyRendersForever() async throws {
        let parent = ParentRenders { ReloadingModel() }
        parent.render()
        // Each throwaway's task writes its `rows`, which the last render tracked: another render, another task.
        for _ in 0..<2_000 where parent.renders < 8 {
            try await Task.sleep(for: .milliseconds(1))
            if parent.dirty { parent.render() }
        }
        #expect(parent.renders >= 8)
    }

    @Test func withoutALaterWriteTheParentRendersOnceMore() {
        let parent = ParentRenders { ReadOnceModel() }
        parent.render()
        let kept = try! #require(parent.kept)
        kept.rows = 1
        #expect(parent.dirty)
        parent.render()
        // The render now tracks the throwaway it built; the kept model's changes no longer reach it.
        kept.rows = 2
        kept.rows = 3
        #expect(!parent.dirty && parent.renders == 2 && parent.kept === kept)
    }

    @Test func aLaterWriteOfAnotherPropertyRendersNothing() async throws {
        let parent = ParentRenders { SideWriteModel() }
        parent.render()
        let kept = try #require(parent.kept)
        await kept.load?.value
        #expect(kept.status == "loaded")
        #expect(!parent.dirty && parent.renders == 1)
    }
}
