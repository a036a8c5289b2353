/// What the lexer notes of a file for a walk that reads only some of its tokens (`LexedTokens.notable`):
/// names (identifiers and keywords, as written) whose first byte and length `names` lets pass, and every `{`.
/// Identifiers the lexer makes other than by scanning a name (in backticks, `$0`, `<#placeholder#>`) are
/// always noted. The walk that asks for the notes says what it reads (`ConstructionNames`): a token it would
/// act on must be noted; one noted needlessly costs only a visit.
public struct TokenNotes: Sendable {
    /// The names to note.
    public var names = NamePrefilter([String]())

    public init() {}
}

/// Which pairs of first byte and length a set of names has: most identifiers are not one of the names, and
/// this rules them out without hashing or making a string. (Never says no for a name in the set; a name in
/// backticks is tested without them.)
public struct NamePrefilter: Sendable {
    /// The first bytes by length (lengths over 63 counted as 63): four words of 64 bits per length, so a
    /// name passes only when some name has both its length and its first byte.
    @usableFromInline var firstByLength = [UInt64](repeating: 0, count: 64 * 4)

    public init<S: Sequence>(_ names: S) where S.Element == String {
        for name in names {
            guard let first = name.utf8.first else { continue }
            insert(start: first, length: name.utf8.count)
        }
    }

    /// Lets names of this first byte and length (over 63 counted as 63) pass.
    public mutating func insert(start byte: UInt8, length: Int) {
        firstByLength[min(length, 63) * 4 + Int(byte >> 6)] |= UInt64(1) << UInt64(byte & 63)
    }

    /// The table (four words per length), for a scan that holds it as a pointer.
    func withTable<R>(_ body: (UnsafePointer<UInt64>) -> R) -> R {
        firstByLength.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// `may(start:length:)` on a table `withTable` lent.
    @inline(__always) static func may(_ table: UnsafePointer<UInt64>, start byte: UInt8, length: Int) -> Bool {
        (table[min(length, 63) &* 4 &+ Int(byte >> 6)] >> UInt64(byte & 63)) & 1 != 0
    }

    /// Whether some name has this first byte and this length (one table load). (The static `may` on a lent
    /// pointer spells the same load; called from here, across modules, it cost 14 M instructions a corpus lint.)
    @inlinable public func may(start byte: UInt8, length: Int) -> Bool {
        let word = firstByLength.withUnsafeBufferPointer { $0[min(length, 63) &* 4 &+ Int(byte >> 6)] }
        return (word >> UInt64(byte & 63)) & 1 != 0
    }

    /// Whether the identifier of `length` bytes at `start` (maybe in backticks) may be one of the names.
    @inlinable public func mayContain(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Bool {
        var start = start
        var length = length
        if length >= 2 && bytes[start] == UInt8(ascii: "`") { start += 1; length -= 2 }
        return length > 0 && may(start: bytes[start], length: length)
    }
}
