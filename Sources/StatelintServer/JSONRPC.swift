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
        else { self = .object(try container.decode([String: JSON].self)) }
    }

    /// Parses a message body; nil when it is not JSON.
    public static func parse(_ bytes: [UInt8]) -> JSON? {
        try? JSONDecoder().decode(JSON.self, from: Data(bytes))
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
        for line in header.split(whereSeparator: { $0 == "\r" || $0 == "\n" }) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" else { continue }
            length = Int(parts[1].trimmingCharacters(in: .whitespaces))
            if length == nil || length! < 0 {
                start = end.bodyStart
                return .malformed("bad Content-Length '\(parts[1].trimmingCharacters(in: .whitespaces))'; header dropped")
            }
        }
        guard let length else {
            start = end.bodyStart
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
