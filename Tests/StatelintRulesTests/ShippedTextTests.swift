import Foundation
import StatelintDiagnostics
import StatelintRules
import Testing

/// Nothing a user reads is scaffolding: no `TODO:`, `FIXME` or the rule scaffold's placeholder text in
/// `.lintrc.example`, `docs/`, the README, the rule sources (descriptions and messages) or the descriptors.
@Suite("Shipped text")
struct ShippedTextTests {
    /// What the scaffold (`Tools/new-rule.py`) writes for the author to replace, and the usual markers.
    static let markers = ["TODO:", "FIXME", "XXX:", "what it finds, in a few words"]

    static func offending(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            markers.contains { line.contains($0) } ? "\(number + 1): \(line.trimmingCharacters(in: .whitespaces))" : nil
        }
    }

    @Test func noScaffoldingInShippedFiles() throws {
        var files = [".lintrc.example", "README.md", "CHANGELOG.md"]
        for folder in ["docs", "Rules", "Editors"] {
            let root = packageRoot.appendingPathComponent(folder).path
            for case let path as String in FileManager.default.enumerator(atPath: root) ?? FileManager.DirectoryEnumerator()
            where path.hasSuffix(".md") || path.hasSuffix(".swift") || path.hasSuffix(".json") || path.hasSuffix(".yml") {
                files.append(folder + "/" + path)
            }
        }
        #expect(files.count > 20, "\(files)")
        for file in files {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
            #expect(Self.offending(text).isEmpty, "\(file) ships scaffolding:\n\(Self.offending(text).joined(separator: "\n"))")
        }
        for descriptor in RuleRegistry.descriptors {
            let text = ([descriptor.summary, descriptor.rationale] + descriptor.badExamples + descriptor.goodExamples).joined(separator: "\n")
            #expect(Self.offending(text).isEmpty, "\(descriptor.id)'s description: \(Self.offending(text))")
        }
    }

    /// The check can fail: the scaffold's own placeholder is caught.
    @Test func theScaffoldsPlaceholderIsCaught() throws {
        let scaffold = try String(contentsOf: packageRoot.appendingPathComponent("Tools/new-rule.py"), encoding: .utf8)
        #expect(!Self.offending(scaffold).isEmpty)
        #expect(Self.offending("  state_timer_never_invalidated: info   # TODO: what it finds, in a few words").count == 1)
    }
}
