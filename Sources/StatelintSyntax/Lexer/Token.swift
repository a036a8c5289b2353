/// The lexical class of a token; trivia (whitespace, newlines, comments) are tokens too.
public enum TokenKind: UInt8, Sendable {
    // MARK: - Trivia
    case whitespace
    case newline
    case lineComment
    case docLineComment
    case blockComment
    case docBlockComment
    case shebang

    // MARK: - Names and literals
    case identifier
    case keyword
    case integerLiteral
    case floatLiteral
    case stringOpen
    case stringSegment
    case interpolationOpen
    case interpolationClose
    case stringClose
    case regexLiteral

    // MARK: - Operators and punctuation
    case `operator`
    case leftParen
    case rightParen
    case leftBrace
    case rightBrace
    case leftBracket
    case rightBracket
    case comma
    case colon
    case semicolon
    case period
    case atSign
    case pound
    case backslash
    case arrow
    case backtick
    /// `#if`, `#elseif`, `#else`, `#endif`, `#sourceLocation`, `#available`, `#unavailable`.
    case directive
    /// Bytes that are not Swift: invalid UTF-8, stray characters.
    case unknown

    /// Whether the kind is whitespace, a newline, a comment or a shebang line.
    @inlinable public var isTrivia: Bool { rawValue <= TokenKind.shebang.rawValue }

    /// Whether the kind is a comment of any form.
    @inlinable public var isComment: Bool {
        self == .lineComment || self == .docLineComment || self == .blockComment || self == .docBlockComment
    }

    /// The kinds that open a balanced group (`(` `{` `[`, a string's or an interpolation's opening) and the
    /// kinds that close one, as bits by raw value (all below 64).
    @inline(__always) static var openerBits: UInt64 {
        1 << UInt64(TokenKind.leftParen.rawValue) | 1 << UInt64(TokenKind.leftBrace.rawValue)
            | 1 << UInt64(TokenKind.leftBracket.rawValue) | 1 << UInt64(TokenKind.interpolationOpen.rawValue)
            | 1 << UInt64(TokenKind.stringOpen.rawValue)
    }
    @inline(__always) static var closerBits: UInt64 {
        1 << UInt64(TokenKind.rightParen.rawValue) | 1 << UInt64(TokenKind.rightBrace.rawValue)
            | 1 << UInt64(TokenKind.rightBracket.rawValue) | 1 << UInt64(TokenKind.interpolationClose.rawValue)
            | 1 << UInt64(TokenKind.stringClose.rawValue)
    }

    /// The word `statelint tokens` prints for this kind.
    public var displayName: String {
        switch self {
        case .whitespace: return "whitespace"
        case .newline: return "newline"
        case .lineComment, .blockComment: return "comment"
        case .docLineComment, .docBlockComment: return "doc_comment"
        case .shebang: return "shebang"
        case .identifier: return "identifier"
        case .keyword: return "keyword"
        case .integerLiteral: return "integer"
        case .floatLiteral: return "float"
        case .stringOpen: return "string_open"
        case .stringSegment: return "string_segment"
        case .interpolationOpen: return "interpolation_open"
        case .interpolationClose: return "interpolation_close"
        case .stringClose: return "string_close"
        case .regexLiteral: return "regex"
        case .operator: return "operator"
        case .directive: return "directive"
        case .unknown: return "unknown"
        default: return "punctuation"
        }
    }
}

/// Facts about a token's surroundings, computed once by the lexer.
public struct TokenFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The token is the first non-trivia token on its line.
    public static let atStartOfLine = TokenFlags(rawValue: 1 << 0)
    /// No whitespace, comment or opening delimiter precedes the token (Swift's "left-bound"). Like
    /// `rightBound`, worked out where the grammar asks (operators, `.`, `(`, `[`, literals), not for names
    /// or for `{` `}` `)` `]` `,` `:` `;` `@` outside string interpolations.
    public static let leftBound = TokenFlags(rawValue: 1 << 1)
    /// No whitespace, comment or closing delimiter follows the token (Swift's "right-bound").
    public static let rightBound = TokenFlags(rawValue: 1 << 2)
    /// A string or comment that runs to the end of the file or line without its terminator.
    public static let unterminated = TokenFlags(rawValue: 1 << 3)
    /// A multi-line string delimiter (`"""`).
    public static let multiline = TokenFlags(rawValue: 1 << 4)
}

/// A token: a kind and a byte range into its file; 12 bytes, no text copied.
public struct Token: Sendable, Hashable {
    /// The token's lexical class.
    public var kind: TokenKind
    /// Facts about its surroundings.
    public var flags: TokenFlags
    /// The keyword its spelling matches (also for contextual keywords lexed as identifiers), or `.none`.
    public var keyword: Keyword
    @usableFromInline var reserved: UInt8 = 0
    /// Byte offset of its first byte.
    public var start: UInt32
    /// Length in bytes.
    public var length: UInt32

    /// Creates a token.
    @inlinable
    public init(kind: TokenKind, flags: TokenFlags = [], keyword: Keyword = .none, start: Int, length: Int) {
        self.kind = kind
        self.flags = flags
        self.keyword = keyword
        self.start = UInt32(truncatingIfNeeded: start)
        self.length = UInt32(truncatingIfNeeded: length)
    }

    /// Byte offset one past its last byte.
    @inlinable public var end: Int { Int(start) + Int(length) }
    /// Its byte range.
    @inlinable public var range: Range<Int> { Int(start)..<end }

    /// Whether this is an identifier or any keyword spelling that can serve as a name here.
    @inlinable public var isIdentifierLike: Bool {
        kind == .identifier || (kind == .keyword && !keyword.isReserved)
    }
}
