import StatelintCore

/// Text from files (paths, identifiers in messages, source lines) made safe for line-based output and
/// terminals: it can never end a line early, start a fake diagnostic or workflow command, move the
/// cursor, set the clipboard (OSC 52), or reorder what is shown (bidirectional overrides).
public enum PlainText {
    /// Control characters (C0 except tab, DEL, C1), and the bidirectional embedding, override and
    /// isolate characters, written as visible escapes: `\n`, `\u{1B}`, `\u{202E}`. Tabs are kept when
    /// `keepTabs` (source lines), escaped otherwise (fields).
    public static func neutralized(_ text: String, keepTabs: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepTabs: keepTabs) }) else { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar, keepTabs: keepTabs) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            if let byte = FilePath.rawByte(of: scalar) {
                // A byte of a file name that is not UTF-8 (`FilePath`).
                out += "\\x" + String(byte, radix: 16, uppercase: true)
                continue
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    /// A path for `PATH:LINE:COL:` output: neutralized, and its colons escaped, so that a file named
    /// `x:1:2: error: y.swift` cannot read as a diagnostic of its own.
    public static func path(_ path: String) -> String {
        let safe = neutralized(path)
        return safe.contains(":") ? safe.replacingOccurrences(of: ":", with: "\\u{3A}") : safe
    }

    /// Whether a scalar is escaped.
    @inline(__always)
    static func needsEscape(_ scalar: Unicode.Scalar, keepTabs: Bool) -> Bool {
        let v = scalar.value
        if v < 0x20 { return !(keepTabs && v == 0x09) }
        if v < 0x7F { return false }
        switch v {
        case 0x7F...0x9F: return true  // DEL and C1 controls (CSI, OSC, …)
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true  // bidi controls
        case 0x2028, 0x2029: return true  // line and paragraph separators
        case 0xF780...0xF7FF: return true  // file-name bytes that are not UTF-8
        default: return false
        }
    }
}
