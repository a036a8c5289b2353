import Foundation
import Testing

/// `--write-baseline` and `--baseline`, through the binary.
@Suite("CLI baseline")
struct CLIBaselineTests {
    /// The showcase view (two findings) and the golden files (four findings) in one project.
    func project() throws -> CLISandbox {
        let sandbox = try CLISandbox()
        try sandbox.copyFixture(showcaseFixture, to: "CounterScreen.swift")
        try sandbox.copyFixture("Golden/CartView.swift", to: "Cart/CartView.swift")
        try sandbox.copyFixture("Golden/CartModel.swift", to: "Cart/CartModel.swift")
        return sandbox
    }

    func writeBaseline(_ sandbox: CLISandbox, to path: String = "b.json") throws {
        let result = try sandbox.run(["--write-baseline", path])
        #expect(result.status == 0, "writing a baseline exits 0 whatever it records: \(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "statelint: recorded 6 findings in \(path)\n", "\(result)")
    }

    @Test func baselineHidesRecordedFindings() throws {
        let sandbox = try project()
        #expect(try sandbox.run([]).status == 1)
        try writeBaseline(sandbox)
        let result = try sandbox.run(["--baseline", "b.json", "--severity-threshold", "info"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "0 warnings, 0 errors in 3 files; 6 hidden by the baseline\n")
    }

    @Test func insertingLinesAboveKeepsFindingsHidden() throws {
        let sandbox = try project()
        try writeBaseline(sandbox)
        let original = try sandbox.read("CounterScreen.swift")
        try sandbox.write("CounterScreen.swift", "// A header comment.\n// Another.\n\n" + original.replacingOccurrences(of: "    ", with: "  "))
        let moved = try sandbox.run(["--format", "xcode"])
        #expect(moved.lines.contains { $0.hasPrefix("CounterScreen.swift:12:") }, "the finding moved from line 9 to 12: \(moved)")
        let result = try sandbox.run(["--format", "xcode", "--baseline", "b.json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "")
    }

    @Test func duplicatingTheFlaggedLineReportsExactlyOneNewFinding() throws {
        let sandbox = try project()
        try writeBaseline(sandbox)
        let flagged = "        let _ = Self._printChanges()\n"
        let original = try sandbox.read("CounterScreen.swift")
        #expect(original.components(separatedBy: flagged).count == 2, "the line occurs once")
        try sandbox.write("CounterScreen.swift", original.replacingOccurrences(of: flagged, with: flagged + flagged))
        let result = try sandbox.run(["--format", "xcode", "--baseline", "b.json"])
        #expect(result.status == 1, "\(result)")
        #expect(result.lines.count == 1, "\(result)")
        #expect(result.lines.first?.hasPrefix("CounterScreen.swift:") == true)
        #expect(result.lines.first?.hasSuffix("[print_changes_leftover]") == true)
        #expect(result.lines.first?.contains("'Self._printChanges()'") == true)
    }

    @Test func aNewFindingElsewhereIsReported() throws {
        let sandbox = try project()
        try writeBaseline(sandbox)
        try sandbox.write("New.swift", "import SwiftUI\n\nstruct New: View {\n    var body: some View {\n        let _ = Self._logChanges()\n        Text(\"\")\n    }\n}\n")
        let result = try sandbox.run(["--format", "xcode", "--baseline", "b.json"])
        #expect(result.status == 1)
        #expect(result.lines.count == 1)
        #expect(result.lines.first?.hasPrefix("New.swift:5:17: warning:") == true, "\(result)")
    }

    @Test func baselineIsSortedAndStable() throws {
        let sandbox = try project()
        try writeBaseline(sandbox, to: "first.json")
        try writeBaseline(sandbox, to: "second.json")
        let first = try sandbox.readData("first.json")
        #expect(first == (try sandbox.readData("second.json")), "writing twice gives identical bytes")
        // With other jobs too.
        _ = try sandbox.run(["--write-baseline", "third.json", "--jobs", "1"])
        #expect(first == (try sandbox.readData("third.json")))

        let object = try #require(try JSONSerialization.jsonObject(with: first) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == 6)
        let keys = findings.map { [$0["path"] as? String ?? "", $0["rule"] as? String ?? "", $0["line"] as? String ?? ""] }
        #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) }, "sorted by path, rule, line: \(keys)")
        #expect(Set(keys.map { $0[0] }) == ["CounterScreen.swift", "Cart/CartView.swift", "Cart/CartModel.swift"])
        #expect(keys.contains(["Cart/CartModel.swift", "observable_init_access",
                               "print(\"장바구니 🛒: \\(self.count)\") // expect: observable_init_access"]),
                "the flagged line's text, trimmed, Unicode kept")
        #expect(findings.allSatisfy { $0["count"] as? Int == 1 })
        // Human-reviewable: one finding per line.
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.split(separator: "\n").count == 6 + 5, "\(text)")
    }

    @Test func emptyBaselineIsValid() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Clean.swift", "struct Clean {}\n")
        let write = try sandbox.run(["--write-baseline", "b.json"])
        #expect(write.status == 0)
        #expect(write.stderr == "statelint: recorded 0 findings in b.json\n")
        let use = try sandbox.run(["--baseline", "b.json"])
        #expect(use.status == 0, "\(use)")
    }

    @Test(arguments: [
        "{\"version\": 1",
        "[]",
        "{\"version\": 2, \"findings\": []}",
        "{\"version\": 1, \"findings\": [{\"path\": \"CounterScreen.swift\"}]}",
        "",
    ])
    func corruptBaselineExitsTwo(contents: String) throws {
        let sandbox = try project()
        try sandbox.write("b.json", contents)
        let result = try sandbox.run(["--baseline", "b.json"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.contains("b.json"), "\(result)")
    }

    @Test func missingBaselineExitsTwo() throws {
        let sandbox = try project()
        let result = try sandbox.run(["--baseline", "nope.json"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("nope.json"))
    }

    @Test func baselineFromLintrcIsRelativeToIt() throws {
        let sandbox = try project()
        try sandbox.write("config/README", "known findings\n")
        try writeBaseline(sandbox, to: "config/known.json")
        try sandbox.write(".lintrc", "baseline: config/known.json\n")
        let result = try sandbox.run(["--format", "xcode"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "")
    }

    /// The `.lintrc` (and its baseline) is found from a subfolder, but the baseline records paths
    /// relative to the folder it was written from, so from a subfolder nothing matches.
    @Test func baselineFromLintrcAppliesInASubfolder() throws {
        let sandbox = try CLISandbox()
        try sandbox.copyFixture(showcaseFixture, to: "Sources/CounterScreen.swift")
        try writeBaselineOfTwo(sandbox)
        try sandbox.write(".lintrc", "baseline: b.json\n")
        let fromRoot = try sandbox.run(["--format", "xcode"])
        #expect(fromRoot.status == 0, "\(fromRoot)")
        let fromSubfolder = try sandbox.run(["--format", "xcode"], in: "Sources")
        #expect(fromSubfolder.status == 0, "\(fromSubfolder)")
        #expect(fromSubfolder.stdout == "")
    }

    func writeBaselineOfTwo(_ sandbox: CLISandbox) throws {
        let result = try sandbox.run(["--write-baseline", "b.json"])
        #expect(result.status == 0)
        #expect(result.stderr == "statelint: recorded 2 findings in b.json\n")
    }

    @Test("a baseline with impossible counts is refused, never a crash", arguments: [
        ("9223372036854775807", "has count 9223372036854775807"),
        ("true", "not a statelint baseline"),
        ("1.5", "not a statelint baseline"),
        ("0", "has count 0"),
        ("-3", "has count -3"),
    ])
    func impossibleCounts(_ count: String, _ message: String) throws {
        let sandbox = try CLISandbox()
        try sandbox.copyFixture(showcaseFixture, to: "CounterScreen.swift")
        let entry = "{ \"path\" : \"CounterScreen.swift\", \"rule\" : \"print_changes_leftover\", \"line\" : \"x\", \"count\" : \(count) }"
        try sandbox.write("b.json", "{ \"version\" : 1, \"findings\" : [\(entry), \(entry)] }")
        let result = try sandbox.run(["--baseline", "b.json"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
    }

    @Test func largeCountsAddUpWithoutOverflow() throws {
        let sandbox = try CLISandbox()
        try sandbox.copyFixture(showcaseFixture, to: "CounterScreen.swift")
        let record = try sandbox.run(["--write-baseline", "b.json"])
        #expect(record.status == 0, "\(record)")
        // Every entry twice, at the largest count: the sums saturate and still hide the findings.
        var text = try sandbox.read("b.json")
        text = text.replacingOccurrences(of: "\"count\" : 1 }", with: "\"count\" : 1099511627776 }")
        let entries = text.components(separatedBy: "\n").filter { $0.contains("\"path\"") }.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " ,")) }
        try sandbox.write("b.json", "{ \"version\" : 1, \"findings\" : [" + (entries + entries).joined(separator: ",") + "] }")
        let result = try sandbox.run(["--baseline", "b.json"])
        #expect(result.status == 0, "\(result)")
    }

    // MARK: Baselines that shrink

    static let printChanges = "        let _ = Self._printChanges()\n"

    /// Removes the `_printChanges()` line of CounterScreen.swift: one baselined finding is fixed.
    func fixOne(_ sandbox: CLISandbox) throws {
        let original = try sandbox.read("CounterScreen.swift")
        #expect(original.contains(Self.printChanges))
        try sandbox.write("CounterScreen.swift", original.replacingOccurrences(of: Self.printChanges, with: ""))
    }

    @Test func fixedBaselinedFindingsAreCounted() throws {
        let sandbox = try project()
        try writeBaseline(sandbox)
        let before = try sandbox.run(["--format", "xcode", "--baseline", "b.json"])
        #expect(before.status == 0 && !before.stderr.contains("fixed"), "nothing is fixed yet: \(before)")
        try fixOne(sandbox)
        let result = try sandbox.run(["--format", "xcode", "--baseline", "b.json"])
        #expect(result.status == 0, "a fixed finding is not a failure without --strict-baseline: \(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.contains("statelint: 1 baselined finding is fixed; run --write-baseline b.json to drop it\n"), "\(result)")
        let quiet = try sandbox.run(["--format", "xcode", "--baseline", "b.json", "--quiet"])
        #expect(!quiet.stderr.contains("fixed"), "--quiet says nothing: \(quiet)")
    }

    @Test func strictBaselineFailsUntilTheBaselineIsRewritten() throws {
        let sandbox = try project()
        try writeBaseline(sandbox)
        let clean = try sandbox.run(["--baseline", "b.json", "--strict-baseline"])
        #expect(clean.status == 0, "\(clean)")
        try fixOne(sandbox)
        let strict = try sandbox.run(["--baseline", "b.json", "--strict-baseline", "--quiet"])
        #expect(strict.status == 1, "\(strict)")
        #expect(strict.stderr.contains("statelint: error: 1 baselined finding is fixed; run --write-baseline b.json to drop it (--strict-baseline)"), "\(strict)")
        // The rewritten baseline is minimal (the fixed finding's entry is gone), sorted, and passes.
        let rewrite = try sandbox.run(["--write-baseline", "b.json"])
        #expect(rewrite.stderr == "statelint: recorded 5 findings in b.json\n", "\(rewrite)")
        let text = try sandbox.read("b.json")
        #expect(text.split(separator: "\n").filter { $0.contains("\"CounterScreen.swift\"") }.count == 1, "one of its two entries is left: \(text)")
        let paths = text.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "\"path\" : \"") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
        #expect(paths == paths.sorted() && paths.count >= 3, "\(text)")
        #expect(try sandbox.run(["--baseline", "b.json", "--strict-baseline"]).status == 0)
    }

    @Test func onlyFilesTheRunLookedAtCanFixFindings() throws {
        let sandbox = try project()
        try writeBaseline(sandbox)
        try fixOne(sandbox)
        // A run on another named file did not look at CounterScreen.swift.
        let named = try sandbox.run(["--format", "xcode", "--baseline", "b.json", "--strict-baseline", "Cart/CartView.swift"])
        #expect(!named.stderr.contains("fixed"), "\(named)")
        #expect(named.status == 0, "\(named)")
        // A deleted file's findings are fixed.
        let model = try sandbox.read("Cart/CartModel.swift")
        try FileManager.default.removeItem(at: sandbox.url("Cart/CartModel.swift"))
        let recorded = try sandbox.read("b.json").components(separatedBy: "\"path\" : \"Cart/CartModel.swift\"").count - 1
        #expect(recorded >= 1)
        let deleted = try sandbox.run(["--format", "xcode", "--baseline", "b.json", "--quiet", "--strict-baseline", "Cart/CartView.swift"])
        #expect(deleted.stderr.contains("baselined finding") && deleted.status == 1, "\(deleted)")
        try sandbox.write("Cart/CartModel.swift", model)
    }

    @Test func strictBaselineNeedsABaseline() throws {
        let sandbox = try project()
        let result = try sandbox.run(["--strict-baseline"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--strict-baseline needs a baseline"), "\(result)")
    }
}
