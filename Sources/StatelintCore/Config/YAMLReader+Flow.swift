import StatelintSyntax

extension YAMLReader {
    // MARK: Flow context

    /// Skips blanks, line breaks and comments inside `[ ]` or `{ }`.
    mutating func skipFlowSpace() throws(YAMLError) {
        while !atEnd {
            let c = byte()
            if Self.isBlank(c) || Self.isBreak(c) {
                pos += 1
            } else if c == UInt8(ascii: "#") {
                while !atEnd && !Self.isBreak(byte()) { pos += 1 }
            } else {
                return
            }
        }
    }

    mutating func parseFlowNode(depth: Int) throws(YAMLError) -> YAMLNode {
        if depth >= YAMLSubset.maxDepth {
            throw error("nesting deeper than \(YAMLSubset.maxDepth) levels is not supported", at: pos)
        }
        switch byte() {
        case UInt8(ascii: "["): return try parseFlowList(depth: depth)
        case UInt8(ascii: "{"): return try parseFlowMap(depth: depth)
        default: return try parseScalar(inFlow: true)
        }
    }

    mutating func parseFlowList(depth: Int) throws(YAMLError) -> YAMLNode {
        let start = pos
        pos += 1
        var items: [YAMLNode] = []
        while true {
            try skipFlowSpace()
            if atEnd { throw error("unterminated flow list: '[' has no matching ']'", at: start) }
            if byte() == UInt8(ascii: "]") {
                pos += 1
                break
            }
            if byte() == UInt8(ascii: ",") { throw error("empty entry in a flow list", at: pos) }
            items.append(try parseFlowNode(depth: depth + 1))
            try skipFlowSpace()
            if byte() == UInt8(ascii: ":") {
                throw error("'key: value' inside [ ] is not supported; write a flow map {key: value}", at: pos)
            }
            if byte() == UInt8(ascii: ",") {
                pos += 1
                continue
            }
            if byte() == UInt8(ascii: "]") { continue }
            if atEnd { throw error("unterminated flow list: '[' has no matching ']'", at: start) }
            throw error("expected ',' or ']' in a flow list, found \(shown(pos))", at: pos)
        }
        return node(.list(items), at: start)
    }

    mutating func parseFlowMap(depth: Int) throws(YAMLError) -> YAMLNode {
        let start = pos
        pos += 1
        var pairs: [YAMLPair] = []
        var seen = Set<String>()
        while true {
            try skipFlowSpace()
            if atEnd { throw error("unterminated flow map: '{' has no matching '}'", at: start) }
            if byte() == UInt8(ascii: "}") {
                pos += 1
                break
            }
            if byte() == UInt8(ascii: ",") { throw error("empty entry in a flow map", at: pos) }
            if byte() == UInt8(ascii: "[") || byte() == UInt8(ascii: "{") {
                throw error("a map key must be a plain or quoted value, not a flow collection", at: pos)
            }
            let key = try parseScalar(inFlow: true)
            let keyText = key.scalar ?? ""
            try skipFlowSpace()
            guard byte() == UInt8(ascii: ":") else {
                if atEnd { throw error("unterminated flow map: '{' has no matching '}'", at: start) }
                let hint = keyText.contains(":") ? " (put a space after ':')" : ""
                throw YAMLError(line: key.line, column: key.column, message: "expected ':' after key '\(keyText)' in a flow map\(hint)")
            }
            let colon = pos
            pos += 1
            try skipFlowSpace()
            let value: YAMLNode
            if byte() == UInt8(ascii: ",") || byte() == UInt8(ascii: "}") {
                value = node(.empty, at: colon + 1)
            } else if atEnd {
                throw error("unterminated flow map: '{' has no matching '}'", at: start)
            } else {
                value = try parseFlowNode(depth: depth + 1)
            }
            if !seen.insert(keyText).inserted {
                throw YAMLError(line: key.line, column: key.column, message: "duplicate key '\(keyText)'")
            }
            pairs.append(YAMLPair(key: keyText, keyLine: key.line, keyColumn: key.column, value: value))
            try skipFlowSpace()
            if byte() == UInt8(ascii: ",") {
                pos += 1
                continue
            }
            if byte() == UInt8(ascii: "}") { continue }
            if atEnd { throw error("unterminated flow map: '{' has no matching '}'", at: start) }
            throw error("expected ',' or '}' in a flow map, found \(shown(pos))", at: pos)
        }
        return node(.map(pairs), at: start)
    }
}
