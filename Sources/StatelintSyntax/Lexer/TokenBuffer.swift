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
