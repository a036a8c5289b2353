import Foundation
import Testing

/// Inline suppressions, through the binary.
@Suite("CLI suppressions")
struct CLISuppressionTests {
    /// A view whose body holds `lines` (each flagged by print_changes_leftover unless suppressed).
    static func view(_ lines: [String]) -> String {
        "import SwiftUI\n\nstruct Row: View {\n    var body: some View {\n"
            + lines.map { "        " + $0 + "\n" }.joined()
            + "        Text(\"row\")\n    }\n}\n"
    }

    static let forms: [(name: String, lines: [String])] = [
        ("disable:next", ["// statelint:disable:next print_changes_leftover", "let _ = Self._printChanges()"]),
        ("disable:this", ["let _ = Self._printChanges() // statelint:disable:this print_changes_leftover"]),
        ("disable…enable", [
            "// statelint:disable print_changes_leftover",
            "let _ = Self._printChanges()",
            "let _ = print(\"body\")",
            "// statelint:enable print_changes_leftover",
        ]),
        ("disable without enable", ["// statelint:disable print_changes_leftover", "let _ = Self._printChanges()"]),
        ("all", ["// statelint:disable:next all", "let _ = Self._printChanges()"]),
        ("reason", ["// statelint:disable:next print_changes_leftover -- tracking a redraw loop, see #12", "let _ = Self._printChanges()"]),
        ("several rules", ["// statelint:disable:next task_retains_self, print_changes_leftover", "let _ = Self._printChanges()"]),
        ("block comment", ["/* statelint:disable:next print_changes_leftover */", "let _ = Self._printChanges()"]),
    ]

    @Test("each suppression form silences", arguments: forms.map(\.name))
    func formSilences(name: String) throws {
        let lines = try #require(Self.forms.first { $0.name == name }?.lines)
        let sandbox = try CLISandbox()
        try sandbox.write("Row.swift", Self.view(lines))
        let result = try sandbox.run(["--show-info", "--format", "xcode"])
        #expect(result.status == 0, "\(name): \(result)")
        // Only "several rules" leaves something: its unused task_retains_self entry, as a note.
        let expected = name == "several rules"
            ? ["Row.swift:5:9: note: suppression of 'task_retains_self' silences nothing here; remove 'task_retains_self' from the comment [unused_suppression]"] : []
        #expect(result.lines == expected, "\(name)")

        // Control: the same code with the comments neutralized is flagged.
        try sandbox.write("Row.swift", Self.view(lines.map { $0.replacingOccurrences(of: "statelint:", with: "lint-note:") }))
        let control = try sandbox.run(["--format", "xcode"])
        #expect(control.status == 1, "\(name): \(control)")
        #expect(!control.lines.isEmpty && control.lines.allSatisfy { $0.hasSuffix("[print_changes_leftover]") }, "\(control)")
    }

    @Test func enableEndsTheRegion() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Row.swift", Self.view([
            "// statelint:disable print_changes_leftover",
            "let _ = Self._printChanges()",
            "// statelint:enable print_changes_leftover",
            "let _ = print(\"after\")",
        ]))
        let result = try sandbox.run(["--format", "xcode"])
        #expect(result.status == 1, "\(result)")
        #expect(result.lines == [
            "Row.swift:8:17: warning: 'let _ = print(…)' left in 'Row.body': it prints every time SwiftUI re-evaluates the view [print_changes_leftover]",
        ])
    }

    @Test func suppressionOfAnotherRuleDoesNotSilence() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Row.swift", Self.view(["// statelint:disable:next task_retains_self", "let _ = Self._printChanges()"]))
        let result = try sandbox.run(["--show-info", "--format", "xcode"])
        #expect(result.status == 1)
        #expect(result.lines == [
            "Row.swift:5:9: note: suppression of 'task_retains_self' silences nothing here; remove it [unused_suppression]",
            "Row.swift:6:17: warning: 'Self._printChanges()' left in 'Row.body': it prints every time SwiftUI re-evaluates the view [print_changes_leftover]",
        ], "\(result)")
    }

    @Test func unusedSuppressionIsANote() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Row.swift", Self.view(["// statelint:disable:next print_changes_leftover", "Divider()"]))
        let result = try sandbox.run(["--show-info", "--format", "xcode"])
        #expect(result.status == 0, "a note is below the default threshold: \(result)")
        #expect(result.lines == [
            "Row.swift:5:9: note: suppression of 'print_changes_leftover' silences nothing here; remove it [unused_suppression]",
        ])
        #expect(result.stderr == "0 warnings, 0 errors, 1 info in 1 file; 1 fixable with --fix\n")

        let strict = try sandbox.run(["--show-info", "--format", "xcode", "--severity-threshold", "info"])
        #expect(strict.status == 1, "a note reaches the info threshold")

        let disabled = try sandbox.run(["--show-info", "--format", "xcode", "--disable", "unused_suppression"])
        #expect(disabled.stdout == "")
    }

    @Test func unknownRuleInASuppressionIsReportedWithASuggestion() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Row.swift", Self.view(["// statelint:disable:next print_chnges_leftover", "let _ = Self._printChanges()"]))
        let result = try sandbox.run(["--format", "xcode"])
        #expect(result.status == 1, "the finding is not silenced")
        // A warning, shown by default: the comment silences nothing its author meant it to.
        #expect(result.lines.contains { $0.hasPrefix("Row.swift:5:9: warning: ") && $0.contains("did you mean 'print_changes_leftover'?") && $0.hasSuffix("[unused_suppression]") }, "\(result)")
        #expect(result.lines.contains { $0.hasPrefix("Row.swift:6:17: warning: ") && $0.hasSuffix("[print_changes_leftover]") })
    }

    /// A broken suppression fails CI on its own: the exit status is 1 under the default threshold even when
    /// the code it meant to silence has no finding.
    @Test func anUnknownRuleInASuppressionFailsTheRun() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Row.swift", Self.view(["// statelint:disable:next state_injectd_value", "let x = 1"]))
        let result = try sandbox.run(["--format", "xcode"])
        #expect(result.status == 1, "\(result)")
        #expect(result.lines.count == 1 && result.lines[0].contains("warning: unknown rule 'state_injectd_value'")
                && result.lines[0].contains("did you mean 'state_injected_value'?"), "\(result)")
        // An unused entry of a known rule stays an advisory.
        try sandbox.write("Row.swift", Self.view(["// statelint:disable:next state_injected_value", "let x = 1"]))
        let unused = try sandbox.run(["--format", "xcode"])
        #expect(unused.status == 0 && unused.lines.isEmpty && unused.stderr.contains("1 advisory not shown"), "\(unused)")
    }
}
