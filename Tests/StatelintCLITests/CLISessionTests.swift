import Foundation
import StatelintCore
import StatelintDiagnostics
import StatelintReporters
import StatelintRules
import Testing

/// `LintSession` run in this process writes what the built binary prints: the same bytes on standard
/// output and standard error, and the same exit status.
@Suite("CLI and LintSession")
struct CLISessionTests {
    struct Case: Sendable, CustomStringConvertible {
        var format: String?
        var threshold: Severity?
        var fix = false

        var arguments: [String] {
            (format.map { ["--format", $0] } ?? []) + (threshold.map { ["--severity-threshold", $0.rawValue] } ?? [])
                + (fix ? ["--fix"] : [])
        }

        var description: String { arguments.joined(separator: " ") }
    }

    static let cases = [
        Case(format: "json"), Case(format: "xcode"), Case(), Case(format: "sarif"), Case(format: "xcode", threshold: .error),
        Case(format: "text", threshold: .info), Case(format: "xcode", fix: true),
    ]

    /// A sandbox holding `TestInputs/Showcase` and an empty `.lintrc`, and the absolute paths to lint it
    /// with (the binary runs in a folder beside the fixtures, so both name files by the same paths).
    func showcase() throws -> (sandbox: CLISandbox, folder: String, config: String) {
        let sandbox = try CLISandbox()
        try sandbox.copyFixtureFolder("Showcase")
        try sandbox.write(".lintrc", "")
        try sandbox.write("elsewhere/README", "")
        return (sandbox, sandbox.path("TestInputs/Showcase"), sandbox.path(".lintrc"))
    }

    func session(_ options: LintOptions, version: String) -> LintSession {
        LintSession(options: options, presentation: .reporters(version: version, rules: RuleRegistry.descriptors), version: version)
    }

    @Test(arguments: cases)
    func theSessionWritesWhatTheBinaryPrints(_ run: Case) throws {
        let (binarySide, binaryFolder, binaryConfig) = try showcase()
        let result = try binarySide.run([binaryFolder, "--config", binaryConfig, "--no-cache"] + run.arguments, in: "elsewhere")
        let version = try binarySide.run(["--version"]).stdout.trimmingCharacters(in: .newlines)

        // A sandbox of its own, so that --fix finds the files as the binary did.
        let (sessionSide, folder, config) = try showcase()
        var options = LintOptions(paths: [folder])
        options.configPath = config
        options.noCache = true
        options.format = run.format
        options.threshold = run.threshold
        options.fix = run.fix
        let outcome = session(options, version: version).run()

        #expect(outcome.failure == nil)
        #expect(outcome.exitStatus == result.status, "\(result)")
        // The sandboxes differ, and so do the current folders (SARIF names it).
        func sessionText(_ text: String) -> String {
            text.replacingOccurrences(of: "file://\(FileManager.default.currentDirectoryPath)/", with: "file://CWD/")
                .replacingOccurrences(of: sessionSide.root.path, with: "ROOT")
        }
        func binaryText(_ text: String) -> String {
            text.replacingOccurrences(of: "file://\(binarySide.path("elsewhere"))/", with: "file://CWD/")
                .replacingOccurrences(of: binarySide.root.path, with: "ROOT")
        }
        #expect(sessionText(outcome.standardOutput) == binaryText(result.stdout))
        #expect(sessionText(outcome.standardErrorLines.map { $0 + "\n" }.joined()) == binaryText(result.stderr))
        if run.fix {
            // (Four files have safe fixes; one has them only on advisories, which are not shown and not fixed.)
            #expect(outcome.fixedFiles.count == 3)
            for file in try FileManager.default.contentsOfDirectory(atPath: folder) {
                #expect(try sessionSide.read("TestInputs/Showcase/" + file) == binarySide.read("TestInputs/Showcase/" + file), "\(file)")
            }
        }
    }

    @Test func aFailureIsWhatTheBinaryReportsWithTheSameExitStatus() throws {
        let (sandbox, folder, config) = try showcase()
        let missing = folder + "/Missing.swift"
        let result = try sandbox.run([missing, "--config", config], in: "elsewhere")
        var options = LintOptions(paths: [missing])
        options.configPath = config
        let outcome = session(options, version: "0.0.0").run()
        let failure = try #require(outcome.failure)
        #expect(outcome.exitStatus == result.status)
        #expect(outcome.output.isEmpty)
        #expect(result.stdout == "")
        #expect(result.stderr == "statelint: error: \(failure)\nRun 'statelint --help' for usage.\n")
    }
}
