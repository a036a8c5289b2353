import CStatelintSystem
extension LexerState {
    // MARK: - Strings

    /// Lexes a string literal from its opening delimiter (`hashes` leading `#`s at `start`).
    mutating func lexString(_ start: Int, hashes: Int) {
        var i = start + hashes
        let quote = buf[i]
        i += 1
        var multiline = false
        if quote == aQuote && at(i) == aQuote && at(i + 1) == aQuote {
            multiline = true
            if hashes > 0 {
                // `#"""#` is a one-line raw string whose content is `"`: look for its close on this line.
                var j = i + 1
                while j < n && buf[j] != aLF && buf[j] != aCR {
                    if buf[j] == aQuote {
                        var k = j + 1
                        var count = 0
                        while k < n && buf[k] == aHash { k += 1; count += 1 }
                        if count >= hashes { multiline = false; break }
                    }
                    j += 1
                }
            }
            if multiline { i += 2 }
        }
        pos = i
        emit(.stringOpen, start, pos, extra: multiline ? .multiline : [])
        opened()
        scanStringBody(StringContext(multiline: multiline, hashes: hashes, quote: quote))
    }

    /// Scans string content from `pos` up to the closing delimiter, an interpolation, or the end.
    mutating func scanStringBody(_ ctx: StringContext) {
        let segmentStart = pos
        while pos < n {
            // Past the plain bytes at once (many at a time in C); then the byte that needs a look.
            pos = statelint_string_stop(buf.baseAddress!, n, pos)
            guard pos < n else { break }
            let b = buf[pos]
            if b == aBackslash {
                var j = pos + 1
                var k = 0
                while k < ctx.hashes && j < n && buf[j] == aHash { j += 1; k += 1 }
                if k < ctx.hashes {
                    pos += 1
                    continue
                }
                if at(j) == aLParen {
                    if pos > segmentStart { emit(.stringSegment, segmentStart, pos) }
                    emit(.interpolationOpen, pos, j + 1)
                    opened()
                    frames.append(Frame(parenDepth: 0, string: ctx))
                    pos = j + 1
                    return
                }
                // An escape: skip the escaped byte unless it ends the line of a one-line string.
                let e = at(j)
                if j >= n || ((e == aLF || e == aCR) && !ctx.multiline) {
                    pos = j
                } else {
                    pos = j + 1
                }
                continue
            }
            if b == aLF || b == aCR {
                if !ctx.multiline {
                    if pos > segmentStart { emit(.stringSegment, segmentStart, pos) }
                    diagnose(pos, "unterminated string literal")
                    return
                }
                pos += 1
                continue
            }
            if b == ctx.quote {
                var close = pos + 1
                if ctx.multiline {
                    guard at(pos + 1) == aQuote && at(pos + 2) == aQuote else {
                        pos += 1
                        continue
                    }
                    close = pos + 3
                }
                var k = 0
                while k < ctx.hashes && close < n && buf[close] == aHash { close += 1; k += 1 }
                if k == ctx.hashes {
                    if pos > segmentStart { emit(.stringSegment, segmentStart, pos) }
                    let quoteStart = pos
                    pos = close
                    emit(.stringClose, quoteStart, pos, extra: ctx.multiline ? .multiline : [])
                    closed()
                    return
                }
                pos += 1
                continue
            }
            pos += 1
        }
        if pos > segmentStart { emit(.stringSegment, segmentStart, pos) }
        diagnose(pos, ctx.multiline ? "unterminated multi-line string literal" : "unterminated string literal")
    }

    // MARK: - `#`

    mutating func lexPound(_ start: Int) {
        var i = start
        while i < n && buf[i] == aHash { i += 1 }
        let hashes = i - start
        let next = at(i)
        if next == aQuote {
            lexString(start, hashes: hashes)
            return
        }
        if next == aSlash, scanRegex(start, hashes: hashes, mustBeRegex: true) {
            return
        }
        if hashes == 1 && i < n && (CharClass.isASCIIIdentifierStart(next)) {
            var j = i + 1
            while j < n && CharClass.isASCIIIdentifierContinue(buf[j]) { j += 1 }
            if isDirectiveWord(i, j) {
                pos = j
                emit(.directive, start, pos)
                return
            }
        }
        pos = start + 1
        emit(.pound, start, pos)
    }

    func isDirectiveWord(_ s: Int, _ e: Int) -> Bool {
        func matches(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard e - s == count else { return false }
            let p = word.utf8Start
            for k in 0..<count where p[k] != buf[s + k] { return false }
            return true
        }
        return matches("if") || matches("elseif") || matches("else") || matches("endif")
            || matches("sourceLocation") || matches("available") || matches("unavailable")
    }

    // MARK: - Regex literals

    /// Tries a bare `/…/` regex literal at `start` using Swift's rules; emits it and returns true on success.
    mutating func tryBareRegex(_ start: Int) -> Bool {
        let leftBound = isLeftBound(start)
        if leftBound { return false }
        // After `func` or `operator` the next token is an operator name.
        if prevKind == .keyword && (prevKeyword == .func || prevKeyword == .operator) { return false }
        let opEnd = operatorEnd(start)
        let rightBound = isRightBound(opEnd, leftBound: false)
        var mustBeRegex = false
        if !rightBound {
            if !isInRegexLiteralPosition { return false }
            if previousIsBinaryOperator { mustBeRegex = true }
        }
        return scanRegex(start, hashes: 0, mustBeRegex: mustBeRegex)
    }

    /// Scans a regex literal starting at `start` (after `hashes` `#`s); emits it on success.
    mutating func scanRegex(_ start: Int, hashes: Int, mustBeRegex: Bool) -> Bool {
        var i = start + hashes + 1
        if hashes == 0 {
            let c = at(i)
            if c == aSlash || c == aStar { return false }
            if (c == aSpace || c == aTab) && !mustBeRegex { return false }
        }
        var multiline = false
        var firstNewline = -1
        if hashes > 0 {
            var j = i
            while j < n && (buf[j] == aSpace || buf[j] == aTab) { j += 1 }
            if j < n && (buf[j] == aLF || buf[j] == aCR) {
                multiline = true
                firstNewline = j
                i = j
            }
        }
        var groupDepth = 0
        var classDepth = 0
        var lastSpace = -1

        func finishUnterminated(_ state: inout LexerState<Noting>, at end: Int) -> Bool {
            if !mustBeRegex { return false }
            state.pos = end
            state.emit(.regexLiteral, start, end, extra: .unterminated)
            state.diagnose(start, "unterminated regex literal")
            return true
        }

        while true {
            if i >= n {
                return finishUnterminated(&self, at: multiline ? firstNewline : n)
            }
            if buf[i] == aSlash {
                var j = i + 1
                var closeHashes = 0
                if hashes > 0 {
                    while j < n && buf[j] == aHash { j += 1; closeHashes += 1 }
                }
                if closeHashes >= hashes {
                    if hashes == 0 {
                        let after = at(j)
                        if j < n && (after == aStar || after == aSlash) {
                            return finishUnterminated(&self, at: i)
                        }
                        if lastSpace == i - 1 && !mustBeRegex { return false }
                    }
                    pos = j
                    emit(.regexLiteral, start, j)
                    return true
                }
            }
            var c = buf[i]
            var escaped = false
            if c == aBackslash {
                escaped = true
                i += 1
                if i >= n { continue }
                c = buf[i]
            }
            switch c {
            case aLF, aCR:
                if !multiline { return finishUnterminated(&self, at: i) }
            case aLParen where !escaped && classDepth == 0:
                groupDepth += 1
            case aRParen where !escaped && classDepth == 0:
                if groupDepth == 0 {
                    if !mustBeRegex { return false }
                } else {
                    groupDepth -= 1
                }
            case aLBracket where !escaped:
                classDepth += 1
            case aRBracket where !escaped:
                if classDepth > 0 { classDepth -= 1 }
            case aSpace, aTab:
                if !escaped { lastSpace = i }
            default:
                break
            }
            i += 1
        }
    }
}
