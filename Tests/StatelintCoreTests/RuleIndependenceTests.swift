import Foundation
import StatelintCore
import StatelintDiagnostics
import StatelintRules
import Testing

/// A rule's findings do not depend on which other rules run: `--only X`, `--disable Y` and the full run
/// show the same findings of X. Rules share the project index (construction sites, member types,
/// releases …); a query must answer the same whether or not another rule asked for more of it, or a team
/// that turns one rule off sees another rule's findings change.
@Suite("Rule independence: a rule's findings whatever else runs")
struct RuleIndependenceTests {
    static let inputs = EquivalenceTests.packageRoot.appendingPathComponent("TestInputs")

    static func folders() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: inputs.path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: inputs.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted()
    }

    @Test func everyRuleAloneFindsWhatTheFullRunFinds() throws {
        var failures: [String] = []
        var compared = 0
        for folder in try Self.folders() {
            let paths = try Discovery.swiftFiles(in: [Self.inputs.appendingPathComponent(folder).path])
            guard !paths.isEmpty else { continue }
            let whole = Engine(settings: .defaults, jobs: 1).lint(paths: paths)
            for rule in RuleRegistry.all {
                let id = rule.descriptor.id
                // A suppression of a rule that does not run cannot be judged unused: that rule is silent
                // alone by design (`UnusedSuppressionTests`).
                if id == "unused_suppression" { continue }
                let expected = whole.diagnostics.filter { $0.ruleID == id }.map(EquivalenceTests.describe)
                let alone = Engine(settings: LintSettings(rules: [rule]), jobs: 1).lint(paths: paths)
                let found = alone.diagnostics.filter { $0.ruleID == id }.map(EquivalenceTests.describe)
                compared += expected.count
                if found != expected {
                    let missing = expected.filter { !found.contains($0) }
                    let extra = found.filter { !expected.contains($0) }
                    failures.append("TestInputs/\(folder), \(id) alone:\n  only in the full run:\n    "
                        + missing.joined(separator: "\n    ") + "\n  only when alone:\n    " + extra.joined(separator: "\n    "))
                }
            }
        }
        // The comparison means something only if the fixtures give findings of many rules.
        #expect(compared > 200)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
    }
}
