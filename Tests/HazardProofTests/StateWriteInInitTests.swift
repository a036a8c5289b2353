import Testing

// HAZARDS.md (seed 004) — `state_write_in_init`: a plain write to a `@State` property in `init` when
// the storage exists already.
//
// SwiftUI is not available on Linux, so `State` here is a stand-in with the one behaviour that matters:
// before SwiftUI installs a view's state in its graph, the state has no location, and its
// `nonmutating set` has nowhere to write (SwiftUI drops the value). What these tests prove is the Swift
// half of the hazard: which writes in `init` initialize the storage (`State(wrappedValue:)`, a seed the
// view shows) and which go through the setter (discarded).

/// Behaves like SwiftUI's `State` before the view is installed: reads give the initial value, writes
/// through the setter are dropped; `install()` is what SwiftUI does when the view enters the graph.
@propertyWrapper
struct State<Value> {
    final class Location {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private let initial: Value
    private var location: Location?

    init(wrappedValue: Value) { initial = wrappedValue }
    init(initialValue: Value) { initial = initialValue }

    var wrappedValue: Value {
        get { location?.value ?? initial }
        nonmutating set { location?.value = newValue }
    }

    mutating func install() { location = Location(initial) }
}

/// The views below are "views" to the lint.
protocol View {}

struct DroppedSeedView: View {
    @State private var count = 0
    init(count: Int) {
        self.count = count // expect: state_write_in_init
    }
    var shown: Int { count }
}

/// In an initializer that delegates, Swift re-initializes the wrapper (`init(wrappedValue:)`) even when
/// the property has an initial value: the write is a seed, and the rule spares it.
struct DelegatingView: View {
    @State private var count = 0
    init() {}
    init(count: Int) {
        self.init()
        self.count = count
    }
    var shown: Int { count }
}

struct SeededView: View {
    @State private var count: Int
    init(count: Int) {
        self.count = count
    }
    var shown: Int { count }
}

struct StorageSeededView: View {
    @State private var count = 0
    init(count: Int) {
        _count = State(initialValue: count)
    }
    var shown: Int { count }
}

/// A wrapped optional without an initial value: Swift makes the wrapper with `init(wrappedValue: nil)`
/// before the init's body runs, so the write goes through the setter like any other.
struct OptionalDroppedView: View {
    @State private var count: Int?
    init(count: Int) {
        self.count = count // expect: state_write_in_init
    }
    var shown: Int? { count }
}

struct OptionalStorageSeededView: View {
    @State private var count: Int?
    init(count: Int) {
        _count = State(initialValue: count)
    }
    var shown: Int? { count }
}

@Suite("state_write_in_init: writes SwiftUI discards")
struct StateWriteInInitTests {
    @Test func aWriteToStateWithAnInitialValueIsDropped() {
        #expect(DroppedSeedView(count: 5).shown == 0)
    }

    @Test func aWriteAfterDelegationSeedsTheState() {
        #expect(DelegatingView(count: 5).shown == 5)
    }

    @Test func withoutAnInitialValueTheWriteInitializesTheStorage() {
        #expect(SeededView(count: 5).shown == 5)
    }

    @Test func aWriteToAnOptionalStateWithoutAnInitialValueIsDroppedToo() {
        #expect(OptionalDroppedView(count: 5).shown == nil)
        #expect(OptionalStorageSeededView(count: 5).shown == 5)
    }

    @Test func writingTheStorageSeedsTheState() {
        #expect(StorageSeededView(count: 5).shown == 5)
    }

    @Test func theStandInDropsWritesOnlyBeforeInstallation() {
        var state = State(wrappedValue: 1)
        state.wrappedValue = 2
        #expect(state.wrappedValue == 1)
        state.install()
        state.wrappedValue = 3
        #expect(state.wrappedValue == 3)
    }
}
