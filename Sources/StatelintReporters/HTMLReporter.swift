import Foundation
import StatelintCore
import StatelintDiagnostics

/// `--format html`: one self-contained page for people, to open in any browser.
///
/// The page has a summary (findings per severity and per rule, and the files that could not be linted),
/// then the findings grouped by rule (highest severity first, then by id) and within a rule by file
/// (paths relative to the source root, sorted), in report order within a file. Each finding shows its
/// severity, `PATH:LINE:COLUMN` (UTF-8 byte columns, as in the text format), the message, the flagged
/// source lines (without the indentation they share) with the range in a `<mark>` (an empty range, or one
/// that starts at the end of a line, is an empty `<mark class="point">` where it starts; a range of more
/// than `maxSnippetLines` lines shows its first lines and its last), its notes with their own locations and lines, the finding's help, and its
/// fix as removed and inserted lines. Each rule's section starts with the rule's summary and rationale.
/// A finding whose file is not in the report's sources (it could not be read) shows no source lines.
///
/// Every finding is an `<article class="finding">` with `data-rule`, `data-severity`, `data-path`,
/// `data-line`, `data-column`, `data-end-line` and `data-end-column`; the summary's counts are in
/// `data-count` attributes of rows with `data-severity` or `data-rule`. A small inline script adds filters by
/// severity and by rule; without scripts the filters stay hidden and every finding is shown.
///
/// Nothing is loaded from anywhere: the styles and the script are inline, and a Content Security Policy
/// allows only them (by their SHA-256 hashes), so the page can load nothing else even if it is edited.
/// Everything that comes from files or messages is escaped (`&`, `<`, `>`, `"`, `'`), and control and
/// bidirectional characters are shown as escapes (`PlainText.neutralized`). The page is also well-formed
/// XML (void elements closed, boolean attributes with values, the script in a CDATA section), so tests can
/// read it with an XML parser. Light and dark colours follow `prefers-color-scheme`; code scrolls inside its
/// own box, so the page itself never scrolls sideways on a phone. The output has no timestamp: the same
/// report gives the same page.
public enum HTMLReporter: Sendable {
    /// The most lines a finding's source shows; a longer range shows its first lines, a gap and its last line.
    public static let maxSnippetLines = 8
    /// Lines shown before and after a finding's lines.
    public static let contextLines = 2
    /// The most lines a note's source shows.
    public static let maxNoteLines = 3
    /// The most removed (and the most inserted) lines a fix shows.
    public static let maxFixLines = 12

    /// Renders a report.
    /// - Parameters:
    ///   - rules: the metadata of every rule (names, summaries and rationales; a rule without metadata shows
    ///     its id only).
    ///   - version: statelint's version, shown in the footer.
    ///   - sourceRoot: the absolute folder that paths are made relative to (the current directory by default).
    public static func render(_ report: LintReport, rules: [RuleDescriptor], version: String,
                              sourceRoot: String = FileManager.default.currentDirectoryPath) -> String {
        let files = FileLines.all(report)
        var descriptors: [String: RuleDescriptor] = [:]
        for rule in rules where descriptors[rule.id] == nil { descriptors[rule.id] = rule }

        var bySeverity: [Severity: Int] = [:]
        var byRule: [String: [Diagnostic]] = [:]
        var highest: [String: Severity] = [:]
        for d in report.diagnostics {
            bySeverity[d.severity, default: 0] += 1
            byRule[d.ruleID, default: []].append(d)
            highest[d.ruleID] = max(highest[d.ruleID] ?? d.severity, d.severity)
        }
        let ruleOrder = byRule.keys.sorted { a, b in
            highest[a]! != highest[b]! ? highest[a]! > highest[b]! : a < b
        }
        let anchors = Dictionary(uniqueKeysWithValues: ruleOrder.enumerated().map { ($1, anchor(for: $1, index: $0)) })
        let total = report.diagnostics.count
        let filesWithFindings = Set(report.diagnostics.map { ReportPath.relative($0.path, to: sourceRoot) }).count
        let severities = Severity.allCases.reversed()

        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
        out += "<meta charset=\"utf-8\" />\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n"
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(HTMLPage.contentSecurityPolicy)\" />\n"
        out += "<meta name=\"color-scheme\" content=\"light dark\" />\n"
        out += "<meta name=\"generator\" content=\"statelint \(escape(version))\" />\n"
        out += "<title>statelint: \(total == 0 ? "no findings" : Wording.plural(total, "finding"))</title>\n"
        out += "<style>\(HTMLPage.style)</style>\n</head>\n<body>\n<div class=\"page\">\n"

        // Heading and summary.
        out += "<header class=\"page-head\">\n<h1>statelint report</h1>\n<p class=\"lede\">"
        if total == 0 {
            out += "No findings in \(Wording.plural(report.fileCount, "file")) linted."
        } else {
            out += "\(Wording.plural(total, "finding")) in \(Wording.plural(filesWithFindings, "file"))"
                + " (\(Wording.plural(report.fileCount, "file")) linted)."
        }
        if !report.problems.isEmpty {
            out += " \(report.problems.count == 1 ? "1 file was" : "\(report.problems.count) files were") not linted."
        }
        out += "</p>\n</header>\n<main>\n"

        // The counts by severity and rule, and the files not linted: after the findings (a phone shows the
        // findings first); the files not linted are also said at the top.
        var summary = ""
        summary += "<section id=\"summary\" aria-labelledby=\"summary-title\">\n<h2 id=\"summary-title\">Summary</h2>\n"
        summary += "<div class=\"summary-grid\">\n"
        summary += "<table class=\"severity-counts\">\n<thead><tr><th scope=\"col\">Severity</th><th scope=\"col\" class=\"num\">Findings</th></tr></thead>\n<tbody>\n"
        for severity in severities {
            let n = bySeverity[severity] ?? 0
            summary += "<tr data-severity=\"\(severity.rawValue)\"><td>\(badge(severity))</td>"
                + "<td class=\"num\" data-count=\"\(n)\">\(n)</td></tr>\n"
        }
        summary += "</tbody>\n<tfoot><tr><th scope=\"row\">Total</th><td class=\"num\" data-count=\"\(total)\">\(total)</td></tr></tfoot>\n</table>\n"
        if !ruleOrder.isEmpty {
            summary += "<table class=\"rule-counts\">\n<thead><tr><th scope=\"col\">Rule</th><th scope=\"col\" class=\"name\">Name</th>"
                + "<th scope=\"col\" class=\"num\">Findings</th></tr></thead>\n<tbody>\n"
            for id in ruleOrder {
                let n = byRule[id]!.count
                summary += "<tr data-rule=\"\(escape(id))\"><td><a href=\"#\(anchors[id]!)\"><code>\(breakable(id))</code></a></td>"
                    + "<td class=\"name\">\(breakable(descriptors[id]?.name ?? id))</td><td class=\"num\" data-count=\"\(n)\">\(n)</td></tr>\n"
            }
            summary += "</tbody>\n</table>\n"
        }
        summary += "</div>\n"
        if !report.problems.isEmpty {
            summary += "<section class=\"problems\" aria-labelledby=\"problems-title\">\n"
            summary += "<h3 id=\"problems-title\">Files not linted <span class=\"count\" data-count=\"\(report.problems.count)\">\(report.problems.count)</span></h3>\n<ul>\n"
            for problem in report.problems {
                let path = ReportPath.relative(problem.path, to: sourceRoot)
                summary += "<li class=\"problem\" data-path=\"\(escape(path))\"><span class=\"path\">\(breakable(path))</span> "
                    + "\(escape(problem.message))\(problem.isPartial ? " <span class=\"muted\">(linted in part)</span>" : "")</li>\n"
            }
            summary += "</ul>\n</section>\n"
        }
        summary += "</section>\n"

        guard total > 0 else {
            out += summary
            out += "<p class=\"none\" id=\"no-findings\">No findings</p>\n</main>\n"
            return out + footer(version) + "</div>\n</body>\n</html>\n"
        }

        // Filters: shown by the script (useless without it).
        out += "<form id=\"filters\" class=\"filters\" hidden=\"hidden\" aria-labelledby=\"filters-title\">\n"
        // Folded: a phone's first screen shows the first finding, not a checkbox per rule.
        out += "<details class=\"filter-choices\"><summary><h2 id=\"filters-title\">Filter by severity and rule</h2></summary>\n"
        out += "<fieldset class=\"severity-filter\"><legend>Severity</legend>\n"
        for severity in severities where bySeverity[severity] != nil {
            out += "<label><input type=\"checkbox\" name=\"severity\" value=\"\(severity.rawValue)\" checked=\"checked\" /> "
                + "\(badge(severity)) <span class=\"count\">\(bySeverity[severity]!)</span></label>\n"
        }
        out += "</fieldset>\n<fieldset class=\"rule-filter\"><legend>Rule</legend>\n"
        for id in ruleOrder {
            out += "<label><input type=\"checkbox\" name=\"rule\" value=\"\(escape(id))\" checked=\"checked\" /> "
                + "<code>\(breakable(id))</code> <span class=\"count\">\(byRule[id]!.count)</span></label>\n"
        }
        out += "</fieldset>\n</details>\n<div class=\"filter-status\"><button type=\"button\" id=\"show-all\">Show all</button> "
            + "<output id=\"shown\" aria-live=\"polite\">\(total) of \(Wording.plural(total, "finding")) shown</output></div>\n</form>\n"

        // The findings.
        out += "<div id=\"findings\">\n"
        var number = 0
        for id in ruleOrder {
            let anchor = anchors[id]!
            let diagnostics = byRule[id]!
            out += "<section class=\"rule\" id=\"\(anchor)\" data-rule=\"\(escape(id))\" aria-labelledby=\"\(anchor)-title\">\n"
            out += "<h2 id=\"\(anchor)-title\"><code>\(breakable(id))</code>"
            if let name = descriptors[id]?.name, name != id { out += " <span class=\"rule-name\">\(breakable(name))</span>" }
            out += " <span class=\"count\">\(diagnostics.count)</span></h2>\n"
            if let rule = descriptors[id] {
                out += "<div class=\"about\">\n<p class=\"rule-summary\">\(inlineMarkdown(rule.summary))</p>\n"
                if !rule.rationale.isEmpty {
                    out += "<details class=\"rationale\"><summary>Why it matters</summary>\n\(markdown(rule.rationale))</details>\n"
                }
                out += "</div>\n"
            }
            var byFile: [String: [Diagnostic]] = [:]
            for d in diagnostics { byFile[ReportPath.relative(d.path, to: sourceRoot), default: []].append(d) }
            for path in byFile.keys.sorted() {
                let group = byFile[path]!
                out += "<section class=\"file\" data-path=\"\(escape(path))\">\n"
                out += "<h3><span class=\"path\">\(breakable(path))</span> <span class=\"count\">\(group.count)</span></h3>\n"
                for d in group {
                    number += 1
                    out += finding(d, number: number, path: path, files: files, sourceRoot: sourceRoot)
                }
                out += "</section>\n"
            }
            out += "</section>\n"
        }
        out += "</div>\n"
        out += summary
        out += "</main>\n"
        return out + footer(version) + "</div>\n<script>\(HTMLPage.script)</script>\n</body>\n</html>\n"
    }

    // MARK: - Pieces

    /// One finding's `<article>`.
    private static func finding(_ d: Diagnostic, number: Int, path: String, files: [String: FileLines],
                                sourceRoot: String) -> String {
        let lines = files[d.path] ?? FileLines(nil)
        let r = lines.region(d.range, .utf8Bytes)
        let id = "f\(number)"
        var out = "<article class=\"finding\" id=\"\(id)\" data-rule=\"\(escape(d.ruleID))\" data-severity=\"\(d.severity.rawValue)\""
            + " data-path=\"\(escape(path))\" data-line=\"\(r.startLine)\" data-column=\"\(r.startColumn)\""
            + " data-end-line=\"\(r.endLine)\" data-end-column=\"\(r.endColumn)\">\n"
        out += "<p class=\"finding-head\">\(badge(d.severity)) <a class=\"loc\" href=\"#\(id)\">"
            + "\(breakable(path)):\(r.startLine):\(r.startColumn)</a></p>\n"
        out += "<p class=\"message\">\(escape(d.message))</p>\n"
        if let source = snippet(lines, d.range, maxLines: maxSnippetLines, context: contextLines) { out += source + "\n" }
        if !d.notes.isEmpty {
            out += "<ul class=\"notes\">\n"
            for note in d.notes {
                let noteLines = note.path.map { files[$0] ?? FileLines(nil) } ?? lines
                let notePath = ReportPath.relative(note.path ?? d.path, to: sourceRoot)
                let position = noteLines.position(note.range.lowerBound, .utf8Bytes)
                out += "<li class=\"note\" data-path=\"\(escape(notePath))\" data-line=\"\(position.line)\" data-column=\"\(position.column)\">"
                    + "<span class=\"note-label\">note</span> <span class=\"loc\">\(breakable(notePath)):\(position.line):\(position.column)</span>"
                    + " <span class=\"note-message\">\(escape(note.message))</span>"
                if let source = snippet(noteLines, note.range, maxLines: maxNoteLines) { out += "\n" + source }
                out += "</li>\n"
            }
            out += "</ul>\n"
        }
        if let help = d.help { out += "<p class=\"help\"><strong>Help:</strong> \(escape(help))</p>\n" }
        if let fix = d.fix {
            out += "<div class=\"fix\">\n<p><strong>Fix:</strong> \(escape(fix.title)) <span class=\"muted\">("
                + (fix.isSafe ? "safe: <code>statelint --fix</code> applies it" : "suggested: <code>statelint --fix</code> leaves it to you")
                + ")</span></p>\n"
            if let diff = fixLines(lines, fix) { out += diff + "\n" }
            out += "</div>\n"
        }
        return out + "</article>\n"
    }

    /// The source lines of a byte range, the range marked; nil when the file's text is not in the report.
    static func snippet(_ lines: FileLines, _ range: Range<Int>, maxLines: Int, context: Int = 0) -> String? {
        let bytes = lines.bytes
        guard !bytes.isEmpty else { return nil }
        let table = lines.table
        let lo = max(0, min(range.lowerBound, bytes.count))
        let hi = max(lo, min(range.upperBound, bytes.count))
        let first = table.lineIndex(of: lo) + 1
        var last = table.lineIndex(of: hi) + 1
        // A range that ends at the start of a line (after a line break) does not reach into that line.
        if last > first && table.lineStarts[last - 1] == hi { last -= 1 }
        var shown = Array(first...last)
        if shown.count > maxLines { shown = Array(first..<(first + max(1, maxLines - 1))) + [last] }
        // Unmarked lines around the range, so the code reads in its place.
        let before = Array(max(1, first - context)..<first)
        let after = context > 0 ? Array((last + 1)...(last + context)).filter { $0 <= table.lineCount } : []
        let flagged = Set(shown)
        shown = before + shown + after

        func text(_ r: Range<Int>) -> String {
            r.isEmpty ? "" : escape(String(decoding: bytes[r], as: UTF8.self), keepTabs: true)
        }
        // The indentation the lines share is left out (never past the start of the range), so code needs less
        // width on a phone.
        let firstLine = table.lineRange(first, in: bytes)
        let indent = min(commonIndentation(shown.map { bytes[table.lineRange($0, in: bytes)] }), lo - firstLine.lowerBound)
        var rows: [String] = []
        for (k, n) in shown.enumerated() {
            if k > 0 && n != shown[k - 1] + 1 {
                rows.append("<span class=\"gap\">\(Wording.plural(n - shown[k - 1] - 1, "more line"))</span>")
            }
            let whole = table.lineRange(n, in: bytes)
            let line = min(whole.lowerBound + indent, whole.upperBound)..<whole.upperBound
            var a = max(lo, line.lowerBound)
            let b = min(hi, line.upperBound)
            // A range's later lines are marked from their first character that is not a space or a tab.
            while n > first && a < b && (bytes[a] == 0x20 || bytes[a] == 0x09) { a += 1 }
            var row = "<span class=\"line\" data-n=\"\(n)\">"
            if !flagged.contains(n) {
                rows.append("<span class=\"line context\" data-n=\"\(n)\">" + text(line) + "</span>")
                continue
            }
            if a < b {
                row += text(line.lowerBound..<a) + "<mark>" + text(a..<b) + "</mark>" + text(b..<line.upperBound)
            } else if n == first {
                // Nothing to mark on the line: an insertion point, or a range that starts at the end of the line.
                let at = min(lo, line.upperBound)
                row += text(line.lowerBound..<at) + "<mark class=\"point\" title=\"here\"></mark>" + text(at..<line.upperBound)
            } else {
                row += text(line)
            }
            rows.append(row + "</span>")
        }
        return "<pre class=\"source\"><code>" + rows.joined(separator: "\n") + "</code></pre>"
    }

    /// A fix as the whole lines it changes: removed lines, then inserted lines. Nil when its file's text is
    /// not in the report, when it has no edit, when edits overlap or when it changes nothing.
    static func fixLines(_ lines: FileLines, _ fix: Fix) -> String? {
        let bytes = lines.bytes
        guard !bytes.isEmpty, !fix.edits.isEmpty else { return nil }
        var edits: [(range: Range<Int>, replacement: [UInt8])] = []
        for edit in fix.edits.sorted(by: { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }) {
            let lo = max(0, min(edit.range.lowerBound, bytes.count))
            let hi = max(lo, min(edit.range.upperBound, bytes.count))
            if let previous = edits.last, lo < previous.range.upperBound { return nil }
            edits.append((lo..<hi, Array(edit.replacement.utf8)))
        }
        // Whole lines: from the start of the first edit's line to the end (line break included) of the last's,
        // or to the last edit's end when that is the start of a line.
        let table = lines.table
        let start = table.lineStarts[table.lineIndex(of: edits[0].range.lowerBound)]
        let lastEnd = edits[edits.count - 1].range.upperBound
        let lastIndex = table.lineIndex(of: lastEnd)
        let end = table.lineStarts[lastIndex] == lastEnd && lastEnd > start ? lastEnd
            : lastIndex + 1 < table.lineStarts.count ? table.lineStarts[lastIndex + 1] : bytes.count
        let before = Array(bytes[start..<end])
        var after: [UInt8] = []
        var position = start
        for edit in edits {
            after += bytes[position..<edit.range.lowerBound]
            after += edit.replacement
            position = edit.range.upperBound
        }
        after += bytes[position..<end]
        guard before != after else { return nil }

        let removed = splitLines(before), inserted = splitLines(after)
        let indent = commonIndentation(removed.prefix(maxFixLines) + inserted.prefix(maxFixLines))
        func rows(_ split: [ArraySlice<UInt8>], _ tag: String) -> [String] {
            var shown = split.prefix(maxFixLines).map { line in
                let text = line.dropFirst(min(indent, line.count))
                return "<\(tag)>\(escape(String(decoding: text, as: UTF8.self), keepTabs: true))</\(tag)>"
            }
            if split.count > maxFixLines { shown.append("<span class=\"gap\">\(Wording.plural(split.count - maxFixLines, "more line"))</span>") }
            return shown
        }
        return "<pre class=\"diff\"><code>" + (rows(removed, "del") + rows(inserted, "ins")).joined() + "</code></pre>"
    }

    /// How many leading bytes of spaces and tabs the lines that are not blank share (the same bytes in each).
    static func commonIndentation<Lines: Sequence>(_ lines: Lines) -> Int where Lines.Element == ArraySlice<UInt8> {
        var prefix: ArraySlice<UInt8>?
        for line in lines {
            let leading = line.prefix { $0 == 0x20 || $0 == 0x09 }
            guard leading.count < line.count else { continue }
            guard let shared = prefix else { prefix = leading; continue }
            prefix = shared.prefix(zip(shared, leading).prefix { $0 == $1 }.count)
        }
        return prefix?.count ?? 0
    }

    /// The lines of some text, without their line breaks (LF, CR LF or CR); a final line break ends the last
    /// line rather than starting an empty one.
    static func splitLines(_ text: [UInt8]) -> [ArraySlice<UInt8>] {
        var out: [ArraySlice<UInt8>] = []
        var start = 0, i = 0
        while i < text.count {
            if text[i] == 0x0A || text[i] == 0x0D {
                out.append(text[start..<i])
                if text[i] == 0x0D && i + 1 < text.count && text[i + 1] == 0x0A { i += 1 }
                start = i + 1
            }
            i += 1
        }
        if start < text.count { out.append(text[start...]) }
        return out
    }

    private static func badge(_ severity: Severity) -> String {
        "<span class=\"sev sev-\(severity.rawValue)\">\(severity.rawValue)</span>"
    }

    private static func footer(_ version: String) -> String {
        "<footer class=\"page-foot\"><p>Made by statelint \(escape(version)). Columns count UTF-8 bytes, as in the text format.</p></footer>\n"
    }

    /// The `id` of a rule's section: `rule-ID` for an id of ASCII letters, digits, `_` and `-`, else `rule-N`.
    static func anchor(for id: String, index: Int) -> String {
        let plain = !id.isEmpty && id.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
        }
        return plain ? "rule-" + id : "rule-\(index + 1)"
    }

    // MARK: - Text

    /// Text for element content or a quoted attribute value: `&`, `<`, `>`, `"` and `'` as references;
    /// control, bidirectional and line-separator characters as visible escapes (`PlainText.neutralized`; tabs
    /// kept when `keepTabs`); noncharacters as `\u{FFFE}`-style escapes (HTML and XML reject them).
    public static func escape(_ text: String, keepTabs: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in PlainText.neutralized(text, keepTabs: keepTabs).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                let v = scalar.value
                if (0xFDD0...0xFDEF).contains(v) || v & 0xFFFE == 0xFFFE {
                    out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// `escape`, with a line-break opportunity (`<wbr />`) after `_`, `/` and `.`, and before a capital that
    /// follows a lower-case letter: rule ids, names and paths wrap on a phone instead of widening the page.
    static func breakable(_ text: String) -> String {
        var out = ""
        var previous: Character?
        for c in text {
            if let p = previous, c.isUppercase && p.isLowercase { out += "<wbr />" }
            out += escape(String(c))
            if c == "_" || c == "/" || c == "." { out += "<wbr />" }
            previous = c
        }
        return out
    }

    /// The Markdown of rule rationales: paragraphs separated by blank lines (a paragraph whose lines are all
    /// indented four spaces is code), with `code` spans and **strong** text. Anything else is text.
    static func markdown(_ text: String) -> String {
        var out = ""
        for paragraph in text.components(separatedBy: "\n\n") {
            let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.contains(where: { !$0.allSatisfy(\.isWhitespace) }) else { continue }
            if lines.allSatisfy({ $0.hasPrefix("    ") }) {
                out += "<pre class=\"example\"><code>" + lines.map { escape(String($0.dropFirst(4)), keepTabs: true) }.joined(separator: "\n")
                    + "</code></pre>\n"
            } else {
                out += "<p>" + inlineMarkdown(lines.joined(separator: " ")) + "</p>\n"
            }
        }
        return out
    }

    /// One paragraph of Markdown: `code` spans and **strong** text; an unpaired marker is text.
    static func inlineMarkdown(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let i = rest.firstIndex(where: { $0 == "`" || $0 == "*" }) {
            out += escape(String(rest[..<i]))
            let afterMarker = rest.index(after: i)
            if rest[i] == "`", let close = rest[afterMarker...].firstIndex(of: "`") {
                out += "<code>" + escape(String(rest[afterMarker..<close])) + "</code>"
                rest = rest[rest.index(after: close)...]
            } else if rest[i...].hasPrefix("**"), let close = rest[rest.index(i, offsetBy: 2)...].range(of: "**") {
                out += "<strong>" + inlineMarkdown(String(rest[rest.index(i, offsetBy: 2)..<close.lowerBound])) + "</strong>"
                rest = rest[close.upperBound...]
            } else {
                out += escape(String(rest[i]))
                rest = rest[afterMarker...]
            }
        }
        return out + escape(String(rest))
    }
}
