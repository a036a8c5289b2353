import Foundation
import StatelintCore
import StatelintReporters
import StatelintRules
import StatelintSyntax
import Testing

/// Nothing from a file — its name, its identifiers, its source lines — can break out of its field in the
/// line-based formats or reach a terminal as a control sequence.
@Suite("Output that cannot be forged")
struct PlainTextTests {
    @Test func controlAndBidiCharactersAreEscaped() {
        #expect(PlainText.neutralized("a\nb\rc\td") == "a\\nb\\rc\\td")
        #expect(PlainText.neutralized("a\tb", keepTabs: true) == "a\tb")
        #expect(PlainText.neutralized("\u{1B}]52;c;ZXZpbA==\u{07}") == "\\u{1B}]52;c;ZXZpbA==\\u{7}")
        #expect(PlainText.neutralized("\u{1B}[31mred") == "\\u{1B}[31mred")
        #expect(PlainText.neutralized("abc\u{202E}def\u{2066}") == "abc\\u{202E}def\\u{2066}")
        #expect(PlainText.neutralized("\u{9B}31m\u{7F}") == "\\u{9B}31m\\u{7F}")
        #expect(PlainText.neutralized("한글 😀 café") == "한글 😀 café", "printable text is kept")
        #expect(PlainText.path("x:1:2: error: y.swift") == "x\\u{3A}1\\u{3A}2\\u{3A} error\\u{3A} y.swift")
    }

    /// A report whose path and source line hold every hostile form.
    static func hostileReport() -> LintReport {
        let source = "struct PeachView: View {\n    var body: some View {\n        let _ = Self._printChanges() // \u{1B}]52;c;ZXZpbA==\u{07} \u{202E}gnp.exe\n        Text(\"Peach\")\n    }\n}\n"
        let path = "evil\n::error file=README.md,line=1::Forged\u{1B}[2J x:1:2: error: fake.swift"
        return Engine(jobs: 1).lint(files: [SourceFile(path: path, bytes: Array(source.utf8))])
    }

    @Test(arguments: [ReportFormat.text, .xcode])
    func lineFormatsKeepEveryFindingOnItsLines(_ format: ReportFormat) {
        let report = Self.hostileReport()
        #expect(report.diagnostics.count == 1)
        let out = format.render(report, rules: RuleRegistry.descriptors, version: "test", color: false)
        #expect(!out.contains("\u{1B}") && !out.contains("\u{202E}") && !out.contains("\u{07}"), "\(out)")
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
        // The first line is the finding; no line starts a workflow command or another diagnostic.
        // (The xcode format gives the path from the root: the current folder comes first.)
        let folder = format == .xcode ? PlainText.path(FileManager.default.currentDirectoryPath) + "/" : ""
        #expect(lines[0].hasPrefix(folder + "evil\\n\\u{3A}\\u{3A}error file=README.md,line=1\\u{3A}\\u{3A}Forged\\u{1B}[2J x\\u{3A}1\\u{3A}2\\u{3A} error\\u{3A} fake.swift:3:17: warning: "), "\(lines[0])")
        for line in lines.dropFirst() {
            #expect(!line.hasPrefix("::") && !line.contains(": error:"), "\(line)")
        }
        if format == .xcode { #expect(lines.count == 2 && lines[1].isEmpty, "one line per finding") }
    }

    @Test func githubAnnotationsStayOnOneLine() {
        let out = ReportFormat.github.render(Self.hostileReport(), rules: RuleRegistry.descriptors, version: "test", color: false)
        for line in out.split(separator: "\n") {
            #expect(line.hasPrefix("::warning ") || line.hasPrefix("::notice ") || line.hasPrefix("::error ")
                    || line.hasPrefix("::notice::statelint: "), "\(line)")
        }
        #expect(!out.contains("\u{1B}"))
    }
}
