import StatelintCore
import StatelintDiagnostics
import StatelintSyntax

/// The default format: clang/Xcode first line, the source line, a caret line, then help and notes.
public enum TextReporter {
    /// Renders a report.
    /// - Parameters:
    ///   - firstLinesOnly: the `xcode` format: only `PATH:LINE:COL: SEVERITY: MESSAGE [RULE]` lines, with
    ///     absolute paths.
    ///   - color: ANSI colours for a terminal.
    public static func render(_ report: LintReport, firstLinesOnly: Bool = false, color: Bool = false) -> String {
        var out = ""
        var tables: [String: LineTable] = [:]
        for d in report.diagnostics {
            guard let file = report.sources[d.path] else { continue }
            let lines = tables[d.path] ?? LineTable(file.bytes)
            tables[d.path] = lines
            let (line, column) = lines.location(of: d.range.lowerBound)
            // The xcode format keeps the word Xcode and editors understand (`note`); the text format says
            // `info`, as the docs, `.lintrc` and `--severity-threshold` do.
            let severity = firstLinesOnly ? d.severity.compilerWord : d.severity.rawValue
            let paint = color ? colorCode(d.severity) : ""
            let bold = color ? "\u{1B}[1m" : ""
            let reset = color ? "\u{1B}[0m" : ""
            // Paths, messages (identifiers) and source lines come from files: nothing in them may break a
            // line, forge a diagnostic or reach the terminal as a control sequence.
            // The xcode format gives absolute paths (Xcode opens them from any folder the command ran in).
            let path = PlainText.path(firstLinesOnly ? Discovery.absolutePath(d.path) : d.path)
            out += "\(bold)\(path):\(line):\(column):\(reset) \(paint)\(severity):\(reset) \(bold)\(PlainText.neutralized(d.message))\(reset) [\(d.ruleID)]\n"
            if firstLinesOnly { continue }
            let lineRange = lines.lineRange(line, in: file.bytes)
            let source = PlainText.neutralized(file.text(lineRange), keepTabs: true)
            out += "    " + source + "\n"
            let prefix = caretPrefix(file.bytes[lineRange.lowerBound..<min(d.range.lowerBound, lineRange.upperBound)])
            let endOnLine = min(d.range.upperBound, lineRange.upperBound)
            let width = max(1, characterCount(file.bytes[min(d.range.lowerBound, endOnLine)..<endOnLine]))
            out += "    " + prefix + paint + "^" + String(repeating: "~", count: width - 1) + reset + "\n"
            for note in d.notes {
                var noteLines = lines
                var notePath = path
                if let other = note.path, other != d.path {
                    guard let otherFile = report.sources[other] else { continue }
                    noteLines = tables[other] ?? LineTable(otherFile.bytes)
                    tables[other] = noteLines
                    notePath = PlainText.path(other)
                }
                let (nl, nc) = noteLines.location(of: note.range.lowerBound)
                out += "    note: \(PlainText.neutralized(note.message)) (\(notePath):\(nl):\(nc))\n"
            }
            if let help = d.help { out += "    help: \(PlainText.neutralized(help))\n" }
            // (Which flag applies it: a fix nothing can apply is never offered.)
            if let fix = d.fix { out += "    fix (\(fix.isSafe ? "--fix" : "unsafe: --unsafe-fixes")): \(PlainText.neutralized(fix.title))\n" }
        }
        return out
    }

    /// `N warnings, M errors in K files`, with notes when there are any.
    /// `3 warnings, 0 errors, 1 info in 2 files; 2 fixable with --fix; 4 hidden by the baseline`: the counts
    /// by severity (the words the docs and `--severity-threshold` use), the advisories not shown (`33
    /// advisories not shown (--show-info)`), what `--fix` would fix, and what a baseline hid.
    public static func summary(_ report: LintReport) -> String {
        let errors = report.diagnostics.count { $0.severity == .error }
        let warnings = report.diagnostics.count { $0.severity == .warning }
        let infos = report.diagnostics.count { $0.severity == .info }
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var parts = [plural(warnings, "warning"), plural(errors, "error")]
        if infos > 0 { parts.append("\(infos) info") }
        var text = parts.joined(separator: ", ") + " in " + plural(report.fileCount, "file")
        if report.advisoriesNotShown > 0 {
            text += "; \(report.advisoriesNotShown) advisor\(report.advisoriesNotShown == 1 ? "y" : "ies") not shown (--show-info)"
        }
        let fixable = report.fixableCount
        if fixable > 0 { text += "; \(fixable) fixable with --fix" }
        if report.baselined > 0 { text += "; \(report.baselined) hidden by the baseline" }
        return text
    }

    static func colorCode(_ severity: Severity) -> String {
        switch severity {
        case .error: return "\u{1B}[1;31m"
        case .warning: return "\u{1B}[1;33m"
        case .info: return "\u{1B}[1;36m"
        }
    }

    /// Whitespace that lines the caret up under the flagged column: tabs kept, wide characters (CJK,
    /// emoji) counted as two terminal columns.
    static func caretPrefix(_ bytes: ArraySlice<UInt8>) -> String {
        var out = ""
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            if scalar == "\t" { out += "\t"; continue }
            // An escaped scalar is as wide as its escape.
            if PlainText.needsEscape(scalar, keepTabs: true) {
                out += String(repeating: " ", count: PlainText.neutralized(String(scalar)).count)
                continue
            }
            out += String(repeating: " ", count: terminalWidth(scalar))
        }
        return out
    }

    /// Columns a scalar takes in a terminal: 0 for combining marks and joiners, 2 for wide ones, else 1.
    static func terminalWidth(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        switch v {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F, 0x20D0...0x20FF: return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x1F680...0x1F6FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    static func characterCount(_ bytes: ArraySlice<UInt8>) -> Int {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.reduce(0) { $0 + terminalWidth($1) }
    }
}
