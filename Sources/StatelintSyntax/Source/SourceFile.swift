/// A Swift source file: its path as given and its bytes, which may be any bytes at all.
public struct SourceFile: Sendable {
    /// The path used in reports.
    public let path: String
    /// The file's content.
    public let bytes: [UInt8]

    /// Its number of lines (`LineTable.count(bytes)`) when whoever read it counted them (nil: not counted).
    public let knownLineCount: Int?
    /// What identifies the state of the file on disk it was read from, when that state had settled and did
    /// not change while it was read (`FileReading.bytes(of:settledStamp:)`); nil for a buffer, or a file
    /// changed just before.
    public let settledStamp: UInt64?

    /// Creates a source file from bytes (`lineCount`: their `LineTable.count`, when already known; `stamp`:
    /// the settled state of the file they were read from, if any).
    public init(path: String, bytes: [UInt8], lineCount: Int? = nil, stamp: UInt64? = nil) {
        self.path = path
        self.bytes = bytes
        self.knownLineCount = lineCount
        self.settledStamp = stamp
    }

    /// Creates a source file from text (tests and tools).
    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The text of a byte range, with invalid UTF-8 repaired.
    public func text(_ range: Range<Int>) -> String {
        let lo = max(0, min(range.lowerBound, bytes.count))
        let hi = max(lo, min(range.upperBound, bytes.count))
        return bytes.withUnsafeBufferPointer { all in
            let part = UnsafeBufferPointer(rebasing: all[lo..<hi])
            // (A name fits in a small string: made in place, without the general decoder's steps. Invalid
            // UTF-8 is repaired either way.)
            guard part.count <= 15 else { return String(decoding: part, as: UTF8.self) }
            return String(unsafeUninitializedCapacity: part.count) { out in
                _ = out.initialize(from: part)
                return part.count
            }
        }
    }

    /// The text of a token.
    public func text(of token: Token) -> String { text(token.range) }

    /// The text of an identifier's range without surrounding backticks.
    public func identifierText(_ range: Range<Int>) -> String {
        if range.count >= 2 && bytes[range.lowerBound] == UInt8(ascii: "`") && bytes[range.upperBound - 1] == UInt8(ascii: "`") {
            return text(range.lowerBound + 1..<range.upperBound - 1)
        }
        return text(range)
    }

    /// Whether a token's bytes equal an ASCII string.
    public func token(_ token: Token, is literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard Int(token.length) == count else { return false }
        let p = literal.utf8Start
        let s = Int(token.start)
        for k in 0..<count where bytes[s + k] != p[k] { return false }
        return true
    }
}
