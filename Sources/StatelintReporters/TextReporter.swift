import StatelintCore
import StatelintRules
import StatelintSyntax

/// The default format: clang/Xcode first line, the source line, a caret line, then help and notes.
public enum TextReporter {
    /// Renders a report.
    /// - Parameters:
    ///   - firstLinesOnly: the `xcode` format: only `PATH:LINE:COL: SEVERITY: MESSAGE [RULE]` lines.
    ///   - color: ANSI colours for a terminal.
    public static func render(_ report: LintReport, firstLinesOnly: Bool = false, color: Bool = false) -> String {
        var out = ""
        var tables: [String: LineTable] = [:]
        for d in report.diagnostics {
            guard let file = report.sources[d.path] else { continue }
            let lines = tables[d.path] ?? LineTable(file.bytes)
            tables[d.path] = lines
            let (line, column) = lines.location(of: d.range.lowerBound)
            let severity = d.severity.compilerWord
            let paint = color ? colorCode(d.severity) : ""
            let bold = color ? "\u{1B}[1m" : ""
            let reset = color ? "\u{1B}[0m" : ""
            out += "\(bold)\(d.path):\(line):\(column):\(reset) \(paint)\(severity):\(reset) \(bold)\(d.message)\(reset) [\(d.ruleID)]\n"
            if firstLinesOnly { continue }
            let lineRange = lines.lineRange(line, in: file.bytes)
            let source = file.text(lineRange)
            out += "    " + source + "\n"
            let prefix = caretPrefix(file.bytes[lineRange.lowerBound..<min(d.range.lowerBound, lineRange.upperBound)])
            let endOnLine = min(d.range.upperBound, lineRange.upperBound)
            let width = max(1, characterCount(file.bytes[min(d.range.lowerBound, endOnLine)..<endOnLine]))
            out += "    " + prefix + paint + "^" + String(repeating: "~", count: width - 1) + reset + "\n"
            for note in d.notes {
                let (nl, nc) = lines.location(of: note.range.lowerBound)
                out += "    note: \(note.message) (\(d.path):\(nl):\(nc))\n"
            }
            if let help = d.help { out += "    help: \(help)\n" }
            if let fix = d.fix { out += "    fix\(fix.isSafe ? "" : " (unsafe)"): \(fix.title)\n" }
        }
        return out
    }

    /// `N warnings, M errors in K files`, with notes when there are any.
    public static func summary(_ report: LintReport) -> String {
        let errors = report.diagnostics.filter { $0.severity == .error }.count
        let warnings = report.diagnostics.filter { $0.severity == .warning }.count
        let notes = report.diagnostics.filter { $0.severity == .info }.count
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var parts = [plural(warnings, "warning"), plural(errors, "error")]
        if notes > 0 { parts.append(plural(notes, "note")) }
        return parts.joined(separator: ", ") + " in " + plural(report.fileCount, "file")
    }

    static func colorCode(_ severity: Severity) -> String {
        switch severity {
        case .error: return "\u{1B}[1;31m"
        case .warning: return "\u{1B}[1;33m"
        case .info: return "\u{1B}[1;36m"
        }
    }

    /// Whitespace that lines the caret up under the flagged column, keeping tabs.
    static func caretPrefix(_ bytes: ArraySlice<UInt8>) -> String {
        var out = ""
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == 0x09 { out += "\t" } else if b & 0xC0 != 0x80 { out += " " }
            i += 1
        }
        return out
    }

    static func characterCount(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
    }
}
