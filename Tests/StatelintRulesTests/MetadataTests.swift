import Foundation
import StatelintDiagnostics
import StatelintRules
import Testing

/// The rule registry, file names, fixture folders and documentation stay in step.
@Suite("Rule metadata")
struct MetadataTests {
    static func upperCamel(_ id: String) -> String {
        id.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    @Test func registryMatchesRuleFiles() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Rules").path)
            .filter { $0.hasSuffix("Rule.swift") }.sorted()
        let expected = RuleRegistry.descriptors.map { Self.upperCamel($0.id) + "Rule.swift" }.sorted()
        #expect(files == expected)
    }

    /// What a user reads (`explain`, docs/rules.md, messages built from these texts) names no internal
    /// note or issue: "seed 003" and "#12" mean nothing outside the team.
    @Test func noInternalVocabularyInUserFacingTexts() throws {
        let pattern = try Regex(#"(?i)\bseeds? ?[0-9]{1,3}\b|\bissue #?[0-9]+"#)
        for d in RuleRegistry.descriptors {
            for text in [d.summary, d.rationale] + d.badExamples + d.goodExamples {
                #expect(text.firstMatch(of: pattern) == nil, "\(d.id): \(text.prefix(200))")
            }
        }
        let sources = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Rules").path)
        for name in sources where name.hasSuffix(".swift") {
            let text = try String(contentsOfFile: packageRoot.appendingPathComponent("Rules/\(name)").path, encoding: .utf8)
            // Message strings: a quoted string holding "seed" followed by a number.
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains("\"") {
                #expect(String(line).firstMatch(of: pattern) == nil, "\(name): \(String(line))")
            }
        }
    }

    /// `rules` says which rules have fixes from the rationale's "Fix safety" paragraph: a rule whose code
    /// makes a `Fix` has one, and no other rule does.
    @Test func fixSafetyParagraphsMatchTheRulesThatFix() throws {
        for d in RuleRegistry.descriptors {
            let name = Self.upperCamel(d.id) + "Rule.swift"
            let code = try String(contentsOfFile: packageRoot.appendingPathComponent("Rules/\(name)").path, encoding: .utf8)
            let fixes = code.contains("Fix(") || code.contains("fix: commentRemoval") || code.contains("Fix(title")
            #expect(d.hasFix == fixes, "\(d.id): makes fixes \(fixes), says 'Fix safety' \(d.hasFix)")
        }
    }

    @Test func registryIsAlphabeticalAndIdsAreUnique() {
        let ids = RuleRegistry.descriptors.map(\.id)
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
    }

    @Test("descriptor texts follow the conventions", arguments: RuleRegistry.descriptors.map(\.id))
    func descriptorConventions(_ id: String) throws {
        let d = try #require(RuleRegistry.rule(id: id)).descriptor
        #expect(id.allSatisfy { $0.isLowercase || $0 == "_" }, "ids are snake_case")
        #expect(!id.hasPrefix("no_"), "ids name the pattern, not its absence")
        #expect(d.name == Self.upperCamel(id))
        #expect(d.summary.hasSuffix("."), "summary is one sentence with a period")
        #expect(!d.rationale.isEmpty && !d.badExamples.isEmpty && !d.goodExamples.isEmpty)
        #expect(["very-high", "high", "medium", "low"].contains(d.precision))
        var isDirectory: ObjCBool = false
        let folder = testInputs.appendingPathComponent(id).path
        #expect(FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue,
                "TestInputs/\(id) holds the rule's fixtures")
    }

    /// `docs/rules.md` is generated from the descriptors; `STATELINT_UPDATE_GOLDENS=1` rewrites it.
    @Test func rulesDocumentIsCurrent() throws {
        var text = "# Rules\n\nGenerated from the rule descriptors (`Rules/*Rule.swift`); `statelint explain RULE` prints the same.\n"
        for d in RuleRegistry.descriptors {
            text += "\n## `\(d.id)`\n\nDefault severity: \(d.defaultSeverity.rawValue). Precision: \(d.precision).\n\n"
            text += d.summary + "\n\n" + d.rationale + "\n"
            if let options = d.optionsMarkdown { text += "\n" + options }
            for example in d.badExamples {
                text += "\n### Example\n\n```swift\n" + RuleDescriptor.displayText(of: example) + "\n```\n"
            }
            for example in d.goodExamples {
                text += "\n### Use instead\n\n```swift\n" + RuleDescriptor.displayText(of: example) + "\n```\n"
            }
        }
        let url = packageRoot.appendingPathComponent("docs/rules.md")
        if ProcessInfo.processInfo.environment["STATELINT_UPDATE_GOLDENS"] == "1" {
            try Data(text.utf8).write(to: url)
        }
        let current = String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
        #expect(current == text, "docs/rules.md is out of date: run STATELINT_UPDATE_GOLDENS=1 swift test --filter rulesDocumentIsCurrent")
    }

    /// The changelog names every rule and the version the code carries (one place: CommandLineTool.swift).
    @Test func changelogNamesEveryRuleAndTheVersion() throws {
        let changelog = try String(contentsOf: packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let tool = try String(contentsOf: packageRoot.appendingPathComponent("Sources/statelint/CommandLineTool.swift"), encoding: .utf8)
        let line = try #require(tool.split(separator: "\n").first { $0.contains("static let version = \"") })
        let version = try #require(line.split(separator: "\"").dropFirst().first)
        #expect(changelog.contains(String(version)), "CHANGELOG.md does not mention version \(version)")
        #expect(changelog.contains("## [Unreleased]"))
        for descriptor in RuleRegistry.descriptors {
            #expect(changelog.contains("`\(descriptor.id)`"), "CHANGELOG.md does not mention \(descriptor.id)")
        }
        let license = try String(contentsOf: packageRoot.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(license.contains("Apache License") && license.contains("Version 2.0, January 2004"))
    }

    /// The README's rules table is generated from the descriptors; `STATELINT_UPDATE_GOLDENS=1` rewrites it.
    @Test func readmeRulesTableIsCurrent() throws {
        var table = "| id | what it finds | default | options |\n|---|---|---|---|\n"
        for d in RuleRegistry.descriptors {
            let options = d.options.isEmpty ? "" : d.options.map { "`\($0.key)`" }.joined(separator: ", ")
            table += "| [`\(d.id)`](docs/rules.md#\(d.id)) | \(d.summary) | \(d.defaultSeverity.rawValue) | \(options) |\n"
        }
        let url = packageRoot.appendingPathComponent("README.md")
        let readme = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        let marker = try #require(readme.range(of: "<!-- rules table:"))
        let begin = try #require(readme.range(of: "-->\n", range: marker.lowerBound..<readme.endIndex))
        let end = try #require(readme.range(of: "<!-- end of rules table -->"))
        let current = String(readme[begin.upperBound..<end.lowerBound])
        if ProcessInfo.processInfo.environment["STATELINT_UPDATE_GOLDENS"] == "1" && current != table {
            try Data((readme[..<begin.upperBound] + table + readme[end.lowerBound...]).utf8).write(to: url)
            return
        }
        #expect(current == table, "README.md's rules table is out of date: run STATELINT_UPDATE_GOLDENS=1 swift test --filter readmeRulesTableIsCurrent")
    }

    /// `Tools/new-rule.py` scaffolds a rule: the rule file, the fixture folder, the registry line in
    /// order, and its line in `.lintrc.example` (run on a copy of those files).
    @Test func scaffoldScriptCreatesARule() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("scaffold-\(ProcessInfo.processInfo.processIdentifier)")
        try? fm.removeItem(at: root)
        try fm.createDirectory(at: root.appendingPathComponent("Rules"), withIntermediateDirectories: true)
        try fm.createDirectory(at: root.appendingPathComponent("TestInputs"), withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: root) }
        for file in ["Rules/RuleRegistry.swift", ".lintrc.example"] {
            try fm.copyItem(at: packageRoot.appendingPathComponent(file), to: root.appendingPathComponent(file))
        }
        func run(_ arguments: [String]) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", packageRoot.appendingPathComponent("Tools/new-rule.py").path, "--root", root.path] + arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(try run(["quiet_view_hazard", "--severity", "info"]) == 0)
        #expect(fm.fileExists(atPath: root.appendingPathComponent("Rules/QuietViewHazardRule.swift").path))
        #expect(fm.fileExists(atPath: root.appendingPathComponent("TestInputs/quiet_view_hazard/Flagged.swift").path))
        #expect(fm.fileExists(atPath: root.appendingPathComponent("TestInputs/quiet_view_hazard/Silent.swift").path))
        let rule = String(decoding: try Data(contentsOf: root.appendingPathComponent("Rules/QuietViewHazardRule.swift")), as: UTF8.self)
        #expect(rule.contains("id: \"quiet_view_hazard\"") && rule.contains("defaultSeverity: .info"))
        let registry = String(decoding: try Data(contentsOf: root.appendingPathComponent("Rules/RuleRegistry.swift")), as: UTF8.self)
        let listed = registry.split(separator: "\n").filter { $0.hasSuffix("Rule.self,") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(listed.contains("QuietViewHazardRule.self,") && listed == listed.sorted())
        let example = String(decoding: try Data(contentsOf: root.appendingPathComponent(".lintrc.example")), as: UTF8.self)
        let ids = example.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), let colon = line.firstIndex(of: ":"), !line.hasPrefix("  #") else { return nil }
            let word = line[line.index(line.startIndex, offsetBy: 2)..<colon]
            return word.allSatisfy { $0.isLowercase || $0 == "_" } ? String(word) : nil
        }
        #expect(ids.contains("quiet_view_hazard") && ids == ids.sorted(), "\(ids)")
        // A second run, a bad id: refused without touching anything.
        #expect(try run(["quiet_view_hazard"]) != 0)
        #expect(try run(["NotSnake"]) != 0 && !fm.fileExists(atPath: root.appendingPathComponent("TestInputs/NotSnake").path))
    }
}
