import Foundation
import StatelintCore
import StatelintDiagnostics
import StatelintReporters
import StatelintRules
import Testing

@Suite("GitLab Code Quality reporter")
struct GitLabReporterTests {
    func render(_ report: LintReport) -> String {
        GitLabReporter.render(report, rules: RuleRegistry.descriptors, sourceRoot: "/work/project")
    }

    func issues(_ report: LintReport) throws -> [[String: Any]] {
        try Fixtures.parseArray(render(report))
    }

    func lines(_ issue: [String: Any]) -> [Int?] {
        let lines = issue.object("location").object("lines")
        return [lines.int("begin"), lines.int("end")]
    }

    @Test("every field GitLab reads, plus type, categories, content and other locations")
    func fields() throws {
        let report = Fixtures.mixed()
        let issues = try issues(report)
        #expect(issues.count == 4)
        for (issue, d) in zip(issues, report.diagnostics) {
            #expect(issue.string("type") == "issue")
            #expect(issue.string("description") == d.message)
            #expect(issue.string("check_name") == d.ruleID)
            let fingerprint = try #require(issue.string("fingerprint"))
            #expect(fingerprint.count == 16 && fingerprint.allSatisfy { "0123456789abcdef".contains($0) })
            #expect(issue.object("location").string("path") == d.path)
            #expect(issue.object("location")["positions"] == nil, "lines or positions, not both")
            #expect(issue.object("content").string("body")?.hasPrefix("help: \(d.help!)") == true)
        }
        #expect(issues.map { $0.string("severity") } == ["info", "major", "critical", "major"])
        #expect(issues.map(lines) == [[4, 4], [7, 7], [3, 3], [3, 3]])
        #expect(issues.map { $0["categories"] as? [String] } == [["Clarity"], ["Bug Risk"], ["Clarity"], ["Clarity"]])
        // The note: in the body, compiler style, and as another location.
        #expect(issues[1].object("content").string("body")
            == "help: \(report.diagnostics[1].help!)\n\nLeaky.swift:7:33: note: this captures the view")
        let other = issues[1].array("other_locations")
        #expect(other.count == 1)
        #expect(other.first?.string("path") == "Leaky.swift")
        #expect(other.first.map { [$0.object("lines").int("begin"), $0.object("lines").int("end")] } == [7, 7])
        #expect(issues[0]["other_locations"] == nil)
        // Quotes, markup, a line break, a control character and non-ASCII text survive JSON exactly.
        #expect(issues[3].string("description") == Fixtures.awkwardMessage)
    }

    @Test("severities: info → info, warning → major, error → critical")
    func severities() throws {
        #expect(Severity.allCases.map(GitLabReporter.severity) == ["info", "major", "critical"])
        var report = Fixtures.lint([("a.swift", Fixtures.manyLeftovers(3))])
        report.diagnostics[0].severity = .info
        report.diagnostics[2].severity = .error
        #expect(try issues(report).map { $0.string("severity") } == ["info", "major", "critical"])
    }

    @Test("categories come from the rule's tags")
    func categories() {
        #expect(GitLabReporter.categories(["swiftui", "memory", "lifetime"]) == ["Bug Risk"])
        #expect(GitLabReporter.categories(["observation", "performance"]) == ["Bug Risk", "Performance"])
        #expect(GitLabReporter.categories(["maintainability"]) == ["Clarity"])
        #expect(GitLabReporter.categories(["swiftui"]) == ["Bug Risk"])
        #expect(GitLabReporter.categories([]) == ["Bug Risk"])
    }

    @Test("fingerprint: FNV-1a 64 of path, rule, message, occurrence and trimmed line, without the line number")
    func fingerprintFormula() throws {
        let report = Fixtures.lint([("Views/Peach.swift", Fixtures.peach)])
        let d = try #require(report.diagnostics.first)
        let input = Array("Views/Peach.swift\u{0}print_changes_leftover\u{0}\(d.message)\u{0}1\u{0}let _ = Self._printChanges()".utf8)
        #expect(try issues(report).first?.string("fingerprint") == Fixtures.fnv1a64(input))
    }

    @Test("fingerprints stay when lines are inserted above, and differ between identical findings")
    func fingerprintStability() throws {
        let before = try issues(Fixtures.lint([("Many.swift", Fixtures.manyLeftovers(3))]))
        let after = try issues(Fixtures.lint([("Many.swift", Fixtures.manyLeftovers(3, blankLinesAbove: 5))]))
        #expect(before.map(lines) == [[3, 3], [4, 4], [5, 5]])
        #expect(after.map(lines) == [[8, 8], [9, 9], [10, 10]])
        let fingerprints = before.compactMap { $0.string("fingerprint") }
        #expect(fingerprints.count == 3)
        #expect(Set(fingerprints).count == 3, "three identical findings in one file get three fingerprints")
        #expect(after.compactMap { $0.string("fingerprint") } == fingerprints)
    }

    @Test("fingerprints change with the path, the line's text and the message")
    func fingerprintInputs() throws {
        func fingerprint(_ path: String, _ text: String, message: String? = nil) throws -> String? {
            var report = Fixtures.lint([(path, text)])
            if let message { report.diagnostics[0].message = message }
            return try issues(report).first?.string("fingerprint")
        }
        let original = try fingerprint("Peach.swift", Fixtures.peach)
        #expect(original != nil)
        #expect(try fingerprint("Other.swift", Fixtures.peach) != original)
        let edited = Fixtures.peach.replacingOccurrences(of: "_printChanges()", with: "_printChanges( )")
        #expect(try fingerprint("Peach.swift", edited) != original)
        #expect(try fingerprint("Peach.swift", Fixtures.peach, message: "other") != original)
        #expect(try fingerprint("Peach.swift", "\n\n" + Fixtures.peach) == original)
    }

    @Test("a finding on the last line of a file without a final line break")
    func endOfFile() throws {
        let issues = try issues(Fixtures.lint([("End.swift", Fixtures.endOfFile)]))
        #expect(issues.map { $0.string("check_name") } == ["unused_suppression"])
        #expect(issues.map(lines) == [[4, 4]])
    }

    @Test("a range that ends at the start of a line ends on the line before")
    func rangeEndingAtLineStart() throws {
        let text = "let a = 1\nlet b = 2\nlet c = 3\n"
        let report = Fixtures.report([("R.swift", text)], [
            Diagnostic(ruleID: "x", severity: .warning, path: "R.swift", range: 10..<20, message: "line 2 with its break"),
            Diagnostic(ruleID: "x", severity: .warning, path: "R.swift", range: 0..<25, message: "lines 1 to 3"),
        ])
        #expect(try issues(report).map(lines) == [[2, 2], [1, 3]])
    }

    @Test("paths are relative to the source root, without ./")
    func paths() throws {
        let report = Fixtures.lint([("./Views/Peach.swift", Fixtures.peach), ("/work/project/Sources/Leaky.swift", Fixtures.leaky),
                                    ("/elsewhere/K.swift", Fixtures.korean)])
        let paths = try issues(report).map { $0.object("location").string("path") }
        #expect(Set(paths.compactMap { $0 }) == ["Views/Peach.swift", "Sources/Leaky.swift", "/elsewhere/K.swift"])
    }

    @Test("a file that could not be linted is a critical issue of check statelint at line 1")
    func problems() throws {
        var report = Fixtures.lint([])
        report.problems = Fixtures.missing(["Missing Dir/gone.swift"])
        let issues = try issues(report)
        #expect(issues.count == 1)
        #expect(issues.first?.string("check_name") == "statelint")
        #expect(issues.first?.string("severity") == "critical")
        #expect(issues.first?.string("description") == "Missing Dir/gone.swift cannot be read; skipped")
        #expect(issues.first?.object("location").string("path") == "Missing Dir/gone.swift")
        #expect(issues.first.map(lines) == [1, 1])
    }

    @Test("no finding: an empty array")
    func empty() {
        #expect(render(Fixtures.lint([])) == "[]\n")
        #expect(render(Fixtures.lint([("Clean.swift", "struct Clean {}\n")])) == "[]\n")
    }
}
