import StatelintAnalysis
import StatelintCore
import StatelintDiagnostics
import StatelintRules
import StatelintSyntax
import Testing

/// The engine's construction-site search: rules that need sites are run on the files they may report in
/// after the search (in pass 2's second round), and the search finds sites from what pass 1 noted.
@Suite("Site search")
struct SiteSearchTests {
    static func lint(_ files: [(String, String)], reportOnly: Set<String>? = nil, jobs: Int = 1) -> LintReport {
        Engine(jobs: jobs).lint(files: files.map { SourceFile(path: $0.0, text: $0.1) }, reportOnly: reportOnly)
    }

    static func findings(_ report: LintReport, _ rule: String = "state_injected_value") -> [String] {
        report.diagnostics.filter { $0.ruleID == rule }.map { "\($0.path):\($0.message.prefix(40))" }
    }

    static func view(named name: String) -> (String, String) {
        ("\(name).swift", """
            import SwiftUI
            struct \(name): View {
                @State private var text: String
                init(text: String) { _text = State(initialValue: text) }
                var body: some View { TextField("", text: $text) }
            }
            """)
    }

    @Test func aViewNamedLikeAFrameworkTypeIsStillFoundAtItsCallSites() {
        // `Label` is left out of pass 1's notes (every file builds SwiftUI's); the search scans for it.
        let presented = ("Host.swift", """
            import SwiftUI
            struct Host: View {
                @State private var shows = false
                let title: String
                var body: some View { Button("x") { shows = true }.sheet(isPresented: $shows) { Label(text: title) } }
            }
            """)
        #expect(Self.findings(Self.lint([Self.view(named: "Label"), presented])).isEmpty)
        let plain = ("Host.swift", """
            import SwiftUI
            struct Host: View {
                let title: String
                var body: some View { Label(text: title) }
            }
            """)
        let report = Self.lint([Self.view(named: "Label"), plain])
        #expect(Self.findings(report).count == 1)
        #expect(report.diagnostics.first?.notes.contains { $0.path == "Host.swift" } == true)
    }

    @Test func aHelperInAnotherFileCarriesItsIdentityContext() {
        let files = [
            Self.view(named: "Editor"),
            ("Host.swift", """
                import SwiftUI
                struct Host: View {
                    @State private var shows = false
                    let title: String
                    var body: some View { Button("x") { shows = true }.sheet(isPresented: $shows) { editor } }
                }
                """),
            ("Host+Editor.swift", """
                import SwiftUI
                extension Host {
                    var editor: some View { Editor(text: title) }
                }
                """),
        ]
        #expect(Self.findings(Self.lint(files)).isEmpty)
        // The same helper shown in place: reported, with the helper's call site as a note.
        var inPlace = files
        inPlace[1].1 = inPlace[1].1.replacingOccurrences(of: "Button(\"x\") { shows = true }.sheet(isPresented: $shows) { editor }", with: "editor")
        #expect(Self.findings(Self.lint(inPlace)).count == 1)
    }

    @Test func suppressionsInDeferredAndOtherFilesAreJudgedAsBefore() {
        let suppressed = ("Editor.swift", """
            import SwiftUI
            struct Editor: View {
                @State private var text: String
                // statelint:disable:next state_injected_value
                init(text: String) { _text = State(initialValue: text) }
                var body: some View { TextField("", text: $text) }
            }
            """)
        let caller = ("Host.swift", """
            import SwiftUI
            struct Host: View {
                let title: String
                // statelint:disable:next state_injected_value
                var body: some View { Editor(text: title) }
            }
            """)
        let report = Self.lint([suppressed, caller])
        #expect(Self.findings(report).isEmpty)
        // The comment in the deferred file silences a finding; the one in the caller silences nothing.
        #expect(Self.findings(report, "unused_suppression") == ["Host.swift:suppression of 'state_injected_value' si"])
    }

    @Test func onlyReportedFilesAreCheckedButEveryFileIsSearched() {
        let files = [Self.view(named: "Editor"), ("Host.swift", """
            import SwiftUI
            struct Host: View {
                @State private var shows = false
                let title: String
                var body: some View { Button("x") { shows = true }.sheet(isPresented: $shows) { Editor(text: title) } }
            }
            """), ("Other.swift", "import SwiftUI\nstruct Other: View { let t: String; var body: some View { Editor(text: t) } }")]
        let named = Self.lint(files, reportOnly: ["Editor.swift"])
        #expect(Self.findings(named) == ["Editor.swift:'@State var text' in 'Editor' is an edit"])
        #expect(named.diagnostics.first?.notes.contains { $0.path == "Other.swift" } == true)
        #expect(Self.lint(files, reportOnly: ["Other.swift"]).diagnostics.isEmpty)
        // Workers and file order change nothing.
        let all = Self.lint(files).diagnostics
        #expect(Self.lint(files.reversed(), jobs: 2).diagnostics == all)
    }

    /// A rule that needs sites but reports outside the types it asks about breaks its promise; its
    /// findings are still reported (made in round 1, without sites), not lost.
    struct PromiseBreaker: Rule {
        static let descriptor = RuleDescriptor(id: "state_injected_value", name: "T", summary: "", rationale: "", badExamples: [],
                                               goodExamples: [], defaultSeverity: .warning, tags: [], precision: "")
        static let projectFacts: Set<ProjectFact> = [.constructionSites]
        static func wantsConstructionSites(of type: TypeFacts, in index: ProjectIndex) -> Bool { false }
        func check(_ context: RuleContext) { context.report(0..<1, "seen") }
    }

    @Test func aSiteRuleThatReportsElsewhereIsNotLost() {
        let files = [SourceFile(path: "A.swift", text: "struct A {}\n"), SourceFile(path: "B.swift", text: "let b = A()\n")]
        let report = Engine(rules: [PromiseBreaker.self], jobs: 1).lint(files: files)
        #expect(report.diagnostics.map(\.path) == ["A.swift", "B.swift"])
    }
}
