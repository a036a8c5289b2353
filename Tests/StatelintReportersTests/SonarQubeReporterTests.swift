import Foundation
import StatelintCore
import StatelintDiagnostics
import StatelintReporters
import StatelintRules
import Testing

@Suite("SonarQube reporter")
struct SonarQubeReporterTests {
    func parse(_ report: LintReport, rules: [RuleDescriptor] = RuleRegistry.descriptors) throws -> [String: Any] {
        let json = SonarQubeReporter.render(report, rules: rules, sourceRoot: "/work/project")
        let root = try Fixtures.parse(json)
        #expect(Set(root.keys) == ["rules", "issues"])
        return root
    }

    func range(_ location: [String: Any]) -> [String: Int] {
        (location["textRange"] as? [String: Any] ?? [:]).compactMapValues { $0 as? Int }
    }

    @Test("rules: the ones the findings use, with name, description, engine, attribute and impact")
    func rules() throws {
        let report = Fixtures.mixed()
        let rules = try parse(report).array("rules")
        // In the order of the rule metadata.
        #expect(rules.map { $0.string("id") } == ["print_changes_leftover", "state_closure_captures_view", "unused_suppression"])
        for rule in rules {
            let descriptor = try #require(RuleRegistry.descriptors.first { $0.id == rule.string("id") })
            #expect(rule.string("name") == descriptor.name)
            #expect(rule.string("description") == descriptor.summary + "\n\n" + descriptor.rationale)
            #expect(rule.string("engineId") == "statelint")
            #expect(rule.array("impacts").count == 1)
            #expect(rule["type"] == nil && rule["severity"] == nil, "the deprecated fields are left out")
        }
        #expect(rules.map { $0.string("cleanCodeAttribute") } == ["CLEAR", "LOGICAL", "CLEAR"])
        #expect(rules.map { $0.array("impacts").first?.string("softwareQuality") } == ["MAINTAINABILITY", "RELIABILITY", "MAINTAINABILITY"])
        // print_changes_leftover has a warning and an error: the rule takes the higher.
        #expect(rules.map { $0.array("impacts").first?.string("severity") } == ["HIGH", "MEDIUM", "LOW"])
    }

    @Test("severities: info → LOW, warning → MEDIUM, error → HIGH; attributes from tags")
    func mappings() {
        #expect(Severity.allCases.map(SonarQubeReporter.impactSeverity) == ["LOW", "MEDIUM", "HIGH"])
        #expect(SonarQubeReporter.classify(["maintainability"]) == ("CLEAR", "MAINTAINABILITY"))
        #expect(SonarQubeReporter.classify(["swiftui", "debugging"]) == ("CLEAR", "MAINTAINABILITY"))
        #expect(SonarQubeReporter.classify(["swiftui", "state"]) == ("LOGICAL", "RELIABILITY"))
        #expect(SonarQubeReporter.classify(["concurrency", "memory", "lifetime"]) == ("LOGICAL", "RELIABILITY"))
        #expect(SonarQubeReporter.classify(["observation", "performance"]) == ("EFFICIENT", "RELIABILITY"))
        #expect(SonarQubeReporter.classify(["observation"]) == ("LOGICAL", "RELIABILITY"))
        for severity in Severity.allCases {
            var report = Fixtures.lint([("a.swift", Fixtures.peach)])
            report.diagnostics[0].severity = severity
            let impact = (try? parse(report))?.array("rules").first?.array("impacts").first
            #expect(impact?.string("severity") == SonarQubeReporter.impactSeverity(severity))
        }
    }

    @Test("issues: rule, message, path and a 1-based line, 0-based UTF-16 column range; notes as secondary locations")
    func issues() throws {
        let report = Fixtures.mixed()
        let issues = try parse(report).array("issues")
        #expect(issues.count == 4)
        for (issue, d) in zip(issues, report.diagnostics) {
            #expect(Set(issue.keys).isSubset(of: ["ruleId", "primaryLocation", "secondaryLocations"]),
                    "no issue-level severity, type or engineId when rules are given")
            #expect(issue.string("ruleId") == d.ruleID)
            #expect(issue.object("primaryLocation").string("message") == d.message)
            #expect(issue.object("primaryLocation").string("filePath") == d.path)
        }
        let ranges = issues.map { range($0.object("primaryLocation")) }
        // End.swift's last line is 43 characters long and has no line break after it.
        #expect(ranges[0] == ["startLine": 4, "endLine": 4, "startColumn": 0, "endColumn": 43])
        #expect(ranges[1] == ["startLine": 7, "endLine": 7, "startColumn": 16, "endColumn": 42])
        // Korean and an emoji before the call: byte column 35 is UTF-16 column 29, so offset 28.
        #expect(ranges[2] == ["startLine": 3, "endLine": 3, "startColumn": 28, "endColumn": 48])
        #expect(ranges[3] == ["startLine": 3, "endLine": 3, "startColumn": 16, "endColumn": 36])
        #expect(issues[3].object("primaryLocation").string("message") == Fixtures.awkwardMessage)

        let secondary = issues[1].array("secondaryLocations")
        #expect(secondary.count == 1)
        #expect(secondary.first?.string("message") == "this captures the view")
        #expect(secondary.first?.string("filePath") == "Leaky.swift")
        #expect(secondary.first.map(range) == ["startLine": 7, "endLine": 7, "startColumn": 32, "endColumn": 40])
        #expect(issues[0]["secondaryLocations"] == nil)
    }

    @Test("ranges Sonar would refuse become whole lines; columns never pass the end of their line")
    func awkwardRanges() throws {
        let text = "let a = 1\r\nlet b = 2\n\nlet c = 3"
        // Bytes 0–8 are line 1 (then CR LF at 9–10), 11–19 line 2 (LF at 20), 21 the LF of the empty line 3, and
        // 22–30 line 4, without a break: 31 bytes.
        let report = Fixtures.report([("R.swift", text)], [
            Diagnostic(ruleID: "x", severity: .warning, path: "R.swift", range: 4..<4, message: "insertion point"),
            Diagnostic(ruleID: "x", severity: .warning, path: "R.swift", range: 9..<10, message: "just the CR"),
            Diagnostic(ruleID: "x", severity: .warning, path: "R.swift", range: 9..<11, message: "the CR LF"),
            Diagnostic(ruleID: "x", severity: .warning, path: "R.swift", range: 21..<21, message: "empty line"),
            Diagnostic(ruleID: "x", severity: .warning, path: "R.swift", range: 31..<31, message: "end of file"),
            Diagnostic(ruleID: "x", severity: .warning, path: "R.swift", range: 0..<40, message: "past the end"),
            Diagnostic(ruleID: "x", severity: .warning, path: "R.swift", range: 4..<13, message: "across CR LF"),
        ])
        let ranges = try parse(report, rules: []).array("issues").map { range($0.object("primaryLocation")) }
        #expect(ranges == [
            ["startLine": 1, "endLine": 1],
            ["startLine": 1, "endLine": 1],
            ["startLine": 1, "endLine": 2, "startColumn": 9, "endColumn": 0],
            ["startLine": 3, "endLine": 3],
            ["startLine": 4, "endLine": 4],
            ["startLine": 1, "endLine": 4, "startColumn": 0, "endColumn": 9],
            ["startLine": 1, "endLine": 2, "startColumn": 4, "endColumn": 2],
        ])
    }

    @Test("a rule without metadata gets a bare entry; unreadable files are file-level issues of rule statelint")
    func unknownRulesAndProblems() throws {
        var report = Fixtures.lint([("a.swift", Fixtures.manyLeftovers(2))])
        report.diagnostics[1].ruleID = "engine_only"
        report.problems = Fixtures.missing(["Missing Dir/gone.swift"])
        let root = try parse(report, rules: [PrintChangesLeftoverRule.descriptor])
        let rules = root.array("rules")
        #expect(rules.map { $0.string("id") } == ["print_changes_leftover", "engine_only", "statelint"])
        #expect(rules[1].string("name") == "engine_only")
        #expect(rules[2].string("cleanCodeAttribute") == "COMPLETE")
        #expect(rules[2].array("impacts").first?.string("severity") == "HIGH")
        let problem = try #require(root.array("issues").last)
        #expect(problem.string("ruleId") == "statelint")
        #expect(problem.object("primaryLocation").string("filePath") == "Missing Dir/gone.swift")
        #expect(problem.object("primaryLocation").string("message") == "Missing Dir/gone.swift cannot be read; skipped")
        #expect(problem.object("primaryLocation")["textRange"] == nil)
    }

    @Test("paths are relative to the source root, without ./")
    func paths() throws {
        let report = Fixtures.lint([("./Leaky.swift", Fixtures.leaky), ("/work/project/Views/Peach.swift", Fixtures.peach)])
        let issues = try parse(report).array("issues")
        let paths = Set(issues.compactMap { $0.object("primaryLocation").string("filePath") })
        #expect(paths == ["Leaky.swift", "Views/Peach.swift"])
        #expect(issues.flatMap { $0.array("secondaryLocations") }.map { $0.string("filePath") } == ["Leaky.swift"])
    }

    @Test("no finding: no rules and no issues")
    func empty() {
        let json = SonarQubeReporter.render(Fixtures.lint([]), rules: RuleRegistry.descriptors)
        #expect(json == "{\n  \"rules\": [],\n  \"issues\": []\n}\n")
    }
}

@Suite("Report formats for CI services")
struct CIReportFormatTests {
    @Test("gitlab, junit and sonarqube render through the one entry point")
    func dispatch() {
        let report = Fixtures.mixed()
        let rules = RuleRegistry.descriptors
        #expect(ReportFormat(rawValue: "gitlab")?.render(report, rules: rules, version: "1")
            == GitLabReporter.render(report, rules: rules))
        #expect(ReportFormat(rawValue: "sonarqube")?.render(report, rules: rules, version: "1")
            == SonarQubeReporter.render(report, rules: rules))
        // JUnit writes the time of the run: compare without it.
        func withoutTime(_ xml: String?) -> String? { xml?.replacing(/timestamp="[^"]*"/, with: "") }
        let junit = ReportFormat(rawValue: "junit")?.render(report, rules: rules, version: "1")
        #expect(withoutTime(junit) == withoutTime(JUnitReporter.render(report, version: "1")))
        #expect(junit?.contains("<property name=\"statelint.version\" value=\"1\"/>") == true)
        #expect([ReportFormat.gitlab, .junit, .sonarqube].filter(\.isMachineReadable).count == 3)
    }
}
