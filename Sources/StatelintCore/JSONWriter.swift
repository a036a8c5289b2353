/// A JSON value whose objects keep their keys in the order they were written, so every report has
/// one fixed, documented layout (Foundation's encoders sort or shuffle keys).
public indirect enum JSONValue: Sendable {
    /// An object: members in output order. Keys are not checked for duplicates.
    case object([(String, JSONValue)])
    /// An array.
    case array([JSONValue])
    /// A string.
    case string(String)
    /// An integer.
    case int(Int)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// A string, or `null` when `value` is nil.
    public static func string(_ value: String?) -> JSONValue {
        value.map { .string($0) } ?? .null
    }

    /// The value on one line, without spaces (messages of the language server).
    public func compact() -> String {
        var out = ""
        JSONWriter.writeCompact(self, into: &out)
        return out
    }

    /// The value pretty-printed: two-space indentation, `"key": value`, `{}` and `[]` when empty, and a
    /// trailing newline.
    public func serialized() -> String {
        var out = ""
        JSONWriter.write(self, indent: 0, into: &out)
        out += "\n"
        return out
    }
}

/// Serializes `JSONValue`s by hand (no `JSONEncoder`, no `JSONSerialization`).
public enum JSONWriter: Sendable {
    /// Appends `value` to `out`, nested `indent` levels deep (two spaces each), without a final newline.
    public static func write(_ value: JSONValue, indent: Int, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let n): out += String(n)
        case .string(let s): writeString(s, into: &out)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (i, item) in items.enumerated() {
                pad(indent + 1, &out)
                write(item, indent: indent + 1, into: &out)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            pad(indent, &out)
            out += "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (i, (key, item)) in members.enumerated() {
                pad(indent + 1, &out)
                writeString(key, into: &out)
                out += ": "
                write(item, indent: indent + 1, into: &out)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            pad(indent, &out)
            out += "}"
        }
    }

    /// Appends `value` to `out` on one line, without spaces.
    public static func writeCompact(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null, .bool, .int, .string: write(value, indent: 0, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                writeCompact(item, into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, item)) in members.enumerated() {
                if i > 0 { out += "," }
                writeString(key, into: &out)
                out += ":"
                writeCompact(item, into: &out)
            }
            out += "}"
        }
    }

    /// Appends `s` as a JSON string literal: `"` and `\` escaped, `\n`, `\r`, `\t`, `\b`, `\f` in their
    /// short forms, other control characters (U+0000–U+001F) as `\u00XX` (lowercase hex); `/` and
    /// everything else (non-ASCII included) written as is, in UTF-8.
    public static func writeString(_ s: String, into out: inout String) {
        out.append("\"")
        // Every character that is escaped is ASCII, so the scan is over UTF-8 bytes, and the runs between
        // them are appended whole (each append amortized: never through a view of `out`, which copied the
        // whole report on every call and made reports quadratic in their findings).
        let utf8 = s.utf8
        var plainStart = utf8.startIndex
        var i = plainStart
        while i != utf8.endIndex {
            let v = utf8[i]
            guard v < 0x20 || v == 0x22 || v == 0x5C else {
                i = utf8.index(after: i)
                continue
            }
            if plainStart != i { out.append(contentsOf: s[plainStart..<i]) }
            switch v {
            case 0x22: out.append("\\\"")
            case 0x5C: out.append("\\\\")
            case 0x0A: out.append("\\n")
            case 0x0D: out.append("\\r")
            case 0x09: out.append("\\t")
            case 0x08: out.append("\\b")
            case 0x0C: out.append("\\f")
            default:
                let hex: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f"]
                out.append("\\u00")
                out.append(hex[Int(v >> 4)])
                out.append(hex[Int(v & 0xF)])
            }
            i = utf8.index(after: i)
            plainStart = i
        }
        if plainStart != utf8.endIndex { out.append(contentsOf: s[plainStart...]) }
        out.append("\"")
    }

    private static func pad(_ level: Int, _ out: inout String) {
        out += String(repeating: "  ", count: level)
    }
}
