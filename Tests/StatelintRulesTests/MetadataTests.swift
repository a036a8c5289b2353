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
}
