import Foundation
import StatelintDiagnostics
import StatelintCore
import StatelintReporters
import StatelintRules
import StatelintSyntax
import Testing

@Suite("SARIF reporter")
struct SarifReporterTests {
    func render(_ report: LintReport, rules: [RuleDescriptor] = RuleRegistry.descriptors) -> String {
        SarifReporter.render(report, rules: rules, version: "0.1.0", sourceRoot: "/work/my project")
    }

    func run(_ report: LintReport, rules: [RuleDescriptor] = RuleRegistry.descriptors) throws -> [String: Any] {
        let log = try Fixtures.parse(render(report, rules: rules))
        #expect(log.string("version") == "2.1.0")
        #expect(log.string("$schema") == SarifReporter.schemaURI)
        let runs = log.array("runs")
        #expect(runs.count == 1)
        return try #require(runs.first)
    }

    func region(_ location: [String: Any]) -> [Int?] {
        let r = location.object("physicalLocation").object("region")
        return [r.int("startLine"), r.int("startColumn"), r.int("endLine"), r.int("endColumn")]
    }

    @Test("driver lists every rule with its metadata")
    func driver() throws {
        let run = try run(Fixtures.lint([]))
        let driver = run.object("tool").object("driver")
        #expect(driver.string("name") == "statelint")
        #expect(driver.string("version") == "0.1.0")
        #expect(driver.string("informationUri") == "https://github.com/statelint/statelint")
        let rules = driver.array("rules")
        #expect(rules.map { $0.string("id") } == RuleRegistry.descriptors.map(\.id))
        for (rule, descriptor) in zip(rules, RuleRegistry.descriptors) {
            #expect(rule.string("name") == descriptor.name)
            #expect(rule.object("shortDescription").string("text") == descriptor.summary)
            #expect(rule.object("fullDescription").string("text") == descriptor.rationale)
            let help = rule.object("help")
            #expect(help.string("text")?.hasPrefix(descriptor.rationale + "\n\nExample:\n\n    ") == true)
            let markdown = try #require(help.string("markdown"))
            #expect(markdown.contains("**Example:**\n\n```swift\n"))
            #expect(markdown.contains("**Use instead:**\n\n```swift\n"))
            #expect(!markdown.contains("// expect"), "test markers are not shown to users")
            let level = rule.object("defaultConfiguration").string("level")
            let properties = rule.object("properties")
            #expect(properties["tags"] as? [String] == descriptor.tags)
            #expect(properties.string("precision") == descriptor.precision)
            #expect(properties["security-severity"] == nil)
            switch descriptor.defaultSeverity {
            case .info: #expect(level == "note"); #expect(properties.string("problem.severity") == "recommendation")
            case .warning: #expect(level == "warning"); #expect(properties.string("problem.severity") == "warning")
            case .error: #expect(level == "error"); #expect(properties.string("problem.severity") == "error")
            }
        }
        #expect(run.string("columnKind") == "utf16CodeUnits")
        #expect(run.object("originalUriBaseIds").object("%SRCROOT%").string("uri") == "file:///work/my%20project/")
        #expect(run.array("invocations").map { $0["executionSuccessful"] as? Bool } == [true])
        #expect(run.array("invocations").first?["toolExecutionNotifications"] == nil)
        #expect(run.array("results").isEmpty)
    }

    /// The flagged line is `        let _ = /* 한글 😀 */ Self._printChanges()`. Before `Self`: 8 spaces, `let _ = `
    /// (8), `/* ` (3), 한 and 글 (3 UTF-8 bytes but 1 UTF-16 unit each: 2), a space (1), 😀 (U+1F600, outside
    /// the BMP: 4 bytes, 2 UTF-16 units, a surrogate pair), ` */ ` (4): 8+8+3+2+1+2+4 = 28 units, so `Self`
    /// starts at UTF-16 column 29 (the byte column would be 35, the character column 28). The call
    /// `Self._printChanges()` is 20 ASCII units, so the exclusive end column is 49.
    @Test("columns are UTF-16 code units")
    func utf16Columns() throws {
        let run = try run(Fixtures.lint([("K.swift", Fixtures.korean)]))
        let result = try #require(run.array("results").first)
        let location = try #require(result.array("locations").first)
        #expect(region(location) == [3, 29, 3, 49])
        #expect(location.object("physicalLocation").object("artifactLocation").string("uri") == "K.swift")
        #expect(location.object("physicalLocation").object("artifactLocation").string("uriBaseId") == "%SRCROOT%")
        // The fix deletes the whole line: from 3:1 to the start of line 4.
        let replacement = try #require(result.array("fixes").first?.array("artifactChanges").first?.array("replacements").first)
        let deleted = replacement.object("deletedRegion")
        #expect([deleted.int("startLine"), deleted.int("startColumn"), deleted.int("endLine"), deleted.int("endColumn")] == [3, 1, 4, 1])
        #expect(replacement["insertedContent"] == nil)
    }

    @Test("results: rule index, level, message with help, related locations, insertion fix")
    func results() throws {
        var report = Fixtures.lint([("Leaky.swift", Fixtures.leaky), ("Peach.swift", Fixtures.peach)])
        report.diagnostics[1].severity = .error
        let run = try run(report)
        let rules = run.object("tool").object("driver").array("rules")
        let results = run.array("results")
        #expect(results.count == 2)
        for result in results {
            let index = try #require(result.int("ruleIndex"))
            #expect(rules[index].string("id") == result.string("ruleId"))
        }
        let leaky = results[0]
        #expect(leaky.string("ruleId") == "state_closure_captures_view")
        #expect(leaky.string("level") == "warning")
        #expect(leaky.object("message").string("text") == report.diagnostics[0].message + "\nhelp: " + report.diagnostics[0].help!)
        #expect(region(try #require(leaky.array("locations").first)) == [7, 17, 7, 43])
        let related = try #require(leaky.array("relatedLocations").first)
        #expect(related.int("id") == 1)
        #expect(region(related) == [7, 33, 7, 41])
        #expect(related.object("message").string("text") == "this captures the view")
        let fix = try #require(leaky.array("fixes").first)
        #expect(fix.object("description").string("text") == "Capture [myObject] by value")
        #expect(fix.object("properties")["safe"] as? Bool == false)
        let change = try #require(fix.array("artifactChanges").first)
        #expect(change.object("artifactLocation").string("uri") == "Leaky.swift")
        let replacement = try #require(change.array("replacements").first)
        let deleted = replacement.object("deletedRegion")
        // An insertion is an empty region just after `{`.
        #expect([deleted.int("startLine"), deleted.int("startColumn"), deleted.int("endLine"), deleted.int("endColumn")] == [7, 28, 7, 28])
        #expect(replacement.object("insertedContent").string("text") == " [myObject] in")
        #expect(results[1].string("level") == "error")
        #expect(results[1]["relatedLocations"] == nil)
    }

    @Test("info findings are notes; unknown rule ids get a bare rule entry")
    func levelsAndUnknownRules() throws {
        var report = Fixtures.lint([("a.swift", Fixtures.manyLeftovers(2))])
        report.diagnostics[0].severity = .info
        report.diagnostics[1].ruleID = "engine_only"
        let run = try run(report, rules: [PrintChangesLeftoverRule.descriptor])
        let rules = run.object("tool").object("driver").array("rules")
        #expect(rules.map { $0.string("id") } == ["print_changes_leftover", "engine_only"])
        #expect(rules[1].count == 1)
        #expect(run.array("results").map { $0.string("level") } == ["note", "warning"])
        #expect(run.array("results").map { $0.int("ruleIndex") } == [0, 1])
    }

    @Test("unreadable files are tool execution notifications; URIs are percent-encoded")
    func problems() throws {
        var report = Fixtures.lint([("Sources/My View #1.swift", Fixtures.peach)])
        report.problems = Fixtures.missing(["Missing Dir/gone.swift", "/nonexistent/ü.swift"])
        let run = try run(report)
        let invocation = try #require(run.array("invocations").first)
        #expect(invocation["executionSuccessful"] as? Bool == true)
        let notifications = invocation.array("toolExecutionNotifications")
        #expect(notifications.map { $0.string("level") } == ["error", "error"])
        #expect(notifications.map { $0.object("message").string("text") } == [
            "Missing Dir/gone.swift cannot be read; skipped", "/nonexistent/ü.swift cannot be read; skipped",
        ])
        let locations = notifications.map { $0.array("locations").first?.object("physicalLocation").object("artifactLocation") ?? [:] }
        #expect(locations[0].string("uri") == "Missing%20Dir/gone.swift")
        #expect(locations[0].string("uriBaseId") == "%SRCROOT%")
        // Outside the current folder a path stays absolute: a file URI of its own, no base id.
        #expect(locations[1].string("uri") == "file:///nonexistent/%C3%BC.swift")
        #expect(locations[1]["uriBaseId"] == nil)
        let result = try #require(run.array("results").first?.array("locations").first)
        #expect(result.object("physicalLocation").object("artifactLocation").string("uri") == "Sources/My%20View%20%231.swift")
    }

    func fingerprints(_ text: String) throws -> [String] {
        let run = try run(Fixtures.lint([("Many.swift", text)]))
        return run.array("results").map { $0.object("partialFingerprints").string("primaryLocationLineHash") ?? "" }
    }

    @Test("fingerprints: rule + trimmed line text + occurrence, unchanged when lines move")
    func fingerprintStability() throws {
        let before = try fingerprints(Fixtures.manyLeftovers(2))
        let after = try fingerprints(Fixtures.manyLeftovers(2, blankLinesAbove: 3))
        #expect(before.count == 2)
        #expect(before == after)
        // Two findings on identical lines: same hash, occurrences 1 and 2.
        let hash = SarifReporter.fingerprint(rule: "print_changes_leftover", line: ArraySlice("let _ = Self._printChanges()".utf8))
        #expect(before == ["\(hash):1", "\(hash):2"])
        // Expected values computed independently (Python): FNV-1a 64 over b"print_changes_leftover\0let _ = …",
        // and over a single NUL byte.
        #expect(hash == "d1a2674004e1baf3")
        #expect(SarifReporter.fingerprint(rule: "", line: []) == "af63bd4c8601b7df")
        // The lines moved by three.
        let lines = try run(Fixtures.lint([("Many.swift", Fixtures.manyLeftovers(2, blankLinesAbove: 3))]))
            .array("results").map { region($0.array("locations").first ?? [:])[0] }
        #expect(lines == [6, 7])
    }

    @Test("a changed line gets a new fingerprint")
    func fingerprintChanges() throws {
        let original = try fingerprints(Fixtures.peach)
        let edited = try fingerprints(Fixtures.peach.replacingOccurrences(of: "let _ = Self._printChanges()", with: "let _ = Self._printChanges( )"))
        #expect(original.count == 1 && edited.count == 1)
        #expect(original != edited)
    }

    @Test("output is deterministic")
    func deterministic() {
        let files = [("Leaky.swift", Fixtures.leaky), ("K.swift", Fixtures.korean), ("Peach.swift", Fixtures.peach)]
        #expect(render(Fixtures.lint(files)) == render(Fixtures.lint(files.reversed())))
    }

    /// Writes a SARIF log covering every feature (every rule's bad examples, notes, fixes, non-ASCII
    /// columns, all three levels, unreadable files) to `$STATELINT_SARIF_SAMPLE`, for
    /// `Tools/validate-sarif.py SCHEMA FILE` to check against the SARIF 2.1.0 schema.
    @Test("writes a sample for schema validation", .enabled(if: ProcessInfo.processInfo.environment["STATELINT_SARIF_SAMPLE"] != nil))
    func sample() throws {
        let path = try #require(ProcessInfo.processInfo.environment["STATELINT_SARIF_SAMPLE"])
        var files = [("Sources/한글/K.swift", Fixtures.korean), ("Leaky.swift", Fixtures.leaky)]
        for descriptor in RuleRegistry.descriptors {
            for (i, example) in descriptor.badExamples.enumerated() {
                files.append(("Examples/\(descriptor.id)_\(i).swift", example))
            }
        }
        var report = Fixtures.lint(files)
        report.problems = Fixtures.missing(["Missing Dir/gone.swift", "/nonexistent/x.swift"])
        report.diagnostics[0].severity = .error
        report.diagnostics[1].severity = .info
        #expect(report.diagnostics.count >= files.count)
        #expect(report.diagnostics.contains { !$0.notes.isEmpty })
        #expect(report.diagnostics.contains { $0.fix != nil })
        let sarif = SarifReporter.render(report, rules: RuleRegistry.descriptors, version: "0.1.0")
        try sarif.write(toFile: path, atomically: true, encoding: .utf8)
    }
}

@Suite("Report formats")
struct ReportFormatTests {
    @Test("every --format value renders through one entry point")
    func dispatch() {
        let report = Fixtures.lint([("Peach.swift", Fixtures.peach)])
        #expect(ReportFormat.names == "text|xcode|sarif|github|json|checkstyle|gitlab|junit|sonarqube|html")
        #expect(ReportFormat(rawValue: "json")?.render(report, rules: RuleRegistry.descriptors, version: "1") == JSONReporter.render(report, version: "1"))
        #expect(ReportFormat.checkstyle.render(report, rules: RuleRegistry.descriptors, version: "1") == CheckstyleReporter.render(report))
        #expect(ReportFormat.github.render(report, rules: RuleRegistry.descriptors, version: "1") == GitHubReporter.render(report))
        #expect(ReportFormat.sarif.render(report, rules: RuleRegistry.descriptors, version: "1") == SarifReporter.render(report, rules: RuleRegistry.descriptors, version: "1"))
        #expect(ReportFormat.text.render(report, rules: RuleRegistry.descriptors, version: "1") == TextReporter.render(report))
        #expect(ReportFormat.xcode.render(report, rules: RuleRegistry.descriptors, version: "1") == TextReporter.render(report, firstLinesOnly: true))
        #expect(ReportFormat.allCases.filter(\.isMachineReadable) == [.sarif, .github, .json, .checkstyle, .gitlab, .junit, .sonarqube, .html])
    }
}
