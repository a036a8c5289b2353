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

/// Byte-level keyword lookup: an open-addressing table keyed by an FNV-1a hash of the spelling. The
/// lexer copies the table into its state once per file (`KeywordTable()`): a global table costs a
/// lazy-initialization check at every identifier.
@usableFromInline
struct KeywordTable: Sendable {
    static let mask = 511
    /// Spellings padded to `stride` bytes, one after the other, by raw value.
    static let stride = 32
    static let shared = KeywordTable(building: ())

    /// The raw value of the keyword in each slot (0: empty).
    let slots: [UInt8]
    let spellings: [UInt8]
    let lengths: [UInt8]
    /// Bit `k` set when some keyword is `k` bytes long.
    let lengthMask: UInt64

    /// The shared table.
    init() { self = KeywordTable.shared }

    /// For each first byte, bit `k` set when some keyword starting with that byte is `k` bytes long: most
    /// names need no lookup (made once, never written after, never freed).
    nonisolated(unsafe) static let lengthsByFirstByte: UnsafePointer<UInt64> = {
        let table = UnsafeMutablePointer<UInt64>.allocate(capacity: 256)
        table.initialize(repeating: 0, count: 256)
        for spelling in Keyword.spellings {
            let bytes = Array(spelling.utf8)
            guard let first = bytes.first, bytes.count < 64 else { continue }
            table[Int(first)] |= 1 << UInt64(bytes.count)
        }
        return UnsafePointer(table)
    }()

    private init(building: Void) {
        let words = Keyword.spellings.map { Array($0.utf8) }
        var spellings = [UInt8](repeating: 0, count: words.count * KeywordTable.stride)
        var lengths = [UInt8](repeating: 0, count: words.count)
        var lengthMask: UInt64 = 0
        var slots = [UInt8](repeating: 0, count: KeywordTable.mask + 1)
        for raw in 1..<words.count {
            let bytes = words[raw]
            precondition(bytes.count < KeywordTable.stride && bytes.count < 64, "a keyword longer than the table allows")
            for (k, byte) in bytes.enumerated() { spellings[raw * KeywordTable.stride + k] = byte }
            lengths[raw] = UInt8(bytes.count)
            lengthMask |= 1 << UInt64(bytes.count)
            var h = bytes.withUnsafeBufferPointer { KeywordTable.hash($0, 0, bytes.count) }
            while slots[h & KeywordTable.mask] != 0 { h &+= 1 }
            slots[h & KeywordTable.mask] = UInt8(raw)
        }
        self.slots = slots
        self.spellings = spellings
        self.lengths = lengths
        self.lengthMask = lengthMask
    }

    @inline(__always)
    static func hash(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var h: UInt32 = 2_166_136_261
        var i = start
        while i < end {
            h = (h ^ UInt32(buf[i])) &* 16_777_619
            i += 1
        }
        return Int(h >> 7)
    }

    /// The keyword spelled by `buf[start..<end]`, or `.none`.
    @inline(__always)
    func lookup(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Keyword {
        let length = end - start
        guard length > 0 && length < 64 && lengthMask & (1 << UInt64(length)) != 0 else { return .none }
        var h = KeywordTable.hash(buf, start, end)
        while true {
            let raw = Int(slots[h & KeywordTable.mask])
            if raw == 0 { return .none }
            if Int(lengths[raw]) == length {
                let base = raw * KeywordTable.stride
                var i = 0
                while i < length && spellings[base + i] == buf[start + i] { i += 1 }
                if i == length { return Keyword(rawValue: UInt8(raw)) ?? .none }
            }
            h &+= 1
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
