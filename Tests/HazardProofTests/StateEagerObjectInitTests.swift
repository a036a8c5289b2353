import Foundation
import Testing

// HAZARDS.md §5 (seed 000's double "init") — `state_eager_object_init`: the initial value of a `@State`
// property runs every time the view value is created; that of a `@StateObject` does not.
//
// SwiftUI is not available on Linux. What these tests prove is the Swift half, which decides the rule's
// scope: a property wrapper whose `init(wrappedValue:)` takes a value (as `State`'s does) evaluates the
// initial-value expression each time the struct is created, and one whose `init(wrappedValue:)` takes an
// `@autoclosure` (as `StateObject`'s does) evaluates nothing until the wrapper calls the closure — which
// SwiftUI does once, when it installs the view's state ("SwiftUI creates a new instance of the object
// only once for each instance of the structure that declares the object", StateObject's documentation).
// `State` is the stand-in of `StateWriteInInitTests.swift`; `StateObject` is below.

/// Behaves like SwiftUI's `StateObject`: keeps the autoclosure; `install()` is what SwiftUI does when the
/// view enters the graph (it calls the closure of the first view value only).
@propertyWrapper
struct StateObject<Object: AnyObject> {
    private let make: () -> Object
    private var object: Object?

    init(wrappedValue make: @autoclosure @escaping () -> Object) { self.make = make }

    var wrappedValue: Object { object ?? make() }

    mutating func install() { object = make() }
}

/// Counts its instances; its initializer also starts a task (a side effect the rule recognises).
final class EagerlyBuiltModel {
    nonisolated(unsafe) static var made = 0
    init() {
        EagerlyBuiltModel.made += 1
        Task {}
    }
}

final class DeferredModel {
    nonisolated(unsafe) static var made = 0
    init() {
        DeferredModel.made += 1
        Task {}
    }
}

/// Writes no `init`: the initial value of its stored property is the work, and every construction runs it
/// (Swift runs stored properties' initial values in each initializer, the implicit one too).
final class StoredWorkModel {
    nonisolated(unsafe) static var reads = 0
    static func counted(_ value: Bool) -> Bool {
        reads += 1
        return value
    }
    let hasHome: Bool = StoredWorkModel.counted(FileManager.default.fileExists(atPath: "/"))
}

struct StoredWorkStateView: View {
    @State private var model = StoredWorkModel() // expect: state_eager_object_init "the initial value of 'StoredWorkModel.hasHome' does I/O"
    mutating func install() { _model.install() }
}

struct EagerStateView: View {
    @State private var model = EagerlyBuiltModel() // expect: state_eager_object_init
    mutating func install() { _model.install() }
}

struct DeferredStateObjectView: View {
    @StateObject private var model = DeferredModel()
    mutating func install() { _model.install() }
}

/// The tests share static counters: they run one after the other.
@Suite("state_eager_object_init: when a wrapper's initial value runs", .serialized)
struct StateEagerObjectInitTests {
    /// A parent whose body runs `updates` times creates the child view value each time; SwiftUI installs
    /// the first one and keeps its state.
    static func render<V: View>(updates: Int, _ make: () -> V, install: (inout V) -> Void) {
        var installed: V?
        for _ in 0..<updates {
            let value = make()
            if installed == nil {
                var first = value
                install(&first)
                installed = first
            }
        }
    }

    @Test func stateRunsTheInitialValueOnEveryViewValue() {
        EagerlyBuiltModel.made = 0
        Self.render(updates: 5, { EagerStateView() }, install: { $0.install() })
        // Five objects built (five tasks started), one kept.
        #expect(EagerlyBuiltModel.made == 5)
    }

    @Test func storedInitialValuesRunOnEveryViewValueToo() {
        StoredWorkModel.reads = 0
        Self.render(updates: 5, { StoredWorkStateView() }, install: { $0.install() })
        #expect(StoredWorkModel.reads == 5)
    }

    @Test func stateObjectRunsItOnlyWhenTheStateIsInstalled() {
        DeferredModel.made = 0
        var views: [DeferredStateObjectView] = []
        for _ in 0..<5 { views.append(DeferredStateObjectView()) }
        #expect(DeferredModel.made == 0, "creating the view values builds nothing")
        DeferredModel.made = 0
        Self.render(updates: 5, { DeferredStateObjectView() }, install: { $0.install() })
        #expect(DeferredModel.made == 1)
    }
}
