import Foundation
import StatelintDiagnostics
import StatelintRules
import StatelintSyntax
import Testing
@testable import StatelintCore

/// Typed rule options: declared in the descriptor, checked in `.lintrc`, merged into the settings the
/// rule reads through its context.
@Suite struct RuleOptionTests {
    @Test func optionsAreCheckedAgainstTheirDeclaration() throws {
        let config = try Configuration.parse(text: """
            rules:
              print_changes_leftover: {severity: error, print_functions: [log, trace], allow_in_debug: false}
            """, path: ".lintrc")
        #expect(config.rules["print_changes_leftover"] == .enabled(.error, options: [
            "print_functions": .list(["log", "trace"]), "allow_in_debug": .bool(false),
        ]))
        // A single word is a one-element list; options without severity keep the default severity.
        let single = try Configuration.parse(text: "rules:\n  print_changes_leftover:\n    print_functions: log\n", path: ".lintrc")
        #expect(single.rules["print_changes_leftover"] == .enabled(.warning, options: ["print_functions": .list(["log"])]))
    }

    @Test func badOptionValuesAreClearErrors() {
        #expect(configError("rules:\n  print_changes_leftover: {allow_in_debug: maybe}") == ".lintrc:2:44: error: invalid value 'maybe' for option 'allow_in_debug' of rule 'print_changes_leftover' (expected true or false)")
        #expect(configError("rules:\n  print_changes_leftover: {print_functions: {a: 1}}") == ".lintrc:2:45: error: option 'print_functions' of rule 'print_changes_leftover' must be a list of values such as [a, b], found a map")
        #expect(configError("rules:\n  print_changes_leftover: {print_function: [log]}") == ".lintrc:2:28: error: unknown option 'print_function' for rule 'print_changes_leftover' (rule 'print_changes_leftover' accepts severity, print_functions, allow_in_debug); did you mean 'print_functions'?")
    }

    @Test func settingsCarryOptionsAndTheDeploymentTarget() throws {
        let config = try Configuration.parse(text: """
            rules:
              print_changes_leftover: {print_functions: [log]}
              task_retains_self: off
            deployment_target: {ios: "17.1", macos: 14}
            """, path: ".lintrc")
        let settings = LintSettings(configuration: config, enable: ["task_retains_self"], disable: ["unused_suppression"])
        #expect(settings.run(of: "print_changes_leftover")?.options == ["print_functions": .list(["log"])])
        #expect(settings.isEnabled("task_retains_self") && settings.run(of: "task_retains_self")?.severity == .warning)
        #expect(!settings.isEnabled("unused_suppression"))
        #expect(settings.deploymentTarget.minimum("ios") == OSVersion(17, 1))
        #expect(!settings.deploymentTarget.guarantees("ios", atLeast: OSVersion(17, 2)))
        #expect(settings.deploymentTarget.guarantees("macos", atLeast: OSVersion(14)))
        #expect(!settings.deploymentTarget.guarantees("visionos", atLeast: OSVersion(1)))
        #expect(OSVersion("17.10")! > OSVersion("17.2")! && OSVersion("17") == OSVersion(17, 0, 0) && OSVersion("17.") == nil)
    }

    @Test func optionsChangeWhatTheRuleReports() {
        let source = """
            struct V: View {
                var body: some View {
                    let _ = log("body")
                    #if DEBUG
                    let _ = print("debug only")
                    #endif
                    Text("x")
                }
            }
            """
        func ids(_ options: [String: OptionValue]) -> [String] {
            var settings = LintSettings(rules: [PrintChangesLeftoverRule.self])
            settings.runs[0].options = options
            let report = Engine(settings: settings, jobs: 1).lint(files: [SourceFile(path: "V.swift", text: source)])
            return report.diagnostics.map(\.message)
        }
        #expect(ids([:]).isEmpty)
        #expect(ids(["print_functions": .list(["log"])]).map { $0.prefix(22) } == ["'let _ = log(…)' left "])
        #expect(ids(["allow_in_debug": .bool(false)]).map { $0.prefix(24) } == ["'let _ = print(…)' left "])
    }

    @Test func explainAndTheDocumentationShowOptions() {
        let d = PrintChangesLeftoverRule.descriptor
        #expect(d.options.map(\.key) == ["print_functions", "allow_in_debug"])
        #expect(d.optionsText?.contains("print_functions: a list of values such as [a, b]; default [print, debugPrint, dump]") == true)
        #expect(d.optionsMarkdown?.contains("| `allow_in_debug` | true or false | `true` |") == true)
        #expect(TaskRetainsSelfRule.descriptor.optionsText == nil)
    }
}
