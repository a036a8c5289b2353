import Foundation
import StatelintDiagnostics
import StatelintRules
import Testing

/// Exit codes and the messages of bad usage, through the built binary.
@Suite("CLI exit codes")
struct CLIExitCodeTests {
    let cleanView = """
        import SwiftUI

        struct Clean: View {
            var body: some View { Text("clean") }
        }

        """

    @Test func cleanProjectExitsZero() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Clean.swift", cleanView)
        let result = try sandbox.run([])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "0 warnings, 0 errors in 1 file\n")
    }

    @Test func findingsAtTheDefaultThresholdExitOne() throws {
        let sandbox = try CLISandbox()
        try sandbox.copyFixture(showcaseFixture, to: "CounterScreen.swift")
        try sandbox.write("Clean.swift", cleanView)
        let result = try sandbox.run(["--format", "xcode"])
        #expect(result.status == 1, "\(result)")
        #expect(result.lines == showcaseFindings)
        #expect(result.stderr == "2 warnings, 0 errors in 2 files; 2 fixable with --fix\n")
    }

    @Test func warningsBelowAnErrorThresholdExitZero() throws {
        let sandbox = try CLISandbox()
        try sandbox.copyFixture(showcaseFixture, to: "CounterScreen.swift")
        let result = try sandbox.run(["--format", "xcode", "--severity-threshold", "error"])
        #expect(result.status == 0, "\(result)")
        // Still reported, just not failing.
        #expect(result.lines == showcaseFindings)
    }

    @Test func missingPathExitsTwo() throws {
        let sandbox = try CLISandbox()
        try sandbox.copyFixture(showcaseFixture, to: "CounterScreen.swift")
        let result = try sandbox.run(["CounterScreen.swift", "Missing.swift"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout == "", "nothing is linted on bad usage")
        #expect(result.stderr.contains("no such file or folder: 'Missing.swift'"), "\(result)")
    }

    @Test("bad usage exits 2 with a helpful message", arguments: [
        (["--frmat", "json"], "unknown option '--frmat'; did you mean '--format'?"),
        (["--format", "jsn"], "unknown format 'jsn'"),
        (["--format", "jsn"], "did you mean 'json'?"),
        (["--jobs", "0"], "--jobs takes a number from 1 to 1024, not '0'"),
        (["--jobs", "two"], "--jobs takes a number from 1 to 1024, not 'two'"),
        (["--severity-threshold", "warn"], "--severity-threshold takes info, warning or error, not 'warn'"),
        (["--color", "sometimes"], "--color takes auto, always or never, not 'sometimes'"),
        (["--enable", "print_chnges_leftover"], "unknown rule 'print_chnges_leftover' in --enable; did you mean 'print_changes_leftover'?"),
        (["--output"], "--output needs a value"),
        (["--config", "nowhere.yml"], "no such configuration file: 'nowhere.yml'"),
        (["--jobs", "1000000"], "--jobs takes a number from 1 to 1024, not '1000000'"),
        (["--jobs", "9223372036854775807"], "--jobs takes a number from 1 to 1024, not '9223372036854775807'"),
        (["rulez"], "no such file or folder: 'rulez'; did you mean the command 'rules'?"),
        (["expalin"], "no such file or folder: 'expalin'; did you mean the command 'explain'?"),
        (["--stdin-path", ""], "--stdin-path needs the path of the file standard input stands for"),
        (["--output", "/", "CounterScreen.swift"], "/: is a folder; --output cannot write there"),
    ])
    func badUsage(arguments: [String], message: String) throws {
        let sandbox = try CLISandbox()
        try sandbox.copyFixture(showcaseFixture, to: "CounterScreen.swift")
        let result = try sandbox.run(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.contains(message), "\(result)")
    }

    @Test func versionAfterAPathPrintsTheVersion() throws {
        let sandbox = try CLISandbox()
        try sandbox.copyFixture(showcaseFixture, to: "CounterScreen.swift")
        let result = try sandbox.run(["CounterScreen.swift", "--version"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("0.") && result.stderr == "", "\(result)")
    }

    @Test func aDoubleDashEndsTheOptions() throws {
        let sandbox = try CLISandbox()
        try sandbox.copyFixture(showcaseFixture, to: "-rf.swift")
        let result = try sandbox.run(["--format", "xcode", "--", "-rf.swift"])
        #expect(result.status == 1, "\(result)")
        #expect(result.lines.count == 2 && result.lines.allSatisfy { $0.hasPrefix("-rf.swift:") }, "\(result)")
    }

    @Test func aLongConfigurationValueIsNotEchoedWhole() throws {
        let sandbox = try CLISandbox()
        try sandbox.copyFixture(showcaseFixture, to: "CounterScreen.swift")
        try sandbox.write(".lintrc", "format: " + String(repeating: "x", count: 100_000) + "\n")
        let result = try sandbox.run([])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.count < 400, "\(result.stderr.count) characters of error")
        #expect(result.stderr.contains(".lintrc:1:9: error: invalid format 'xxx") && result.stderr.contains("(100000 characters)"), "\(result)")
    }

    @Test func aBaselineNamedInLintrcThatCannotBeReadNamesItsLine() throws {
        let sandbox = try CLISandbox()
        try sandbox.copyFixture(showcaseFixture, to: "CounterScreen.swift")
        try sandbox.write(".lintrc", "format: xcode\nbaseline: 5\n")
        let result = try sandbox.run([])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(".lintrc:2:11: error: baseline '"), "\(result)")
        #expect(result.stderr.contains("cannot read the baseline file"), "\(result)")
    }

    @Test("a bad .lintrc exits 2 naming FILE:LINE:COL", arguments: [
        ("rulez:\n  foo: off\n", ".lintrc:1:1: error: unknown key 'rulez'; did you mean 'rules'?"),
        ("rules:\n  print_change_leftover: off\n",
         ".lintrc:2:3: error: unknown rule 'print_change_leftover'; did you mean 'print_changes_leftover'?"),
        ("rules:\n  print_changes_leftover: warn\n",
         ".lintrc:2:27: error: invalid severity 'warn' for rule 'print_changes_leftover' (expected off, info, warning or error); did you mean 'warning'?"),
        ("severity_threshold: eror\n", ".lintrc:1:21: error: invalid severity_threshold 'eror' (expected info, warning or error); did you mean 'error'?"),
        ("format: jsn\n", ".lintrc:1:9: error: invalid format 'jsn'"),
    ])
    func badConfiguration(lintrc: String, message: String) throws {
        let sandbox = try CLISandbox()
        try sandbox.copyFixture(showcaseFixture, to: "CounterScreen.swift")
        try sandbox.write(".lintrc", lintrc)
        let result = try sandbox.run([])
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout == "", "nothing is linted with a bad configuration")
        #expect(result.stderr.contains(message), "\(result)")
        // FILE is the configuration file's path.
        #expect(result.stderr.hasPrefix("/") && result.stderr.contains("/project/.lintrc:"), "\(result)")
    }

    @Test func versionExitsZero() throws {
        let sandbox = try CLISandbox()
        let result = try sandbox.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.wholeMatch(of: /\d+\.\d+\.\d+\n/) != nil, "\(result)")
        #expect(result.stderr == "")
    }

    @Test(arguments: [["--help"], ["-h"], ["help"], ["lint", "--help"]])
    func helpExitsZero(arguments: [String]) throws {
        let sandbox = try CLISandbox()
        let result = try sandbox.run(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("USAGE: statelint [lint] [PATH ...]"))
        for option in ["--format", "--output", "--config", "--enable", "--disable", "--severity-threshold", "--baseline",
                       "--write-baseline", "--stdin-path", "--jobs", "--fix", "--color", "--quiet", "--force-exclude", "--version"] {
            #expect(result.stdout.contains(option), "help does not mention \(option)")
        }
        #expect(result.stdout.contains("EXIT STATUS"))
    }

    @Test func rulesListsEveryRule() throws {
        let sandbox = try CLISandbox()
        let result = try sandbox.run(["rules"])
        #expect(result.status == 0, "\(result)")
        #expect(RuleRegistry.descriptors.count >= 6)
        #expect(result.lines.count == RuleRegistry.descriptors.count, "\(result)")
        for d in RuleRegistry.descriptors {
            let line = result.lines.first { $0.hasPrefix(d.id + " ") }
            #expect(line != nil, "'statelint rules' does not list \(d.id)")
            #expect(line?.contains(" \(d.defaultSeverity.rawValue) ") == true, "\(line ?? "")")
            #expect(line?.hasSuffix(d.summary) == true, "\(line ?? "")")
        }
        // The contract's ids, spelled as users write them.
        for id in ["observable_init_access", "print_changes_leftover", "state_injected_value", "unused_suppression"] {
            #expect(result.lines.contains { $0.hasPrefix(id + " ") }, "\(id) missing")
        }
    }

    @Test("explain RULE shows the summary and examples", arguments: RuleRegistry.descriptors.map(\.id))
    func explain(id: String) throws {
        let sandbox = try CLISandbox()
        let result = try sandbox.run(["explain", id])
        let descriptor = try #require(RuleRegistry.descriptors.first { $0.id == id })
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("\(id) (\(descriptor.defaultSeverity.rawValue))\n"), "\(result)")
        #expect(result.stdout.contains(descriptor.summary))
        if let bad = descriptor.badExamples.first?.split(separator: "\n").first {
            #expect(result.stdout.contains(bad), "the first bad example is not shown")
        }
    }

    @Test func explainUnknownRuleExitsTwo() throws {
        let sandbox = try CLISandbox()
        let nope = try sandbox.run(["explain", "nope"])
        #expect(nope.status == 2, "\(nope)")
        #expect(nope.stdout == "")
        #expect(nope.stderr.contains("unknown rule 'nope'"))

        let typo = try sandbox.run(["explain", "print_chnges_leftover"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("did you mean 'print_changes_leftover'?"), "\(typo)")

        let none = try sandbox.run(["explain"])
        #expect(none.status == 2, "\(none)")
    }
}
