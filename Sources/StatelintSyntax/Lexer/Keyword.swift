/// Keywords and contextual keywords, identified by spelling. Generated list; keep the two arrays in step.
public enum Keyword: UInt8, Sendable, CaseIterable {
    case none = 0
    case AnyType
    case `as`
    case `associatedtype`
    case `break`
    case `case`
    case `catch`
    case `class`
    case `continue`
    case `default`
    case `defer`
    case `deinit`
    case `do`
    case `else`
    case `enum`
    case `extension`
    case `fallthrough`
    case `false`
    case `fileprivate`
    case `for`
    case `func`
    case `guard`
    case `if`
    case `import`
    case `in`
    case `init`
    case `inout`
    case `internal`
    case `is`
    case `let`
    case `nil`
    case `operator`
    case `precedencegroup`
    case `private`
    case `protocol`
    case `public`
    case `repeat`
    case `rethrows`
    case `return`
    case `self`
    case SelfType
    case `static`
    case `struct`
    case `subscript`
    case `super`
    case `switch`
    case `throw`
    case `throws`
    case `true`
    case `try`
    case `typealias`
    case `var`
    case `where`
    case `while`
    case wildcard
    case actor
    case `any`
    case async
    case await
    case borrowing
    case consuming
    case convenience
    case didSet
    case dynamic
    case final
    case get
    case indirect
    case infix
    case isolated
    case lazy
    case macro
    case mutating
    case nonisolated
    case nonmutating
    case open
    case optional
    case override
    case package
    case postfix
    case prefix
    case required
    case set
    case `some`
    case unowned
    case weak
    case willSet
    case TypeKeyword
    case ProtocolKeyword
    case sending

    /// The number of reserved keywords; they come first after `.none`.
    static let reservedCount = 54

    /// Whether the keyword is reserved (the lexer always treats it as a keyword), as opposed to contextual.
    @inlinable public var isReserved: Bool { rawValue != 0 && rawValue <= 54 }

    /// The keyword's spelling.
    public var text: String { Keyword.spellings[Int(rawValue)] }

    static let spellings: [String] = [
        "",
        "Any",
        "as",
        "associatedtype",
        "break",
        "case",
        "catch",
        "class",
        "continue",
        "default",
        "defer",
        "deinit",
        "do",
        "else",
        "enum",
        "extension",
        "fallthrough",
        "false",
        "fileprivate",
        "for",
        "func",
        "guard",
        "if",
        "import",
        "in",
        "init",
        "inout",
        "internal",
        "is",
        "let",
        "nil",
        "operator",
        "precedencegroup",
        "private",
        "protocol",
        "public",
        "repeat",
        "rethrows",
        "return",
        "self",
        "Self",
        "static",
        "struct",
        "subscript",
        "super",
        "switch",
        "throw",
        "throws",
        "true",
        "try",
        "typealias",
        "var",
        "where",
        "while",
        "_",
        "actor",
        "any",
        "async",
        "await",
        "borrowing",
        "consuming",
        "convenience",
        "didSet",
        "dynamic",
        "final",
        "get",
        "indirect",
        "infix",
        "isolated",
        "lazy",
        "macro",
        "mutating",
        "nonisolated",
        "nonmutating",
        "open",
        "optional",
        "override",
        "package",
        "postfix",
        "prefix",
        "required",
        "set",
        "some",
        "unowned",
        "weak",
        "willSet",
        "Type",
        "Protocol",
        "sending",
    ]
}

/// Byte-level keyword lookup: every spelling (at most 15 bytes) packed into two little-endian words,
/// zero-padded, in an open-addressing table keyed by a multiplicative hash of the words. A name is packed
/// the same way (two unaligned loads, masked to its length) and found with one or two word compares. The
/// lexer copies the table into its state once per file (`KeywordTable()`): a global table costs a
/// lazy-initialization check at every identifier.
@usableFromInline
struct KeywordTable: Sendable {
    /// Slots in the table (a power of two; 89 keywords leave it about a third full).
    static let slotCount = 256
    static let shared = KeywordTable(building: ())

    /// Each slot's spelling as two words (`2 * slot`, `2 * slot + 1`); made once, never written after,
    /// never freed.
    nonisolated(unsafe) let words: UnsafePointer<UInt64>
    /// Each slot's keyword raw value (0: empty).
    nonisolated(unsafe) let raws: UnsafePointer<UInt8>
    /// Bit `k` set when some keyword is `k` bytes long.
    let lengthMask: UInt64

    /// The shared table.
    init() { self = KeywordTable.shared }

    /// For each first byte and length (below 16: no keyword is longer), bit `k` set when some keyword with
    /// that first byte and length ends with a byte whose low six bits are `k`: most names need no lookup
    /// (4,096 words, made once, never written after, never freed).
    nonisolated(unsafe) static let lastBytesByFirstAndLength: UnsafePointer<UInt64> = {
        let table = UnsafeMutablePointer<UInt64>.allocate(capacity: 256 * 16)
        table.initialize(repeating: 0, count: 256 * 16)
        for spelling in Keyword.spellings {
            let bytes = Array(spelling.utf8)
            guard let first = bytes.first, let last = bytes.last, bytes.count < 16 else { continue }
            table[Int(first) * 16 + bytes.count] |= 1 << UInt64(last & 63)
        }
        return UnsafePointer(table)
    }()

    private init(building: Void) {
        let words = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * KeywordTable.slotCount)
        words.initialize(repeating: 0, count: 2 * KeywordTable.slotCount)
        let raws = UnsafeMutablePointer<UInt8>.allocate(capacity: KeywordTable.slotCount)
        raws.initialize(repeating: 0, count: KeywordTable.slotCount)
        var lengthMask: UInt64 = 0
        for raw in 1..<Keyword.spellings.count {
            let bytes = Array(Keyword.spellings[raw].utf8)
            precondition(!bytes.isEmpty && bytes.count <= 15, "a keyword longer than the table allows")
            lengthMask |= 1 << UInt64(bytes.count)
            let (w0, w1) = bytes.withUnsafeBufferPointer { KeywordTable.pack($0, 0, bytes.count) }
            var slot = KeywordTable.slot(w0, w1)
            while raws[slot] != 0 { slot = (slot + 1) & (KeywordTable.slotCount - 1) }
            raws[slot] = UInt8(raw)
            words[2 * slot] = w0
            words[2 * slot + 1] = w1
        }
        self.words = UnsafePointer(words)
        self.raws = UnsafePointer(raws)
        self.lengthMask = lengthMask
    }

    /// `buf[start..<end]` (at most 15 bytes) as two little-endian words, zero-padded.
    @inline(__always)
    static func pack(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (UInt64, UInt64) {
        let length = end - start
        if start + 16 <= buf.count {
            let p = UnsafeRawPointer(buf.baseAddress! + start)
            let w0 = UInt64(littleEndian: p.loadUnaligned(as: UInt64.self))
            let w1 = UInt64(littleEndian: p.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            if length <= 8 { return (length == 8 ? w0 : w0 & ((1 << UInt64(8 * length)) - 1), 0) }
            return (w0, w1 & ((1 << UInt64(8 * (length - 8))) - 1))
        }
        var w0: UInt64 = 0
        var w1: UInt64 = 0
        for k in 0..<length {
            if k < 8 { w0 |= UInt64(buf[start + k]) << UInt64(8 * k) } else { w1 |= UInt64(buf[start + k]) << UInt64(8 * (k - 8)) }
        }
        return (w0, w1)
    }

    @inline(__always)
    static func slot(_ w0: UInt64, _ w1: UInt64) -> Int {
        Int(truncatingIfNeeded: ((w0 ^ (w1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9) >> 56)
    }

    /// The keyword spelled by `buf[start..<end]`, or `.none`.
    @inline(__always)
    func lookup(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Keyword {
        let length = end - start
        guard length > 0 && length < 16 && lengthMask & (1 << UInt64(length)) != 0 else { return .none }
        let (w0, w1) = KeywordTable.pack(buf, start, end)
        var slot = KeywordTable.slot(w0, w1)
        while true {
            let raw = raws[slot]
            if raw == 0 { return .none }
            if words[2 * slot] == w0 && words[2 * slot + 1] == w1 { return Keyword(rawValue: raw) ?? .none }
            slot = (slot + 1) & (KeywordTable.slotCount - 1)
        }
    }
}

extension Keyword {
    /// The keyword spelled by `text`, or `.none`.
    public init(spelling text: String) {
        var bytes = Array(text.utf8)
        self = bytes.withUnsafeMutableBufferPointer { KeywordTable.shared.lookup(UnsafeBufferPointer($0), 0, $0.count) }
    }
}
