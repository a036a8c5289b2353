import StatelintSyntax

// Name filters for finding files to search: `WordSet` (does a file name one of these identifiers?), with
// `NamePrefilter` (in StatelintSyntax: a cheap first-byte and length test). Used by the second-round search
// (`SecondRoundSearch`), `ConstructionNames` and the index's member prefilters.

/// A set of identifiers, and a byte scan that tells whether a file may use one of them: most files
/// name none of the types sites are wanted for, and are never parsed for them. (Words in comments and
/// strings count too; that only costs a parse.)
public struct WordSet: Sendable {
    public let words: Set<String>
    /// FNV-1a hashes of the words' bytes: an identifier is turned into a string only when its hash is
    /// one of these.
    private let hashes: HashSet64
    /// The words' hashes as `ConstructionNames` keeps them, sorted.
    let shortHashes: [UInt32]
    /// Rules out most identifiers before they are hashed.
    let prefilter: NamePrefilter

    public init(_ words: Set<String>) {
        self.words = words
        let hashes = Set(words.map { WordSet.hash($0.utf8) })
        self.hashes = HashSet64(hashes)
        shortHashes = Set(hashes.map { UInt32(truncatingIfNeeded: $0) }).sorted()
        prefilter = NamePrefilter(words)
    }

    public var isEmpty: Bool { words.isEmpty }

    @inline(__always) static func hash<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }

    /// Whether a significant token of `tree` between `first` and `last` (inclusive) is one of the words.
    func occurs(in tree: SyntaxTree, tokens first: Int32, _ last: Int32) -> Bool {
        guard !words.isEmpty, first >= 0, last >= first, Int(last) < tree.tokens.count else { return false }
        return tree.file.bytes.withUnsafeBufferPointer { bytes in
            for t in Int(first)...Int(last) {
                let token = tree.tokens[t]
                guard token.kind == .identifier, prefilter.mayContain(bytes, Int(token.start), Int(token.length)) else { continue }
                let range = Int(token.start)..<token.end
                if hashes.contains(WordSet.hash(bytes[range])) && words.contains(tree.file.text(range)) { return true }
            }
            return false
        }
    }

    /// Whether a name token of a parsed file (an identifier or a keyword, without backticks) is one of the
    /// words. The site search finds sites only in such tokens, so in a file parsed anyway this answers
    /// what `occurs(in: bytes)` answers before a parse, without reading comments and strings.
    public func namesAny(in tree: SyntaxTree) -> Bool { namesAny(in: tree.tokens, of: tree.file.bytes) }

    /// The same for a file's significant tokens (as the lexer made them) and its bytes, before any parse.
    public func namesAny(in tokens: [Token], of bytes: [UInt8]) -> Bool {
        guard !words.isEmpty else { return false }
        return bytes.withUnsafeBufferPointer { bytes in
            for token in tokens where token.kind == .identifier || token.kind == .keyword {
                var start = Int(token.start)
                var length = Int(token.length)
                if length >= 2 && bytes[start] == UInt8(ascii: "`") { start += 1; length -= 2 }
                guard length > 0, prefilter.may(start: bytes[start], length: length) else { continue }
                let name = UnsafeBufferPointer(rebasing: bytes[start..<start + length])
                if hashes.contains(WordSet.hash(name)) && words.contains(String(decoding: name, as: UTF8.self)) { return true }
            }
            return false
        }
    }

    /// Whether an identifier in `bytes` is one of the words.
    public func occurs(in bytes: [UInt8]) -> Bool {
        guard !words.isEmpty else { return false }
        return bytes.withUnsafeBufferPointer { b in
            var i = 0
            let n = b.count
            let table = WordSet.identifierBytes
            while i < n {
                // Past bytes that cannot start a name, then past the name.
                while i < n && table[Int(b[i])] & 2 == 0 { i += 1 }
                guard i < n else { break }
                let c = b[i]
                let start = i
                i += 1
                while i < n && table[Int(b[i])] & 1 != 0 { i += 1 }
                // First byte and length rule out most names before any hash.
                guard prefilter.may(start: c, length: i - start),
                      start == 0 || table[Int(b[start - 1])] & 1 == 0 else { continue }
                let h = WordSet.hash(UnsafeBufferPointer(rebasing: b[start..<i]))
                if hashes.contains(h) && words.contains(String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)) {
                    return true
                }
            }
            return false
        }
    }

    /// Per byte: 1 when it may be part of a name (`isIdentifierByte`), 2 when it may start one
    /// (`isIdentifierStart`); made once, never written after, never freed.
    nonisolated(unsafe) static let identifierBytes: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for b in 0..<256 {
            table[b] = (isIdentifierByte(UInt8(b)) ? 1 : 0) | (isIdentifierStart(UInt8(b)) ? 2 : 0)
        }
        return UnsafePointer(table)
    }()

    @inline(__always) static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || c == UInt8(ascii: "_") || c >= 0x80
    }

    @inline(__always) static func isIdentifierByte(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }
}

/// A set of 64-bit hashes (`WordSet.hash`), asked once per candidate name in the byte and token scans:
/// an open-addressing table of the values themselves (they are hashes already), a probe or two per
/// question where `Set<UInt64>` hashes the hash again.
public struct HashSet64: Sendable {
    private var slots: [UInt64]
    private let mask: Int
    private var hasZero = false

    public init<S: Sequence>(_ values: S) where S.Element == UInt64 {
        let unique = Array(Set(values))
        var size = 8
        while size < 2 * unique.count { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
        for value in unique {
            if value == 0 { hasZero = true; continue }
            var s = HashSet64.slot(value, mask)
            while slots[s] != 0 { s = (s + 1) & mask }
            slots[s] = value
        }
    }

    @inline(__always) private static func slot(_ value: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: ((value ^ (value >> 29)) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    @inline(__always) public func contains(_ value: UInt64) -> Bool {
        if value == 0 { return hasZero }
        return slots.withUnsafeBufferPointer { slots in
            var s = HashSet64.slot(value, mask)
            while true {
                let stored = slots[s]
                if stored == value { return true }
                if stored == 0 { return false }
                s = (s + 1) & mask
            }
        }
    }
}
