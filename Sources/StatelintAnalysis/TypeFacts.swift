import StatelintSyntax

/// What kind of member a name is.
public enum MemberKind: Sendable, Equatable {
    case storedVar, storedLet, computed, method
}

/// The attributes of a member that rules care about, as bits (the index holds a million members on
/// large trees, so no per-member set of strings).
public struct MemberAttributes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let state = MemberAttributes(rawValue: 1 << 0)
    public static let stateObject = MemberAttributes(rawValue: 1 << 1)
    public static let observationIgnored = MemberAttributes(rawValue: 1 << 2)
    public static let binding = MemberAttributes(rawValue: 1 << 3)
    public static let bindable = MemberAttributes(rawValue: 1 << 4)
    public static let environment = MemberAttributes(rawValue: 1 << 5)
    public static let observedObject = MemberAttributes(rawValue: 1 << 6)
    public static let published = MemberAttributes(rawValue: 1 << 7)
    public static let viewBuilder = MemberAttributes(rawValue: 1 << 8)
    public static let environmentObject = MemberAttributes(rawValue: 1 << 9)

    static let known: [(String, MemberAttributes)] = [
        ("State", .state), ("StateObject", .stateObject), ("ObservationIgnored", .observationIgnored),
        ("Binding", .binding), ("Bindable", .bindable), ("Environment", .environment),
        ("ObservedObject", .observedObject), ("Published", .published), ("ViewBuilder", .viewBuilder),
        ("EnvironmentObject", .environmentObject),
    ]

    /// The known attributes among these base names; others are not kept.
    public init(names: some Sequence<String>) {
        self = []
        for name in names {
            for (spelling, bit) in MemberAttributes.known where spelling == name { insert(bit) }
        }
    }

    /// Whether the attribute with this base name is present (only known attributes are kept).
    public func contains(_ name: String) -> Bool {
        MemberAttributes.known.contains { $0.0 == name && contains($0.1) }
    }
}

/// A member of a type, as declared in some file.
public struct MemberFacts: Sendable {
    /// What the member is.
    public var kind: MemberKind
    /// The attributes rules care about (`@State`, `@ObservationIgnored`, …).
    public var attributes: MemberAttributes
    /// `static` or `class`.
    public var isStatic: Bool
    /// `private` or `fileprivate` (not `private(set)`).
    public var isPrivate: Bool
    /// The initial value at the declaration: written, or none, or the implicit `nil` of a wrapped optional
    /// `var` (`@State var x: Int?`: the wrapper is made with `init(wrappedValue: nil)` before any
    /// initializer runs, so a write in `init` goes through its setter). (One byte, like the `Bool` it
    /// replaced: a larger member made every copy of the members' tables dearer.)
    public var initialValue: InitialValue

    public enum InitialValue: UInt8, Sendable {
        case none, written, implicitNil
    }

    /// Has an initial value written at the declaration.
    public var hasInitializer: Bool { initialValue == .written }
    /// A wrapped optional without a written initial value: it starts as `nil`.
    public var isImplicitlyNil: Bool { initialValue == .implicitNil }

    /// Whether a use of this instance member runs its body now: a computed property read (or called), or a
    /// method called. A method named without a call (`action: handle`, `self.handle`) is a function
    /// value: it runs later, if at all (`FileSummary.uses` records a method passed to a callee that runs
    /// its argument at once, `items.forEach(handle)`, as a call).
    public func runs(by use: MemberUse) -> Bool {
        !isStatic && (kind == .computed || kind == .method && use.isCall)
    }
}

/// A use of a member name inside a member body (read or call), before knowing which names are members.
public struct MemberUse: Sendable, Hashable, Comparable {
    public var name: String
    public var isCall: Bool

    public init(name: String, isCall: Bool) {
        self.name = name
        self.isCall = isCall
    }

    public static func < (a: MemberUse, b: MemberUse) -> Bool { (a.name, a.isCall ? 1 : 0) < (b.name, b.isCall ? 1 : 0) }
}

/// The type attributes and conformances rules care about, as bits (a set of strings per type cost more
/// than all the rest of a type's facts on large trees). Names outside this list are not kept.
public struct TypeTraits: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `@Observable` (or `@Observation.Observable`).
    public static let observable = TypeTraits(rawValue: 1 << 0)
    /// `@MainActor`.
    public static let mainActor = TypeTraits(rawValue: 1 << 1)
    /// Conformances (or superclasses) by base name.
    public static let view = TypeTraits(rawValue: 1 << 2)
    public static let app = TypeTraits(rawValue: 1 << 3)
    public static let scene = TypeTraits(rawValue: 1 << 4)
    public static let viewModifier = TypeTraits(rawValue: 1 << 5)
    public static let observableObject = TypeTraits(rawValue: 1 << 6)
    public static let dynamicProperty = TypeTraits(rawValue: 1 << 7)
    /// Observed through an observation registrar without the `@Observable` macro's tracked properties: a
    /// conformance to `Observable` or `Perceptible` (Point-Free's back-port: `extension Store: Perceptible {}`),
    /// or the `@Perceptible` macro. SwiftUI (or `WithPerceptionTracking`) tracks what a view reads of it, so a
    /// view that keeps it in `@State` still updates. Not `observable`: which properties are tracked is up to the type.
    public static let observationTracked = TypeTraits(rawValue: 1 << 8)
    /// A struct whose values make their own identity (`let id = UUID()`, every other stored property a
    /// `let`): a changed element is a new value with a new id (`FileSummary.markMintedIdentities`).
    public static let mintsIdentity = TypeTraits(rawValue: 1 << 9)

    /// The protocols SwiftUI calls `body` on.
    public static let swiftUI: TypeTraits = [.view, .app, .scene, .viewModifier]

    static let attributeNames: [(String, TypeTraits)] = [("Observable", .observable), ("MainActor", .mainActor), ("Perceptible", .observationTracked)]
    static let conformanceNames: [(String, TypeTraits)] = [
        ("View", .view), ("App", .app), ("Scene", .scene), ("ViewModifier", .viewModifier),
        // (A representable is a `View`: SwiftUI keeps its `@State` and rebuilds its value with the parent.)
        ("UIViewRepresentable", .view), ("NSViewRepresentable", .view), ("UIViewControllerRepresentable", .view),
        ("NSViewControllerRepresentable", .view),
        ("ObservableObject", .observableObject), ("DynamicProperty", .dynamicProperty),
        ("Observable", .observationTracked), ("Perceptible", .observationTracked),
    ]

    /// The known attributes among these base names.
    public init(attributes names: some Sequence<String>) {
        self = []
        for name in names { for (spelling, bit) in TypeTraits.attributeNames where spelling == name { insert(bit) } }
    }

    /// The known conformances among these names (a qualified name counts by its last component).
    public init(conformances names: some Sequence<String>) {
        self = []
        for var name in names {
            // The bytes after the last `.`, compared with each known name of the same length (they are ASCII
            // and hold no letter with a canonical equivalent, so bytes compare as the strings would).
            name.withUTF8 { bytes in
                var start = bytes.count
                while start > 0 && bytes[start - 1] != UInt8(ascii: ".") { start -= 1 }
                let length = bytes.count - start
                for (spelling, bit) in TypeTraits.conformanceBytes where spelling.count == length {
                    var k = 0
                    while k < length && bytes[start + k] == spelling[k] { k += 1 }
                    if k == length { insert(bit) }
                }
            }
        }
    }

    /// `conformanceNames` as bytes.
    static let conformanceBytes: [([UInt8], TypeTraits)] = conformanceNames.map { (Array($0.0.utf8), $0.1) }
}

/// What the project says about one type, merged from its declaration and all its extensions.
public struct TypeFacts: Sendable {
    /// Qualified name (`Outer.Inner`).
    public var name: String
    /// The declaration's kind, or nil when only extensions were seen.
    public var kind: TypeKind?
    /// Known attributes of the declaration and known conformances from the declaration and extensions.
    public var traits: TypeTraits
    /// Members by name (overloads merged).
    public var members: NameTable<MemberFacts> = [:]
    /// Whether the main declaration (not an extension) declares an `init`; then no memberwise init exists.
    public var declaresInit = false
    /// For each method and computed property: the names it reads or calls synchronously, sorted and
    /// without duplicates (arrays, not sets: a million of them on large trees).
    public var uses: NameTable<[MemberUse]> = [:]
    /// For each method and `init` (when the plan collects initializer effects): what its body does.
    public var effects: NameTable<MemberEffects> = [:]
    /// For each member with effects: where its first one is.
    public var effectSites: NameTable<EffectSite> = [:]
    /// The declared (or constructed) type of each stored property, as written (when the plan collects
    /// member types).
    public var memberTypes: NameTable<String> = [:]
    /// A quick test of whether a name may be a member's (set when the index is compacted; nil before).
    public var memberPrefilter: NamePrefilter?
    /// The simple names of what the type inherits from or conforms to that are not known conformances nor
    /// common standard protocols (a project's `protocol PlatformView: View`, a base class): sorted, without
    /// duplicates. `ProjectIndex.inheritTraits()` gives the type what those carry.
    public var inherits: [String] = []

    /// Set when compaction dropped the members of a type that had stored instance properties.
    var hadStoredProperties = false

    /// Whether the type has stored instance properties (`let` or `var`); kept through compaction, which
    /// drops the members of value types (a struct without any is one constant value).
    public var hasStoredProperties: Bool {
        hadStoredProperties || members.contains { ($0.value.kind == .storedVar || $0.value.kind == .storedLet) && !$0.value.isStatic }
    }

    /// Whether the type has mutable stored state: an instance stored `var`.
    public var hasMutableState: Bool {
        members.contains { $0.value.kind == .storedVar && !$0.value.isStatic }
    }

    /// Whether the type is `@Observable` (or `@Observation.Observable`).
    public var isObservable: Bool { traits.contains(.observable) }

    /// Whether the type conforms to `View`, `App`, `Scene` or `ViewModifier`.
    public var isSwiftUIType: Bool { !traits.isDisjoint(with: .swiftUI) }

    /// Whether `name` is a stored `var` that Observation tracks: not static, not `@ObservationIgnored`.
    public func isTracked(_ name: String) -> Bool {
        guard isObservable, let m = members[name] else { return false }
        return m.kind == .storedVar && !m.isStatic && !m.attributes.contains("ObservationIgnored")
    }
}
