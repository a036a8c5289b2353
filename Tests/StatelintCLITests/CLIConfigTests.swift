import Foundation
import Testing

/// `.lintrc` discovery and keys, `--config`, `--enable`/`--disable`, and exclusion, through the binary.
@Suite("CLI configuration")
struct CLIConfigTests {
    /// A project with the showcase view under `Sources/`.
    func project() throws -> CLISandbox {
        let sandbox = try CLISandbox()
        try sandbox.copyFixture(showcaseFixture, to: "Sources/CounterScreen.swift")
        return sandbox
    }

    @Test func lintrcIsFoundFromASubfolderUpward() throws {
        let sandbox = try project()
        try sandbox.write(".lintrc", "rules:\n  print_changes_leftover: error\n")
        let result = try sandbox.run(["--format", "xcode"], in: "Sources")
        #expect(result.status == 1, "\(result)")
        #expect(result.lines.count == 2)
        #expect(result.lines.allSatisfy { $0.hasPrefix("CounterScreen.swift:") && $0.contains(": error: ") }, "\(result)")
        // A .lintrc in an unrelated sibling folder is not used.
        let sibling = try project()
        try sibling.write("Other/.lintrc", "rules:\n  print_changes_leftover: off\n")
        let unaffected = try sibling.run(["--format", "xcode"], in: "Sources")
        #expect(unaffected.lines.count == 2)
        #expect(unaffected.lines.allSatisfy { $0.contains(": warning: ") })
    }

    @Test(arguments: ["rules: {print_changes_leftover: off}\n", "rules:\n  print_changes_leftover: off\n"])
    func ruleOffSilencesIt(lintrc: String) throws {
        let sandbox = try project()
        try sandbox.write(".lintrc", lintrc)
        let result = try sandbox.run(["--format", "xcode"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "")
        // Control: without the .lintrc the same project has findings.
        try FileManager.default.removeItem(atPath: sandbox.path(".lintrc"))
        #expect(try sandbox.run([]).status == 1)
    }

    @Test(arguments: ["rules:\n  print_changes_leftover: error\n", "rules:\n  print_changes_leftover: {severity: error}\n"])
    func ruleSeverityChangesTheWordAndTheExitCode(lintrc: String) throws {
        let sandbox = try project()
        let before = try sandbox.run(["--format", "xcode", "--severity-threshold", "error"])
        #expect(before.status == 0, "warnings do not reach the error threshold")
        try sandbox.write(".lintrc", lintrc)
        let after = try sandbox.run(["--format", "xcode", "--severity-threshold", "error"])
        #expect(after.status == 1, "\(after)")
        #expect(after.lines == showcaseFindings.map {
            "Sources/" + $0.replacingOccurrences(of: ": warning: ", with: ": error: ")
        })
        #expect(after.stderr == "0 warnings, 2 errors in 1 file; 2 fixable with --fix\n")
    }

    @Test func ruleInfoMakesFindingsNotesBelowTheDefaultThreshold() throws {
        let sandbox = try project()
        try sandbox.write(".lintrc", "rules:\n  print_changes_leftover: info\n")
        let result = try sandbox.run(["--show-info", "--format", "xcode"])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.count == 2)
        #expect(result.lines.allSatisfy { $0.contains(": note: ") }, "\(result)")
    }

    @Test func severityThresholdKeyAndTheCommandLineWins() throws {
        let sandbox = try project()
        try sandbox.write(".lintrc", "severity_threshold: error\n")
        #expect(try sandbox.run([]).status == 0)
        #expect(try sandbox.run(["--severity-threshold", "warning"]).status == 1)
    }

    @Test func formatKeyAndTheCommandLineWins() throws {
        let sandbox = try project()
        try sandbox.write(".lintrc", "format: xcode\n")
        let configured = try sandbox.run([])
        #expect(configured.lines == showcaseFindings.map { "Sources/" + $0 })
        let json = try sandbox.run(["--format", "json"])
        #expect(json.stdout.hasPrefix("{"), "\(json)")
    }

    /// Sources/App/Main.swift and Sources/Generated/Gen.swift, each with one finding; Generated is excluded.
    func excludingProject() throws -> CLISandbox {
        let sandbox = try CLISandbox()
        let view = { (name: String) in
            "import SwiftUI\n\nstruct \(name): View {\n    var body: some View {\n        let _ = Self._printChanges()\n        Text(\"\(name)\")\n    }\n}\n"
        }
        try sandbox.write("Sources/App/Main.swift", view("Main"))
        try sandbox.write("Sources/Generated/Gen.swift", view("Gen"))
        try sandbox.write(".lintrc", "exclude: ['**/Generated/**']\n")
        return sandbox
    }

    @Test func excludeSkipsFilesInFolders() throws {
        let sandbox = try excludingProject()
        let result = try sandbox.run(["--format", "xcode"])
        #expect(result.status == 1, "\(result)")
        #expect(result.lines.count == 1)
        #expect(result.lines.first?.hasPrefix("Sources/App/Main.swift:5:17: warning:") == true, "\(result)")
        // Also when the excluded folder's parent is named.
        let named = try sandbox.run(["--format", "xcode", "Sources"])
        #expect(named.lines.count == 1)
        #expect(named.lines.first?.hasPrefix("Sources/App/Main.swift:") == true)
        // And from a subfolder, matched relative to the .lintrc's folder.
        let sub = try sandbox.run(["--format", "xcode"], in: "Sources")
        #expect(sub.lines.count == 1)
        #expect(sub.lines.first?.hasPrefix("App/Main.swift:") == true, "\(sub)")
    }

    @Test func fileNamedOnTheCommandLineIsLintedUnlessForceExclude() throws {
        let sandbox = try excludingProject()
        let named = try sandbox.run(["--format", "xcode", "Sources/Generated/Gen.swift"])
        #expect(named.status == 1, "\(named)")
        #expect(named.lines.count == 1)
        #expect(named.lines.first?.hasPrefix("Sources/Generated/Gen.swift:5:17: warning:") == true, "\(named)")

        let forced = try sandbox.run(["--format", "xcode", "--force-exclude", "Sources/Generated/Gen.swift"])
        #expect(forced.status == 0, "\(forced)")
        #expect(forced.stdout == "")

        // --force-exclude leaves files that are not excluded alone.
        let both = try sandbox.run(["--format", "xcode", "--force-exclude", "Sources/Generated/Gen.swift", "Sources/App/Main.swift"])
        #expect(both.status == 1)
        #expect(both.lines.count == 1)
        #expect(both.lines.first?.hasPrefix("Sources/App/Main.swift:") == true, "\(both)")
    }

    @Test func configOptionOverridesDiscovery() throws {
        let sandbox = try project()
        // The discovered .lintrc is broken; --config must not even read it.
        try sandbox.write(".lintrc", "rulez: {}\n")
        #expect(try sandbox.run([]).status == 2)
        try sandbox.write("ci/strict.yml", "rules:\n  print_changes_leftover: error\n")
        let result = try sandbox.run(["--format", "xcode", "--config", "ci/strict.yml"])
        #expect(result.status == 1, "\(result)")
        #expect(result.lines.count == 2)
        #expect(result.lines.allSatisfy { $0.contains(": error: ") }, "\(result)")

        try sandbox.write("ci/quiet.yml", "rules: {print_changes_leftover: off}\n")
        let off = try sandbox.run(["--format", "xcode", "--config", "ci/quiet.yml"])
        #expect(off.status == 0, "\(off)")
        #expect(off.stdout == "")
    }

    @Test func enableAndDisable() throws {
        let sandbox = try project()
        let disabled = try sandbox.run(["--format", "xcode", "--disable", "print_changes_leftover"])
        #expect(disabled.status == 0, "\(disabled)")
        #expect(disabled.stdout == "")

        let disabledInList = try sandbox.run(["--format", "xcode", "--disable", "task_retains_self, print_changes_leftover"])
        #expect(disabledInList.stdout == "")

        let otherDisabled = try sandbox.run(["--format", "xcode", "--disable", "task_retains_self"])
        #expect(otherDisabled.lines.count == 2)

        // The command line wins over the configuration.
        try sandbox.write(".lintrc", "rules: {print_changes_leftover: off}\n")
        #expect(try sandbox.run([]).stdout == "")
        let enabled = try sandbox.run(["--format", "xcode", "--enable", "print_changes_leftover"])
        #expect(enabled.status == 1, "\(enabled)")
        #expect(enabled.lines == showcaseFindings.map { "Sources/" + $0 })
    }
}
