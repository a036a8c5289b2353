import Foundation
import StatelintCore
import StatelintDiagnostics
import StatelintReporters
import Testing

@Suite("JUnit reporter")
struct JUnitReporterTests {
    /// 2023-11-14T22:13:20Z.
    static let when = Date(timeIntervalSince1970: 1_700_000_000)

    func render(_ report: LintReport) -> String {
        JUnitReporter.render(report, version: "1.2.3", timestamp: Self.when, hostname: "ci-host")
    }

    func parse(_ report: LintReport) throws -> XMLNode {
        let xml = render(report)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"))
        let root = try #require(XMLNode.parse(xml), "well-formed XML")
        #expect(root.name == "testsuites")
        #expect(root.attributes.isEmpty, "the Ant schema declares no attributes on <testsuites>")
        return root
    }

    /// Checks what every suite has and returns its test cases.
    func checkSuite(_ suite: XMLNode, id: Int, files: Int) -> [XMLNode] {
        let cases = suite.all("testcase")
        #expect(suite.name == "testsuite")
        #expect(suite.attributes["package"] == "statelint")
        #expect(suite.attributes["id"] == String(id))
        #expect(suite.attributes["tests"] == String(cases.count))
        #expect(suite.attributes["failures"] == String(cases.filter { !$0.all("failure").isEmpty }.count))
        #expect(suite.attributes["errors"] == String(cases.filter { !$0.all("error").isEmpty }.count))
        #expect(suite.attributes["skipped"] == "0")
        #expect(suite.attributes["time"] == "0")
        #expect(suite.attributes["timestamp"] == "2023-11-14T22:13:20")
        #expect(suite.attributes["hostname"] == "ci-host")
        // properties first, system-out and system-err last, test cases between.
        #expect(suite.children.map(\.name) == ["properties"] + cases.map { _ in "testcase" } + ["system-out", "system-err"])
        let properties = suite.all("properties").first?.all("property") ?? []
        #expect(properties.map { [$0.attributes["name"], $0.attributes["value"]] }
            == [["statelint.version", "1.2.3"], ["statelint.files", String(files)]])
        for testCase in cases {
            #expect(testCase.attributes["time"] == "0")
            #expect(testCase.children.count <= 1)
        }
        return cases
    }

    @Test("one suite per rule, sorted; one failing test case per finding with message, severity and details")
    func suites() throws {
        let report = Fixtures.mixed()
        let root = try parse(report)
        let suites = root.all("testsuite")
        #expect(suites.map { $0.attributes["name"] } == ["print_changes_leftover", "state_closure_captures_view", "unused_suppression"])
        let cases = suites.enumerated().map { checkSuite($0.element, id: $0.offset, files: 4) }
        #expect(cases.map(\.count) == [2, 1, 1])

        // print_changes_leftover: K.swift (error) then Peach.swift (warning), in report order; byte columns.
        #expect(cases[0].map { $0.attributes["name"] } == ["Sources/한글/K.swift:3:35", "Views/Peach.swift:3:17"])
        #expect(cases[0].map { $0.attributes["classname"] } == ["statelint.print_changes_leftover", "statelint.print_changes_leftover"])
        let korean = try #require(cases[0][0].all("failure").first)
        #expect(korean.attributes["type"] == "error")
        #expect(korean.attributes["message"] == report.diagnostics[2].message)
        #expect(korean.text == "Sources/한글/K.swift:3:35: error: \(report.diagnostics[2].message) [print_changes_leftover]\n"
            + "help: \(report.diagnostics[2].help!)")

        // The note of the leaky finding follows its help.
        let leaky = try #require(cases[1].first?.all("failure").first)
        #expect(cases[1].first?.attributes["name"] == "Leaky.swift:7:17")
        #expect(leaky.attributes["type"] == "warning")
        #expect(leaky.text == "Leaky.swift:7:17: warning: \(report.diagnostics[1].message) [state_closure_captures_view]\n"
            + "help: \(report.diagnostics[1].help!)\nLeaky.swift:7:33: note: this captures the view")

        // The finding on the last line of a file; info prints as note, as in the text format.
        let end = try #require(cases[2].first?.all("failure").first)
        #expect(cases[2].first?.attributes["name"] == "End.swift:4:1")
        #expect(cases[2].first?.attributes["classname"] == "statelint.unused_suppression")
        #expect(end.attributes["type"] == "info")
        #expect(end.text.hasPrefix("End.swift:4:1: note: "))
    }

    @Test("markup, quotes, line breaks and characters XML 1.0 forbids are escaped")
    func escaping() throws {
        let report = Fixtures.mixed()
        let xml = render(report)
        #expect(!xml.contains("\u{1}"))
        let root = try parse(report)
        let peach = try #require(root.all("testsuite").first?.all("testcase").last?.all("failure").first)
        let expected = Fixtures.awkwardMessage.replacingOccurrences(of: "\u{1}", with: "\u{FFFD}")
        #expect(peach.attributes["message"] == expected, "the line break survives in the attribute as &#10;")
        #expect(peach.text.hasPrefix("Views/Peach.swift:3:17: warning: \(expected) [print_changes_leftover]\nhelp: "))
        #expect(xml.contains("message=\"x &lt; y &amp;&amp; &quot;z&quot; &apos;q&apos; &gt; 0&#10;second line \u{FFFD} 한글 😀\""))
        // A path with markup in a test case name.
        let odd = Fixtures.lint([("<A&B>.swift", Fixtures.peach)])
        #expect(try parse(odd).all("testsuite").first?.all("testcase").first?.attributes["name"] == "<A&B>.swift:3:17")
        #expect(JUnitReporter.render(odd, version: "\"1\"", timestamp: Self.when, hostname: "a<b").contains("hostname=\"a&lt;b\""))
    }

    @Test("no finding: one suite with one passing test case")
    func empty() throws {
        let root = try parse(Fixtures.lint([("Clean.swift", "struct Clean {}\n")]))
        let suites = root.all("testsuite")
        #expect(suites.map { $0.attributes["name"] } == ["statelint"])
        let cases = checkSuite(try #require(suites.first), id: 0, files: 1)
        #expect(cases.map { $0.attributes["name"] } == ["no findings"])
        #expect(cases.map { $0.attributes["classname"] } == ["statelint"])
        #expect(cases.first?.children.isEmpty == true, "passing: no failure, error or skipped")
        #expect(suites.first?.attributes["tests"] == "1")
        #expect(suites.first?.attributes["failures"] == "0")
    }

    @Test("files that could not be linted are errors in suite statelint, after the rules")
    func problems() throws {
        var report = Fixtures.lint([("Peach.swift", Fixtures.peach)])
        report.problems = Fixtures.missing(["Missing Dir/gone.swift"])
        let suites = try parse(report).all("testsuite")
        #expect(suites.map { $0.attributes["name"] } == ["print_changes_leftover", "statelint"])
        let cases = checkSuite(suites[1], id: 1, files: report.fileCount)
        #expect(suites[1].attributes["errors"] == "1")
        #expect(suites[1].attributes["failures"] == "0")
        #expect(cases.map { $0.attributes["name"] } == ["Missing Dir/gone.swift"])
        let error = try #require(cases.first?.all("error").first)
        #expect(error.attributes["message"] == "cannot be read; skipped")
        #expect(error.attributes["type"] == "file-not-linted")
        #expect(error.text == "Missing Dir/gone.swift cannot be read; skipped")
    }

    @Test("findings at the same place get distinct test case names")
    func duplicateNames() throws {
        let report = Fixtures.report([("D.swift", "let a = 1\n")], [
            Diagnostic(ruleID: "r", severity: .warning, path: "D.swift", range: 4..<5, message: "one"),
            Diagnostic(ruleID: "r", severity: .warning, path: "D.swift", range: 4..<5, message: "two"),
            Diagnostic(ruleID: "r", severity: .warning, path: "D.swift", range: 4..<5, message: "three"),
        ])
        let cases = try #require(try parse(report).all("testsuite").first?.all("testcase"))
        #expect(cases.map { $0.attributes["name"] } == ["D.swift:1:5", "D.swift:1:5 (2)", "D.swift:1:5 (3)"])
    }

    @Test("the timestamp is UTC without a zone; the host name is this machine's by default")
    func timestampAndHost() {
        let xml = JUnitReporter.render(Fixtures.lint([]), version: "1")
        #expect(xml.firstMatch(of: /timestamp="[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}"/) != nil)
        #expect(!JUnitReporter.hostname().isEmpty)
        #expect(xml.contains("hostname=\"\(JUnitReporter.hostname())\""))
        let unnamed = JUnitReporter.render(Fixtures.lint([]), version: "1", timestamp: Self.when, hostname: "")
        #expect(unnamed.contains("hostname=\"localhost\""))
    }
}
