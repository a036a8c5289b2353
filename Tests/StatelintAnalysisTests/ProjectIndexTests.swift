import Foundation
import StatelintAnalysis
import StatelintSyntax
import StatelintTestSupport
import Testing

/// The project index: merging is independent of order and of how files are split among workers,
/// lookups, compaction, and the member-use chains `observable_init_access` follows.
@Suite("Project index")
struct ProjectIndexTests {
    /// Files that disagree with each other on purpose: the same name declared as a class and a struct
    /// (`#if` branches in two files), a member declared stored in one place and as a method in another,
    /// conformances and uses added by extensions in other files, nested and ambiguous simple names.
    static let sources: [(String, String)] = [
        ("Model.swift", """
            import Observation
            @Observable final class Model {
                var count = 0
                var name = ""
                @ObservationIgnored var cache: [Int] = []
                static var shared = 0
                init() { reset() }
                func reset() { name = label() }
                func label() -> String { "\\(count)" }
            }
            """),
        ("ModelExtra.swift", """
            extension Model {
                var doubled: Int { count * 2 }
                func reload() { _ = doubled; refresh() }
                func refresh() { later { self.count += 1 } }
            }
            """),
        ("Shape.swift", """
            #if os(macOS)
            class Shape { var sides = 3 }
            #endif
            struct Holder { var value: Int { 1 } }
            """),
        ("ShapeOther.swift", """
            struct Shape { func sides() -> Int { 4 } }
            extension Holder { var value = 2 }
            """),
        ("Screen.swift", """
            struct Screen { @State private var text = ""; var plain = 1 }
            enum Outer { struct Inner { var a = 1 } }
            enum Other { struct Inner { var b = 2 } }
            struct Lonely { var x = 1; func f() {} }
            """),
        ("ScreenView.swift", """
            import SwiftUI
            extension Screen: View { var body: some View { Text(text) } }
            """),
        ("Worker.swift", """
            actor Worker { var task: Task<Void, Never>?; func run() {} }
            #if DEBUG
            struct Flags { @State var on = false; static var level = 1 }
            #endif
            """),
        ("Flags.swift", """
            #if !DEBUG
            struct Flags { var on: Bool; private var level = 2 }
            #endif
            """),
    ]

    static func summaries() -> [FileSummary] {
        sources.map { path, text in FileSummary(tree: SyntaxTree(file: SourceFile(path: path, text: text))) }
    }

    /// Everything the index holds, in a fixed order.
    static func dump(_ index: ProjectIndex) -> String {
        var lines: [String] = []
        for name in index.typeNames {
            let t = index.type(named: name)!
            lines.append("type \(name) kind=\(t.kind.map { "\($0)" } ?? "-") traits=\(t.traits.rawValue) init=\(t.declaresInit)")
            for member in t.members.keys.sorted() {
                let m = t.members[member]!
                lines.append("  member \(member) \(m.kind) attrs=\(m.attributes.rawValue) static=\(m.isStatic) "
                    + "private=\(m.isPrivate) initial=\(m.hasInitializer)")
            }
            for member in t.uses.keys.sorted() {
                lines.append("  uses \(member): " + t.uses[member]!.map { $0.name + ($0.isCall ? "()" : "") }.joined(separator: " "))
            }
        }
        for simple in ["Inner", "Shape", "Model"] {
            lines.append("lookup \(simple) -> \(index.facts(for: simple)?.name ?? "nil")")
        }
        return lines.joined(separator: "\n")
    }

    @Test func mergingDoesNotDependOnOrderOrOnHowFilesAreSplit() {
        let summaries = Self.summaries()
        let reference = Self.dump(ProjectIndex(summaries: summaries))
        var generator = SplitMix64(seed: 7)
        for round in 0..<60 {
            let order = summaries.indices.shuffled(using: &generator)
            let workers = 1 + round % 4
            var partials = Array(repeating: ProjectIndex(), count: workers)
            for (k, i) in order.enumerated() { partials[(k * 7 + round) % workers].add(summaries[i]) }
            let merged = ProjectIndex(merging: &partials)
            #expect(partials.isEmpty)
            let dump = Self.dump(merged)
            #expect(dump == reference, "round \(round): \(workers) partials, order \(order)")
            if dump != reference { break }
        }
    }

    @Test func mergedFactsFollowTheFixedPreferences() {
        let index = ProjectIndex(summaries: Self.summaries())
        // A class beats a struct of the same name, wherever each is declared.
        #expect(index.type(named: "Shape")?.kind == .class)
        // A stored member beats a method or computed property of the same name.
        #expect(index.type(named: "Shape")?.members["sides"]?.kind == .storedVar)
        #expect(index.type(named: "Holder")?.members["value"]?.kind == .storedVar)
        // Conformances from an extension in another file count.
        #expect(index.isSwiftUIType("Screen"))
        #expect(index.type(named: "Model")?.declaresInit == true)
        #expect(index.type(named: "Model")?.isTracked("count") == true)
        #expect(index.type(named: "Model")?.isTracked("cache") == false)
        #expect(index.type(named: "Model")?.isTracked("shared") == false)
        // Two declarations of one member of the same kind combine: attributes and initial values join,
        // `static` and `private` only when both say so.
        let on = index.type(named: "Flags")?.members["on"]
        #expect(on?.attributes.contains(.state) == true && on?.hasInitializer == true)
        let level = index.type(named: "Flags")?.members["level"]
        #expect(level?.isStatic == false && level?.isPrivate == false && level?.hasInitializer == true)
    }

    @Test func simpleNamesResolveOnlyWhenUnambiguous() {
        let index = ProjectIndex(summaries: Self.summaries())
        #expect(index.facts(for: "Outer.Inner")?.members["a"] != nil)
        #expect(index.facts(for: "Other.Inner")?.members["b"] != nil)
        #expect(index.facts(for: "Inner") == nil, "two types are called Inner")
        #expect(index.facts(for: "Model")?.name == "Model")
        #expect(index.facts(for: "Missing") == nil)
    }

    @Test func compactionKeepsWhatRulesRead() {
        var index = ProjectIndex(summaries: Self.summaries())
        index.compact()
        // Classes, actors, observable and SwiftUI types keep their members…
        #expect(index.type(named: "Model")?.members["count"] != nil)
        #expect(index.type(named: "Shape")?.members["sides"] != nil)
        #expect(index.type(named: "Worker")?.members["task"] != nil)
        #expect(index.type(named: "Screen")?.members["text"]?.attributes.contains(.state) == true)
        // …plain structs and enums lose theirs, but stay known as types.
        #expect(index.type(named: "Lonely")?.members.isEmpty == true)
        #expect(index.type(named: "Lonely")?.kind == .struct)
        #expect(index.type(named: "Outer.Inner")?.members.isEmpty == true)
    }

    @Test func usesAreSortedWithoutDuplicatesAndChainsAreFollowed() {
        let summaries = Self.summaries()
        var index = ProjectIndex(summaries: summaries)
        // The extension's uses are computed only when asked for (the engine's late pass).
        var pass = LatePass(index: index, summaries: [], plan: .observableUses)
        pass.extensions = Set(["Model"].filter { index.facts(for: $0).map(AnalysisPlan.observableUses.needsLateUses) == true })
        let late = FileSummary(tree: SyntaxTree(file: SourceFile(path: "ModelExtra.swift", text: Self.sources[1].1)), late: pass)
        index.addUses(from: late)
        index.addUses(from: late)
        let model = index.type(named: "Model")!
        for (member, uses) in model.uses {
            #expect(uses == uses.sorted() && Set(uses).count == uses.count, "\(member): \(uses)")
        }
        // init → reset → label reads `count`: the chain is reported.
        let found = index.trackedRead(in: model, through: "reset")
        #expect(found?.property == "count" && found?.via == ["reset", "label"], "\(String(describing: found))")
        #expect(index.trackedRead(in: model, through: "label")?.property == "count")
        // reload reads `doubled`, a computed property that reads `count`.
        #expect(index.trackedRead(in: model, through: "reload")?.via == ["reload", "doubled"])
        // refresh only touches `count` in a closure that runs later.
        #expect(index.trackedRead(in: model, through: "refresh") == nil)
    }
}

extension ProjectIndexTests {
    @Test func canonicallyEqualNamesAreOneType() {
        // The same name in NFC and in NFD (e + combining acute) in two files: Swift treats them as equal.
        let composed = "struct Caf\u{E9} { @State var count = 0 }\n"
        let decomposed = "extension Cafe\u{301}: View { var body: some View { Text(\"\") } }\n"
        let index = ProjectIndex(summaries: [composed, decomposed].enumerated().map { i, text in
            FileSummary(tree: SyntaxTree(file: SourceFile(path: "F\(i).swift", text: text)))
        })
        #expect(index.typeCount == 1)
        #expect(index.isSwiftUIType("Caf\u{E9}"))
        #expect(index.isSwiftUIType("Cafe\u{301}"))
        #expect(index.type(named: "Cafe\u{301}")?.members["count"]?.attributes.contains(.state) == true)
    }

    @Test func traitsKeepOnlyTheKnownAttributesAndConformances() {
        let traits = TypeTraits(conformances: ["SwiftUI.View", "Equatable", "ObservableObject", "Viewish"])
        #expect(traits == [.view, .observableObject])
        #expect(TypeTraits(attributes: ["MainActor", "Observable", "objc"]) == [.mainActor, .observable])
        let source = """
            @MainActor @Observation.Observable final class Store {}
            struct Page: SwiftUI.View, Equatable { var body: some View { Text("") } }
            struct Plain: Equatable {}
            extension Plain: Scene {}
            """
        let index = ProjectIndex(summaries: [FileSummary(tree: SyntaxTree(file: SourceFile(path: "T.swift", text: source)))])
        #expect(index.type(named: "Store")?.isObservable == true)
        #expect(index.type(named: "Store")?.isSwiftUIType == false)
        #expect(index.isSwiftUIType("Page"))
        #expect(index.isSwiftUIType("Plain"), "a conformance added by an extension counts")
        #expect(!index.isSwiftUIType("Store"))
    }

    @Test func aLongCallChainIsFollowedToItsEnd() {
        // m0 → m1 → … → m3000 reads `count`: the whole chain comes back, in order (built once at the end).
        var text = "@Observable final class Chain {\n    var count = 0\n"
        for i in 0..<3000 { text += "    func m\(i)() { m\(i + 1)() }\n" }
        text += "    func m3000() { _ = count }\n}\n"
        let index = ProjectIndex(summaries: [FileSummary(tree: SyntaxTree(file: SourceFile(path: "Chain.swift", text: text)))])
        let found = index.trackedRead(in: index.type(named: "Chain")!, through: "m0")
        #expect(found?.property == "count")
        #expect(found?.via == (0...3000).map { "m\($0)" })
    }
}

/// Traits carried by the project's own protocols and base classes, whatever the files' order.
@Suite("Inherited traits")
struct InheritedTraitsTests {
    static let sources: [(String, String)] = [
        ("Protocols.swift", """
            import SwiftUI
            protocol PlatformView: View {}
            protocol RowView: PlatformView {}
            protocol Titled { var title: String { get } }
            """),
        ("Views.swift", """
            import SwiftUI
            struct Row: RowView { var body: some View { Text("") } }
            struct Card: Titled, Identifiable { var id = 0; var title = "" }
            extension Card: PlatformView {}
            struct Label2: Titled { var title = "" }
            """),
        ("Stores.swift", """
            import Combine
            class BaseStore: ObservableObject {}
            class MiddleStore: BaseStore {}
            final class LeafStore: MiddleStore { @Published var n = 0 }
            final class Plain: Codable {}
            """),
    ]

    @Test(arguments: [false, true])
    func traitsFollowProtocolsAndSuperclasses(reversed: Bool) {
        let files = reversed ? Array(Self.sources.reversed()) : Self.sources
        let index = ProjectIndex(summaries: files.map { FileSummary(tree: SyntaxTree(file: SourceFile(path: $0.0, text: $0.1))) })
        #expect(index.isSwiftUIType("Row"), "through RowView, then PlatformView")
        #expect(index.isSwiftUIType("Card"), "through an extension's conformance")
        #expect(index.isSwiftUIType("RowView"))
        #expect(!index.isSwiftUIType("Label2"), "Titled does not refine View")
        #expect(index.facts(for: "LeafStore")?.traits.contains(.observableObject) == true, "two superclasses up")
        #expect(index.facts(for: "Plain")?.traits.contains(.observableObject) == false)
        #expect(index.facts(for: "Card")?.inherits == ["PlatformView", "Titled"])
    }

    /// Objects built once for the app (`ProjectIndex.appOwner(of:)`): a static's or a global's initial value, a
    /// stored property of the `App` or its delegate, a construction in the `App`'s `init`; not a view's
    /// property, a local, a static computed property, or a call on a value (`.init`, `x.Make()`).
    @Test func appOwnersAreTheOnceForTheAppConstructions() {
        let app = """
            import SwiftUI
            @main struct ShopApp: App {
                @StateObject private var cart = Cart()
                let session: Session
                init() {
                    session = Session(user: Account.current())
                    let probe = Probe()
                    _ = probe
                }
                var body: some Scene { WindowGroup { Screen(model: ScreenModel()) } }
            }
            final class ShopAppDelegate: NSObject, UIApplicationDelegate { let push = PushHub() }
            let logger = Logger()
            enum Services { static let sounds = Sounds(); static var computed: Thing { Thing() } }
            struct Screen: View {
                let model: ScreenModel
                let helper = Helper()
                var body: some View { Text("") }
                func make() { let local = Local(); _ = local }
            }
            """
        let summary = FileSummary(tree: SyntaxTree(file: SourceFile(path: "Shop.swift", text: app)), plan: AnalysisPlan(facts: [.appOwners]))
        let owners = Dictionary(summary.appOwners.map { ($0.typeName, $0.holder) }, uniquingKeysWith: { a, _ in a })
        #expect(owners["Cart"] == "'ShopApp.cart'")
        #expect(owners["Session"] == "'ShopApp.init'")
        #expect(owners["Probe"] == "'ShopApp.init'")
        #expect(owners["PushHub"] == "'ShopAppDelegate.push'")
        #expect(owners["Logger"] == "the global 'logger'")
        #expect(owners["Sounds"] == "'Services.sounds'")
        // The scene's root view (its state lives as long as the window), not what the body hands it.
        #expect(owners["Screen"] == "'ShopApp.body'")
        for name in ["ScreenModel", "Helper", "Local", "Thing", "current", "Account", "WindowGroup", "Text"] {
            #expect(owners[name] == nil, "\(name) is not built once for the app")
        }
        // Not collected unless a rule asks, and looked up by simple name in the index.
        #expect(FileSummary(tree: SyntaxTree(file: SourceFile(path: "Shop.swift", text: app))).appOwners.isEmpty)
        let index = ProjectIndex(summaries: [summary])
        #expect(index.appOwner(of: "Cart")?.path == "Shop.swift")
        #expect(index.appOwner(of: "Outer.Cart")?.holder == "'ShopApp.cart'")
        #expect(index.appOwner(of: "Helper") == nil)
        // A class another file builds too (a window's root view) is not app-lifetime.
        let window = "struct Root: View { @State private var cart = Cart(); var body: some View { Text(\"\") } }"
        let both = ProjectIndex(summaries: [summary, FileSummary(tree: SyntaxTree(file: SourceFile(path: "Root.swift", text: window)),
                                                                 plan: AnalysisPlan(facts: [.appOwners]))])
        #expect(both.appOwner(of: "Cart") == nil)
        #expect(both.appOwner(of: "Session")?.holder == "'ShopApp.init'")
    }

    /// The state of a scene's root view lives as long as its window (`WindowGroup { Root() }`, through a `Scene`
    /// type too), named as a chain; not the roots of a `DocumentGroup` or a `WindowGroup(for:)`, not a root
    /// another file builds, and previews (`#Preview`, a `PreviewProvider`) do not count as building it.
    @Test func theStateOfASceneRootLivesAsLongAsItsWindow() {
        let app = """
            import SwiftUI
            @main struct NotesApp: App {
                var body: some Scene {
                    WindowGroup("Notes") { Root().environmentObject(Hub()) }
                    DocumentGroup(newDocument: Doc()) { file in DocRoot(file: file) }
                    WindowGroup(id: "note", for: Note.ID.self) { $id in NoteRoot() }
                    Panels()
                }
            }
            struct Panels: Scene { var body: some Scene { Window("Inspector", id: "i") { Inspector() } } }
            """
        let views = """
            import SwiftUI
            struct Root: View { @StateObject private var store = Store(); @State var draft = Draft(); let plain = Plain()
                var body: some View { Text("") } }
            struct Inspector: View { @State private var model = InspectorModel(); var body: some View { Text("") } }
            struct DocRoot: View { @StateObject var doc = DocModel(); var body: some View { Text("") } }
            struct NoteRoot: View { @StateObject var note = NoteModel(); var body: some View { Text("") } }
            #Preview { Root() }
            struct Inspector_Previews: PreviewProvider { static var previews: some View { Inspector() } }
            """
        func summary(_ path: String, _ text: String) -> FileSummary {
            FileSummary(tree: SyntaxTree(file: SourceFile(path: path, text: text)), plan: AnalysisPlan(facts: [.appOwners]))
        }
        let index = ProjectIndex(summaries: [summary("NotesApp.swift", app), summary("Views.swift", views)])
        #expect(index.appOwner(of: "Store")?.holder == "'Root.store' (in the 'Root' that 'NotesApp.body' builds once)")
        #expect(index.appOwner(of: "Draft") != nil)
        #expect(index.appOwner(of: "InspectorModel")?.holder
                == "'Inspector.model' (in the 'Inspector' that 'Panels.body' builds, in the 'Panels' that 'NotesApp.body' builds once)")
        for name in ["Plain", "Hub", "DocModel", "NoteModel", "Doc"] {
            #expect(index.appOwner(of: name) == nil, "\(name) is not built once for the app")
        }
        // A root another screen pushes too is built once per push.
        let pushed = ProjectIndex(summaries: [summary("NotesApp.swift", app), summary("Views.swift", views),
                                              summary("Menu.swift", "struct Menu: View { var body: some View { NavigationLink { Root() } label: { Text(\"\") } } }")])
        #expect(pushed.appOwner(of: "Store") == nil)
        #expect(pushed.appOwner(of: "InspectorModel") != nil)
    }

    /// Where methods release what stored properties keep (`ReleasesFact`), from tokens, across files:
    /// not in `deinit` or `init`, not on another object, first site per property.
    @Test func releasesAreFoundInEveryMethodButDeinit() {
        let main = """
            final class Player {
                var timer: Timer?
                var bag = Set<AnyCancellable>()
                var token: NSObjectProtocol?
                var handler: (() -> Void)?
                var cache: [String: Int] = [:]
                var other = Other()
                init() { handler = nil }
                func stop() {
                    self.timer?.invalidate()
                    other.task.cancel()
                }
                deinit { bag.removeAll() }
            }
            """
        // (Extensions are not read: pass 1 cannot tell an extension of a class from one of a struct.)
        let ext = """
            final class Recorder {
                func reset() {
                    handler = nil
                    cache = [:]
                    NotificationCenter.default.removeObserver(self.token)
                    bag = []
                }
            }
            """
        let plan = AnalysisPlan(facts: [.releases])
        let trees = [("Player.swift", main), ("Player+Reset.swift", ext)].map { SyntaxTree(file: SourceFile(path: $0.0, text: $0.1)) }
        let index = ProjectIndex(summaries: trees.map { FileSummary(tree: $0, plan: plan) },
                                 parts: trees.map { FileContributions.collect($0, plan: plan) })
        let releases = index.value(of: ReleasesFact.self, at: "Player")
        #expect(index.value(of: ReleasesFact.self, at: "Recorder")?["handler"]?.path == "Player+Reset.swift")
        #expect(releases?["timer"]?.method == "stop")
        #expect(releases?["timer"]?.callee == "invalidate")
        #expect(releases?["timer"]?.path == "Player.swift")
        #expect(releases?["handler"] == nil, "init's 'handler = nil' does not count")
        #expect(releases?["bag"] == nil, "deinit's removeAll does not count")
        let recorder = index.value(of: ReleasesFact.self, at: "Recorder")
        #expect(recorder?["cache"]?.callee == "")
        #expect(recorder?["token"]?.callee == "removeObserver")
        #expect(recorder?["bag"]?.method == "reset")
        #expect(releases?["task"] == nil && releases?["other"] == nil, "a release on another object is not this one's")
        // Not collected unless a rule asks.
        let plainTree = SyntaxTree(file: SourceFile(path: "Player.swift", text: main))
        let plain = ProjectIndex(summaries: [FileSummary(tree: plainTree)], parts: [FileContributions.collect(plainTree, plan: .observableUses)])
        #expect(plain.value(of: ReleasesFact.self, at: "Player") == nil)
        #expect(plain.factKeys(ReleasesFact.self).isEmpty)
    }

    /// The table `prepareQueries()` builds answers every lookup as the shards do: qualified names, a nested
    /// type's unambiguous simple name, an ambiguous one, a top-level name shadowing a nested one, unknown
    /// names; with a name that is not ASCII anywhere in the index it is not used at all (canonically
    /// equivalent spellings are equal names). A change to the index drops it.
    @Test func preparedLookupsAnswerAsTheShards() {
        let extra = """
            enum Box { struct Lonely { var y = 2 } }
            struct Inner { var top = 1 }
            """
        let accented = "enum Caf\u{E9} { struct Menu { var z = 1 } }\nstruct Tea { var w = 1 }"
        for sources in [ProjectIndexTests.sources + Self.sources + [("Extra.swift", extra)], ProjectIndexTests.sources + Self.sources + [("Accented.swift", accented)]] {
            let summaries = sources.map { FileSummary(tree: SyntaxTree(file: SourceFile(path: $0.0, text: $0.1)), plan: .everything) }
            let plain = ProjectIndex(summaries: summaries)
            var prepared = plain
            prepared.prepareQueries()
            var names = plain.typeNames + ["Inner", "Lonely", "Menu", "Nope", "", "Outer.Nope", "Caf\u{E9}", "Cafe\u{301}", "Cafe\u{301}.Menu"]
            names += names.map { $0.lowercased() }
            for name in names {
                #expect(plain.facts(for: name)?.name == prepared.facts(for: name)?.name, "\(name)")
                #expect(plain.fact(for: name) { $0.kind } == prepared.fact(for: name) { $0.kind }, "\(name)")
                #expect(plain.outline(of: name)?.traits == prepared.outline(of: name)?.traits, "\(name)")
                #expect(plain.isSwiftUIType(name) == prepared.isSwiftUIType(name), "\(name)")
            }
            // The ones the test is about resolve as intended.
            #expect(prepared.facts(for: "Outer.Inner") != nil)
            // A top-level `Inner` is the answer for `Inner`; without it, the two nested ones make it ambiguous.
            #expect(prepared.facts(for: "Inner")?.name == (sources.contains { $0.0 == "Extra.swift" } ? "Inner" : nil))
            #expect(prepared.isSwiftUIType("Screen"))
            // Canonically equivalent spellings find the same type, with or without the table.
            #expect(prepared.facts(for: "Cafe\u{301}.Menu")?.name == prepared.facts(for: "Caf\u{E9}.Menu")?.name)
            // A change drops the table: the new type is found.
            var changed = prepared
            changed.add(FileSummary(tree: SyntaxTree(file: SourceFile(path: "New.swift", text: "class Fresh {}"))))
            changed.finish()
            #expect(changed.facts(for: "Fresh")?.kind == .class)
        }
    }
}
