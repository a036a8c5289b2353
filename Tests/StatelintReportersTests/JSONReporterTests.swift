import StatelintCore
import StatelintReporters
import StatelintRules
import Testing

@Suite("JSON reporter")
struct JSONReporterTests {
    @Test("golden: one finding with a fix, no notes, no problems")
    func golden() {
        let report = Fixtures.lint([("Sources/Peach View.swift", Fixtures.peach)])
        // Line 3 is 8 spaces + `let _ = ` (8 bytes), so `Self` starts at byte column 17; the call is 20 bytes
        // long, so the exclusive end is 37. The fix deletes all of line 3: 3:1 up to 4:1.
        #expect(JSONReporter.render(report, version: "0.1.0") == """
            {
              "version": 1,
              "tool": {
                "name": "statelint",
                "version": "0.1.0"
              },
              "summary": {
                "files": 1,
                "errors": 0,
                "warnings": 1,
                "notes": 0,
                "notesNotShown": 0,
                "fixable": 1,
                "baselined": 0
              },
              "findings": [
                {
                  "rule": "print_changes_leftover",
                  "severity": "warning",
                  "path": "Sources/Peach View.swift",
                  "line": 3,
                  "column": 17,
                  "endLine": 3,
                  "endColumn": 37,
                  "message": "'Self._printChanges()' left in 'PeachView.body': it prints every time SwiftUI re-evaluates the view",
                  "help": "remove it before shipping; to see why a view updates, use a breakpoint or Instruments' SwiftUI template",
                  "notes": [],
                  "fix": {
                    "title": "Remove the debugging statement",
                    "safe": true,
                    "edits": [
                      {
                        "line": 3,
                        "column": 1,
                        "endLine": 4,
                        "endColumn": 1,
                        "replacement": ""
                      }
                    ]
                  }
                }
              ],
              "problems": []
            }

            """)
    }

    @Test("notes, an unsafe insertion fix, problems, and summary counts")
    func notesFixesProblems() throws {
        var report = Fixtures.lint([("Leaky.swift", Fixtures.leaky), ("Peach.swift", Fixtures.peach)])
        report.problems = Fixtures.missing(["Missing Dir/gone.swift"])
        report.diagnostics[1].severity = .error
        let root = try Fixtures.parse(JSONReporter.render(report, version: "9"))
        #expect(root.object("summary").int("files") == 2)
        #expect(root.object("summary").int("errors") == 1)
        #expect(root.object("summary").int("warnings") == 1)
        #expect(root.object("summary").int("notes") == 0)
        let leaky = try #require(root.array("findings").first)
        #expect(leaky.string("rule") == "state_closure_captures_view")
        #expect(leaky.string("severity") == "warning")
        #expect([leaky.int("line"), leaky.int("column"), leaky.int("endLine"), leaky.int("endColumn")] == [7, 17, 7, 43])
        let note = try #require(leaky.array("notes").first)
        #expect([note.int("line"), note.int("column"), note.int("endLine"), note.int("endColumn")] == [7, 33, 7, 41])
        #expect(note.string("message") == "this captures the view")
        let fix = leaky.object("fix")
        #expect(fix["safe"] as? Bool == false)
        let edit = try #require(fix.array("edits").first)
        // An insertion: an empty range just after `{` (column 27).
        #expect([edit.int("line"), edit.int("column"), edit.int("endLine"), edit.int("endColumn")] == [7, 28, 7, 28])
        #expect(edit.string("replacement") == " [myObject] in")
        #expect(root.array("findings").last?.string("severity") == "error")
        #expect(root.array("problems").map { $0.string("path") } == ["Missing Dir/gone.swift"])
        #expect(root.array("problems").first?.string("message") == "cannot be read; skipped")
    }

    @Test("absent help and fix are null; columns are UTF-8 bytes")
    func nullsAndByteColumns() throws {
        var report = Fixtures.lint([("K.swift", Fixtures.korean)])
        report.diagnostics[0].help = nil
        report.diagnostics[0].fix = nil
        let json = JSONReporter.render(report, version: "0.1.0")
        #expect(json.contains("\"help\": null,\n"))
        #expect(json.contains("\"fix\": null\n"))
        // 8 + 8 (`let _ = `) + 3 (`/* `) + 6 (한글) + 1 + 4 (😀) + 4 (` */ `) = 34 bytes before `Self`.
        #expect(json.contains("\"column\": 35,"))
        #expect(json.contains("\"endColumn\": 55,"))
    }

    @Test("messages are escaped")
    func escaping() throws {
        var report = Fixtures.lint([("a\"b\\c.swift", Fixtures.peach)])
        report.diagnostics[0].message = "say \"hi\"\\\n\tnow\u{1}/ok"
        let json = JSONReporter.render(report, version: "0.1.0")
        #expect(json.contains(#""path": "a\"b\\c.swift","#))
        #expect(json.contains(#""message": "say \"hi\"\\\n\tnow\u0001/ok","#))
        let root = try Fixtures.parse(json)
        #expect(root.array("findings").first?.string("message") == "say \"hi\"\\\n\tnow\u{1}/ok")
    }

    @Test("an empty report")
    func empty() {
        let report = Fixtures.lint([("Clean.swift", "struct A {}\n")])
        #expect(JSONReporter.render(report, version: "1.2.3").hasSuffix("""
              "findings": [],
              "problems": []
            }

            """))
    }
}
