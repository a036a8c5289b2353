import Foundation
import StatelintCore

/// A JSON value read from a client (the messages the server writes are `JSONValue`s).
public enum JSON: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSON].self) { self = .array(value) }
        else if let value = try? container.decode([String: JSON].self) { self = .object(value) }
        // A value of valid JSON that fits none of these: a number out of Double's range (`1e400`).
        else { self = .null }
    }

    /// Messages nested deeper than this are refused before they are decoded (the decoder recurses).
    static let maximumDepth = 128

    /// Parses a message body; nil when it is not JSON, or nested deeper than `maximumDepth`.
    public static func parse(_ bytes: [UInt8]) -> JSON? {
        guard depth(of: bytes) <= maximumDepth else { return nil }
        return try? JSONDecoder().decode(JSON.self, from: Data(bytes))
    }

    /// The deepest nesting of arrays and objects in JSON text (brackets inside strings do not count).
    static func depth(of bytes: [UInt8]) -> Int {
        var depth = 0, deepest = 0
        var inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case 0x5B, 0x7B:
                depth += 1
                deepest = max(deepest, depth)
            case 0x5D, 0x7D: depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// Whether this is a valid request id: an integer or a string.
    public var isValidID: Bool {
        if case .string = self { return true }
        return int != nil
    }

    public subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var string: String? { if case .string(let s) = self { return s } else { return nil } }
    public var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    public var array: [JSON]? { if case .array(let a) = self { return a } else { return nil } }
    /// An integral number that fits an `Int`.
    public var int: Int? {
        guard case .number(let n) = self, n.rounded() == n, abs(n) < 9.0e15 else { return nil }
        return Int(n)
    }

    /// The value to write back (a request id echoed in its response): numbers as integers, as ids are.
    public var value: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number: return int.map { .int($0) } ?? .null
        case .string(let s): return .string(s)
        case .array(let items): return .array(items.map(\.value))
        case .object(let members): return .object(members.keys.sorted().map { ($0, members[$0]!.value) })
        }
    }
}

/// Splits a byte stream into the bodies of LSP messages, each preceded by a header block that ends with
/// an empty line and holds `Content-Length: N`. Input arrives in pieces of any size; a malformed header
/// block (no or a bad length, an unending header) is reported and skipped, and reading goes on with
/// the next block.
public struct MessageFramer: Sendable {
    /// What `next()` found.
    public enum Frame: Sendable, Equatable {
        case message([UInt8])
        case malformed(String)
    }

    /// A header block longer than this without its empty line is not a header.
    static let maximumHeader = 8 * 1024
    /// A larger body is refused (and skipped) rather than held.
    static let maximumBody = 512 << 20

    var buffer: [UInt8] = []
    var start = 0
    /// Bytes still to drop of a refused body.
    var skipping = 0
    /// After a header without a usable length its body cannot be told from what follows: reading goes on
    /// at the next line that starts with `Content-Length:`.
    var resyncing = false

    public init() {}

    /// Adds bytes read from the stream.
    public mutating func append(_ bytes: some Collection<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete message or malformed header, or nil until more bytes arrive.
    public mutating func next() -> Frame? {
        defer { compact() }
        if skipping > 0 {
            let dropped = min(skipping, buffer.count - start)
            start += dropped
            skipping -= dropped
            if skipping > 0 { return nil }
        }
        if resyncing {
            guard let next = nextLengthLine() else {
                // Keep a possible beginning of a header (its name, spaces and a number still arriving); drop the rest.
                start = max(start, buffer.count - 64)
                return nil
            }
            start = next
            resyncing = false
        }
        guard start < buffer.count else { return nil }
        guard let end = headerEnd() else {
            if buffer.count - start > MessageFramer.maximumHeader {
                start = buffer.count
                return .malformed("a header longer than \(MessageFramer.maximumHeader) bytes without an empty line; dropped")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<end.headerEnd], as: UTF8.self)
        var length: Int?
        // Lines end at LF, with or without CR (a "\r\n" is one Character, so the split is on bytes).
        let lines = buffer[start..<end.headerEnd].split(separator: 0x0A).map { line in
            String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
        }
        for line in lines {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" else { continue }
            length = Int(parts[1].trimmingCharacters(in: .whitespaces))
            if length == nil || length! < 0 {
                start = end.bodyStart
                resyncing = true
                return .malformed("bad Content-Length '\(parts[1].trimmingCharacters(in: .whitespaces))'; header dropped")
            }
        }
        guard let length else {
            start = end.bodyStart
            resyncing = true
            return .malformed("a header without Content-Length; dropped: \(header.prefix(80).debugDescription)")
        }
        if length > MessageFramer.maximumBody {
            start = end.bodyStart
            skipping = length
            return .malformed("a message of \(length) bytes is larger than \(MessageFramer.maximumBody); skipped")
        }
        guard buffer.count - end.bodyStart >= length else { return nil }
        let body = Array(buffer[end.bodyStart..<(end.bodyStart + length)])
        start = end.bodyStart + length
        return .message(body)
    }

    /// Where the next header starts from `start` on: a `Content-Length:` field (any case) with a number
    /// and a line end, wherever it starts. Messages follow each other without a line break (`…}Content-Length:`),
    /// so a header is not looked for at line starts only; the number and line end keep the same words inside
    /// a dropped body's text from being taken for one.
    func nextLengthLine() -> Int? {
        let name = Array("content-length:".utf8)
        var i = start
        while i + name.count <= buffer.count {
            // A cheap first test: 'C' or 'c'.
            guard buffer[i] | 0x20 == 0x63 else {
                i += 1
                continue
            }
            var matches = true
            for k in 1..<name.count where buffer[i + k] | 0x20 != name[k] | 0x20 {
                matches = false
                break
            }
            if matches {
                var j = i + name.count
                while j < buffer.count && (buffer[j] == 0x20 || buffer[j] == 0x09) { j += 1 }
                if j < buffer.count && (buffer[j] == 0x2D || buffer[j] == 0x2B) { j += 1 }  // a sign: a bad length, still a header
                let digits = j
                while j < buffer.count && buffer[j] >= 0x30 && buffer[j] <= 0x39 { j += 1 }
                // Not yet known whether a number and a line end follow: wait for more bytes here.
                if j == buffer.count { return nil }
                if j > digits && (buffer[j] == 0x0D || buffer[j] == 0x0A) { return i }
            }
            i += 1
        }
        return nil
    }

    /// Where the header block at `start` ends (`\r\n\r\n`, or `\n\n` from lenient clients).
    func headerEnd() -> (headerEnd: Int, bodyStart: Int)? {
        var i = start
        while i < buffer.count {
            if buffer[i] == 0x0A {
                if i + 1 < buffer.count && buffer[i + 1] == 0x0A { return (i, i + 2) }
                if i + 2 < buffer.count && buffer[i + 1] == 0x0D && buffer[i + 2] == 0x0A { return (i, i + 3) }
            }
            i += 1
        }
        return nil
    }

    mutating func compact() {
        if start > 0 && (start == buffer.count || start > 1 << 16) {
            buffer.removeFirst(start)
            start = 0
        }
    }

    /// A message body with its header.
    public static func frame(_ body: String) -> [UInt8] {
        let bytes = Array(body.utf8)
        return Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
    }
}

/// JSON-RPC error codes the server answers with.
public enum RPCError {
    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603
    public static let serverNotInitialized = -32002
    public static let requestCancelled = -32800
}
