import StatelintCore
import StatelintDiagnostics
import StatelintSyntax
import Testing

/// `Engine.cache`: what a run learns of unchanged files is reused, and a run with a cache whose changed
/// files were invalidated finds exactly what a fresh run finds.
@Suite("Analysis cache")
struct AnalysisCacheTests {
    static let card = """
        import SwiftUI
        struct Card: View {
            @State private var count: Int
            init(count: Int) { _count = State(initialValue: count) }
            var body: some View { Text("\\(count)") }
        }
        """
    static func screen(_ argument: String) -> String {
        """
        import SwiftUI
        struct Screen: View {
            var total: Int
            var body: some View { Text("x") }
        }
        extension Screen {
            var card: some View { Card(count: \(argument)) }
        }
        """
    }
    /// Files that neither name Card nor are named by it, so the name filter leaves most of them out.
    static let others = (0..<12).map { SourceFile(path: "Other\($0).swift", text: "struct Other\($0) { var x = \($0) }\n") }

    static func files(_ argument: String) -> [SourceFile] {
        [SourceFile(path: "Card.swift", text: card), SourceFile(path: "Screen.swift", text: screen(argument))] + others
    }

    static func shown(_ report: LintReport) -> [String] {
        report.diagnostics.map { "\($0.path):\($0.range):\($0.ruleID):\($0.message)" }
    }

    @Test(arguments: [1, 2])
    func aCachedRunFindsWhatAFreshRunFinds(jobs: Int) {
        let cache = AnalysisCache()
        var cached = Engine(jobs: jobs)
        cached.cache = cache
        let fresh = Engine(jobs: jobs)
        let reported: Set<String> = ["Card.swift"]

        let first = cached.lint(files: Self.files("total"), reportOnly: reported)
        #expect(Self.shown(first) == Self.shown(fresh.lint(files: Self.files("total"), reportOnly: reported)))
        #expect(first.diagnostics.map(\.ruleID) == ["state_injected_value"], "\(Self.shown(first))")
        _ = cache.takeCounts()

        // Nothing changed: the same findings, from the cache.
        let second = cached.lint(files: Self.files("total"), reportOnly: reported)
        #expect(Self.shown(second) == Self.shown(first))
        let counts = cache.takeCounts()
        #expect(counts.hits > 0 && counts.misses == 0, "\(counts)")

        // The caller passes a constant now: invalidated, the seed can no longer go stale.
        cache.invalidate(["Screen.swift"])
        let third = cached.lint(files: Self.files("0"), reportOnly: reported)
        #expect(Self.shown(third) == Self.shown(fresh.lint(files: Self.files("0"), reportOnly: reported)))
        #expect(third.diagnostics.isEmpty, "\(Self.shown(third))")
        #expect(cache.takeCounts().misses > 0)

        // And back.
        cache.invalidate(["Screen.swift"])
        let fourth = cached.lint(files: Self.files("total"), reportOnly: reported)
        #expect(Self.shown(fourth) == Self.shown(first))

        // Reporting on every file (no name filter) with the same cache agrees with a fresh run as well.
        let all = cached.lint(files: Self.files("total"))
        #expect(Self.shown(all) == Self.shown(fresh.lint(files: Self.files("total"))))
    }

    @Test func aChangeThatIsNotInvalidatedIsNotSeen() {
        // The contract: the owner of the cache says what changed. (This is what makes a cached run cheap.)
        let cache = AnalysisCache()
        var cached = Engine(jobs: 1)
        cached.cache = cache
        _ = cached.lint(files: Self.files("total"), reportOnly: ["Card.swift"])
        let stale = cached.lint(files: Self.files("0"), reportOnly: ["Card.swift"])
        #expect(stale.diagnostics.map(\.ruleID) == ["state_injected_value"])
    }
}
