import StatelintAnalysis
import StatelintSyntax
import Testing

/// The cross-file facts rules declare: construction sites and identity contexts, presentations,
/// initializer effects, member types and mutable state, and the plan that decides what pass 1 does.
@Suite("Project facts")
struct ProjectFactsTests {
    static func index(_ files: [(String, String)], plan: AnalysisPlan = .everything) -> ProjectIndex {
        let trees = files.map { path, text in SyntaxTree(file: SourceFile(path: path, text: text), depth: plan.pass1Depth) }
        var index = ProjectIndex(summaries: trees.map { FileSummary(tree: $0, plan: plan) },
                                 parts: trees.map { FileContributions.collect($0, plan: plan) })
        // The engine's site search: every file, every type (the engine keeps to the files naming wanted types).
        if plan.wantsSites {
            var sites: [ConstructionSite] = []
            var helpers: [HelperCall] = []
            for (path, text) in files {
                let found = ConstructionSite.collect(in: SyntaxTree(file: SourceFile(path: path, text: text)))
                sites += found.sites
                helpers += found.helpers
            }
            index.addSites(sites, helpers: helpers)
        }
        // The engine's late pass: extensions of types whose uses the plan needs, and the files of the
        // classes whose initializer effects are wanted.
        let summaries = files.map { path, text in
            FileSummary(tree: SyntaxTree(file: SourceFile(path: path, text: text), depth: plan.pass1Depth), plan: plan)
        }
        let late = LatePass(index: index, summaries: summaries, plan: plan)
        for ((path, text), summary) in zip(files, summaries) where late.needs(summary) {
            index.addUses(from: FileSummary(tree: SyntaxTree(file: SourceFile(path: path, text: text)), plan: plan, late: late))
        }
        return index
    }

    static let views: [(String, String)] = [
        ("Detail.swift", """
            struct DetailView: View {
                let item: Item
                var body: some View { Text(item.title) }
            }
            struct Row: View { let title: String; var body: some View { Text(title) } }
            enum Layout { case compact; static let spacing = 4 }
            """),
        ("List.swift", """
            struct ListView: View {
                let items: [Item]
                @State private var selected: Item?
                @State private var showsHelp = false
                var body: some View {
                    ForEach(items, id: \\.id) { item in
                        Row(title: item.title)
                    }
                    .sheet(item: $selected) { item in DetailView(item: item) }
                    .sheet(isPresented: $showsHelp) { help }
                    NavigationLink(destination: DetailView(item: items[0])) { Text("first") }
                    DetailView(item: items[0]).padding().id(items.count)
                    Row(title: "fixed")
                }
                var help: some View { HelpView(style: .compact, spacing: Layout.spacing, items: items) }
            }
            """),
        ("Help.swift", """
            struct HelpView: View {
                let style: Layout
                let spacing: Int
                let items: [Item]
                init(style: Layout, spacing: Int, items: [Item]) {
                    self.style = style; self.spacing = spacing; self.items = items
                }
                var body: some View { Text("help") }
            }
            func makeRow(name: String) -> Row { Row(title: name) }
            """),
    ]

    @Test func constructionSitesKeepLabelsArgumentKindsAndContexts() {
        let index = Self.index(Self.views)
        let rows = index.constructionSites(of: "Row")
        #expect(rows.map(\.path) == ["Help.swift", "List.swift", "List.swift"])
        // makeRow(name:): a parameter; a member of ForEach's element: a local; "fixed": a literal.
        #expect(rows.map(\.arguments) == [[.parameter("name")], [.local("item")], [.literal]], "\(rows.map(\.arguments))")
        #expect(rows.allSatisfy { $0.labels == ["title"] })
        #expect(rows[1].contexts == [.forEach(keyedBy: "\\.id", data: "items")])
        // Built in view code (a body), not in an action; the helper function at file scope does not declare a view result.
        #expect(rows[1].memberMakesView && !rows[1].inAction && !rows[1].memberIsStatic)
        #expect(!rows[0].memberMakesView)
        #expect(rows[2].contexts.isEmpty)
        #expect(rows[1].enclosingType == "ListView" && rows[1].enclosingMember == "body")

        let details = index.constructionSites(of: "DetailView")
        #expect(details.count == 3)
        #expect(details[0].contexts == [.presented(by: "sheet", itemKeyed: true)])
        #expect(details[0].arguments == [.local("item")])
        #expect(details[1].contexts == [.presented(by: "NavigationLink", itemKeyed: false)])
        #expect(details[2].contexts == [.id("items.count")])
        // An expression that reads a member: the member is kept, for the witness.
        #expect(details[2].arguments == [.expression(reads: ["items"])])

        let help = index.constructionSites(of: "HelpView")
        #expect(help.count == 1)
        #expect(help[0].arguments == [.constant(".compact"), .constant("Layout.spacing"), .member("items")])
        // Built in a helper property that the second sheet calls: the helper's context counts.
        #expect(help[0].contexts.isEmpty)
        #expect(help[0].memberMakesView, "a computed property declared 'some View' makes views")
        #expect(index.identityContexts(of: help[0]) == [.presented(by: "sheet", itemKeyed: false)])
    }

    /// Pass 1's notes decide which files the site search parses: they must never rule out a file that holds
    /// a site (or a helper call in an identity context), and should rule out files that hold none.
    @Test func constructionNamesNeverMissASite() {
        let extra: [(String, String)] = [
            ("Init.swift", "struct Host { let a = Detail.init(x: 1); @State var b: Panel = .init(y: 2); var c: Sheet { `Sheet`(z: 3) } }"),
            ("Trailing.swift", "struct Host2 { var body: some View { Card { Text(\"x\") } } }"),
            ("Helper.swift", "struct Host3 { var body: some View { Color.red.id(count) }; func f() { self.id(1) } }"),
            ("Model.swift", "struct Model { let id = 3; var value = 0; func make() -> Int { id + value } }"),
        ]
        for (path, text) in Self.views + extra {
            let tree = SyntaxTree(file: SourceFile(path: path, text: text))
            let names = ConstructionNames(tree)
            let found = ConstructionSite.collect(in: tree)
            // (Framework names are left out of the notes; the engine scans for a project type of such a name.)
            for site in found.sites where !ConstructionNames.frameworkNames.contains(String(site.simpleTypeName)) {
                let type = WordSet([String(site.simpleTypeName)])
                #expect(names.mayConstruct(any: type) || names.implicitInit, "\(path): \(site.typeName)")
            }
            if !found.helpers.isEmpty { #expect(names.identityContexts, "\(path)") }
        }
        let model = ConstructionNames(SyntaxTree(file: SourceFile(path: "M.swift", text: extra[3].1)))
        #expect(!model.identityContexts && !model.implicitInit && !model.mayConstruct(any: WordSet(["Model", "Int"])))
        let host = ConstructionNames(SyntaxTree(file: SourceFile(path: "I.swift", text: extra[0].1)))
        #expect(host.implicitInit && host.mayConstruct(any: WordSet(["Detail"])) && host.mayConstruct(any: WordSet(["Sheet"])))
        #expect(!host.mayConstruct(any: WordSet(["Host", "Panel"])))
        let trailing = ConstructionNames(SyntaxTree(file: SourceFile(path: "T.swift", text: extra[1].1)))
        #expect(trailing.mayConstruct(any: WordSet(["Card"])) && !trailing.identityContexts)
        #expect(ConstructionNames(SyntaxTree(file: SourceFile(path: "H.swift", text: extra[2].1))).identityContexts)
    }

    @Test func frameworkTypesAndUndeclaredTypesAreNotKept() {
        let index = Self.index(Self.views)
        #expect(index.constructionSites(of: "Text").isEmpty)
        #expect(index.constructionSites(of: "ForEach").isEmpty)
        // A project type named like a framework type is kept where its file declares it.
        let own = Self.index([("Text.swift", "struct Text { let s: String }\nlet t = Text(s: \"x\")\nfunc f() -> Text { Text(s: \"y\") }")])
        #expect(own.constructionSites(of: "Text").map(\.enclosingMember) == ["t", "f"])
    }

    @Test func presentationsFollowHelpersAcrossFiles() {
        let index = Self.index(Self.views)
        #expect(index.presentations(of: "DetailView").map(\.modifier) == ["sheet"])
        let help = index.presentations(of: "HelpView")
        #expect(help.map(\.modifier) == ["sheet"] && help[0].path == "List.swift")
        #expect(index.presentations(of: "Row").isEmpty)
    }

    @Test func initializerEffectsFollowCallsIntoExtensions() {
        let files: [(String, String)] = [
            ("Model.swift", """
                final class Loader {
                    var data: Data?
                    init() { configure() }
                    func configure() { start() }
                }
                final class Quiet { let x = 1; init() { _ = x } }
                final class Logs { init() { print("made") } }
                final class Unwrapped { init() { print("never asked") } }
                """),
            ("Views.swift", """
                struct A: View { @State private var loader = Loader(); @State var quiet: Quiet = .init() }
                struct B: View {
                    @State private var logs: Logs
                    let plain = Unwrapped()
                    init() { _logs = State(initialValue: Logs()) }
                }
                """),
            ("Loader+IO.swift", """
                extension Loader {
                    func start() {
                        Task { await fetch() }
                        data = FileManager.default.contents(atPath: "/tmp/x")
                        NotificationCenter.default.addObserver(forName: .x, object: nil, queue: nil) { _ in }
                    }
                }
                """),
        ]
        let index = Self.index(files, plan: AnalysisPlan(facts: [.initializerEffects]))
        let loader = index.initializerEffects(of: "Loader")
        #expect(loader.map(\.member) == ["start"])
        #expect(loader.first?.effects == [.startsTask, .doesIO, .registersObserver])
        #expect(index.initializerEffects(of: "Quiet").isEmpty)
        #expect(index.initializerEffects(of: "Logs").map(\.effects) == [.logs])
        #expect(index.initializerEffects(of: "Logs").map(\.member) == ["init"])
        // Only classes handed to a property wrapper as a new object are summarised (the late pass reads
        // their files again); others are not.
        #expect(index.initializerEffects(of: "Unwrapped").isEmpty)
        // Where the first effect is: the callee of the first call that has one, in its file.
        let site = loader.first?.site
        #expect(site?.path == "Loader+IO.swift" && site?.callee == "Task")
        let logs = index.initializerEffects(of: "Logs").first?.site
        #expect(logs?.path == "Model.swift" && logs?.callee == "print")
        if let logs, let text = files.first(where: { $0.0 == "Model.swift" })?.1 {
            #expect(String(decoding: Array(text.utf8)[logs.range], as: UTF8.self) == "print")
        }
    }

    @Test func constructionSitesKnowHostingRoots() {
        let tree = SyntaxTree(file: SourceFile(path: "H.swift", text: """
            final class Host: UIHostingController<Screen> {
                init() { super.init(rootView: Screen()) }
            }
            func make() -> UIViewController { UIHostingController(rootView: try Screen(id: 1)) }
            struct Parent: View { var body: some View { Screen() } }
            func other() { present(root: Screen(), rootView: 1) }
            func local() -> UIViewController {
                let screen = Screen(id: 2)
                return UIHostingController(rootView: screen)
            }
            func modified() -> UIViewController {
                let screen = Screen(id: 4).environmentObject(theme)
                return UIHostingController(rootView: Screen(id: 5).padding(8)) ?? UIHostingController(rootView: screen)
            }
            func inCase(_ k: Int) -> UIViewController? {
                switch k {
                case 1:
                    let screen = Screen(id: 6).environmentObject(theme)
                    return UIHostingController(rootView: screen)
                default: return nil
                }
            }
            func reused() {
                let screen = Screen(id: 3)
                show(UIHostingController(rootView: screen))
                keep(screen)
            }
            """))
        let sites = ConstructionSite.collect(in: tree).sites.filter { $0.typeName == "Screen" }
        #expect(sites.map(\.isHostingRoot) == [true, true, false, false, true, true, true, true, false])
        #expect(sites.allSatisfy { !$0.isInPreview })
        let previews = SyntaxTree(file: SourceFile(path: "P.swift", text: """
            #Preview { Screen() }
            struct Screen_Previews: PreviewProvider { static var previews: some View { Screen() } }
            """))
        let previewSites = ConstructionSite.collect(in: previews).sites
        // (A `#Preview` at file scope is not walked for sites at all.)
        #expect(!previewSites.isEmpty && previewSites.allSatisfy(\.isInPreview), "\(previewSites)")
    }

    @Test func wrappedConstructionsAreNotedInPass1() {
        let tree = SyntaxTree(file: SourceFile(path: "V.swift", text: """
            struct V: View {
                @State private var a = Alpha()
                @StateObject private var b: Beta = .init()
                @Environment(\\.dismiss) var dismiss
                let plain = Plain()
                @State private var c: Gamma
                @State private var d: Delta<Int>
                init() {
                    _c = State(initialValue: Outer.Gamma(x: 1))
                    _d = State(wrappedValue: Delta<Int>.init())
                    let e = State(initialValue: lowercase())
                }
            }
            """), depth: .declarations(bodiesIn: .none))
        let summary = FileSummary(tree: tree, plan: AnalysisPlan(facts: [.initializerEffects]))
        // `@StateObject`'s initial value is an autoclosure (run once): not noted.
        #expect(summary.wrappedConstructions == ["Alpha", "Gamma", "Delta"])
        #expect(FileSummary(tree: tree, plan: AnalysisPlan(facts: [])).wrappedConstructions.isEmpty, "only when the plan asks")
    }

    @Test func initializerEffectsIncludeComputedPropertiesItReads() {
        let index = Self.index([("Prefs.swift", """
            final class Prefs {
                var theme = ""
                init() { theme = stored }
                var stored: String { UserDefaults.standard.string(forKey: "theme") ?? "" }
            }
            struct P: View { @State var prefs = Prefs() }
            """)], plan: AnalysisPlan(facts: [.initializerEffects]))
        let effects = index.initializerEffects(of: "Prefs")
        #expect(effects.map(\.member) == ["stored"] && effects.first?.effects == [.doesIO])
        #expect(effects.first?.site?.callee == "UserDefaults.standard.string")
    }

    @Test func memberTypesAndMutableState() {
        let index = Self.index([("T.swift", """
            final class Holder { let formatter = DateFormatter(); var model: Model = .init(); let count: Int }
            final class Stateless { let a = 1; static var shared = Stateless() }
            """)], plan: AnalysisPlan(facts: [.memberTypes]))
        let holder = index.facts(for: "Holder")!
        #expect(holder.memberTypes["formatter"] == "DateFormatter")
        #expect(holder.memberTypes["model"] == "Model")
        #expect(holder.memberTypes["count"] == nil, "a plain value type is not kept")
        #expect(holder.hasMutableState)
        #expect(index.facts(for: "Stateless")?.hasMutableState == false)
    }

    @Test func factsCostNothingUnlessPlanned() {
        let plain = Self.index(Self.views, plan: .observableUses)
        #expect(plain.constructionSites(of: "Row").isEmpty)
        #expect(AnalysisPlan(facts: []).pass1Depth == .declarations(bodiesIn: .none))
        #expect(AnalysisPlan.observableUses.pass1Depth == .declarations(bodiesIn: .classesMarked("Observable")))
        #expect(AnalysisPlan(facts: [.initializerEffects]).pass1Depth == .declarations(bodiesIn: .none), "effects come from the late pass")
        #expect(AnalysisPlan(facts: [.presentations]).pass1Depth == .declarations(bodiesIn: .none), "sites are searched for after pass 1")
        let typesOnly = Self.index([("T.swift", "final class Holder { var model = Model() }")], plan: AnalysisPlan(facts: []))
        #expect(typesOnly.facts(for: "Holder")?.memberTypes.isEmpty == true)
        #expect(typesOnly.facts(for: "Holder")?.uses.isEmpty == true)
    }

    @Test func theWordScanFindsIdentifiersOnly() {
        let words = WordSet(["DetailView", "Row"])
        #expect(words.occurs(in: Array("let v = DetailView(item: x)".utf8)))
        #expect(words.occurs(in: Array("Row()".utf8)))
        #expect(!words.occurs(in: Array("let v = DetailViewModel(); RowBuilder.make(); MyRow()".utf8)))
        #expect(!WordSet([]).occurs(in: Array("Row()".utf8)))
    }

    @Test func plannedWordsAreRecorded() {
        let plan = AnalysisPlan(facts: [], words: ["Task", "Timer", "Task"])
        #expect(plan.words == ["Task", "Timer"])
        let summary = FileSummary(tree: SyntaxTree(file: SourceFile(path: "A.swift", text: "let t = Task { }\n// Timer\nlet s = \"Timer\"")), plan: plan)
        #expect(summary.mentions("Task") && !summary.mentions("Timer"))
    }
}
