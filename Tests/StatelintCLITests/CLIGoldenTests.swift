import Foundation
import Testing

/// Byte-for-byte outputs of every report format for `TestInputs/Golden` (two files, four findings of
/// four rules, one of them after Korean text and an emoji on its line).
///
/// To review a change in output, run
///
///     STATELINT_UPDATE_GOLDENS=1 swift test --skip-build --filter CLIGoldenTests
///
/// which prints each format's current output to standard output (between `=== FORMAT` lines) instead of
/// asserting. Read it, check every column and escape by hand, then paste it over the literal below.
@Suite("CLI golden outputs")
struct CLIGoldenTests {
    static let updating = ProcessInfo.processInfo.environment["STATELINT_UPDATE_GOLDENS"] == "1"

    /// The arguments for each format, run in a sandbox holding a copy of `TestInputs/Golden`.
    static let formats: [(name: String, arguments: [String])] = [
        ("text", ["--show-info", "--format", "text", "--color", "never"]),
        ("xcode", ["--show-info", "--format", "xcode"]),
        ("json", ["--show-info", "--format", "json"]),
        ("checkstyle", ["--show-info", "--format", "checkstyle"]),
        ("github", ["--show-info", "--format", "github"]),
    ]

    /// Without `--show-info`, every format shows the warnings and errors of the golden run and counts the
    /// advisories; the exit status is the same, and `--fix` would fix only what is shown.
    @Test func advisoriesAreCountedNotShownByDefault() throws {
        let sandbox = try CLISandbox()
        try sandbox.copyFixtureFolder("Golden")
        let golden = try #require(Self.goldens["xcode"]).split(separator: "\n").map(String.init)
        let result = try sandbox.run(["--format", "xcode", "TestInputs/Golden"])
        #expect(golden.contains { $0.contains(": note: ") }, "the golden has advisories to hide")
        #expect(result.lines == golden.filter { !$0.contains(": note: ") }, "\(result)")
        #expect(result.status == 1)
        #expect(result.stderr == "2 warnings, 0 errors in 2 files; 2 advisories not shown (--show-info); 2 fixable with --fix\n", "\(result)")
        let json = try sandbox.run(["--format", "json", "TestInputs/Golden"])
        #expect(json.stdout.contains("\"notes\": 2,") && json.stdout.contains("\"notesNotShown\": 2,") && !json.stdout.contains("\"severity\": \"info\""),
                "\(json.stdout)")
        // The .lintrc key shows them, as --show-info does.
        try sandbox.write(".lintrc", "show_info: true\n")
        let shown = try sandbox.run(["--format", "xcode", "TestInputs/Golden"])
        #expect(shown.lines == golden, "\(shown)")
    }

    @Test("golden output", arguments: formats.map(\.name))
    func golden(format: String) throws {
        let sandbox = try CLISandbox()
        try sandbox.copyFixtureFolder("Golden")
        let arguments = try #require(Self.formats.first { $0.name == format }?.arguments)
        let result = try sandbox.run(arguments + ["TestInputs/Golden"])
        if Self.updating {
            print("=== \(format)\n\(result.stdout)=== end \(format)")
            return
        }
        let expected = try #require(Self.goldens[format])
        // The xcode golden is written relative to the project; the printed paths start at the root.
        let shown = format == "xcode" ? result.lines.map { $0 + "\n" }.joined() : result.stdout
        #expect(shown == expected, "\(format) output differs from its golden:\n\(result.stdout)")
        if format == "xcode" {
            #expect(result.printedLines.allSatisfy { $0.hasPrefix(result.runFolder + "TestInputs/Golden/") }, "\(result)")
        }
        #expect(result.status == 1, "\(result)")
        let humanReadable = format == "text" || format == "xcode"
        #expect(result.stderr == (humanReadable ? "2 warnings, 0 errors, 2 info in 2 files; 3 fixable with --fix\n" : ""), "\(result)")
    }

    /// Reviewed by hand: lines and columns (1-based; UTF-8 bytes in text, xcode, json and checkstyle, so
    /// `count` after `장바구니 🛒` is at 42; UTF-16 code units in github, so 32), `endColumn` exclusive,
    /// ordering (path, line; github by severity first), `note`/`info`/`::notice` for info, the caret under
    /// `var` (state_injected_value flags the keyword) and under each whole flagged range, escapes
    /// (`&apos;` in XML, `%0A` in GitHub messages), and the fix edits in JSON.
    /// The text caret after the Korean text and the emoji is placed one column per Unicode scalar;
    /// see `caretLinesUpUnderWideCharacters` for why that is a known issue.
    static let goldens: [String: String] = [
        "text": #"""
        TestInputs/Golden/CartModel.swift:11:42: warning: 'CartModel.init' reads tracked property 'count': views that create CartModel re-render when 'count' changes [observable_init_access]
                    print("장바구니 🛒: \(self.count)") // expect: observable_init_access
                                               ^~~~~
            note: what the init starts writes 'count' here later: each write re-renders the view that built the model, which builds another 'CartModel' whose init starts it again (TestInputs/Golden/CartModel.swift:12:16)
            help: read the backing storage '_count' inside init; it is not tracked
            fix (--fix): Read the backing storage '_count'
        TestInputs/Golden/CartView.swift:4:12: info: '@State var badge' in 'CartView' is set by the memberwise initializer and never changed by the view: SwiftUI keeps the first value [state_injected_value]
                @State var badge: Int // expect: state_injected_value
                       ^~~
            help: make it a plain 'let' (or '@Binding' to write changes back), or make it 'private' with an initial value
        TestInputs/Golden/CartView.swift:8:17: warning: 'Self._printChanges()' left in 'CartView.body': it prints every time SwiftUI re-evaluates the view [print_changes_leftover]
                    let _ = Self._printChanges() // expect: print_changes_leftover
                            ^~~~~~~~~~~~~~~~~~~~
            help: remove it before shipping; to see why a view updates, use a breakpoint or Instruments' SwiftUI template
            fix (--fix): Remove the debugging statement
        TestInputs/Golden/CartView.swift:10:9: info: suppression of 'print_changes_leftover' silences nothing here; remove it [unused_suppression]
                    // statelint:disable:next print_changes_leftover -- nothing to silence here
                    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            help: remove the comment, or correct the rule id
            fix (--fix): Remove the suppression comment
        """# + "\n",
        "xcode": #"""
        TestInputs/Golden/CartModel.swift:11:42: warning: 'CartModel.init' reads tracked property 'count': views that create CartModel re-render when 'count' changes [observable_init_access]
        TestInputs/Golden/CartView.swift:4:12: note: '@State var badge' in 'CartView' is set by the memberwise initializer and never changed by the view: SwiftUI keeps the first value [state_injected_value]
        TestInputs/Golden/CartView.swift:8:17: warning: 'Self._printChanges()' left in 'CartView.body': it prints every time SwiftUI re-evaluates the view [print_changes_leftover]
        TestInputs/Golden/CartView.swift:10:9: note: suppression of 'print_changes_leftover' silences nothing here; remove it [unused_suppression]
        """# + "\n",
        "json": #"""
        {
          "version": 1,
          "tool": {
            "name": "statelint",
            "version": "0.2.0"
          },
          "summary": {
            "files": 2,
            "errors": 0,
            "warnings": 2,
            "notes": 2,
            "notesNotShown": 0,
            "fixable": 3,
            "baselined": 0
          },
          "findings": [
            {
              "rule": "observable_init_access",
              "severity": "warning",
              "path": "TestInputs/Golden/CartModel.swift",
              "line": 11,
              "column": 42,
              "endLine": 11,
              "endColumn": 47,
              "message": "'CartModel.init' reads tracked property 'count': views that create CartModel re-render when 'count' changes",
              "help": "read the backing storage '_count' inside init; it is not tracked",
              "notes": [
                {
                  "path": "TestInputs/Golden/CartModel.swift",
                  "line": 12,
                  "column": 16,
                  "endLine": 12,
                  "endColumn": 26,
                  "message": "what the init starts writes 'count' here later: each write re-renders the view that built the model, which builds another 'CartModel' whose init starts it again"
                }
              ],
              "fix": {
                "title": "Read the backing storage '_count'",
                "safe": true,
                "edits": [
                  {
                    "line": 11,
                    "column": 42,
                    "endLine": 11,
                    "endColumn": 47,
                    "replacement": "_count"
                  }
                ]
              }
            },
            {
              "rule": "state_injected_value",
              "severity": "info",
              "path": "TestInputs/Golden/CartView.swift",
              "line": 4,
              "column": 12,
              "endLine": 4,
              "endColumn": 15,
              "message": "'@State var badge' in 'CartView' is set by the memberwise initializer and never changed by the view: SwiftUI keeps the first value",
              "help": "make it a plain 'let' (or '@Binding' to write changes back), or make it 'private' with an initial value",
              "notes": [],
              "fix": null
            },
            {
              "rule": "print_changes_leftover",
              "severity": "warning",
              "path": "TestInputs/Golden/CartView.swift",
              "line": 8,
              "column": 17,
              "endLine": 8,
              "endColumn": 37,
              "message": "'Self._printChanges()' left in 'CartView.body': it prints every time SwiftUI re-evaluates the view",
              "help": "remove it before shipping; to see why a view updates, use a breakpoint or Instruments' SwiftUI template",
              "notes": [],
              "fix": {
                "title": "Remove the debugging statement",
                "safe": true,
                "edits": [
                  {
                    "line": 8,
                    "column": 1,
                    "endLine": 9,
                    "endColumn": 1,
                    "replacement": ""
                  }
                ]
              }
            },
            {
              "rule": "unused_suppression",
              "severity": "info",
              "path": "TestInputs/Golden/CartView.swift",
              "line": 10,
              "column": 9,
              "endLine": 10,
              "endColumn": 84,
              "message": "suppression of 'print_changes_leftover' silences nothing here; remove it",
              "help": "remove the comment, or correct the rule id",
              "notes": [],
              "fix": {
                "title": "Remove the suppression comment",
                "safe": true,
                "edits": [
                  {
                    "line": 10,
                    "column": 1,
                    "endLine": 11,
                    "endColumn": 1,
                    "replacement": ""
                  }
                ]
              }
            }
          ],
          "problems": []
        }
        """# + "\n",
        "checkstyle": #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <checkstyle version="4.3">
          <file name="TestInputs/Golden/CartModel.swift">
            <error line="11" column="42" severity="warning" message="&apos;CartModel.init&apos; reads tracked property &apos;count&apos;: views that create CartModel re-render when &apos;count&apos; changes" source="statelint.observable_init_access"/>
          </file>
          <file name="TestInputs/Golden/CartView.swift">
            <error line="4" column="12" severity="info" message="&apos;@State var badge&apos; in &apos;CartView&apos; is set by the memberwise initializer and never changed by the view: SwiftUI keeps the first value" source="statelint.state_injected_value"/>
            <error line="8" column="17" severity="warning" message="&apos;Self._printChanges()&apos; left in &apos;CartView.body&apos;: it prints every time SwiftUI re-evaluates the view" source="statelint.print_changes_leftover"/>
            <error line="10" column="9" severity="info" message="suppression of &apos;print_changes_leftover&apos; silences nothing here; remove it" source="statelint.unused_suppression"/>
          </file>
        </checkstyle>
        """# + "\n",
        "github": #"""
        ::warning file=TestInputs/Golden/CartModel.swift,line=11,col=32,endLine=11,endColumn=37,title=statelint (observable_init_access)::'CartModel.init' reads tracked property 'count': views that create CartModel re-render when 'count' changes%0Ahelp: read the backing storage '_count' inside init; it is not tracked
        ::warning file=TestInputs/Golden/CartView.swift,line=8,col=17,endLine=8,endColumn=37,title=statelint (print_changes_leftover)::'Self._printChanges()' left in 'CartView.body': it prints every time SwiftUI re-evaluates the view%0Ahelp: remove it before shipping; to see why a view updates, use a breakpoint or Instruments' SwiftUI template
        ::notice file=TestInputs/Golden/CartView.swift,line=4,col=12,endLine=4,endColumn=15,title=statelint (state_injected_value)::'@State var badge' in 'CartView' is set by the memberwise initializer and never changed by the view: SwiftUI keeps the first value%0Ahelp: make it a plain 'let' (or '@Binding' to write changes back), or make it 'private' with an initial value
        ::notice file=TestInputs/Golden/CartView.swift,line=10,col=9,endLine=10,endColumn=84,title=statelint (unused_suppression)::suppression of 'print_changes_leftover' silences nothing here; remove it%0Ahelp: remove the comment, or correct the rule id
        ::notice::statelint: 2 warnings, 0 errors, 2 info in 2 files; 3 fixable with --fix.
        """# + "\n",
    ]

    /// In a terminal, Hangul syllables and most emoji take two columns, so lining a caret up under
    /// code that follows them takes two spaces for each (as rustc and clang do).
    @Test func caretLinesUpUnderWideCharacters() throws {
        let sandbox = try CLISandbox()
        try sandbox.copyFixtureFolder("Golden")
        let result = try sandbox.run(["--color", "never", "TestInputs/Golden/CartModel.swift"])
        let lines = result.lines
        try #require(lines.count >= 3, "\(result)")
        let source = lines[1], caret = lines[2]
        let flagged = try #require(source.range(of: "count)"))
        let width = source[..<flagged.lowerBound].unicodeScalars.reduce(0) { $0 + (Self.isWide($1) ? 2 : 1) }
        #expect(width > source.distance(from: source.startIndex, to: flagged.lowerBound), "the line has wide characters")
        #expect(caret.prefix { $0 == " " }.count == width, "\n\(source)\n\(caret)")
    }

    /// East Asian Wide and Fullwidth ranges (enough for Hangul, CJK and pictographic emoji).
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF,
             0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
