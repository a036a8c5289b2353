import Foundation
import StatelintCore
import StatelintDiagnostics
@testable import StatelintReporters
import StatelintRules
import StatelintSyntax
import Testing

@Suite("HTML reporter")
struct HTMLReporterTests {
    func render(_ report: LintReport) -> String {
        HTMLReporter.render(report, rules: RuleRegistry.descriptors, version: "9.8.7", sourceRoot: "/work/project")
    }

    /// The page read back as XML (it is written to be well-formed XML as well as HTML).
    func parse(_ page: String) throws -> XMLNode {
        try #require(XMLNode.parse(page), "the page is not well-formed XML")
    }

    /// The finding articles, in page order.
    func findings(_ page: String) throws -> [XMLNode] {
        try parse(page).descendants.filter { $0.name == "article" && $0.classes.contains("finding") }
    }

    /// The HTML of the `<article>` with `id`.
    func article(_ page: String, _ id: String) throws -> Substring {
        let start = try #require(page.range(of: "<article class=\"finding\" id=\"\(id)\""))
        let end = try #require(page[start.upperBound...].range(of: "</article>"))
        return page[start.lowerBound..<end.upperBound]
    }

    /// What a reader sees of some HTML: without tags, the five references this page uses decoded.
    func plainText<S: StringProtocol>(_ html: S) -> String {
        String(html).replacing(/<[^>]*>/, with: "")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    func count(_ needle: String, in page: String) -> Int { page.components(separatedBy: needle).count - 1 }

    /// The byte range of `piece` in `text` (its first occurrence).
    func range(of piece: String, in text: String) throws -> Range<Int> {
        let r = try #require(text.range(of: piece))
        let start = text.utf8.distance(from: text.startIndex, to: r.lowerBound)
        return start..<(start + piece.utf8.count)
    }

    // MARK: - Structure

    @Test("every finding appears exactly once, grouped by rule then file, with its data attributes")
    func everyFindingOnce() throws {
        let report = Fixtures.mixed()
        let page = render(report)
        let articles = try findings(page)
        // By hand: rules by highest severity (print_changes_leftover has the error), files sorted within a rule.
        let expected: [[String?]] = [
            ["print_changes_leftover", "error", "Sources/한글/K.swift", "3", "35", "3", "55"],
            ["print_changes_leftover", "warning", "Views/Peach.swift", "3", "17", "3", "37"],
            ["state_closure_captures_view", "warning", "Leaky.swift", "7", "17", "7", "43"],
            ["unused_suppression", "info", "End.swift", "4", "1", "4", "44"],
        ]
        let keys = ["data-rule", "data-severity", "data-path", "data-line", "data-column", "data-end-line", "data-end-column"]
        #expect(articles.map { article in keys.map { article.attributes[$0] } } == expected)
        #expect(articles.map { $0.attributes["id"] } == ["f1", "f2", "f3", "f4"])
        for d in report.diagnostics {
            #expect(articles.filter { $0.attributes["data-path"] == d.path && $0.attributes["data-rule"] == d.ruleID }.count == 1,
                    "\(d.path) \(d.ruleID)")
        }
        // The location a reader sees, and a link to the finding itself.
        #expect(plainText(try article(page, "f1")).contains("Sources/한글/K.swift:3:35"))
        #expect(try article(page, "f1").contains("<a class=\"loc\" href=\"#f1\">"))
        // Rule sections and file groups carry their keys too.
        let sections = try parse(page).descendants.filter { $0.name == "section" }
        #expect(sections.filter { $0.classes.contains("rule") }.map { $0.attributes["data-rule"] }
            == ["print_changes_leftover", "state_closure_captures_view", "unused_suppression"])
        #expect(sections.filter { $0.classes.contains("file") }.map { $0.attributes["data-path"] }
            == ["Sources/한글/K.swift", "Views/Peach.swift", "Leaky.swift", "End.swift"])

        // Several findings of one rule in one file: each once, in the file's order, under one file heading.
        let many = Fixtures.lint([("Peach.swift", Fixtures.peach), ("Many.swift", Fixtures.manyLeftovers(3))])
        #expect(many.diagnostics.count == 4)
        let manyPage = render(many)
        #expect(try findings(manyPage).map { "\($0.attributes["data-path"] ?? ""):\($0.attributes["data-line"] ?? "")" }
            == ["Many.swift:3", "Many.swift:4", "Many.swift:5", "Peach.swift:3"])
        #expect(count("<section class=\"file\" data-path=\"Many.swift\">", in: manyPage) == 1)
        #expect(manyPage.contains("<h3><span class=\"path\">Many.<wbr />swift</span> <span class=\"count\">3</span></h3>"))
    }

    @Test("the page: doctype, charset, viewport, title with the count, no timestamp, the same page each time")
    func page() throws {
        let report = Fixtures.mixed()
        let page = render(report)
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\" />\n"))
        #expect(page.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />"))
        #expect(page.contains("<title>statelint: 4 findings</title>"))
        #expect(page.contains("<meta name=\"generator\" content=\"statelint 9.8.7\" />"))
        #expect(page.hasSuffix("</html>\n"))
        #expect(page == render(report), "deterministic")
        let one = render(Fixtures.lint([("Peach.swift", Fixtures.peach)]))
        #expect(one.contains("<title>statelint: 1 finding</title>"))
        #expect(ReportFormat.html.render(report, rules: RuleRegistry.descriptors, version: "1")
            == HTMLReporter.render(report, rules: RuleRegistry.descriptors, version: "1"))
        #expect(ReportFormat.html.isMachineReadable, "no summary line beside a page")
    }

    @Test("summary: counts per severity and per rule (id, name, count), and the files not linted")
    func summaryCounts() throws {
        var report = Fixtures.mixed()
        report.problems = [FileProblem(path: "Broken.swift", message: "is not valid UTF-8; skipped")]
        let page = render(report)
        let nodes = try parse(page).descendants
        func dataCount(_ row: XMLNode) -> String? { row.descendants.first { $0.attributes["data-count"] != nil }?.attributes["data-count"] }
        let severities = nodes.filter { $0.name == "tr" && $0.attributes["data-severity"] != nil }
        #expect(severities.map { $0.attributes["data-severity"] } == ["error", "warning", "info"])
        #expect(severities.map(dataCount) == ["1", "2", "1"])
        let rules = nodes.filter { $0.name == "tr" && $0.attributes["data-rule"] != nil }
        #expect(rules.map { $0.attributes["data-rule"] } == ["print_changes_leftover", "state_closure_captures_view", "unused_suppression"])
        #expect(rules.map(dataCount) == ["2", "1", "1"])
        #expect(page.contains("<td class=\"name\">Print<wbr />Changes<wbr />Leftover</td>"), "the rule's name")
        #expect(page.contains("<a href=\"#rule-print_changes_leftover\"><code>print_<wbr />changes_<wbr />leftover</code></a>"))
        #expect(page.contains("<tfoot><tr><th scope=\"row\">Total</th><td class=\"num\" data-count=\"4\">4</td></tr></tfoot>"))
        #expect(page.contains("<p class=\"lede\">4 findings in 4 files (4 files linted). 1 file was not linted.</p>"))
        let problems = nodes.filter { $0.classes.contains("problem") }
        #expect(problems.map { $0.attributes["data-path"] } == ["Broken.swift"])
        #expect(page.contains("<li class=\"problem\" data-path=\"Broken.swift\"><span class=\"path\">Broken.<wbr />swift</span> is not valid UTF-8; skipped</li>"))
        // The filters list what occurs, all ticked; the script shows them.
        #expect(page.contains("<form id=\"filters\" class=\"filters\" hidden=\"hidden\""))
        let boxes = nodes.filter { $0.name == "input" }
        #expect(boxes.map { "\($0.attributes["name"] ?? ""):\($0.attributes["value"] ?? "")" } == [
            "severity:error", "severity:warning", "severity:info",
            "rule:print_changes_leftover", "rule:state_closure_captures_view", "rule:unused_suppression",
        ])
        #expect(boxes.allSatisfy { $0.attributes["checked"] == "checked" })
        #expect(page.contains("<output id=\"shown\" aria-live=\"polite\">4 of 4 findings shown</output>"))
    }

    // MARK: - Source lines

    @Test("the flagged range is marked on its line (checked by hand: after Korean text and an emoji)")
    func highlight() throws {
        let page = render(Fixtures.mixed())
        // Sources/한글/K.swift 3:35–3:55 in bytes: `Self._printChanges()`, with two unmarked lines around it.
        let f1 = try article(page, "f1")
        #expect(f1.contains("let _ = /* 한글 😀 */ <mark>Self._printChanges()</mark></span>"), "\(f1)")
        #expect(f1.contains("<span class=\"line\" data-n=\"3\">"), "\(f1)")
        #expect(f1.contains("<span class=\"line context\" data-n=\"2\">") && f1.contains("<span class=\"line context\" data-n=\"4\">"), "\(f1)")
        // The whole last line of a file without a final line break.
        let f4 = try article(page, "f4")
        #expect(f4.contains("<mark>// statelint:disable:next task_retains_self</mark></span>") && f4.contains("<span class=\"line\" data-n=\"4\">"), "\(f4)")
        // The middle of a line: the note's `myObject` (7:33–7:41) after 16 spaces.
        #expect(try article(page, "f3").contains(
            "<span class=\"line\" data-n=\"7\">handler = { _ = <mark>myObject</mark> }</span>"))
    }

    static let block = "func f() {\n    let a = 1\n\n    let b = 2\n}\n"

    func snippet(_ text: String, _ range: Range<Int>, maxLines: Int = HTMLReporter.maxSnippetLines) -> String? {
        HTMLReporter.snippet(FileLines(SourceFile(path: "F.swift", text: text)), range, maxLines: maxLines)
    }

    @Test("a range over several lines marks each line's part; a blank line inside stays unmarked")
    func multiLine() throws {
        let lines = "<pre class=\"source\"><code><span class=\"line\" data-n=\"2\"><mark>let a = 1</mark></span>\n"
            + "<span class=\"line\" data-n=\"3\"></span>\n<span class=\"line\" data-n=\"4\"><mark>let b = 2</mark></span></code></pre>"
        let start = try range(of: "let a", in: Self.block).lowerBound
        let end = try range(of: "let b = 2", in: Self.block).upperBound
        #expect(snippet(Self.block, start..<end) == lines)
        // Ending just after the line break (at the start of line 5) does not reach into line 5.
        #expect(snippet(Self.block, start..<(end + 1)) == lines)
        // A later line is marked from its first character that is not a space.
        let fromLineStart = try range(of: "{\n", in: Self.block).lowerBound..<end
        #expect(snippet(Self.block, fromLineStart)?.contains("<span class=\"line\" data-n=\"4\">    <mark>let b = 2</mark></span>") == true)
        // Through the findings' own path: data attributes with the end.
        let d = Diagnostic(ruleID: "print_changes_leftover", severity: .warning, path: "F.swift", range: start..<end, message: "m")
        let page = render(Fixtures.report([("F.swift", Self.block)], [d]))
        let article = try #require(try findings(page).first)
        #expect(["data-line", "data-column", "data-end-line", "data-end-column"].map { article.attributes[$0] } == ["2", "5", "4", "14"])
        // On the page, with the lines around it unmarked.
        #expect(page.contains("<mark>let a = 1</mark></span>") && page.contains("<mark>let b = 2</mark></span>"))
        #expect(page.contains("<span class=\"line context\" data-n=\"1\">func f() {</span>"), "\(page)")
        // A long range: the first lines, a gap, the last line.
        let long = (1...20).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let cut = try #require(snippet(long, 0..<long.utf8.count))
        #expect(cut.contains("<span class=\"line\" data-n=\"7\"><mark>line 7</mark></span>\n<span class=\"gap\">12 more lines</span>\n"
            + "<span class=\"line\" data-n=\"20\"><mark>line 20</mark></span></code></pre>"))
        #expect(!cut.contains("data-n=\"8\""))
    }

    @Test("empty ranges, ranges at the end of a line and past the end of the file")
    func pointsAndEnds() throws {
        let equals = try range(of: "= 1", in: Self.block).lowerBound
        #expect(snippet(Self.block, equals..<equals)
            == "<pre class=\"source\"><code><span class=\"line\" data-n=\"2\">let a <mark class=\"point\" title=\"here\"></mark>= 1</span></code></pre>")
        // The line break after `let a = 1`: the point at the end of the line, and nothing of line 3.
        let lineEnd = try range(of: "let a = 1", in: Self.block).upperBound
        #expect(snippet(Self.block, lineEnd..<(lineEnd + 1))
            == "<pre class=\"source\"><code><span class=\"line\" data-n=\"2\">let a = 1<mark class=\"point\" title=\"here\"></mark></span></code></pre>")
        // Past the end: clamped to the empty line after the final line break.
        #expect(snippet(Self.block, 1000..<1200)
            == "<pre class=\"source\"><code><span class=\"line\" data-n=\"6\"><mark class=\"point\" title=\"here\"></mark></span></code></pre>")
        // An empty file shows no source.
        #expect(snippet("", 0..<0) == nil)
    }

    @Test("notes: their own location and line, also in another file")
    func notes() throws {
        let page = render(Fixtures.mixed())
        let leaky = try article(page, "f3")
        #expect(leaky.contains("<li class=\"note\" data-path=\"Leaky.swift\" data-line=\"7\" data-column=\"33\">"
            + "<span class=\"note-label\">note</span> <span class=\"loc\">Leaky.<wbr />swift:7:33</span>"
            + " <span class=\"note-message\">this captures the view</span>"))
        // A note in another file shows that file's path, position and line.
        let main = "let a = 1\n"
        let other = "struct Other {\n    func call() { run() }\n}\n"
        let call = try range(of: "run()", in: other)
        let d = Diagnostic(ruleID: "task_retains_self", severity: .warning, path: "Main.swift", range: 4..<5, message: "m",
                           notes: [Note(range: call, message: "called <here>", path: "Sub/Other.swift")])
        let twoFiles = render(Fixtures.report([("Main.swift", main), ("Sub/Other.swift", other)], [d]))
        #expect(twoFiles.contains("<li class=\"note\" data-path=\"Sub/Other.swift\" data-line=\"2\" data-column=\"19\">"))
        #expect(twoFiles.contains("<span class=\"note-message\">called &lt;here&gt;</span>\n<pre class=\"source\"><code>"
            + "<span class=\"line\" data-n=\"2\">func call() { <mark>run()</mark> }</span></code></pre></li>"))
    }

    @Test("help, the rule's summary and rationale, and fixes as removed and inserted lines")
    func helpAndFixes() throws {
        let report = Fixtures.mixed()
        let page = render(report)
        let peach = try article(page, "f2")
        #expect(peach.contains("<p class=\"help\"><strong>Help:</strong> \(HTMLReporter.escape(report.diagnostics[3].help!))</p>"))
        #expect(peach.contains("<strong>Fix:</strong> Remove the debugging statement <span class=\"muted\">(safe: <code>statelint --fix</code> applies it)</span>"))
        #expect(peach.contains("<pre class=\"diff\"><code><del>let _ = Self._printChanges()</del></code></pre>"))
        // The unsafe fix of Leaky.swift inserts ` [myObject] in` after `{`.
        let leaky = try article(page, "f3")
        #expect(leaky.contains("(suggested: <code>statelint --fix</code> leaves it to you)"))
        #expect(leaky.contains("<pre class=\"diff\"><code><del>handler = { _ = myObject }</del><ins>handler = { [myObject] in _ = myObject }</ins></code></pre>"))
        // The rule's texts, once per rule section: the summary, and the rationale's Markdown as HTML.
        let rule = try #require(RuleRegistry.descriptors.first { $0.id == "print_changes_leftover" })
        #expect(count("<p class=\"rule-summary\">", in: page) == 3)
        #expect(page.contains("<details class=\"rationale\"><summary>Why it matters</summary>\n<p><code>Self._printChanges()</code>"))
        #expect(page.contains("<p><strong>Fix safety</strong>: the fix deletes the statement"))
        #expect(plainText(HTMLReporter.markdown(rule.rationale)).contains("Self._printChanges()"))
        #expect(HTMLReporter.inlineMarkdown("a `<b>` **c `d`** e* `f") == "a <code>&lt;b&gt;</code> <strong>c <code>d</code></strong> e* `f")
    }

    // MARK: - Hostile input

    @Test("everything from files and messages is escaped: no markup, script or comment can get in")
    func escaping() throws {
        let source = "struct V {\n    let x: Array<Int> = \"</script>\" // <!-- & ]]> 'q'\n}\n"
        let path = "we'ird \"name\" <b>&amp.swift"
        let rule = "x\"><script>alert(1)</script>"
        let message = "<script>alert(\"x\")</script> & 'y' \u{202E}evil\u{1}\u{FFFE}"
        let flagged = try range(of: "let x: Array<Int> = \"</script>\"", in: source)
        let d = Diagnostic(ruleID: rule, severity: .error, path: path, range: flagged, message: message,
                           help: "<b>help</b> & \"more\"", notes: [Note(range: flagged, message: "<i>note</i>")],
                           fix: Fix(title: "<u>fix</u>", edits: [TextEdit(range: flagged, replacement: "let y = \"<a href='x'>\"")], isSafe: false))
        let page = render(Fixtures.report([(path, source)], [d]))
        let lowered = page.lowercased()
        #expect(count("<script", in: lowered) == 1 && count("</script", in: lowered) == 1, "only the page's own script")
        #expect(count("]]>", in: page) == 1, "only the end of the script's CDATA section")
        #expect(!page.contains("<!--") && !page.contains("<b>") && !page.contains("<i>") && !page.contains("<u>") && !page.contains("<a href='"))
        // Read back, every value is exactly what was given.
        let article = try #require(try findings(page).first)
        #expect(article.attributes["data-path"] == path)
        #expect(article.attributes["data-rule"] == rule)
        #expect(page.contains("<section class=\"rule\" id=\"rule-1\""), "an id that is not plain gets a numbered anchor")
        #expect(page.contains("<p class=\"message\">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39; "
            + #"\u{202E}evil\u{1}\u{FFFE}</p>"#), "bidi, control and noncharacters shown as escapes")
        let code = try #require(page.range(of: "<pre class=\"source\"><code>"))
        let codeEnd = try #require(page[code.upperBound...].range(of: "</code></pre>"))
        #expect(plainText(page[code.upperBound..<codeEnd.lowerBound]).contains("let x: Array<Int> = \"</script>\" // <!-- & ]]> 'q'"))
        #expect(page.contains("<mark>let x: Array&lt;Int&gt; = &quot;&lt;/script&gt;&quot;</mark> // &lt;!-- &amp; ]]&gt; &#39;q&#39;"))
        #expect(page.contains("<ins>let y = &quot;&lt;a href=&#39;x&#39;&gt;&quot; // &lt;!-- &amp; ]]&gt; &#39;q&#39;</ins>"))
        #expect(HTMLReporter.escape("a\tb" + String(Character(try #require(Unicode.Scalar(0xFDD0))))) == #"a\tb\u{FDD0}"#)
        #expect(HTMLReporter.escape("a\tb", keepTabs: true) == "a\tb")
    }

    @Test("a file that cannot be read shows the message alone; bytes that are not UTF-8 do not break the page")
    func unreadableAndInvalidUTF8() throws {
        let bad = Array("let s = \"".utf8) + [0xFF, 0xFE, 0xC3] + Array("\"\n".utf8)
        var report = LintReport(diagnostics: [
            Diagnostic(ruleID: "print_changes_leftover", severity: .warning, path: "Bad.swift", range: 8..<13, message: "bad bytes"),
            Diagnostic(ruleID: "print_changes_leftover", severity: .warning, path: "Gone.swift", range: 40..<50, message: "gone",
                       notes: [Note(range: 3..<4, message: "elsewhere")], fix: Fix(title: "t", edits: [TextEdit(range: 0..<1, replacement: "")], isSafe: true)),
        ], problems: [], fileCount: 2, sources: ["Bad.swift": SourceFile(path: "Bad.swift", bytes: bad)])
        report.problems = [FileProblem(path: "Other.swift", message: "cannot be read; skipped")]
        let page = render(report)
        let articles = try findings(page)
        #expect(articles.count == 2)
        #expect(try article(page, "f1").contains("<mark>&quot;\u{FFFD}\u{FFFD}\u{FFFD}&quot;</mark>"))
        let gone = try article(page, "f2")
        #expect(gone.contains("<p class=\"message\">gone</p>"))
        #expect(!gone.contains("<pre"), "no source lines, no fix lines")
        #expect(gone.contains("data-line=\"1\" data-column=\"1\""))
        #expect(gone.contains("<span class=\"loc\">Gone.<wbr />swift:1:1</span> <span class=\"note-message\">elsewhere</span></li>"))
        #expect(page.contains("<li class=\"problem\" data-path=\"Other.swift\">"))
    }

    @Test("no finding: a valid page that says so, without filters or script")
    func emptyReport() throws {
        let page = render(Fixtures.lint([("Clean.swift", "struct Clean {}\n")]))
        _ = try parse(page)
        #expect(page.contains("<title>statelint: no findings</title>"))
        #expect(page.contains("<p class=\"none\" id=\"no-findings\">No findings</p>"))
        #expect(page.contains("<p class=\"lede\">No findings in 1 file linted.</p>"))
        #expect(try findings(page).isEmpty)
        #expect(!page.contains("<script") && !page.contains("id=\"filters\""))
        #expect(page.contains("<tfoot><tr><th scope=\"row\">Total</th><td class=\"num\" data-count=\"0\">0</td></tr></tfoot>"))
        #expect(page.hasSuffix("</footer>\n</div>\n</body>\n</html>\n"))
    }

    // MARK: - Nothing external

    @Test("nothing is loaded from elsewhere: no src, links only within the page, a CSP that allows only its own style and script")
    func selfContained() throws {
        let page = render(Fixtures.mixed())
        #expect(!page.contains("http://") && !page.contains("https://"))
        #expect(!page.contains(" src=") && !page.contains(" srcset=") && !page.contains("<link") && !page.contains("url(") && !page.contains("@import"))
        let hrefs = page.matches(of: /href="([^"]*)"/).map { String($0.output.1) }
        #expect(!hrefs.isEmpty && hrefs.allSatisfy { $0.hasPrefix("#") }, "\(hrefs.filter { !$0.hasPrefix("#") })")
        // The policy's hashes are those of the page's style and script as written.
        let style = try #require(page.firstMatch(of: /<style>([^<]*)<\/style>/)?.output.1)
        let script = try #require(page.firstMatch(of: /<script>(.*)<\/script>/.dotMatchesNewlines())?.output.1)
        func hash(_ text: Substring) -> String { "'sha256-" + Data(SHA256.hash(Array(text.utf8))).base64EncodedString() + "'" }
        #expect(page.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src \(hash(style)); "
            + "script-src \(hash(script)); base-uri 'none'; form-action 'none'\" />"))
    }

    @Test("SHA-256 of the standard test messages")
    func sha256() {
        func hex(_ s: String) -> String { SHA256.hash(Array(s.utf8)).map { String(format: "%02x", $0) }.joined() }
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hex(String(repeating: "a", count: 1000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}

extension XMLNode {
    /// This node and everything inside it, in document order.
    var descendants: [XMLNode] { [self] + children.flatMap(\.descendants) }
    /// The tokens of its `class` attribute.
    var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }
}
