/// Names: identifiers (the ASCII fast path and the general one), `$0`-style names, names in backticks
/// and editor placeholders.
extension LexerState {
    @inline(__always)
    mutating func skipIdentifierContinue() {
        while pos < n {
            let c = buf[pos]
            if classes[Int(c)] & ByteClass.identifierContinue != 0 {
                pos += 1
            } else if c < 0x80 {
                return
            } else if let (scalar, length) = CharClass.decode(buf, pos), CharClass.isIdentifierContinue(scalar) {
                pos += length
            } else {
                return
            }
        }
    }

    /// A name that starts with an ASCII letter or `_` (most tokens): scanned with the byte table, and
    /// looked up as a keyword only when some keyword has its first byte, length and last byte.
    @inline(__always)
    mutating func lexASCIIIdentifier(_ start: Int) {
        var i = start + 1
        while i < n && classes[Int(buf[i])] & ByteClass.identifierContinue != 0 { i += 1 }
        pos = i
        if i < n && buf[i] >= 0x80 { skipIdentifierContinue() }
        emitName(start)
    }

    /// The name `start..<pos` as an identifier or a keyword: looked up only when some keyword has its first
    /// byte, its length and (in the low six bits) its last byte (none starts with a non-ASCII byte).
    @inline(__always)
    mutating func emitName(_ start: Int) {
        let length = pos - start
        let keyword = length < 16 && (keywordEnds[Int(buf[start]) &* 16 &+ length] >> UInt64(buf[pos - 1] & 63)) & 1 != 0
            ? keywords.lookup(buf, start, pos) : .none
        if keyword == .none {
            emitUnbound(.identifier, start, pos, keyword: .none)
        } else if keyword.isReserved {
            emitUnbound(.keyword, start, pos, keyword: keyword)
        } else {
            // A contextual keyword after `.` is a member name.
            emitUnbound(prevKind == .period ? .identifier : .keyword, start, pos, keyword: keyword)
        }
        if Noting.notes && notes.notesName(first: buf[start], length: length) { noteLast() }
    }

    mutating func lexIdentifier(_ start: Int) {
        if buf[start] < 0x80 {
            pos = start + 1
        } else if let (_, length) = CharClass.decode(buf, start) {
            pos = start + length
        } else {
            pos = start + 1
        }
        skipIdentifierContinue()
        emitName(start)
    }

    mutating func lexDollar(_ start: Int) {
        pos = start + 1
        skipIdentifierContinue()
        emit(.identifier, start, pos)
        noteLast()
    }

    mutating func lexBacktick(_ start: Int) {
        var i = start + 1
        while i < n {
            let c = buf[i]
            if c == aBacktick || c == aLF || c == aCR { break }
            i += 1
        }
        if i < n && buf[i] == aBacktick && i > start + 1 {
            pos = i + 1
            emit(.identifier, start, pos)
            noteLast()
        } else {
            pos = start + 1
            emit(.backtick, start, pos)
        }
    }

    /// `<#placeholder#>`, which swift-syntax lexes as an identifier.
    mutating func lexPlaceholder(_ start: Int) -> Bool {
        var i = start + 2
        while i + 1 < n {
            let c = buf[i]
            if c == aLF || c == aCR { return false }
            if c == aLess && buf[i + 1] == aHash { return false }
            if c == aHash && buf[i + 1] == aGreater {
                pos = i + 2
                emit(.identifier, start, pos)
                noteLast()
                return true
            }
            i += 1
        }
        return false
    }
}
