import Foundation
import StatelintDiagnostics
import StatelintRules
import Testing
@testable import StatelintCore

/// The configuration error for `text` (read as `.lintrc`), printed, or "no error".
func configError(_ text: String) -> String {
    do {
        _ = try Configuration.parse(text: text, path: ".lintrc")
        return "no error"
    } catch {
        return "\(error)"
    }
}

@Suite struct ConfigurationTests {
    @Test func emptyFileGivesDefaults() throws {
        #expect(try Configuration.parse(text: "", path: "x") == Configuration())
        #expect(try Configuration.parse(text: "# nothing\n---\n", path: "x") == Configuration())
        let defaults = Configuration()
        #expect(defaults.include.isEmpty && defaults.exclude.isEmpty && defaults.rules.isEmpty)
        #expect(defaults.severityThreshold == nil && defaults.baseline == nil && defaults.format == nil)
        #expect(defaults.deploymentTarget.isEmpty)
    }

    @Test func everyKey() throws {
        let text = """
            include:
              - Sources
              - 'Packages/*/Sources/**'
            exclude: ['**/Generated/**', Pods]   # flow form
            rules:
              task_retains_self: error
              print_changes_leftover: off
              state_injected_value: {severity: info}
              observable_init_access:
                severity: 'warning'
              state_closure_captures_view: {}
            severity_threshold: error
            deployment_target: {ios: "17.0", macos: 14}
            baseline: .statelint-baseline.json
            format: sarif
            """
        let config = try Configuration.parse(text: text, path: ".lintrc")
        #expect(config.include == ["Sources", "Packages/*/Sources/**"])
        #expect(config.exclude == ["**/Generated/**", "Pods"])
        #expect(config.rules == [
            "task_retains_self": .enabled(.error, options: [:]),
            "print_changes_leftover": .off,
            "state_injected_value": .enabled(.info, options: [:]),
            "observable_init_access": .enabled(.warning, options: [:]),
            "state_closure_captures_view": .enabled(.warning, options: [:]),
        ])
        #expect(config.severityThreshold == .error)
        #expect(config.deploymentTarget == ["ios": "17.0", "macos": "14"])
        #expect(config.baseline == ".statelint-baseline.json")
        #expect(config.format == "sarif")

        let byID = Dictionary(uniqueKeysWithValues: RuleRegistry.descriptors.map { ($0.id, $0) })
        #expect(config.severity(for: byID["task_retains_self"]!) == .error)
        #expect(config.severity(for: byID["print_changes_leftover"]!) == nil)
        #expect(config.severity(for: byID["unused_suppression"]!) == byID["unused_suppression"]!.defaultSeverity)
        #expect(RuleSetting.off.severity == nil && RuleSetting.off.options.isEmpty)
    }

    @Test func nullValuesKeepDefaults() throws {
        let config = try Configuration.parse(text: "include:\nexclude: ~\nrules:\nbaseline:\nformat: null\nseverity_threshold:\ndeployment_target:\n", path: "x")
        #expect(config == Configuration())
    }

    @Test func unknownKeys() {
        #expect(configError("include: []\nexlcude: [a]") == ".lintrc:2:1: error: unknown key 'exlcude'; did you mean 'exclude'?")
        #expect(configError("severity-threshold: error") == ".lintrc:1:1: error: unknown key 'severity-threshold'; did you mean 'severity_threshold'?")
        #expect(configError("deploymentTarget: {}") == ".lintrc:1:1: error: unknown key 'deploymentTarget'; did you mean 'deployment_target'?")
        #expect(configError("colour: always") == ".lintrc:1:1: error: unknown key 'colour'")
        #expect(configError("- include") == ".lintrc:1:1: error: a configuration must be a map of settings ('key: value' lines), found a list")
    }

    @Test func unknownRuleIDs() {
        #expect(configError("rules:\n  task_retain_self: off") == ".lintrc:2:3: error: unknown rule 'task_retain_self'; did you mean 'task_retains_self'?")
        #expect(configError("rules: {task-retains-self: off}") == ".lintrc:1:9: error: unknown rule 'task-retains-self'; did you mean 'task_retains_self'?")
        #expect(configError("rules:\n  TaskRetainsSelf: off") == ".lintrc:2:3: error: unknown rule 'TaskRetainsSelf'; did you mean 'task_retains_self'?")
        #expect(configError("rules:\n  line_length: off") == ".lintrc:2:3: error: unknown rule 'line_length'")
        #expect(configError("rules: [a]") == ".lintrc:1:8: error: 'rules' must be a map of rule ids to off, info, warning, error or {severity: ...}, found a list")
    }

    @Test func badSeverities() {
        #expect(configError("rules:\n  task_retains_self: warn") == ".lintrc:2:22: error: invalid severity 'warn' for rule 'task_retains_self' (expected off, info, warning or error); did you mean 'warning'?")
        #expect(configError("rules:\n  task_retains_self: eror") == ".lintrc:2:22: error: invalid severity 'eror' for rule 'task_retains_self' (expected off, info, warning or error); did you mean 'error'?")
        #expect(configError("rules:\n  task_retains_self: false") == ".lintrc:2:22: error: invalid severity 'false' for rule 'task_retains_self' (expected off, info, warning or error)")
        #expect(configError("rules:\n  task_retains_self: {severity: errors}") == ".lintrc:2:33: error: invalid severity 'errors' for rule 'task_retains_self' (expected off, info, warning or error); did you mean 'error'?")
        #expect(configError("rules:\n  task_retains_self:") == ".lintrc:2:21: error: rule 'task_retains_self' must be set to off, info, warning, error or {severity: ...}, found nothing")
        #expect(configError("rules:\n  task_retains_self: [error]") == ".lintrc:2:22: error: rule 'task_retains_self' must be set to off, info, warning, error or {severity: ...}, found a list")
        #expect(configError("rules:\n  task_retains_self: {severity: [error]}") == ".lintrc:2:33: error: the severity of rule 'task_retains_self' must be off, info, warning or error, found a list")
    }

    @Test func badOptions() {
        #expect(configError("rules:\n  task_retains_self: {severity: error, max_depth: 3}") == ".lintrc:2:40: error: unknown option 'max_depth' for rule 'task_retains_self' (rule 'task_retains_self' has no options; only 'severity' is allowed)")
        #expect(configError("rules:\n  task_retains_self:\n    severty: error") == ".lintrc:3:5: error: unknown option 'severty' for rule 'task_retains_self' (rule 'task_retains_self' has no options; only 'severity' is allowed); did you mean 'severity'?")
    }

    @Test func badThreshold() {
        #expect(configError("severity_threshold: warnings") == ".lintrc:1:21: error: invalid severity_threshold 'warnings' (expected info, warning or error); did you mean 'warning'?")
        #expect(configError("severity_threshold: off") == ".lintrc:1:21: error: invalid severity_threshold 'off' (expected info, warning or error)")
        #expect(configError("severity_threshold: [error]") == ".lintrc:1:21: error: 'severity_threshold' must be a single value (info, warning or error), found a list")
    }

    @Test func badFormat() {
        #expect(configError("format: sarif2") == ".lintrc:1:9: error: invalid format 'sarif2' (expected text, xcode, sarif, github, json, checkstyle, gitlab, junit, sonarqube or html); did you mean 'sarif'?")
        #expect(configError("format: JSON") == ".lintrc:1:9: error: invalid format 'JSON' (expected text, xcode, sarif, github, json, checkstyle, gitlab, junit, sonarqube or html); did you mean 'json'?")
        #expect(configError("format: yaml") == ".lintrc:1:9: error: invalid format 'yaml' (expected text, xcode, sarif, github, json, checkstyle, gitlab, junit, sonarqube or html)")
        #expect(configError("format: htm") == ".lintrc:1:9: error: invalid format 'htm' (expected text, xcode, sarif, github, json, checkstyle, gitlab, junit, sonarqube or html); did you mean 'html'?")
        #expect(configError("format:\n  a: b") == ".lintrc:2:3: error: 'format' must be a single value (text, xcode, sarif, github, json, checkstyle, gitlab, junit, sonarqube or html), found a map")
    }

    @Test func badDeploymentTarget() {
        #expect(configError("deployment_target:\n  ios: seventeen") == ".lintrc:2:8: error: invalid deployment target 'seventeen' for 'ios' (expected a version such as 17, 17.0 or 17.0.1)")
        #expect(configError("deployment_target: {ios: \"17.\"}") == ".lintrc:1:26: error: invalid deployment target '17.' for 'ios' (expected a version such as 17, 17.0 or 17.0.1)")
        #expect(configError("deployment_target: {ios: 17.0.1.2}") == ".lintrc:1:26: error: invalid deployment target '17.0.1.2' for 'ios' (expected a version such as 17, 17.0 or 17.0.1)")
        #expect(configError("deployment_target: {ios: }") == ".lintrc:1:25: error: invalid deployment target nothing for 'ios' (expected a version such as 17, 17.0 or 17.0.1)")
        #expect(configError("deployment_target:\n  iOS: 17") == ".lintrc:2:3: error: unknown platform 'iOS' in deployment_target (expected ios, macos, tvos, watchos or visionos); did you mean 'ios'?")
        #expect(configError("deployment_target: \"17.0\"") == ".lintrc:1:20: error: 'deployment_target' must be a map of platforms to versions, such as {ios: \"17.0\"}, found a single value")
        for version in ["17", "17.0", "17.0.1", "\"26.1\"", "'10.15'"] {
            #expect(configError("deployment_target: {macos: \(version)}") == "no error", "\(version)")
        }
    }

    @Test func badIncludeAndExclude() {
        #expect(configError("include: Sources") == ".lintrc:1:10: error: 'include' must be a list of glob patterns such as [Sources], found a single value")
        #expect(configError("exclude:\n  a: b") == ".lintrc:2:3: error: 'exclude' must be a list of glob patterns, found a map")
        #expect(configError("include:\n  - [a]") == ".lintrc:2:5: error: each entry of 'include' must be a glob pattern, found a list")
        #expect(configError("include:\n  -\n  - a") == ".lintrc:2:4: error: each entry of 'include' must be a glob pattern, found nothing")
        #expect(configError("include: ['']") == ".lintrc:1:11: error: an entry of 'include' is empty")
        #expect(configError("baseline: ''") == ".lintrc:1:11: error: baseline must be a file path, not empty")
    }

    @Test func yamlErrorsCarryThePath() {
        #expect(configError("rules:\n\ttask_retains_self: off") == ".lintrc:2:1: error: tabs are not allowed in indentation; indent with spaces")
        #expect(configError("exclude:\n  - **/Generated/**") == ".lintrc:2:5: error: aliases ('*name') are not supported; a value starting with '*' (such as a glob) must be quoted: '**/Generated/**'")
        #expect(configError("baseline: |\n  x") == ".lintrc:1:11: error: block scalars ('|' and '>') are not supported; write the value on one line, quoted if needed")
        #expect(configError("format: text\n---\nformat: json") == ".lintrc:2:1: error: several documents in one file are not supported ('---' may only start the file)")
        #expect(configError("format: text\nformat: json") == ".lintrc:2:1: error: duplicate key 'format'")
    }

    @Test func errorDescription() {
        let error = ConfigError(path: "a/.lintrc", line: 3, column: 7, message: "unknown key 'x'", suggestion: "y")
        #expect(error.description == "a/.lintrc:3:7: error: unknown key 'x'; did you mean 'y'?")
        #expect(ConfigError(path: "p", line: 0, column: 0, message: "m").description == "p: error: m")
    }

    @Test func suggestions() {
        #expect(Spelling.suggestion(for: "warn", among: ["off", "info", "warning", "error"]) == "warning")
        #expect(Spelling.suggestion(for: "x", among: ["off", "info", "warning", "error"]) == nil)
        #expect(Spelling.suggestion(for: "", among: ["a"]) == nil)
        #expect(Spelling.suggestion(for: "formt", among: Configuration.keys) == "format")
        #expect(Spelling.suggestion(for: "rule", among: Configuration.keys) == "rules")
        #expect(Spelling.suggestion(for: String(repeating: "z", count: 100_000), among: Configuration.keys) == nil)
    }

    @Test func loadAndLocate() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("statelint-config-\(UUID().uuidString)").path
        defer { try? fm.removeItem(atPath: root) }
        let nested = root + "/a/b/c"
        try fm.createDirectory(atPath: nested, withIntermediateDirectories: true)
        try "format: json\n".write(toFile: root + "/a/.lintrc", atomically: true, encoding: .utf8)
        // A folder named .lintrc is not a configuration.
        try fm.createDirectory(atPath: root + "/a/b/.lintrc", withIntermediateDirectories: true)

        let found = Configuration.locate(from: nested)
        #expect(found.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            == URL(fileURLWithPath: root + "/a/.lintrc").standardizedFileURL.path)
        #expect(try Configuration.load(path: found ?? "").format == "json")
        #expect(Configuration.locate(from: root + "/a/") != nil)

        #expect(throws: ConfigError.self) { try Configuration.load(path: root + "/missing") }
        #expect(throws: ConfigError.self) { try Configuration.load(path: root + "/a/b/.lintrc") }
        do {
            _ = try Configuration.load(path: root + "/missing")
        } catch {
            #expect("\(error)" == root + "/missing: error: no such configuration file")
        }

        try Data([0x66, 0x6F, 0x72, 0x6D, 0x61, 0x74, 0x3A, 0x20, 0xC3]).write(to: URL(fileURLWithPath: root + "/bad"))
        do {
            _ = try Configuration.load(path: root + "/bad")
            Issue.record("invalid UTF-8 accepted")
        } catch {
            #expect("\(error)" == root + "/bad:1:9: error: the file is not valid UTF-8")
        }
    }
}
