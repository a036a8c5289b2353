import Foundation
import Testing

/// A team coming from SwiftLint: the excludes it keeps in `.swiftlint.yml`, `statelint init`, and the
/// SwiftLint keys a `.lintrc` may hold by habit.
@Suite("CLI: SwiftLint's paths and statelint init")
struct CLISwiftLintTests {
    /// The showcase in `App/` and a vendored copy in `Vendor/Lib/`, with SwiftLint's usual file: rules
    /// statelint does not read, a custom rule whose regular expression and anchor are no YAML statelint
    /// reads, and `excluded:` in the block form at column 0.
    func project(swiftLint: String? = nil) throws -> CLISandbox {
        let sandbox = try CLISandbox()
        try sandbox.copyFixture(showcaseFixture, to: "App/CounterScreen.swift")
        try sandbox.copyFixture(showcaseFixture, to: "Vendor/Lib/CounterScreen.swift")
        try sandbox.write(".swiftlint.yml", swiftLint ?? """
            disabled_rules:
              - trailing_whitespace
            custom_rules:
              no_print:
                regex: "print\\\\(\\"[^\\"]*\\"\\\\)"
                message: &msg "no print"
            excluded:
            - ./Vendor/
            - Generated
            line_length: 120

            """)
        return sandbox
    }

    var appFindings: [String] { showcaseFindings.map { "App/" + $0 } }
    var vendorFindings: [String] { showcaseFindings.map { "Vendor/Lib/" + $0 } }

    @Test func withoutALintrcTheExcludesOfSwiftLintApply() throws {
        let sandbox = try project()
        let result = try sandbox.run(["--format", "xcode"])
        #expect(result.status == 1, "\(result)")
        #expect(result.lines == appFindings, "\(result)")
        // Said once, with how to keep it and how to turn it off.
        let said = result.stderr.split(separator: "\n").filter { $0.contains(".swiftlint.yml") }
        #expect(said.count == 1 && said[0].contains("Vendor") && said[0].contains("statelint init")
                && said[0].contains("--no-swiftlint-paths"), "\(result)")
        // --quiet keeps standard error for problems.
        #expect(try sandbox.run(["--format", "xcode", "--quiet"]).stderr == "")

        let ignored = try sandbox.run(["--format", "xcode", "--no-swiftlint-paths"])
        #expect(ignored.lines == appFindings + vendorFindings, "\(ignored)")
        #expect(!ignored.stderr.contains(".swiftlint.yml"), "\(ignored)")

        // A vendored file named on the command line (a pre-commit hook) is skipped with --force-exclude, as
        // a .lintrc exclude would be.
        let named = try sandbox.run(["--format", "xcode", "--force-exclude", "Vendor/Lib/CounterScreen.swift"])
        #expect(named.lines.isEmpty && named.status == 0, "\(named)")
    }

    @Test func includedRestrictsTheRunAndALintrcWins() throws {
        let sandbox = try project(swiftLint: "included: [App]\n")
        let result = try sandbox.run(["--format", "xcode"])
        #expect(result.lines == appFindings, "\(result)")
        #expect(result.stderr.contains("lints only what it includes (App)"), "\(result)")
        // A .lintrc, even an empty one, decides alone.
        try sandbox.write(".lintrc", "")
        let configured = try sandbox.run(["--format", "xcode"])
        #expect(configured.lines == appFindings + vendorFindings, "\(configured)")
        #expect(!configured.stderr.contains(".swiftlint.yml"), "\(configured)")
    }

    @Test func anExcludedListStatelintCannotReadIsSaidAndTheRunGoesOn() throws {
        let sandbox = try project(swiftLint: "excluded:\n  Vendor: yes\n")
        let result = try sandbox.run(["--format", "xcode"])
        #expect(result.status == 1, "\(result)")
        #expect(result.lines == appFindings + vendorFindings, "\(result)")
        #expect(result.stderr.contains("statelint: warning: ") && result.stderr.contains(".swiftlint.yml:2:")
                && result.stderr.contains("'excluded' must be a list of paths"), "\(result)")
    }

    @Test func initWritesALintrcThatGivesTheSameRun() throws {
        let sandbox = try project()
        try sandbox.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", platforms: [.iOS(.v17)], targets: [.target(name: "App", path: "App")])

            """)
        let before = try sandbox.run(["--format", "xcode"])
        let made = try sandbox.run(["init"], in: "App")
        #expect(made.status == 0, "\(made)")
        #expect(made.stderr.contains("statelint: wrote /") && made.stderr.contains("/.lintrc: every rule"), "\(made)")
        let text = try sandbox.read(".lintrc")
        #expect(text.contains("exclude:\n  - '/Vendor'\n  - '/Generated'\n"), "\(text)")
        #expect(text.contains("  task_retains_self: warning "), "\(text)")
        #expect(text.contains("#   ios: \"17.0\"") && text.contains("Package.swift"), "\(text)")
        #expect(text.contains("~/") || text.contains("statelint/project-"), "the cache folder is named: \(text)")
        let after = try sandbox.run(["--format", "xcode"])
        #expect(after.lines == before.lines && after.status == before.status, "\(after)")
        #expect(!after.stderr.contains(".swiftlint.yml"), "the .lintrc decides now: \(after)")
        // Every rule is listed: turning the file's rules off one by one would be the same run.
        #expect(try sandbox.run(["rules", "--format", "json"]).stdout.components(separatedBy: "\"id\"").count - 1
                == text.split(separator: "\n").filter { line in
                    line.hasPrefix("  ") && ["info", "warning", "error"].contains { line.contains(": \($0) ") }
                }.count, "\(text)")

        // Never replaced.
        try sandbox.write(".lintrc", "show_info: true\n")
        let again = try sandbox.run(["init"])
        #expect(again.status == 2 && again.stderr.contains("already exists"), "\(again)")
        #expect(try sandbox.read(".lintrc") == "show_info: true\n")
    }

    @Test func initNeverFollowsALinkTheRepositoryCommits() throws {
        let sandbox = try project()
        let outside = sandbox.root.deletingLastPathComponent().appendingPathComponent("victim").path
        symlink(outside, sandbox.path(".lintrc"))
        let result = try sandbox.run(["init"])
        #expect(result.status == 2, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: outside), "nothing written through the link")
    }

    @Test func everySwiftLintKeyOfALintrcIsNamedInOneRun() throws {
        let sandbox = try project()
        try sandbox.write(".lintrc", "disabled_rules: [task_in_onappear]\nincluded: [App]\nexcluded: [Vendor]\nshow_info: true\n")
        let result = try sandbox.run(["--format", "xcode"])
        #expect(result.status == 2, "\(result)")
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("is SwiftLint's key") }
        #expect(lines.count == 3, "\(result)")
        #expect(lines.count == 3 && lines[0].contains(".lintrc:1:1") && lines[1].contains(".lintrc:2:1: error: 'included'")
                && lines[1].contains("'include'") && lines[2].contains("'exclude'"), "\(result)")
    }
}
