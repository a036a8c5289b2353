import StatelintAnalysis
import StatelintSyntax
import Testing

/// Facts about values that cannot change or code that does not run: member writes, file-scoped setters,
/// method references against calls, hosting roots and fixed parent state at call sites, types built
/// once, `NavigationLink`'s trailing destination, and effects in closures an initializer only stores.
@Suite("Fixed values and code that does not run")
struct FixedValuesTests {
    static func tree(_ text: String) -> SyntaxTree { SyntaxTree(file: SourceFile(path: "T.swift", text: text)) }

    @Test func writesOfAMemberOutsideInitializers() {
        let tree = Self.tree("""
            struct V {
                @State private var a = 0
                @State private var b = 0
                @State private var c = Model()
                @State private var d = 0
                @State private var e = 0
                @State private var f: Model?
                init(a: Int) { _a = State(initialValue: a); self.b = 2; e = 1 }
                var body: some View {
                    Text("\\(a) \\(b) \\(self.c) \\(other.d)")
                        .onAppear { c.load(); d += 1; f?.x = 1 }
                    Toggle("", isOn: $e)
                }
            }
            """)
        // Only the seed in init, and reads: nothing changes `a` or `b` after init.
        #expect(tree.writes(ofMember: "a") == .none)
        #expect(tree.writes(ofMember: "b") == .none)
        #expect(tree.writes(ofMember: "c") == .throughMembers)
        #expect(tree.writes(ofMember: "d") == .reassigned)
        #expect(tree.writes(ofMember: "e") == .reassigned)
        #expect(tree.writes(ofMember: "f") == .throughMembers)
        #expect(tree.writes(ofMember: "missing") == .none)
    }

    @Test func fileScopedSetters() {
        let tree = Self.tree("""
            final class M {
                private(set) var a = 0
                fileprivate(set) var b = 0
                public private(set) var c = 0
                private var d = 0
                var e = 0
                internal(set) public var f = 0
                public var g = 0
            }
            """)
        let scoped = tree.variables.map { tree.hasFileScopedSetter($0) }
        #expect(scoped == [true, true, true, true, false, false, false])
    }

    @Test func aMethodNamedWithoutACallIsNotCalled() {
        let text = """
            @Observable final class P {
                var height = 0.0
                var ids: [Int] = []
                init() { setUp() }
                func setUp() {
                    Hotkeys.on(action: handle)
                    Hotkeys.on(action: self.handle)
                    _ids.forEach(count)
                    refresh()
                }
                func handle() { print(height) }
                func count(_ id: Int) { print(height) }
                func refresh() { print(ids) }
            }
            """
        let plan = AnalysisPlan.observableUses
        let index = ProjectIndex(summaries: [FileSummary(tree: SyntaxTree(file: SourceFile(path: "P.swift", text: text), depth: plan.pass1Depth), plan: plan)])
        let facts = index.facts(for: "P")
        let uses = facts?.uses["setUp"] ?? []
        // `handle` is read (a function value), `count` is passed to `forEach` (called now), `refresh()` is called.
        #expect(uses.contains(MemberUse(name: "handle", isCall: false)))
        #expect(!uses.contains(MemberUse(name: "handle", isCall: true)))
        #expect(uses.contains(MemberUse(name: "count", isCall: true)))
        #expect(uses.contains(MemberUse(name: "refresh", isCall: true)))
        let handle = facts?.members["handle"]
        #expect(handle?.runs(by: MemberUse(name: "handle", isCall: false)) == false)
        #expect(handle?.runs(by: MemberUse(name: "handle", isCall: true)) == true)
        if let facts {
            #expect(index.trackedRead(in: facts, through: "handle")?.property == "height")
        }

        // The per-file model says the same of each reference.
        let tree = Self.tree(text)
        let model = FileModel(tree: tree, index: index)
        let setUp = tree.functions.firstIndex { $0.name == "setUp" }!
        let byName = Dictionary(model.body(setUp).references.map { ($0.name, $0.use(in: tree).isCall) }, uniquingKeysWith: { $0 || $1 })
        #expect(byName["handle"] == false && byName["count"] == true && byName["refresh"] == true)
    }

    static let callers: [(String, String)] = [
        ("Views.swift", """
            struct Picker: View {
                @State private var selected: String
                init(selected: String) { _selected = State(initialValue: selected) }
                var body: some View { Text(selected) }
            }
            struct Parent: View {
                @StateObject private var model = Model()
                @State private var seed: String
                @State private var live = ""
                @State private var object = Model()
                @State private var value = Draft()
                init(seed: String) { _seed = State(initialValue: seed) }
                var body: some View {
                    Picker(selected: seed)
                    Picker(selected: live)
                    Picker(selected: model.name)
                    Child(model: model)
                    Child(model: object)
                    Counter(value: value)
                    List(0..<3, id: \\.self) { k in
                        NavigationLink("Open") { Picker(selected: live) }
                        NavigationLink(value: k) { Picker(selected: live) }
                    }
                    .onAppear { live = "x"; object.load(); value.count += 1 }
                }
            }
            final class Controller: UIHostingController<Picker> {
                init(text: String) { super.init(rootView: Picker(selected: text)) }
            }
            final class Model: ObservableObject { var name = ""; func load() {} }
            struct Draft { var count = 0 }
            struct Child: View { let model: Model; var body: some View { Text(model.name) } }
            struct Counter: View { let value: Draft; var body: some View { Text("\\(value.count)") } }
            """),
    ]

    @Test func fixedParentStateAndHostingRootsPassValuesThatDoNotChange() {
        let index = ProjectFactsTests.index(Self.callers)
        let query = ArgumentQuery(label: "selected", acceptedLabels: ["selected"])
        let pickers = index.callers(of: "Picker", passing: query)
        #expect(pickers.map(\.argument) == [.fixedState("seed"), .member("live"), .memberPath("model.name"), .member("live"), .member("live"), .parameter("text")],
                "\(pickers.map(\.argument))")
        // seed: never written after init; the NavigationLink's trailing closure: a destination; the hosting
        // root: a new controller each time. `live` in the parent's body and in a link's label can change.
        // Each changing site names its witness: what the parent can change while the picker keeps its identity.
        #expect(pickers.map(\.passing) == [
            .constant, .changing(witness: "its @State 'live'"), .changing(witness: "'model.name' of its @StateObject 'model'"), .freshIdentity,
            .changing(witness: "its @State 'live'"), .freshIdentity,
        ], "\(pickers.map(\.passing))")

        let children = index.callers(of: "Child", passing: ArgumentQuery(label: "model", acceptedLabels: ["model"]))
        // A @StateObject is never replaced; a @State object changed only through its members stays the same object.
        #expect(children.map(\.argument) == [.fixedState("model"), .fixedState("object", ifClass: "Model")])
        #expect(children.map(\.passing) == [.constant, .constant])
        let counters = index.callers(of: "Counter", passing: ArgumentQuery(label: "value", acceptedLabels: ["value"]))
        // A struct changed through its members is a new value.
        #expect(counters.map(\.passing) == [.changing(witness: "its @State 'value', which it changes")])
    }

    @Test func branchesPathsAndConstantConstructions() {
        let index = ProjectFactsTests.index([("Views.swift", """
            struct Row: View { @State private var on: Bool; init(on: Bool) { _on = State(initialValue: on) }; var body: some View { Text("") } }
            struct Parent: View {
                @State private var isList = false
                @State private var mode = Mode.a
                @ObservedObject var thread: Thread
                let items: [Item]
                var body: some View {
                    if !isList { Row(on: isList) } else if mode == .b { Row(on: isList) } else { Row(on: isList) }
                    if mode != .a { Text("") } else { Row(on: mode) }
                    if mode == .a { Text("") } else { Row(on: mode) }
                    if isList, mode == .a { Row(on: isList) }
                    VStack { Row(on: thread.selected) }.id(thread.selected.id)
                    Row(on: self.thread.other)
                    Row(on: Filter(kind: .all))
                    Row(on: Filter(kind: mode))
                    ForEach(items.indices, id: \\.self) { i in Row(on: items[i]) }
                    ForEach(items) { item in Row(on: item.name.hasPrefix("x")) }
                }
                func toggle() { isList.toggle(); mode = .b }
            }
            """)])
        let rows = index.callers(of: "Row", passing: ArgumentQuery(label: "on", acceptedLabels: ["on"]))
        #expect(rows.map(\.argument) == [
            .pinned("isList"), .pinned("isList"), .pinned("isList"),
            .pinned("mode"), .member("mode"),
            .member("isList"),
            .memberPath("thread.selected"), .memberPath("thread.other"),
            .construction("Filter", fromConstants: true), .construction("Filter", fromConstants: false),
            .local("i"), .local("item"),
        ], "\(rows.map(\.argument))")
        // A row of a `ForEach` keyed by id keeps its identity when the element's other fields change: changing,
        // without a witness here (`items` is an input nobody in the project passes).
        #expect(rows.map(\.passing) == [
            .constant, .constant, .constant,
            .constant, .changing(witness: "its @State 'mode'"),
            .changing(witness: "its @State 'isList'"),
            .freshIdentity, .changing(witness: "'thread.other' of its @ObservedObject 'thread'"),
            .constant, .changing(witness: nil),
            .freshIdentity, .changing(witness: nil),
        ], "\(rows.map(\.passing))")
    }

    @Test func typesBuiltOnlyByASingletonAreBuiltOnce() {
        let index = ProjectFactsTests.index([("Models.swift", """
            final class App { static let shared = App(); var footer: Footer; var search = Search(); init() { footer = Footer() } }
            final class Footer { }
            final class Search { }
            final class Owner { var row: Row; init() { row = Row() } }
            final class Row { }
            final class Lonely { }
            func make() -> Owner { Owner() }
            """)])
        #expect(index.isBuiltOnce("App"))
        #expect(index.isBuiltOnce("Footer"))
        #expect(index.isBuiltOnce("Search"))
        #expect(!index.isBuiltOnce("Owner"))
        #expect(!index.isBuiltOnce("Row"))
        #expect(!index.isBuiltOnce("Lonely"))
        #expect(!index.isBuiltOnce("Footer", depth: 0))
    }

    @Test func navigationLinkTrailingClosureIsItsDestination() {
        let tree = Self.tree("""
            let a = NavigationLink("T") { D() }
            let b = NavigationLink { D() } label: { L() }
            let c = NavigationLink(value: 1) { L() }
            let d = NavigationLink(destination: D()) { L() }
            """)
        let roles = tree.nodes.indices.filter { tree.nodes[$0].kind == .closure }.map { tree.role(ofClosure: Int32($0)) }
        #expect(roles == [.presents, .presents, nil, nil, nil])
    }

    @Test func effectsInClosuresTheInitializerOnlyStoresDoNotCount() {
        let files: [(String, String)] = [
            ("Model.swift", """
                final class Stream {
                    var onEnd: (() -> Void)?
                    init() {
                        continuation.onTermination = { _ in Task { print("ended") } }
                        onEnd = { print("end") }
                        Registry.configure { Task { } }
                        Registry.configure(handle)
                    }
                    func handle() { print("handled") }
                }
                final class Scheduled {
                    init() { DispatchQueue.main.async { print("later") }; [1].forEach { _ in Task { } } }
                }
                """),
            ("Views.swift", "struct V: View { @State private var s = Stream(); @State private var t = Scheduled() }"),
        ]
        let index = ProjectFactsTests.index(files, plan: AnalysisPlan(facts: [.initializerEffects]))
        #expect(index.initializerEffects(of: "Stream").isEmpty)
        let scheduled = index.initializerEffects(of: "Scheduled")
        #expect(scheduled.first?.effects == [.logs, .startsTask])
        // The site says what that one call does.
        #expect(scheduled.first?.site?.callee == "print" && scheduled.first?.site?.effects == [.logs])
    }
}

@Suite("Handle types")
struct HandleKindTests {
    @Test func handlesAsWritten() {
        let cases: [(String, HandleKind?)] = [
            ("Task<Void, Never>?", .task), ("Task", .task), ("_Concurrency.Task<Int, Error>", .task),
            ("[UUID: Task<Void, Never>]", .tasks), ("Set<Task<Void, Never>>", .tasks),
            ("AnyCancellable?", .subscription), ("Combine.AnyCancellable", .subscription), ("any Cancellable", .subscription),
            ("Set<AnyCancellable>", .subscriptions), ("[AnyCancellable]", .subscriptions), ("[any Cancellable]", .subscriptions),
            ("Timer?", .timer), ("(any DispatchSourceTimer)?", .timer), ("DispatchWorkItem", .workItem),
            ("NSKeyValueObservation?", .keyValueObservation), ("(any NSObjectProtocol)?", .observerToken),
            ("AuthStateDidChangeListenerHandle?", .observerToken), ("ListenerRegistration", .observerToken),
            ("Int", nil), ("Company", nil), ("AnyObject", nil), ("TaskList", nil), ("[String]", nil), ("Timeline", nil),
        ]
        for (written, kind) in cases {
            #expect(HandleKind.of(written: written) == kind, "\(written)")
        }
    }
}

@Suite("Effect sites as messages show them")
struct EffectSiteTextTests {
    @Test func calleesAreShownOnOneLine() {
        let index = ProjectFactsTests.index([
            ("Model.swift", """
                final class Feed {
                    var bag = Set<AnyCancellable>()
                    init() {
                        NotificationCenter.default.publisher(for: .subscriptionsDidChange, object: nil)
                            .receive(on: DispatchQueue.main)
                            .sink { _ in }
                            .store(in: &bag)
                    }
                }
                final class Short { init() { Logger.main.log("x") } }
                """),
            ("Views.swift", "struct V: View { @State private var f = Feed(); @State private var s = Short() }"),
        ], plan: AnalysisPlan(facts: [.initializerEffects]))
        #expect(index.initializerEffects(of: "Feed").first?.site?.callee == "….sink")
        #expect(index.initializerEffects(of: "Short").first?.site?.callee == "Logger.main.log")
    }
}

@Suite("Navigation destinations built by their data type")
struct DestinationTests {
    @Test func aDestinationTypesMemberIsAHelperCalledInThePresentation() {
        let tree = SyntaxTree(file: SourceFile(path: "Host.swift", text: """
            struct Host: View {
                var body: some View {
                    NavigationStack {
                        Text("").navigationDestination(for: App.Route.self) { route in route.view(1) }
                        Text("").navigationDestination(for: Route.self) { $0.view(2) }
                        Text("").navigationDestination(isPresented: $shows) { model.view(3) }
                        tab.view(4)
                    }
                }
            }
            """))
        let calls = tree.nodes.indices.map(Int32.init).filter { tree[$0].kind == .call && tree.calleeName($0) == "view" }
        let found = calls.map { tree.destinationMemberCall($0).map { "\($0.member) \($0.type)" } ?? "-" }
        #expect(found == ["view App.Route", "view Route", "-", "-"])
        let notes = ConstructionNames(tree)
        #expect(notes.usesAsDestination(any: WordSet(["Route"])))
        #expect(!notes.usesAsDestination(any: WordSet(["Tab"])))
    }
}
