import StatelintCore
import StatelintDiagnostics

/// `--format github`: GitHub Actions workflow commands, which GitHub turns into annotations on the
/// pull request's diff.
///
/// One line per finding, `::warning file=PATH,line=L,col=C,endLine=L2,endColumn=C2,title=statelint (RULE)::MESSAGE`
/// (`::error` for errors, `::notice` for info); `col` and `endColumn` only when the finding is on one
/// line, counted in UTF-16 code units (as the web page counts them), `endColumn` exclusive. A file that
/// could not be linted is an `::error` with only `file`. Sorted by severity (errors first), path, line.
///
/// GitHub keeps at most 10 annotations of each severity per step and drops the rest, so at most
/// `limitPerSeverity` of each are printed, and one closing `::notice::` gives the run's summary (and,
/// when some were left out, how many and where to find them). That notice counts against the notices'
/// own limit, so notices stop one short of it. A clean run prints nothing.
public enum GitHubReporter: Sendable {
    /// How many annotations of each severity GitHub shows per step.
    public static let limitPerSeverity = 10

    private struct Annotation {
        var severity: Severity
        var path: String
        var line: Int
        var column: Int
        var properties: String
        var message: String
    }

    /// Renders a report.
    public static func render(_ report: LintReport) -> String {
        let files = FileLines.all(report)
        var annotations: [Annotation] = report.problems.map {
            Annotation(severity: .error, path: $0.path, line: 0, column: 0,
                       properties: "file=\(escapeProperty($0.path)),title=statelint",
                       message: "\($0.path) \($0.message)")
        }
        for d in report.diagnostics {
            let r = (files[d.path] ?? FileLines(nil)).region(d.range, .utf16CodeUnits)
            var properties = "file=\(escapeProperty(d.path)),line=\(r.startLine)"
            if r.startLine == r.endLine { properties += ",col=\(r.startColumn)" }
            properties += ",endLine=\(r.endLine)"
            if r.startLine == r.endLine { properties += ",endColumn=\(r.endColumn)" }
            properties += ",title=" + escapeProperty("statelint (\(d.ruleID))")
            var message = d.message
            if let help = d.help { message += "\nhelp: \(help)" }
            annotations.append(Annotation(severity: d.severity, path: d.path, line: r.startLine, column: r.startColumn,
                                          properties: properties, message: message))
        }
        let ordered = annotations.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if x.severity != y.severity { return x.severity > y.severity }
            if x.path != y.path { return x.path < y.path }
            return (x.line, x.column, a.offset) < (y.line, y.column, b.offset)
        }.map(\.element)

        var total: [Severity: Int] = [:]
        for a in ordered { total[a.severity, default: 0] += 1 }
        let overflow = total.contains { $0.value > (($0.key == .info) ? limitPerSeverity - 1 : limitPerSeverity) }
        // One notice is kept for the closing summary.
        func limit(_ severity: Severity) -> Int {
            severity == .info ? limitPerSeverity - 1 : limitPerSeverity
        }
        var shown: [Severity: Int] = [:]
        var out = ""
        for a in ordered where shown[a.severity, default: 0] < limit(a.severity) {
            shown[a.severity, default: 0] += 1
            out += "::\(command(a.severity)) \(a.properties)::\(escapeData(a.message))\n"
        }
        var closing = "statelint: " + TextReporter.summary(report) + "."
        if overflow {
            var parts: [String] = []
            var hidden = 0
            for (severity, word) in [(Severity.error, "error"), (.warning, "warning"), (.info, "notice")] {
                let n = total[severity, default: 0] - shown[severity, default: 0]
                if n > 0 { parts.append(Wording.plural(n, word)) }
                hidden += n
            }
            let text = "\(hidden) more \(hidden == 1 ? "finding is" : "findings are") not shown (\(parts.joined(separator: ", "))): "
                + "GitHub shows at most \(limitPerSeverity) annotations of each severity per step. "
                + "The full list is in the SARIF report (--format sarif)."
            closing += " " + text
        }
        // A clean run annotates nothing, not even its summary.
        if !out.isEmpty || overflow { out += "::notice::\(escapeData(closing))\n" }
        return out
    }

    /// The workflow command for a severity.
    static func command(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "notice"
        }
    }

    /// Escapes a command's message: `%` → `%25`, CR → `%0D`, LF → `%0A`.
    public static func escapeData(_ s: String) -> String { escape(s, property: false) }

    /// Escapes a property value: as `escapeData`, and also `:` → `%3A`, `,` → `%2C`.
    public static func escapeProperty(_ s: String) -> String { escape(s, property: true) }

    private static func escape(_ s: String, property: Bool) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            // Other control and bidi characters: visible escapes (the log viewer is a terminal).
            case _ where PlainText.needsEscape(scalar, keepTabs: true): out += PlainText.neutralized(String(scalar))
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
