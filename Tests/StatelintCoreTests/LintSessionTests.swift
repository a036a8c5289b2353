import Foundation
import StatelintCore
import StatelintDiagnostics
import Testing

/// `LintSession` in process: what it would write and the exit status it returns, for the options the
/// command line parses. (That its output is the binary's, byte for byte, is `CLISessionTests`.)
@Suite("Lint session")
struct LintSessionTests {
    /// `TestInputs/`, three folders up from this file.
    static let testInputs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TestInputs").path

    /// Reports as one line per finding (`PATH:OFFSET: SEVERITY [RULE]`) after the format's name, so the
    /// tests see what would be rendered without the reporters.
    static let presentation = LintPresentation(
        render: { format, report, color in
            ([format.rawValue + (color ? " (colour)" : "")] + report.diagnostics.map {
                "\($0.path):\($0.range.lowerBound): \($0.severity.rawValue) [\($0.ruleID)]"
            }).joined(separator: "\n") + "\n"
        },
        neutralized: { $0 },
        path: { $0 },
        summary: { "\($0.diagnostics.count) findings in \($0.fileCount) files" }
    )

    /// A project folder (with `.git` and an empty `.lintrc`, so it is the project root) holding `files`
    /// copied from `TestInputs/` under their own names, plus `extra` (name: text).
    final class Project {
        let root: String

        init(fixtures: [String] = [], extra: [String: String] = [:], lintrc: String = "") throws {
            root = NSTemporaryDirectory() + "statelint-session-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
            try write(".lintrc", lintrc)
            for fixture in fixtures {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: LintSessionTests.testInputs + "/" + fixture))
                try bytes.write(to: URL(fileURLWithPath: path((fixture as NSString).lastPathComponent)))
            }
            for (name, text) in extra { try write(name, text) }
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func path(_ name: String) -> String { root + "/" + name }

        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
        }

        /// Options for linting the whole folder with its `.lintrc`, without the cache.
        func options(_ change: (inout LintOptions) -> Void = { _ in }) -> LintOptions {
            var options = LintOptions(paths: [root])
            options.configPath = path(".lintrc")
            options.noCache = true
            options.jobs = 2
            change(&options)
            return options
        }

        func run(_ change: (inout LintOptions) -> Void = { _ in }) -> LintOutcome {
            LintSession(options: options(change), presentation: LintSessionTests.presentation, version: "test",
                        environment: [:]).run()
        }
    }

    static let clean = "import SwiftUI\n\nstruct Clean: View {\n    var body: some View { Text(\"clean\") }\n}\n"
    /// Two `print_changes_leftover` warnings.
    static let warnings = "Showcase/CounterScreen.swift"
    /// A `state_write_in_init` error, with warnings.
    static let error = "Showcase/ProfileScreen.swift"

    @Test func aCleanProjectExitsZeroWithAnEmptyReportAndTheSummary() throws {
        let project = try Project(extra: ["Clean.swift": Self.clean])
        let outcome = project.run()
        #expect(outcome.failure == nil)
        #expect(outcome.exitStatus == 0)
        #expect(outcome.standardOutput == "text\n")
        #expect(outcome.standardErrorLines == ["0 findings in 1 files"])
        #expect(outcome.report?.fileCount == 1)
    }

    @Test func warningsExitOneAtTheDefaultThresholdAndZeroAtError() throws {
        let project = try Project(fixtures: [Self.warnings], extra: ["Clean.swift": Self.clean])
        let outcome = project.run()
        #expect(outcome.exitStatus == 1)
        #expect(outcome.report?.diagnostics.map(\.ruleID) == ["print_changes_leftover", "print_changes_leftover"])
        #expect(outcome.standardErrorLines == ["2 findings in 2 files"])
        #expect(project.run { $0.threshold = .error }.exitStatus == 0)
        // The configuration's threshold counts when the command line gives none.
        try project.write(".lintrc", "severity_threshold: error\n")
        #expect(project.run().exitStatus == 0)
        #expect(project.run { $0.threshold = .warning }.exitStatus == 1)
    }

    @Test func anErrorExitsOneEvenAtTheErrorThreshold() throws {
        let project = try Project(fixtures: [Self.error])
        let outcome = project.run { $0.threshold = .error }
        #expect(outcome.exitStatus == 1)
        #expect(outcome.report?.diagnostics.contains { $0.severity == .error && $0.ruleID == "state_write_in_init" } == true)
        // The error's rule off: only warnings are left, below the threshold.
        let warningsOnly = project.run {
            $0.threshold = .error
            $0.disable = ["state_write_in_init"]
        }
        #expect(warningsOnly.exitStatus == 0)
        #expect(warningsOnly.report?.diagnostics.isEmpty == false)
    }

    @Test func theExitStatusRulesInOrder() {
        func report(_ severities: [Severity], problems: [FileProblem] = []) -> LintReport {
            let diagnostics = severities.map {
                Diagnostic(ruleID: "r", severity: $0, path: "a.swift", range: 0..<1, message: "m")
            }
            return LintReport(diagnostics: diagnostics, problems: problems, fileCount: 1, sources: [:])
        }
        let status = LintSession.exitStatus(of:threshold:fixedBaselined:strictBaseline:)
        #expect(status(report([]), .warning, 0, false) == 0)
        #expect(status(report([.info]), .warning, 0, false) == 0)
        #expect(status(report([.info]), .info, 0, false) == 1)
        #expect(status(report([.warning]), .error, 0, false) == 0)
        #expect(status(report([.error]), .error, 0, false) == 1)
        #expect(status(report([]), .warning, 1, false) == 0)
        #expect(status(report([]), .warning, 1, true) == 1)
        let partial = FileProblem(path: "a.swift", message: "m", isPartial: true)
        let unread = FileProblem(path: "b.swift", message: "m")
        let crashed = FileProblem(path: "c.swift", message: "m", isInternalFailure: true)
        #expect(status(report([], problems: [partial]), .warning, 0, false) == 0)
        #expect(status(report([.error], problems: [partial, unread]), .warning, 0, false) == 2)
        #expect(status(report([], problems: [unread, crashed]), .warning, 0, false) == 3)
        #expect(LintSession.exitStatus(for: StatelintError.usage("x")) == 2)
        #expect(LintSession.exitStatus(for: ConfigError(path: "p", line: 1, column: 1, message: "m")) == 2)
        #expect(LintSession.exitStatus(for: CocoaError(.fileNoSuchFile)) == 3)
    }

    @Test func strictBaselineFailsWhenABaselinedFindingIsFixed() throws {
        let project = try Project(fixtures: [Self.warnings, Self.error])
        let recording = project.run { $0.writeBaselinePath = project.path("baseline.txt") }
        #expect(recording.exitStatus == 0)
        #expect(recording.standardOutput == "", "--write-baseline writes no report")
        guard case .file(let target, let shown, let text)? = recording.output.first else {
            Issue.record("the baseline is not the first thing written: \(recording.output)")
            return
        }
        #expect(target == .file(project.path("baseline.txt")))
        #expect(shown == project.path("baseline.txt"))
        #expect(!FileManager.default.fileExists(atPath: project.path("baseline.txt")), "the session leaves writing to the front end")
        #expect(recording.standardErrorLines.count == 1)
        #expect(recording.standardErrorLines.first?.hasPrefix("statelint: recorded ") == true)
        try project.write("baseline.txt", text)

        // Everything baselined: clean.
        #expect(project.run { $0.baselinePath = project.path("baseline.txt") }.exitStatus == 0)
        // One file fixed: a note, and with --strict-baseline an error and exit 1.
        try FileManager.default.removeItem(atPath: project.path("CounterScreen.swift"))
        let shrunk = project.run { $0.baselinePath = project.path("baseline.txt") }
        #expect(shrunk.exitStatus == 0)
        #expect(shrunk.standardErrorLines.last?.hasPrefix("statelint: 2 baselined findings are fixed") == true)
        let strict = project.run {
            $0.baselinePath = project.path("baseline.txt")
            $0.strictBaseline = true
            $0.quiet = true
        }
        #expect(strict.exitStatus == 1)
        #expect(strict.standardErrorLines == [
            "statelint: error: 2 baselined findings are fixed; run --write-baseline \(project.path("baseline.txt")) to drop them (--strict-baseline)",
        ])
        // Without a baseline, --strict-baseline is bad usage.
        let unusable = project.run { $0.strictBaseline = true }
        #expect(unusable.exitStatus == 2)
        #expect("\(unusable.failure.map { "\($0)" } ?? "")" == "--strict-baseline needs a baseline: --baseline FILE, or 'baseline' in .lintrc")
    }

    @Test func aMissingPathIsAUsageErrorBeforeAnythingIsWritten() throws {
        let project = try Project(extra: ["Clean.swift": Self.clean])
        let missing = project.path("Missing.swift")
        let outcome = project.run { $0.paths.append(missing) }
        #expect(outcome.exitStatus == 2)
        #expect(outcome.output.isEmpty)
        #expect(outcome.report == nil)
        guard case .usage(let message)? = outcome.failure as? StatelintError else {
            Issue.record("not a usage error: \(String(describing: outcome.failure))")
            return
        }
        #expect(message == "no such file or folder: '\(missing)'")
    }

    @Test func aBadConfigurationIsAConfigErrorThatNamesItsPlace() throws {
        let project = try Project(extra: ["Clean.swift": Self.clean], lintrc: "rules:\n  state_write_in_init: on\nfoo: [\n")
        let outcome = project.run()
        #expect(outcome.exitStatus == 2)
        #expect(outcome.output.isEmpty)
        let error = try #require(outcome.failure as? ConfigError)
        #expect(error.path == project.path(".lintrc"))
        #expect(error.line == 3)
        // A configuration file that does not exist.
        let missing = project.run { $0.configPath = project.path("nowhere.lintrc") }
        #expect(missing.exitStatus == 2)
        #expect(missing.failure.map { "\($0)" } == "no such configuration file: '\(project.path("nowhere.lintrc"))'")
    }

    @Test func optionsThatCannotGoTogetherAreRefused() throws {
        var options = LintOptions()
        options.stdinPath = "A.swift"
        options.fix = true
        #expect(throws: StatelintError.self) { try options.validate() }
        options.fix = false
        try options.validate()
        options.paths = ["B.swift"]
        #expect(throws: StatelintError.self) { try options.validate() }
        options = LintOptions()
        options.changedSince = "HEAD"
        try options.validate()
        options.paths = ["."]
        #expect(throws: StatelintError.self) { try options.validate() }
        // Two reports for standard output: refused by the session, before linting.
        let project = try Project(extra: ["Clean.swift": Self.clean])
        let outcome = project.run { $0.reports = [.init(format: "json"), .init(format: "xcode")] }
        #expect(outcome.exitStatus == 2)
        #expect(outcome.report == nil)
    }

    @Test func reportsGoToStandardOutputAndFilesInOrderAndOnlyStandardOutputIsColoured() throws {
        let project = try Project(fixtures: [Self.warnings])
        let outcome = project.run {
            $0.color = true
            $0.format = "xcode"
            $0.reports = [.init(format: "json", file: project.path("report.json"))]
        }
        #expect(outcome.exitStatus == 1)
        guard outcome.output.count == 3, case .file(.file(let file), _, let json) = outcome.output[0],
              case .standardOutput(let xcode) = outcome.output[1], case .standardError(let summary) = outcome.output[2] else {
            Issue.record("unexpected output: \(outcome.output)")
            return
        }
        #expect(file == project.path("report.json"))
        #expect(json.hasPrefix("json\n"))
        #expect(xcode.hasPrefix("xcode (colour)\n"))
        #expect(summary == "2 findings in 1 files")
        // A machine-readable report on standard output goes without the summary line.
        #expect(project.run { $0.format = "json" }.standardErrorLines.isEmpty)
    }

    @Test func fixRewritesTheFilesAndReportsWhatIsLeft() throws {
        let project = try Project(fixtures: [Self.warnings])
        let before = try String(contentsOfFile: project.path("CounterScreen.swift"), encoding: .utf8)
        let outcome = project.run { $0.fix = true }
        #expect(outcome.fixedFiles == [project.path("CounterScreen.swift")])
        #expect(outcome.standardErrorLines.first == "statelint: fixed 2 findings in 1 file")
        #expect(outcome.report?.diagnostics.isEmpty == true)
        #expect(outcome.exitStatus == 0)
        #expect(try String(contentsOfFile: project.path("CounterScreen.swift"), encoding: .utf8) != before)
    }

    @Test func standardInputStandsForItsPath() throws {
        let project = try Project(extra: ["Clean.swift": Self.clean])
        var options = project.options {
            $0.paths = []
            $0.stdinPath = project.path("Clean.swift")
        }
        options.format = "xcode"
        var session = LintSession(options: options, presentation: Self.presentation, version: "test", environment: [:])
        session.standardInput = Array(try String(contentsOfFile: LintSessionTests.testInputs + "/" + Self.warnings, encoding: .utf8).utf8)
        let outcome = session.run()
        #expect(outcome.exitStatus == 1)
        #expect(outcome.report?.diagnostics.map(\.path) == [project.path("Clean.swift"), project.path("Clean.swift")])
    }

    @Test func anEmptyFolderIsSaidEvenWhenQuiet() throws {
        let project = try Project()
        let outcome = project.run { $0.quiet = true }
        #expect(outcome.exitStatus == 0)
        #expect(outcome.standardErrorLines == ["statelint: warning: no Swift files found in \(project.root)"])
    }
}
