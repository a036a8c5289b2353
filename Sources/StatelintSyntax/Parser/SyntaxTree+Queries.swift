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
            for token in allTokens where token.kind.isComment && Int(token.length) >= length + 2 {
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
