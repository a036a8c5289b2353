/// Where the lexer writes tokens: the uninitialized storage of the array being built, without the checks
/// of `Array.append` (uniqueness and growth on every token). Writes past `capacity` are dropped and
/// noted (`overflowed`), and the file is lexed again with room for more.
struct TokenBuffer {
    let base: UnsafeMutablePointer<Token>
    let capacity: Int
    private(set) var count = 0
    private(set) var overflowed = false

    init(_ buffer: UnsafeMutableBufferPointer<Token>) {
        base = buffer.baseAddress!
        capacity = buffer.count
    }

    @inline(__always)
    mutating func append(_ token: Token) {
        if count < capacity {
            (base + count).initialize(to: token)
            count += 1
        } else {
            overflowed = true
        }
    }

    /// Appends `token` here and to `other`, whose capacity is at least this one's and which never holds
    /// more tokens than this one (the significant tokens beside all of them): one check for both.
    @inline(__always)
    mutating func append(_ token: Token, alsoTo other: inout TokenBuffer) {
        if count < capacity {
            (base + count).initialize(to: token)
            count += 1
            (other.base + other.count).initialize(to: token)
            other.count += 1
        } else {
            overflowed = true
        }
    }
}

/// Where the lexer writes the indices of the tokens it notes (`LexedTokens.notable`), with what to note: room
/// for one per significant token (writes past it are dropped; the file is lexed again then anyway). Without
/// notes (`none`) the table lets no name pass and there is no room.
struct NoteBuffer {
    let base: UnsafeMutablePointer<Int32>
    let capacity: Int
    private(set) var count = 0
    /// `TokenNotes.names`'s table.
    let names: UnsafePointer<UInt64>
    /// Where the partners of open delimiters go (`LexedTokens.partners`), and the open ones (a stack).
    let partners: UnsafeMutablePointer<Int32>
    let stack: UnsafeMutablePointer<Int32>
    private var depth = 0

    init(_ buffer: UnsafeMutableBufferPointer<Int32>, names: UnsafePointer<UInt64>, partners: UnsafeMutablePointer<Int32>,
         stack: UnsafeMutablePointer<Int32>) {
        base = buffer.baseAddress!
        capacity = buffer.count
        self.names = names
        self.partners = partners
        self.stack = stack
    }

    /// The significant token at `index` opens a group: it waits for its closer (-1 until one comes).
    @inline(__always)
    mutating func open(_ index: Int) {
        // (Each index is opened at most once, so the stack, as long as the buffer, cannot overflow; the depth is
        // checked too.)
        guard index < capacity, depth < capacity else { return }
        partners[index] = -1
        stack[depth] = Int32(truncatingIfNeeded: index)
        depth += 1
    }

    /// The significant token at `index` closes the group opened last, whatever its kind (a closer with none
    /// open pairs with nothing).
    @inline(__always)
    mutating func close(_ index: Int) {
        guard index < capacity, depth > 0 else { return }
        depth -= 1
        partners[Int(stack[depth])] = Int32(truncatingIfNeeded: index)
    }

    private init() {
        base = NoteBuffer.nowhere
        capacity = 0
        names = NoteBuffer.nothing
        partners = NoteBuffer.nowhere
        stack = NoteBuffer.nowhere
    }

    /// Notes nothing.
    static var none: NoteBuffer { NoteBuffer() }

    /// A name table that lets no name pass, and a place no note is written to; made once, never freed.
    nonisolated(unsafe) private static let nothing: UnsafePointer<UInt64> = {
        let table = UnsafeMutablePointer<UInt64>.allocate(capacity: 64 * 4)
        table.initialize(repeating: 0, count: 64 * 4)
        return UnsafePointer(table)
    }()
    nonisolated(unsafe) private static let nowhere = UnsafeMutablePointer<Int32>.allocate(capacity: 1)

    /// Whether a name (an identifier or a keyword) of this first byte and length is noted.
    @inline(__always)
    func notesName(first: UInt8, length: Int) -> Bool { NamePrefilter.may(names, start: first, length: length) }

    @inline(__always)
    mutating func append(_ index: Int32) {
        if count < capacity {
            (base + count).initialize(to: index)
            count += 1
        }
    }
}

/// For each significant token that opens a group (`(` `{` `[`, a string's or an interpolation's opening), the
/// index of the closer that balances it, counting every kind alike (as `Parser.skipBalanced` does), or -1 when
/// none does. Only openers have an entry: `partner(of:)` is asked of an opener alone (the parser's skip asks
/// after it checked the kind), so the type stays inside this module.
final class DelimiterPairs: @unchecked Sendable {
    /// Written by the lexer while it lexes (one entry per opener), read only after.
    let base: UnsafeMutablePointer<Int32>

    init(capacity: Int) { base = UnsafeMutablePointer<Int32>.allocate(capacity: max(capacity, 1)) }

    deinit { base.deallocate() }

    /// The index of the closer of the opener at `index`, or -1.
    @inline(__always) func partner(of index: Int) -> Int32 { base[index] }
}
