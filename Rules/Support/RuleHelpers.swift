import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

extension SyntaxTree {
    /// The byte range from a node's first token to its last.
    public func range(ofTokens first: Int32, _ last: Int32) -> Range<Int> {
        guard first >= 0, Int(first) < tokens.count else { return file.bytes.count..<file.bytes.count }
        let start = Int(tokens[Int(first)].start)
        guard last >= first, Int(last) < tokens.count else { return start..<tokens[Int(first)].end }
        return start..<max(start, tokens[Int(last)].end)
    }

    /// The range that deletes whole lines holding exactly `first…last`, or nil when other code shares them.
    public func lineDeletionRange(first: Int32, last: Int32) -> Range<Int>? {
        let lines = LineTable(file.bytes)
        let start = Int(tokens[Int(first)].start)
        let end = tokens[Int(last)].end
        let lineStart = lines.lineStarts[lines.lineIndex(of: start)]
        let endLine = lines.lineIndex(of: max(start, end - 1))
        let nextLineStart = endLine + 1 < lines.lineCount ? lines.lineStarts[endLine + 1] : file.bytes.count
        // Only whitespace may stand between the line start and the first token, and only trivia after the last.
        for b in file.bytes[lineStart..<start] where b != 0x20 && b != 0x09 { return nil }
        if first > 0 && Int(tokens[Int(first) - 1].end) > lineStart { return nil }
        if Int(last) + 1 < tokens.count && Int(tokens[Int(last) + 1].start) < nextLineStart { return nil }
        // A comment after the statement that runs on past the line (`print(x) /* note` … `*/`) would lose
        // its opening: the deletion would leave an orphan `*/`.
        var i = firstTrivia(atOrAfter: end)
        while i < allTokens.count && Int(allTokens[i].start) < nextLineStart {
            if allTokens[i].end > nextLineStart { return nil }
            i += 1
        }
        return lineStart..<nextLineStart
    }

    /// The index in `allTokens` of the first token starting at or after byte `offset`.
    func firstTrivia(atOrAfter offset: Int) -> Int {
        var low = 0
        var high = allTokens.count
        while low < high {
            let mid = (low + high) / 2
            if Int(allTokens[mid].start) < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The node itself, or the only element of a one-element sequence.
    public func unwrapSequence(_ node: Int32) -> Int32 {
        var current = node
        while current >= 0 && nodes[Int(current)].kind == .sequence {
            let child = nodes[Int(current)].firstChild
            guard child >= 0, nodes[Int(child)].nextSibling < 0 else { return current }
            current = child
        }
        return current
    }

    /// The callee node of a call.
    public func callee(of call: Int32) -> Int32 { nodes[Int(call)].firstChild }
}
