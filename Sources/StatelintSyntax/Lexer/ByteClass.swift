/// Bits per byte value for the lexer's hot paths: one table load answers what a chain of compares would.
enum ByteClass {
    /// `[A-Za-z0-9_$]`.
    static let identifierContinue: UInt8 = 1
    /// `[A-Za-z_]`.
    static let identifierStart: UInt8 = 2
    /// A token after this byte is not left-bound (whitespace, an opening bracket, `,` `;` `:`, NUL).
    static let unbindsLeft: UInt8 = 4
    /// A token before this byte is not right-bound (whitespace, a closing bracket, `,` `;` `:`, NUL).
    static let unbindsRight: UInt8 = 8
    /// `/`, `.`, 0xA0 and 0xC2: boundness depends on more than this byte.
    static let boundnessNeedsLook: UInt8 = 16

    /// The table, made once, never written after and never freed.
    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
        let t = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        t.initialize(repeating: 0, count: 256)
        for b in 0..<128 where CharClass.isASCIIIdentifierContinue(UInt8(b)) { t[b] |= identifierContinue }
        for b in 0..<128 where CharClass.isASCIIIdentifierStart(UInt8(b)) { t[b] |= identifierStart }
        for b in [aSpace, aCR, aLF, aTab, aLParen, aLBracket, aLBrace, aComma, aSemicolon, aColon, 0] { t[Int(b)] |= unbindsLeft }
        for b in [aSpace, aCR, aLF, aTab, aRParen, aRBracket, aRBrace, aComma, aSemicolon, aColon, 0] { t[Int(b)] |= unbindsRight }
        for b in [aSlash, aDot, 0xA0, 0xC2] as [UInt8] { t[Int(b)] |= boundnessNeedsLook }
        return UnsafePointer(t)
    }()

    /// The token a byte is by itself, for the punctuation that never starts anything longer (outside a
    /// string interpolation, where `(` and `)` count).
    @inline(__always)
    static func punctuation(_ b: UInt8) -> TokenKind? {
        switch b {
        case aLParen: return .leftParen
        case aRParen: return .rightParen
        case aLBrace: return .leftBrace
        case aRBrace: return .rightBrace
        case aLBracket: return .leftBracket
        case aRBracket: return .rightBracket
        case aComma: return .comma
        case aColon: return .colon
        case aSemicolon: return .semicolon
        case aAt: return .atSign
        default: return nil
        }
    }
}
