import StatelintSyntax

extension YAMLReader {
    // MARK: Block context

    enum BlockContext {
        /// A node on a line of its own (document root, or a value on the lines after `key:` / `-`).
        case top
        /// After `key: ` on the same line.
        case mapValue
        /// After `- ` on the same line.
        case listItem
    }

    /// Parses the node starting at `pos` and leaves `pos` at the first character of the next content
    /// line (or the end). `indent` is the column of the node's first character.
    /// `parentIndent` is the indentation of the map or list holding an inline node.
    mutating func parseBlockNode(indent: Int, parentIndent: Int = -1, context: BlockContext, depth: Int) throws(YAMLError) -> YAMLNode {
        if depth >= YAMLSubset.maxDepth {
            throw error("nesting deeper than \(YAMLSubset.maxDepth) levels is not supported", at: pos)
        }
        let start = pos
        let b = byte()
        if b == UInt8(ascii: "-") && Self.isSeparator(byte(1)) {
            if context == .mapValue {
                throw error("a list cannot start on the same line as its key; put '- item' lines below it, or write [a, b]", at: pos)
            }
            return try parseBlockList(indent: indent, underKeyAtSameIndent: false, depth: depth + 1)
        }
        if b == UInt8(ascii: "[") || b == UInt8(ascii: "{") {
            let value = try parseFlowNode(depth: depth + 1)
            try finishLine(after: b == UInt8(ascii: "[") ? "a flow list" : "a flow map")
            try nextContentLine()
            return value
        }
        let key = try parseScalar(inFlow: false)
        let afterKey = pos
        while Self.isBlank(byte()) { pos += 1 }
        if byte() == UInt8(ascii: ":") && Self.isSeparator(byte(1)) {
            if context == .mapValue {
                throw error("a nested map cannot start on the same line as its key; put it on the next lines, indented, or write {key: value}", at: start)
            }
            return try parseBlockMap(indent: indent, firstKey: key, depth: depth + 1)
        }
        pos = afterKey
        try finishLine(after: "the value")
        try nextContentLine()
        if !atEnd && indentOfCurrent() > (context == .top ? indent : parentIndent) {
            // A continuation line under an inline value.
            throw error("unexpected indentation; values that continue on the next line are not supported (keep a value on one line, quoted if needed)", at: pos)
        }
        return key
    }

    func indentOfCurrent() -> Int { indent(of: pos) }

    /// Whether `pos` is at a block list item marker `- `.
    func atListItem() -> Bool { byte() == UInt8(ascii: "-") && Self.isSeparator(byte(1)) }

    mutating func parseBlockList(indent: Int, underKeyAtSameIndent: Bool, depth: Int) throws(YAMLError) -> YAMLNode {
        if depth >= YAMLSubset.maxDepth {
            throw error("nesting deeper than \(YAMLSubset.maxDepth) levels is not supported", at: pos)
        }
        let start = pos
        var items: [YAMLNode] = []
        while true {
            // At '-' followed by a separator, in column `indent`.
            let dash = pos
            pos += 1
            while Self.isBlank(byte()) { pos += 1 }
            if atEnd || Self.isBreak(byte()) || byte() == UInt8(ascii: "#") {
                pos = dash + 1
                try finishLine(after: "'-'")
                try nextContentLine()
                if !atEnd && indentOfCurrent() > indent {
                    items.append(try parseBlockNode(indent: indentOfCurrent(), context: .top, depth: depth))
                } else {
                    items.append(node(.empty, at: dash + 1))
                }
            } else {
                items.append(try parseBlockNode(indent: indentOfCurrent(), parentIndent: indent, context: .listItem, depth: depth))
            }
            if atEnd { break }
            let next = indentOfCurrent()
            if next < indent { break }
            if next > indent {
                throw error("unexpected indentation; list items must line up with the '-' above", at: pos)
            }
            if atListItem() { continue }
            if underKeyAtSameIndent { break }
            throw error("expected a list item '- ' here (this line lines up with the list above)", at: pos)
        }
        return node(.list(items), at: start)
    }

    mutating func parseBlockMap(indent: Int, firstKey: YAMLNode, depth: Int) throws(YAMLError) -> YAMLNode {
        if depth >= YAMLSubset.maxDepth {
            throw error("nesting deeper than \(YAMLSubset.maxDepth) levels is not supported", at: pos)
        }
        var pairs: [YAMLPair] = []
        var seen = Set<String>()
        var key = firstKey
        let start = (line: firstKey.line, column: firstKey.column)
        while true {
            // At ':' (after the key and optional blanks).
            guard let keyText = key.scalar else {
                throw YAMLError(line: key.line, column: key.column, message: "a map key must be a single value")
            }
            if !seen.insert(keyText).inserted {
                throw YAMLError(line: key.line, column: key.column, message: "duplicate key '\(keyText)'")
            }
            let colon = pos
            pos += 1
            while Self.isBlank(byte()) { pos += 1 }
            let value: YAMLNode
            if atEnd || Self.isBreak(byte()) || byte() == UInt8(ascii: "#") {
                pos = colon + 1
                try finishLine(after: "':'")
                try nextContentLine()
                if atEnd {
                    value = node(.empty, at: colon + 1)
                } else if indentOfCurrent() > indent {
                    value = try parseBlockNode(indent: indentOfCurrent(), context: .top, depth: depth)
                } else if indentOfCurrent() == indent && atListItem() {
                    value = try parseBlockList(indent: indent, underKeyAtSameIndent: true, depth: depth + 1)
                } else {
                    value = node(.empty, at: colon + 1)
                }
            } else {
                value = try parseBlockNode(indent: indentOfCurrent(), parentIndent: indent, context: .mapValue, depth: depth)
            }
            pairs.append(YAMLPair(key: keyText, keyLine: key.line, keyColumn: key.column, value: value))
            if atEnd { break }
            let next = indentOfCurrent()
            if next < indent { break }
            if next > indent {
                throw error("unexpected indentation; keys of a map must line up with the key above", at: pos)
            }
            if atListItem() {
                throw error("unexpected list item in a map; indent the list under its key", at: pos)
            }
            let b = byte()
            if b == UInt8(ascii: "[") || b == UInt8(ascii: "{") {
                throw error("a map key must be a plain or quoted value, not a flow collection", at: pos)
            }
            let keyStart = pos
            key = try parseScalar(inFlow: false)
            while Self.isBlank(byte()) { pos += 1 }
            if !(byte() == UInt8(ascii: ":") && Self.isSeparator(byte(1))) {
                throw error("expected 'key: value' (a map entry) here", at: keyStart)
            }
        }
        return YAMLNode(.map(pairs), line: start.line, column: start.column)
    }
}
