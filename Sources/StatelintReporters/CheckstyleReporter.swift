import StatelintCore
import StatelintDiagnostics

/// `--format checkstyle`: Checkstyle 4.3 XML, as read by Jenkins, GitLab, reviewdog and danger.
///
/// One `<file>` per file with findings or problems, sorted by path; inside, findings by line and
/// column. `column` counts UTF-8 bytes, 1-based, as in the text format; `source` is `statelint.RULE`.
/// A file that could not be linted gets one `error` at line 1 with `source="statelint"` (what
/// Checkstyle itself writes for a file it cannot process).
public enum CheckstyleReporter: Sendable {
    /// Renders a report.
    public static func render(_ report: LintReport) -> String {
        let files = FileLines.all(report)
        var byPath: [String: [(line: Int, column: Int, xml: String)]] = [:]
        for problem in report.problems {
            byPath[problem.path, default: []].append((0, 0, element(
                line: 1, column: nil, severity: "error", message: problem.message, source: "statelint")))
        }
        for d in report.diagnostics {
            let (line, column) = (files[d.path] ?? FileLines(nil)).position(d.range.lowerBound, .utf8Bytes)
            byPath[d.path, default: []].append((line, column, element(
                line: line, column: column, severity: d.severity.rawValue, message: d.message,
                source: "statelint." + d.ruleID)))
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for path in byPath.keys.sorted() {
            out += "  <file name=\"\(escape(path))\">\n"
            // A stable sort keeps the report's order (rule, message) for findings at the same place.
            let entries = byPath[path]!.enumerated().sorted {
                ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
            }
            for entry in entries { out += "    " + entry.element.xml + "\n" }
            out += "  </file>\n"
        }
        out += "</checkstyle>\n"
        return out
    }

    private static func element(line: Int, column: Int?, severity: String, message: String, source: String) -> String {
        var xml = "<error line=\"\(line)\""
        if let column { xml += " column=\"\(column)\"" }
        xml += " severity=\"\(severity)\" message=\"\(escape(message))\" source=\"\(escape(source))\"/>"
        return xml
    }

    /// Escapes text for an XML 1.0 attribute value: `& < > " '` as entities; tab, line feed and carriage
    /// return as character references (so parsers keep them instead of normalizing them to spaces);
    /// characters XML 1.0 forbids (other C0 controls, U+FFFE, U+FFFF) become U+FFFD.
    public static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar.value {
            case 0x26: out += "&amp;"
            case 0x3C: out += "&lt;"
            case 0x3E: out += "&gt;"
            case 0x22: out += "&quot;"
            case 0x27: out += "&apos;"
            case 0x09: out += "&#9;"
            case 0x0A: out += "&#10;"
            case 0x0D: out += "&#13;"
            case 0x00..<0x20, 0xFFFE, 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
