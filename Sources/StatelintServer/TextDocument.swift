import Foundation
import StatelintCore

/// How a position's `character` counts: UTF-16 code units (LSP's default) or UTF-8 bytes (offered by
/// some clients, and cheaper: statelint's ranges are byte offsets).
public enum PositionEncoding: String, Sendable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"
}

/// A zero-based line and character, as LSP counts them.
public struct Position: Sendable, Equatable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    var json: JSONValue { .object([("line", .int(line)), ("character", .int(character))]) }

    init?(_ json: JSON?) {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int, line >= 0, character >= 0 else { return nil }
        self.init(line: line, character: character)
    }
}

/// A text's line starts, to turn byte offsets into positions and back.
public struct LineIndex: Sendable {
    public let bytes: [UInt8]
    /// The byte offset where each line starts (lines end at `\n`).
    let starts: [Int]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // Lines end at "\n", "\r\n" or a lone "\r", as LSP counts them.
        var starts = [0]
        for (i, byte) in bytes.enumerated() {
            if byte == 0x0A || (byte == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) { starts.append(i + 1) }
        }
        self.starts = starts
    }

    /// The end of a line's text (before its line break).
    func lineEnd(_ line: Int) -> Int {
        guard line + 1 < starts.count else { return bytes.count }
        let next = starts[line + 1]
        return bytes[next - 1] == 0x0A && next - 2 >= starts[line] && bytes[next - 2] == 0x0D ? next - 2 : next - 1
    }

    /// The line break that ends a line ("\n" for the last line, which has none).
    func lineBreak(_ line: Int) -> String {
        guard line + 1 < starts.count else { return "\n" }
        return String(decoding: bytes[lineEnd(line)..<starts[line + 1]], as: UTF8.self)
    }

    /// The position of a byte offset (clamped to the text).
    public func position(_ offset: Int, _ encoding: PositionEncoding) -> Position {
        let offset = max(0, min(offset, bytes.count))
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        let lineStart = starts[low]
        switch encoding {
        case .utf8: return Position(line: low, character: offset - lineStart)
        case .utf16:
            var units = 0
            var i = lineStart
            while i < offset {
                let length = LineIndex.sequenceLength(bytes[i])
                units += length == 4 ? 2 : 1
                i += length
            }
            return Position(line: low, character: units)
        }
    }

    /// The byte offset of a position: a line past the end is the end of the text, a character past the
    /// end of its line is the line's end, and a position inside a character is that character's start.
    public func offset(_ position: Position, _ encoding: PositionEncoding) -> Int {
        guard position.line < starts.count else { return bytes.count }
        let lineStart = starts[position.line]
        let end = lineEnd(position.line)
        switch encoding {
        case .utf8:
            var offset = min(lineStart + position.character, end)
            while offset > lineStart && offset < bytes.count && bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
            return offset
        case .utf16:
            var units = 0
            var i = lineStart
            while i < end {
                let length = LineIndex.sequenceLength(bytes[i])
                let width = length == 4 ? 2 : 1
                if units + width > position.character { break }
                units += width
                i += length
            }
            return min(i, end)
        }
    }

    /// The length of the UTF-8 sequence a lead byte starts (a four-byte one is two UTF-16 units).
    static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// An LSP range of a byte range.
    func range(_ range: Range<Int>, _ encoding: PositionEncoding) -> JSONValue {
        .object([("start", position(range.lowerBound, encoding).json), ("end", position(range.upperBound, encoding).json)])
    }
}

/// An open document: its text as the editor has it.
public struct TextDocument: Sendable {
    public let uri: String
    /// The file's absolute path.
    public let path: String
    public var version: Int
    public private(set) var lines: LineIndex

    public var bytes: [UInt8] { lines.bytes }

    public init(uri: String, path: String, version: Int, text: String) {
        self.uri = uri
        self.path = path
        self.version = version
        lines = LineIndex(Array(text.utf8))
    }

    /// Applies one `contentChanges` entry: the whole text (no `range`), or a replacement of a range.
    /// - Returns: false when the change is not one (no `text`, or a bad range).
    public mutating func apply(_ change: JSON, encoding: PositionEncoding) -> Bool {
        guard let text = change["text"]?.string else { return false }
        guard let range = change["range"], range != .null else {
            lines = LineIndex(Array(text.utf8))
            return true
        }
        guard let start = Position(range["start"]), let end = Position(range["end"]) else { return false }
        let lower = lines.offset(start, encoding)
        let upper = max(lower, lines.offset(end, encoding))
        var bytes = lines.bytes
        bytes.replaceSubrange(lower..<upper, with: Array(text.utf8))
        lines = LineIndex(bytes)
        return true
    }
}

/// `file://` URIs and paths.
public enum FileURI {
    /// The absolute path of a `file:` URI (percent-decoded), or nil for another scheme.
    public static func path(_ uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst("file://".count))
        // file://host/path: only an empty host or localhost is this machine.
        if !rest.hasPrefix("/") {
            guard let slash = rest.firstIndex(of: "/"), rest[..<slash] == "localhost" else { return nil }
            rest = rest[slash...]
        }
        return rest.removingPercentEncoding.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    }

    /// The `file://` URI of an absolute path.
    public static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":?#[]@!$&'()*+,;=")
        allowed.insert("/")
        return "file://" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path)
    }
}
