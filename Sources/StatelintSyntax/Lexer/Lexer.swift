import CStatelintSystem

// ASCII byte constants used throughout the lexer.
@usableFromInline let aSpace: UInt8 = 0x20, aTab: UInt8 = 0x09, aLF: UInt8 = 0x0A, aCR: UInt8 = 0x0D
@usableFromInline let aSlash: UInt8 = 0x2F, aStar: UInt8 = 0x2A, aHash: UInt8 = 0x23, aQuote: UInt8 = 0x22
@usableFromInline let aApos: UInt8 = 0x27, aBackslash: UInt8 = 0x5C, aLParen: UInt8 = 0x28, aRParen: UInt8 = 0x29
@usableFromInline let aDot: UInt8 = 0x2E, aLess: UInt8 = 0x3C, aGreater: UInt8 = 0x3E, aBang: UInt8 = 0x21
@usableFromInline let aQuestion: UInt8 = 0x3F, aBacktick: UInt8 = 0x60, aDollar: UInt8 = 0x24, aUnderscore: UInt8 = 0x5F
@usableFromInline let aLBracket: UInt8 = 0x5B, aRBracket: UInt8 = 0x5D, aLBrace: UInt8 = 0x7B, aRBrace: UInt8 = 0x7D
@usableFromInline let aComma: UInt8 = 0x2C, aColon: UInt8 = 0x3A, aSemicolon: UInt8 = 0x3B, aAt: UInt8 = 0x40
@usableFromInline let aEqual: UInt8 = 0x3D, aMinus: UInt8 = 0x2D, aPlus: UInt8 = 0x2B, aAmp: UInt8 = 0x26

struct LexerState<Noting: LexerNoting> {
    struct StringContext {
        var multiline: Bool
        var hashes: Int
        var quote: UInt8
    }

    /// An open string interpolation: how many `(` it has open, and the string it returns to.
    struct Frame {
        var parenDepth: Int
        var string: StringContext
    }

    let buf: UnsafeBufferPointer<UInt8>
    let n: Int
    var pos = 0
    /// Every token, and the significant ones again (see `LexedTokens`); without trivia, `tokens` gets the
    /// comments only.
    var tokens: TokenBuffer
    var significant: TokenBuffer
    let keepsTrivia: Bool
    /// Indices (in `tokens`) of the comments.
    var comments: [Int32] = []
    /// Where the indices of noted tokens go, and what to note.
    var notes = NoteBuffer.none
    var diagnostics: [LexDiagnostic] = []
    var frames: [Frame] = []
    /// No significant token yet on the current line.
    var atLineStart = true
    /// Where the last token `emit` made is in `significant` (-1: none yet); the previous token's kind,
    /// keyword, flags and start are read from there when a decision needs them (rarely), not copied at
    /// every token.
    var prevIndex = -1
    /// The last token `emit` made (nil before the first, or when the buffer had no room for it: the file
    /// is lexed again then, and this pass's decisions are thrown away).
    @inline(__always) var prevToken: Token? {
        prevIndex >= 0 && prevIndex < significant.count ? significant.base[prevIndex] : nil
    }
    var prevKind: TokenKind? { prevToken?.kind }
    var prevKeyword: Keyword { prevToken?.keyword ?? .none }
    var prevFlags: TokenFlags { prevToken?.flags ?? [] }
    var prevStart: Int { prevToken.map { Int($0.start) } ?? 0 }
    let keywords = KeywordTable()
    let classes = ByteClass.table
    let keywordEnds = KeywordTable.lastBytesByFirstAndLength

    init(_ buf: UnsafeBufferPointer<UInt8>, tokens: TokenBuffer, significant: TokenBuffer, keepsTrivia: Bool) {
        self.buf = buf
        self.n = buf.count
        self.tokens = tokens
        self.significant = significant
        self.keepsTrivia = keepsTrivia
    }

    /// The byte at `i`, or 0 past the end.
    @inline(__always) func at(_ i: Int) -> UInt8 { i < n && i >= 0 ? buf[i] : 0 }

    // MARK: - Emitting

    /// A comment token, whose index is noted (`LexedTokens.comments`).
    mutating func comment(_ kind: TokenKind, _ start: Int, _ end: Int, flags: TokenFlags = []) {
        comments.append(Int32(truncatingIfNeeded: tokens.count))
        tokens.append(Token(kind: kind, flags: flags, start: start, length: end - start))
    }

    @inline(__always)
    mutating func trivia(_ kind: TokenKind, _ start: Int, _ end: Int) {
        if keepsTrivia { tokens.append(Token(kind: kind, start: start, length: end - start)) }
        if kind == .newline { atLineStart = true }
    }

    @inline(__always)
    mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int, keyword: Keyword = .none, extra: TokenFlags = []) {
        var flags = extra
        if atLineStart { flags.insert(.atStartOfLine) }
        let left = isLeftBound(start)
        if left { flags.insert(.leftBound) }
        if isRightBound(end, leftBound: left) { flags.insert(.rightBound) }
        let token = Token(kind: kind, flags: flags, keyword: keyword, start: start, length: end - start)
        prevIndex = significant.count
        plain(token)
        atLineStart = false
    }

    /// A name (an identifier or a keyword), or punctuation that closes or separates (`{` `}` `)` `]` `,` `:`
    /// `;` `@`): only `atStartOfLine` is noted. Whether such a token is left- or right-bound decides nothing
    /// in Swift's grammar (it is asked of operators, `.`, `(` and `[`), so it is not worked out for the
    /// commonest tokens.
    @inline(__always)
    mutating func emitUnbound(_ kind: TokenKind, _ start: Int, _ end: Int, keyword: Keyword) {
        let token = Token(kind: kind, flags: atLineStart ? .atStartOfLine : [], keyword: keyword, start: start, length: end - start)
        prevIndex = significant.count
        plain(token)
        atLineStart = false
    }

    /// Whether this lexer notes and the buffer kept the token `emit` made last (past a full buffer the file
    /// is lexed again, and with trivia kept the significant count can stop below the room the notes have).
    @inline(__always) var notesLast: Bool { Noting.notes && prevIndex < significant.count }

    /// Notes the token `emit` made last (`LexedTokens.notable`).
    @inline(__always)
    mutating func noteLast() {
        if notesLast { notes.append(Int32(truncatingIfNeeded: prevIndex)) }
    }

    /// The token `emit` made last opens (`(` `{` `[`, a string's or an interpolation's opening), or closes, a
    /// balanced group (`LexedTokens.partners`).
    @inline(__always)
    mutating func opened() {
        if notesLast { notes.open(prevIndex) }
    }

    @inline(__always)
    mutating func closed() {
        if notesLast { notes.close(prevIndex) }
    }

    /// A significant token appended as it is (no boundness flags).
    @inline(__always)
    mutating func plain(_ token: Token) {
        if keepsTrivia { tokens.append(token, alsoTo: &significant) } else { significant.append(token) }
    }

    mutating func diagnose(_ offset: Int, _ message: String) {
        diagnostics.append(LexDiagnostic(offset: offset, message: message))
    }

    // MARK: - Boundness (Swift's operator rules)

    @inline(__always)
    func isLeftBound(_ start: Int) -> Bool {
        if start == 0 { return false }
        let b = buf[start - 1]
        let c = classes[Int(b)]
        if c & ByteClass.unbindsLeft != 0 { return false }
        if c & ByteClass.boundnessNeedsLook == 0 { return true }
        switch b {
        case aSlash: return at(start - 2) != aStar
        case 0xA0: return at(start - 2) != 0xC2
        default: return true
        }
    }

    @inline(__always)
    func isRightBound(_ end: Int, leftBound: Bool) -> Bool {
        if end >= n { return false }
        let b = buf[end]
        let c = classes[Int(b)]
        if c & ByteClass.unbindsRight != 0 { return false }
        if c & ByteClass.boundnessNeedsLook == 0 { return true }
        switch b {
        case aDot: return !leftBound
        case aSlash: return !(at(end + 1) == aSlash || at(end + 1) == aStar)
        case 0xC2: return at(end + 1) != 0xA0
        default: return true
        }
    }

    // MARK: - Main loop

    mutating func run() {
        if n >= 3 && buf[0] == 0xEF && buf[1] == 0xBB && buf[2] == 0xBF {
            trivia(.whitespace, 0, 3)
            pos = 3
        }
        if at(pos) == aHash && at(pos + 1) == aBang {
            let start = pos
            skipToEndOfLine()
            trivia(.shebang, start, pos)
        }
        while pos < n {
            let before = pos
            // The commonest tokens first, without the big switch: indentation, line ends and names.
            let b = buf[pos]
            if b == aSpace || b == aTab {
                pos += 1
                // One blank before a token (most of them): every byte of whitespace, a line end and the NUL
                // that `lexOne` reports are at most 0x20.
                if pos < n && buf[pos] > aSpace {
                    trivia(.whitespace, before, pos)
                    continue
                }
                // Indentation eight spaces at a time (the spaces that start a word found by its first byte that
                // is not one), and tabs.
                while pos + 8 <= n {
                    let others = UnsafeRawPointer(buf.baseAddress! + pos).loadUnaligned(as: UInt64.self).littleEndian
                        ^ 0x2020_2020_2020_2020
                    if others != 0 {
                        pos += others.trailingZeroBitCount >> 3
                        break
                    }
                    pos += 8
                }
                while pos < n && (buf[pos] == aSpace || buf[pos] == aTab) { pos += 1 }
                if pos < n && (buf[pos] == 0x0B || buf[pos] == 0x0C) {
                    pos = before
                    lexOne()
                } else {
                    trivia(.whitespace, before, pos)
                }
                continue
            }
            if b == aLF {
                pos += 1
                trivia(.newline, before, pos)
                if !frames.isEmpty { newlineInInterpolation() }
                continue
            }
            if classes[Int(b)] & ByteClass.identifierStart != 0 {
                lexASCIIIdentifier(before)
                continue
            }
            // One-byte punctuation outside string interpolations, and a `.` before a name.
            if frames.isEmpty, let kind = ByteClass.punctuation(b) {
                pos += 1
                // (`(` and `[` are read for boundness: a call or subscript binds to what precedes it.)
                if kind == .leftParen || kind == .leftBracket {
                    emit(kind, before, pos)
                    opened()
                } else {
                    emitUnbound(kind, before, pos, keyword: .none)
                    if Noting.notes {
                        switch kind {
                        case .leftBrace: noteLast(); opened()
                        case .rightParen, .rightBrace, .rightBracket: closed()
                        default: break
                        }
                    }
                }
                continue
            }
            if b == aDot && pos + 1 < n && classes[Int(buf[pos + 1])] & ByteClass.identifierStart != 0 {
                pos += 1
                emit(.period, before, pos)
                continue
            }
            // `=` between spaces (an assignment, a default value): the one-byte operator `lexOperator` finds.
            if b == aEqual && pos + 1 < n && buf[pos + 1] == aSpace {
                pos += 1
                emit(.operator, before, pos)
                continue
            }
            lexOne()
            if pos <= before {  // Progress guard: never loop without consuming.
                plain(Token(kind: .unknown, start: before, length: 1))
                pos = before + 1
            }
        }
        for frame in frames.reversed() {
            _ = frame
            diagnose(n, "unterminated string interpolation")
        }
    }

    /// To the next `\n` or `\r` (or the end): `statelint_line_end`, sixteen bytes a step.
    @inline(__always)
    mutating func skipToEndOfLine() {
        pos = statelint_line_end(buf.baseAddress!, n, pos)
    }

    mutating func lexOne() {
        let start = pos
        let b = buf[pos]
        switch b {
        case aSpace, aTab, 0x0B, 0x0C:
            pos += 1
            while pos < n {
                let c = buf[pos]
                if c == aSpace || c == aTab || c == 0x0B || c == 0x0C { pos += 1 } else { break }
            }
            trivia(.whitespace, start, pos)
        case aLF:
            pos += 1
            trivia(.newline, start, pos)
            newlineInInterpolation()
        case aCR:
            pos += 1
            if at(pos) == aLF { pos += 1 }
            trivia(.newline, start, pos)
            newlineInInterpolation()
        case aSlash:
            let next = at(pos + 1)
            if next == aSlash {
                skipToEndOfLine()
                let isDoc = at(start + 2) == aSlash && at(start + 3) != aSlash
                comment(isDoc ? .docLineComment : .lineComment, start, pos)
            } else if next == aStar {
                lexBlockComment(start)
            } else if !tryBareRegex(start) {
                lexOperator(start)
            }
        case aHash:
            lexPound(start)
        case aQuote, aApos:
            lexString(start, hashes: 0)
        case aLParen:
            pos += 1
            if !frames.isEmpty { frames[frames.count - 1].parenDepth += 1 }
            emit(.leftParen, start, pos)
            opened()
        case aRParen:
            pos += 1
            if let top = frames.last {
                if top.parenDepth == 0 {
                    frames.removeLast()
                    emit(.interpolationClose, start, pos)
                    closed()
                    scanStringBody(top.string)
                    return
                }
                frames[frames.count - 1].parenDepth -= 1
            }
            emit(.rightParen, start, pos)
            closed()
        case aLBrace:
            pos += 1
            emit(.leftBrace, start, pos)
            noteLast()
            opened()
        case aRBrace: pos += 1; emit(.rightBrace, start, pos); closed()
        case aLBracket: pos += 1; emit(.leftBracket, start, pos); opened()
        case aRBracket: pos += 1; emit(.rightBracket, start, pos); closed()
        case aComma: pos += 1; emit(.comma, start, pos)
        case aSemicolon: pos += 1; emit(.semicolon, start, pos)
        case aColon: pos += 1; emit(.colon, start, pos)
        case aAt: pos += 1; emit(.atSign, start, pos)
        case aBackslash: pos += 1; emit(.backslash, start, pos)
        case aBacktick: lexBacktick(start)
        case aDollar: lexDollar(start)
        case 0x30...0x39: lexNumber(start)
        case aLess:
            if at(pos + 1) == aHash && lexPlaceholder(start) { return }
            lexOperator(start)
        case aBang, aQuestion:
            if isLeftBound(start) {
                pos += 1
                emit(.operator, start, pos)
            } else {
                lexOperator(start)
            }
        case aDot, aEqual, aMinus, aPlus, aStar, 0x25, aAmp, 0x7C, 0x5E, 0x7E, aGreater:
            lexOperator(start)
        case 0x61...0x7A, 0x41...0x5A, aUnderscore:
            lexIdentifier(start)
        case 0x80...0xFF:
            lexNonASCII(start)
        default:
            pos += 1
            plain(Token(kind: .unknown, start: start, length: 1))
            if b != 0 { diagnose(start, "unexpected character") }
        }
    }

    /// A newline inside a single-line string's interpolation ends that string (as in swiftc).
    @inline(__always)
    mutating func newlineInInterpolation() {
        while let top = frames.last, !top.string.multiline {
            frames.removeLast()
            diagnose(pos, "unterminated string literal")
        }
    }

    mutating func lexNonASCII(_ start: Int) {
        guard let (scalar, length) = CharClass.decode(buf, start) else {
            pos += 1
            while pos < n && buf[pos] & 0xC0 == 0x80 { pos += 1 }
            plain(Token(kind: .unknown, start: start, length: pos - start))
            diagnose(start, "invalid UTF-8")
            return
        }
        if scalar == 0xA0 || scalar == 0xFEFF {
            pos += length
            trivia(.whitespace, start, pos)
        } else if CharClass.isIdentifierStart(scalar) {
            lexIdentifier(start)
        } else if CharClass.isOperatorStart(scalar) {
            lexOperator(start)
        } else {
            pos += length
            if CharClass.isIdentifierContinue(scalar) { skipIdentifierContinue() }
            plain(Token(kind: .unknown, start: start, length: pos - start))
            diagnose(start, "unexpected character")
        }
    }

    // MARK: - Comments

    mutating func lexBlockComment(_ start: Int) {
        pos = start + 2
        var depth = 1
        while pos < n {
            let b = buf[pos]
            if b == aSlash && at(pos + 1) == aStar {
                depth += 1
                pos += 2
            } else if b == aStar && at(pos + 1) == aSlash {
                depth -= 1
                pos += 2
                if depth == 0 { break }
            } else {
                pos += 1
            }
        }
        let isDoc = at(start + 2) == aStar && at(start + 3) != aStar && !(at(start + 3) == aSlash)
        if depth > 0 {
            diagnose(start, "unterminated block comment")
            comment(isDoc ? .docBlockComment : .blockComment, start, pos, flags: .unterminated)
        } else {
            comment(isDoc ? .docBlockComment : .blockComment, start, pos)
        }
    }

    // MARK: - Numbers

    mutating func lexNumber(_ start: Int) {
        pos = start
        var isFloat = false
        if buf[pos] == 0x30 && (at(pos + 1) == 0x78 || at(pos + 1) == 0x6F || at(pos + 1) == 0x62) {
            let radix = buf[pos + 1]
            pos += 2
            if radix == 0x78 {
                while pos < n && (CharClass.isHexDigit(buf[pos]) || buf[pos] == aUnderscore) { pos += 1 }
                // Hex float: 0x1.8p3; a '.' not followed by a hex digit is a member access.
                // A hex float needs an exponent with digits: `0x1.8p3`; `0xff.fp` is `0xff` `.` `fp`.
                func exponentFollows(_ j: Int) -> Bool {
                    guard at(j) == 0x70 || at(j) == 0x50 else { return false }
                    let k = at(j + 1) == aPlus || at(j + 1) == aMinus ? j + 2 : j + 1
                    return CharClass.isDigit(at(k))
                }
                if at(pos) == aDot && CharClass.isHexDigit(at(pos + 1)) {
                    var j = pos + 1
                    while j < n && (CharClass.isHexDigit(buf[j]) || buf[j] == aUnderscore) { j += 1 }
                    if exponentFollows(j) {
                        pos = j
                    }
                }
                if at(pos) == 0x70 || at(pos) == 0x50 {
                    isFloat = true
                    pos += 1
                    if at(pos) == aPlus || at(pos) == aMinus { pos += 1 }
                    while pos < n && (CharClass.isDigit(buf[pos]) || buf[pos] == aUnderscore) { pos += 1 }
                }
            }
            // Octal, binary and malformed digits: Swift takes all identifier characters into the literal.
        } else {
            while pos < n && (CharClass.isDigit(buf[pos]) || buf[pos] == aUnderscore) { pos += 1 }
            let afterTupleDot = start > 0 && buf[start - 1] == aDot
            if at(pos) == aDot && CharClass.isDigit(at(pos + 1)) && !afterTupleDot {
                isFloat = true
                pos += 1
                while pos < n && (CharClass.isDigit(buf[pos]) || buf[pos] == aUnderscore) { pos += 1 }
            }
            if (at(pos) == 0x65 || at(pos) == 0x45) && !afterTupleDot {
                isFloat = true
                pos += 1
                if at(pos) == aPlus || at(pos) == aMinus { pos += 1 }
            }
        }
        skipIdentifierContinue()
        emit(isFloat ? .floatLiteral : .integerLiteral, start, pos)
    }

    // MARK: - Operators

    /// The end of the operator that starts at `start` (Swift's rules for `.` and embedded comments).
    func operatorEnd(_ start: Int) -> Int {
        var i = start
        let startsWithDot = buf[start] == aDot
        var first = true
        while i < n {
            let c = buf[i]
            if c == aDot {
                if !startsWithDot { break }
                i += 1
            } else if c < 0x80 {
                if CharClass.isASCIIOperator(c) { i += 1 } else { break }
            } else if let (scalar, length) = CharClass.decode(buf, i),
                first ? CharClass.isOperatorStart(scalar) : CharClass.isOperatorContinue(scalar)
            {
                i += length
            } else {
                break
            }
            first = false
        }
        if i == start { return start + 1 }
        if i - start > 2 {
            var j = start + 1
            while j < i {
                if buf[j] == aSlash && (at(j + 1) == aSlash || at(j + 1) == aStar) { return j }
                j += 1
            }
        }
        return i
    }

    mutating func lexOperator(_ start: Int) {
        pos = operatorEnd(start)
        let length = pos - start
        if length == 1 && buf[start] == aDot {
            emit(.period, start, pos)
        } else if length == 2 && buf[start] == aMinus && buf[start + 1] == aGreater {
            emit(.arrow, start, pos)
        } else {
            emit(.operator, start, pos)
        }
    }

    /// Whether the previous token is a binary operator (`=` included).
    var previousIsBinaryOperator: Bool {
        prevKind == .operator && (prevFlags.contains(.leftBound) == prevFlags.contains(.rightBound))
    }

    /// Swift's heuristic: does an expression (rather than a binary operator) come next?
    var isInRegexLiteralPosition: Bool {
        guard let kind = prevKind else { return true }
        switch kind {
        case .leftParen, .leftBrace, .leftBracket, .interpolationOpen, .semicolon, .comma, .colon, .unknown:
            return true
        case .operator:
            let left = prevFlags.contains(.leftBound)
            let right = prevFlags.contains(.rightBound)
            return left == right || right  // binary or prefix
        case .keyword:
            switch prevKeyword {
            case .true, .false, .AnyType, .nil, .self, .SelfType, .super, .wildcard: return false
            default: return prevKeyword.isReserved
            }
        case .directive:
            // #if, #else, #elseif and #endif sequence expressions; #available and friends do not.
            let c = at(prevStart + 1)
            return c == 0x69 || c == 0x65
        default:
            return false
        }
    }
}
