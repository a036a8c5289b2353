import StatelintCore
import StatelintRules
import StatelintSyntax
import Testing

/// Runs every rule's documented examples, plus variants that catch position and context bugs.
@Suite("Rule examples")
struct RuleExampleTests {
    static let ids = RuleRegistry.descriptors.map(\.id)

    func lint(_ text: String, rule id: String) throws -> [String] {
        let file = SourceFile(path: "example.swift", text: text)
        let expected = try Expectations.parse(file)
        let rule = try #require(RuleRegistry.rule(id: id))
        let report = Engine(rules: [rule], jobs: 1).lint(files: [file])
        let lines = LineTable(file.bytes)
        let produced = report.diagnostics.map { d in
            let location = lines.location(of: d.range.lowerBound)
            return Produced(key: Expected(path: d.path, line: location.line, rule: d.ruleID), column: location.column, message: d.message)
        }
        return Expectations.compare(expected: expected, produced: produced)
    }

    func silent(_ text: String, rule id: String) throws -> Bool {
        let rule = try #require(RuleRegistry.rule(id: id))
        return Engine(rules: [rule], jobs: 1).lint(files: [SourceFile(path: "example.swift", text: text)]).diagnostics.isEmpty
    }

    /// Removes `// expect…` markers so wrapped variants carry none.
    func stripMarkers(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard let range = line.range(of: "// expect") else { return String(line) }
            return String(line[..<range.lowerBound])
        }.joined(separator: "\n")
    }

    @Test("bad examples flag exactly their markers", arguments: ids)
    func badExamples(_ id: String) throws {
        let descriptor = try #require(RuleRegistry.rule(id: id)).descriptor
        #expect(!descriptor.badExamples.isEmpty)
        for example in descriptor.badExamples {
            #expect(try !Expectations.parse(SourceFile(path: "e", text: example)).isEmpty, "a bad example has no marker")
            let failures = try lint(example, rule: id)
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))\n\(example)")
        }
    }

    @Test("good examples stay silent", arguments: ids)
    func goodExamples(_ id: String) throws {
        let descriptor = try #require(RuleRegistry.rule(id: id)).descriptor
        #expect(!descriptor.goodExamples.isEmpty)
        for example in descriptor.goodExamples {
            #expect(try silent(example, rule: id), "\(example)")
        }
    }

    @Test("an emoji and Korean line prepended keeps positions right", arguments: ids)
    func emojiPrefix(_ id: String) throws {
        for example in try #require(RuleRegistry.rule(id: id)).descriptor.badExamples {
            let failures = try lint("// 🍑 복숭아 — prefix\n" + example, rule: id)
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        }
    }

    @Test("bad code inside a comment or a string is silent", arguments: ids)
    func insideCommentOrString(_ id: String) throws {
        for example in try #require(RuleRegistry.rule(id: id)).descriptor.badExamples {
            let code = stripMarkers(example)
            #expect(try silent("/*\n" + code + "\n*/\n", rule: id))
            #expect(try silent("let text = #\"\"\"\n" + code + "\n\"\"\"#\n", rule: id))
        }
    }
}

@Suite("Suppression variant of rule examples")
struct SuppressionVariantTests {
    /// Puts `// statelint:disable:next RULE` above every line marked `// expect: RULE` and drops the markers.
    static func suppressed(_ example: String, rule id: String) -> String {
        var out: [String] = []
        for line in example.split(separator: "\n", omittingEmptySubsequences: false) {
            if let marker = line.range(of: "// expect: ") {
                let indent = line.prefix { $0 == " " }
                out.append(indent + "// statelint:disable:next " + id)
                out.append(String(line[..<marker.lowerBound]))
            } else {
                out.append(String(line))
            }
        }
        return out.joined(separator: "\n")
    }

    @Test("a disable:next comment silences each finding and is itself used",
          arguments: RuleRegistry.descriptors.map(\.id).filter { $0 != UnusedSuppressionRule.descriptor.id })
    func disableNextSilences(_ id: String) throws {
        let rule = try #require(RuleRegistry.rule(id: id))
        for example in rule.descriptor.badExamples {
            let text = Self.suppressed(example, rule: id)
            let report = Engine(rules: [rule, UnusedSuppressionRule.self], jobs: 1)
                .lint(files: [SourceFile(path: "example.swift", text: text)])
            #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))\n\(text)")
        }
    }
}
