extension SyntaxTree {
    /// The text of a comment without its delimiters (`//`, `///`, `/*`, `/**`, `*/`) and leading blanks,
    /// as a byte range of the file.
    public func commentText(_ token: Token) -> Range<Int> {
        var start = Int(token.start) + 2
        var end = token.end
        if token.kind == .blockComment || token.kind == .docBlockComment { end = max(start, end - 2) }
        if token.kind == .docLineComment { start += 1 }
        start = min(start, end)
        let bytes = file.bytes
        while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
        return start..<end
    }

    /// Whether some comment's text starts with `prefix` (how `statelint:` directives are written).
    public func hasComment(startingWith prefix: StaticString) -> Bool {
        let length = prefix.utf8CodeUnitCount
        let pattern = UnsafeBufferPointer(start: prefix.utf8Start, count: length)
        return file.bytes.withUnsafeBufferPointer { bytes in
            // Only the comments the lexer noted are looked at.
            for token in comments {
                guard Int(token.length) >= length + 2 else { continue }
                let text = commentText(token)
                guard text.count >= length else { continue }
                var k = 0
                while k < length && bytes[text.lowerBound + k] == pattern[k] { k += 1 }
                if k == length { return true }
            }
            return false
        }
    }
}

extension SyntaxTree {
    /// Whether a type is declared inside a function, accessor or closure body (a local type). Its name
    /// is not visible at file scope, so project-wide facts never describe it.
    public func isLocalType(_ index: Int32) -> Bool {
        guard index >= 0 && Int(index) < types.count else { return false }
        var current = nodes[Int(types[Int(index)].node)].parent
        var steps = 0
        while current >= 0 && steps < 100_000 {
            switch nodes[Int(current)].kind {
            case .functionDecl, .accessor, .closure: return true
            default: break
            }
            current = nodes[Int(current)].parent
            steps += 1
        }
        return false
    }
}

extension SyntaxTree {
    /// A token's text without backticks (`identifierText` of the token of `` `default` `` is `default`).
    public func identifierText(_ token: Int32) -> String {
        guard token >= 0 && Int(token) < tokens.count else { return "" }
        return file.identifierText(tokens[Int(token)].range)
    }

    /// How the backing storage of the property whose name is `token` is spelled in code: `_name`, or
    /// `` `_name` `` when the name is written in backticks (a raw identifier such as `` `foo bar` `` needs them).
    public func backingStorageSpelling(_ token: Int32) -> String {
        let name = identifierText(token)
        return text(token).hasPrefix("`") ? "`_\(name)`" : "_" + name
    }

    /// The byte range from a node's first token to its last.
    public func range(ofTokens first: Int32, _ last: Int32) -> Range<Int> {
        guard first >= 0, Int(first) < tokens.count else { return file.bytes.count..<file.bytes.count }
        let start = Int(tokens[Int(first)].start)
        guard last >= first, Int(last) < tokens.count else { return start..<tokens[Int(first)].end }
        return start..<max(start, tokens[Int(last)].end)
    }

    /// The range that deletes whole lines holding exactly `first…last`, or nil when other code shares them.
    public func lineDeletionRange(first: Int32, last: Int32) -> Range<Int>? {
        // The lines are found around the statement (a table of the whole file per finding made a file with
        // many findings quadratic).
        let bytes = file.bytes
        let start = Int(tokens[Int(first)].start)
        let end = tokens[Int(last)].end
        var lineStart = start
        while lineStart > 0 && bytes[lineStart - 1] != 0x0A && bytes[lineStart - 1] != 0x0D { lineStart -= 1 }
        var nextLineStart = max(start, end - 1)
        while nextLineStart < bytes.count && bytes[nextLineStart] != 0x0A && bytes[nextLineStart] != 0x0D { nextLineStart += 1 }
        if nextLineStart < bytes.count {
            nextLineStart += bytes[nextLineStart] == 0x0D && nextLineStart + 1 < bytes.count && bytes[nextLineStart + 1] == 0x0A ? 2 : 1
        }
        // Only whitespace may stand between the line start and the first token, and only trivia after the last.
        for b in file.bytes[lineStart..<start] where b != 0x20 && b != 0x09 { return nil }
        if first > 0 && Int(tokens[Int(first) - 1].end) > lineStart { return nil }
        if Int(last) + 1 < tokens.count && Int(tokens[Int(last) + 1].start) < nextLineStart { return nil }
        // A comment after the statement that runs on past the line (`print(x) /* note` … `*/`) would lose
        // its opening: the deletion would leave an orphan `*/`.
        // (Only a comment can: spaces and line ends never run past a line end.)
        var i = firstComment(atOrAfter: end)
        while i < comments.count && Int(comments[i].start) < nextLineStart {
            if comments[i].end > nextLineStart { return nil }
            i += 1
        }
        return lineStart..<nextLineStart
    }

    /// The index in `comments` of the first comment starting at or after byte `offset`.
    func firstComment(atOrAfter offset: Int) -> Int {
        var low = 0
        var high = comments.count
        while low < high {
            let mid = (low + high) / 2
            if Int(comments[mid].start) < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
