import StatelintSyntax

/// A node read by `YAMLSubset`, with the 1-based line and UTF-8 byte column where it starts.
public struct YAMLNode: Sendable, Equatable {
    /// What a node holds.
    public enum Content: Sendable, Equatable {
        /// Nothing was written (`key:` with no value, or an empty document).
        case empty
        /// A scalar: its text after unquoting, and how it was written.
        case scalar(String, YAMLScalarStyle)
        /// A list, block (`- a`) or flow (`[a, b]`).
        case list([YAMLNode])
        /// A map in written order, block (`a: 1`) or flow (`{a: 1}`); keys are unique scalars.
        case map([YAMLPair])
    }

    /// The node's content.
    public var content: Content
    /// 1-based line of the node's first character.
    public var line: Int
    /// 1-based UTF-8 byte column of the node's first character.
    public var column: Int

    /// Creates a node.
    public init(_ content: Content, line: Int, column: Int) {
        self.content = content
        self.line = line
        self.column = column
    }

    /// The scalar's text, or `nil` when the node is not a scalar.
    public var scalar: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// Whether the node means "no value": nothing written, or a plain `~` / `null`.
    public var isNull: Bool {
        switch content {
        case .empty: return true
        case .scalar(let text, .plain): return text == "~" || text == "null" || text == "Null" || text == "NULL"
        default: return false
        }
    }

    /// A word for the node's kind, for error messages ("a list", "a map", "a scalar", "nothing").
    public var kindDescription: String {
        switch content {
        case .empty: return "nothing"
        case .scalar: return "a single value"
        case .list: return "a list"
        case .map: return "a map"
        }
    }
}

/// How a scalar was written.
public enum YAMLScalarStyle: Sendable, Equatable {
    /// Unquoted.
    case plain
    /// In `'single quotes'`.
    case singleQuoted
    /// In `"double quotes"`.
    case doubleQuoted
}

/// One `key: value` entry of a map.
public struct YAMLPair: Sendable, Equatable {
    /// The key's text.
    public var key: String
    /// 1-based line of the key.
    public var keyLine: Int
    /// 1-based UTF-8 byte column of the key.
    public var keyColumn: Int
    /// The value.
    public var value: YAMLNode

    /// Creates a pair.
    public init(key: String, keyLine: Int, keyColumn: Int, value: YAMLNode) {
        self.key = key
        self.keyLine = keyLine
        self.keyColumn = keyColumn
        self.value = value
    }
}

/// Why a text is not in the YAML subset, at a 1-based line and UTF-8 byte column.
public struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based UTF-8 byte column.
    public var column: Int
    /// What is wrong, and how to write it instead when that helps.
    public var message: String

    /// Creates an error.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `LINE:COL: MESSAGE`.
    public var description: String { "\(line):\(column): \(message)" }
}

/// A hand-written reader for the part of YAML a `.lintrc` needs.
///
/// Supported: block maps and lists (indentation with spaces), flow maps `{a: 1}` and lists `[a, b]`
/// (which may span lines), plain, `'single'` (`''` for a quote) and `"double"` quoted scalars
/// (escapes `\"`, `\\`, `\n`, `\t`, `\/`), `#` comments, blank lines, an optional leading `---`,
/// `\n`, `\r\n` or `\r` line breaks, and a UTF-8 byte order mark. Everything else — tabs in indentation, anchors,
/// aliases, tags, block scalars, directives, several documents, multi-line plain or quoted scalars,
/// complex keys — is rejected with a `YAMLError`. The reader never traps and always terminates;
/// nesting is limited to `maxDepth` levels.
public enum YAMLSubset {
    /// The deepest nesting of lists and maps accepted.
    public static let maxDepth = 64

    /// Reads a document from text.
    public static func parse(_ text: String) throws(YAMLError) -> YAMLNode {
        try parse(bytes: Array(text.utf8))
    }

    /// Reads a document from bytes; invalid UTF-8 and control characters are errors.
    public static func parse(bytes: [UInt8]) throws(YAMLError) -> YAMLNode {
        var input = bytes
        if input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF {
            input.removeFirst(3)
        }
        var reader = YAMLReader(input)
        try reader.checkCharacters()
        return try reader.parseDocument()
    }
}

// MARK: - Reader

private let space: UInt8 = 0x20
private let tab: UInt8 = 0x09
private let lf: UInt8 = 0x0A
private let cr: UInt8 = 0x0D
private let eof: UInt8 = 0  // NUL is rejected up front, so it can stand for the end of input.

private struct YAMLReader {
    let bytes: [UInt8]
    let lines: LineTable
    var pos = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.lines = LineTable(bytes)
    }

    // MARK: Bytes and positions

    func byte(_ offset: Int = 0) -> UInt8 {
        let i = pos + offset
        return i >= 0 && i < bytes.count ? bytes[i] : eof
    }

    var atEnd: Bool { pos >= bytes.count }

    static func isBreak(_ b: UInt8) -> Bool { b == lf || b == cr }
    static func isBlank(_ b: UInt8) -> Bool { b == space || b == tab }
    /// A blank, a line break or the end of input.
    static func isSeparator(_ b: UInt8) -> Bool { b == space || b == tab || b == lf || b == cr || b == eof }
    static func isFlowIndicator(_ b: UInt8) -> Bool {
        b == UInt8(ascii: ",") || b == UInt8(ascii: "[") || b == UInt8(ascii: "]")
            || b == UInt8(ascii: "{") || b == UInt8(ascii: "}")
    }

    func location(_ offset: Int) -> (line: Int, column: Int) { lines.location(of: min(offset, bytes.count)) }

    /// 0-based column of `offset` in bytes (the indentation of content starting there).
    func indent(of offset: Int) -> Int { location(offset).column - 1 }

    func error(_ message: String, at offset: Int) -> YAMLError {
        let (line, column) = location(offset)
        return YAMLError(line: line, column: column, message: message)
    }

    func node(_ content: YAMLNode.Content, at offset: Int) -> YAMLNode {
        let (line, column) = location(offset)
        return YAMLNode(content, line: line, column: column)
    }

    /// A short, printable rendering of the byte at `offset` for messages.
    func shown(_ offset: Int) -> String {
        guard offset < bytes.count else { return "end of file" }
        let b = bytes[offset]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b == space { return "a space" }
        if b == tab { return "a tab" }
        if Self.isBreak(b) { return "end of line" }
        return "a non-ASCII character"
    }

    // MARK: Characters

    /// Rejects invalid UTF-8 and control characters other than tab and line breaks.
    func checkCharacters() throws(YAMLError) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1 {
                    let b = bytes[offset]
                    if (b < 0x20 && b != tab && b != lf && b != cr) || b == 0x7F {
                        let hex = String(b, radix: 16, uppercase: true)
                        throw error("control character U+\(hex.count < 2 ? "0" + hex : hex) is not allowed", at: offset)
                    }
                }
                offset += encoded.count
            case .emptyInput:
                return
            case .error:
                throw error("the file is not valid UTF-8", at: offset)
            }
        }
    }

    // MARK: Lines

    /// Skips blanks, then a comment, and requires the end of the line (or input); stops at the break.
    mutating func finishLine(after what: String) throws(YAMLError) {
        let start = pos
        while Self.isBlank(byte()) { pos += 1 }
        let b = byte()
        if b == UInt8(ascii: "#") && (pos > start || pos == 0 || Self.isSeparator(byte(-1))) {
            while !atEnd && !Self.isBreak(byte()) { pos += 1 }
            return
        }
        if atEnd || Self.isBreak(b) { return }
        if b == UInt8(ascii: ":") {
            throw error("unexpected ':' after \(what); a key must be a single plain or quoted value, and a nested map must start on its own line", at: pos)
        }
        if b == UInt8(ascii: "#") {
            throw error("a comment needs a space before '#'", at: pos)
        }
        throw error("unexpected \(shown(pos)) after \(what)", at: pos)
    }

    /// From the end of a line (or input), moves to the first character of the next line that has
    /// content, skipping blank and comment-only lines. Leaves `pos` at the end when there is none.
    mutating func nextContentLine(allowDocumentStart: Bool = false) throws(YAMLError) {
        var sawDocumentStart = false
        while true {
            // Move past the line break (or stay at a line start at the very beginning).
            if !atEnd && Self.isBreak(byte()) {
                if byte() == cr && byte(1) == lf { pos += 1 }
                pos += 1
            } else if !atEnd && pos != 0 && !Self.isBreak(byte(-1)) {
                // Not at a line start: only happens after a finished line; skip to its break.
                while !atEnd && !Self.isBreak(byte()) { pos += 1 }
                continue
            }
            if atEnd { return }
            let lineStart = pos
            while byte() == space { pos += 1 }
            var firstTab: Int? = nil
            while Self.isBlank(byte()) {
                if byte() == tab && firstTab == nil { firstTab = pos }
                pos += 1
            }
            let b = byte()
            if atEnd || Self.isBreak(b) { continue }
            if b == UInt8(ascii: "#") {
                while !atEnd && !Self.isBreak(byte()) { pos += 1 }
                continue
            }
            if let firstTab {
                throw error("tabs are not allowed in indentation; indent with spaces", at: firstTab)
            }
            if pos == lineStart {
                if b == UInt8(ascii: "-") && byte(1) == UInt8(ascii: "-") && byte(2) == UInt8(ascii: "-") && Self.isSeparator(byte(3)) {
                    if !allowDocumentStart || sawDocumentStart {
                        throw error("several documents in one file are not supported ('---' may only start the file)", at: pos)
                    }
                    sawDocumentStart = true
                    pos += 3
                    let afterMarker = pos
                    while Self.isBlank(byte()) { pos += 1 }
                    if !atEnd && !Self.isBreak(byte()) && byte() != UInt8(ascii: "#") {
                        throw error("content on the '---' line is not supported; start it on the next line", at: pos)
                    }
                    if byte() == UInt8(ascii: "#") && pos == afterMarker {
                        throw error("a comment needs a space before '#'", at: pos)
                    }
                    while !atEnd && !Self.isBreak(byte()) { pos += 1 }
                    continue
                }
                if b == UInt8(ascii: ".") && byte(1) == UInt8(ascii: ".") && byte(2) == UInt8(ascii: ".") && Self.isSeparator(byte(3)) {
                    throw error("the document end marker '...' is not supported", at: pos)
                }
                if b == UInt8(ascii: "%") {
                    throw error("directives ('%YAML', '%TAG') are not supported", at: pos)
                }
            }
            return
        }
    }

    // MARK: Document

    mutating func parseDocument() throws(YAMLError) -> YAMLNode {
        try nextContentLine(allowDocumentStart: true)
        if atEnd { return YAMLNode(.empty, line: 1, column: 1) }
        let rootIndent = indent(of: pos)
        let root = try parseBlockNode(indent: rootIndent, context: .top, depth: 0)
        if !atEnd {
            if indentOfCurrent() < rootIndent {
                throw error("unexpected indentation: this line is indented less than the first line of the file", at: pos)
            }
            throw error("expected the end of the file: a file holds one map, list or value", at: pos)
        }
        return root
    }

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

    // MARK: Scalars

    /// Parses a quoted or plain scalar at `pos`; rejects YAML features outside the subset.
    mutating func parseScalar(inFlow: Bool) throws(YAMLError) -> YAMLNode {
        let start = pos
        let b = byte()
        switch b {
        case UInt8(ascii: "'"): return try parseSingleQuoted()
        case UInt8(ascii: "\""): return try parseDoubleQuoted()
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            throw error("block scalars ('|' and '>') are not supported; write the value on one line, quoted if needed", at: start)
        case UInt8(ascii: "&"):
            throw error("anchors ('&name') are not supported; quote the value if '&' is part of it", at: start)
        case UInt8(ascii: "*"):
            throw error("aliases ('*name') are not supported; a value starting with '*' (such as a glob) must be quoted: '\(previewPlain())'", at: start)
        case UInt8(ascii: "!"):
            throw error("tags ('!tag') are not supported; quote the value if '!' is part of it", at: start)
        case UInt8(ascii: "%"):
            throw error("a value cannot start with '%'; quote it", at: start)
        case UInt8(ascii: "@"), UInt8(ascii: "`"):
            throw error("a value cannot start with '\(Character(Unicode.Scalar(b)))' (reserved in YAML); quote it", at: start)
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            if inFlow {
                throw error("expected a value before \(shown(start))", at: start)
            }
            throw error("a value cannot start with \(shown(start)); quote it", at: start)
        case UInt8(ascii: "#"):
            throw error("expected a value before the comment", at: start)
        case UInt8(ascii: "?") where Self.isSeparator(byte(1)):
            throw error("complex keys ('? key') are not supported", at: start)
        case UInt8(ascii: ":") where Self.isSeparator(byte(1)) || (inFlow && Self.isFlowIndicator(byte(1))):
            throw error("missing key before ':'", at: start)
        case UInt8(ascii: "-") where Self.isSeparator(byte(1)):
            throw error(inFlow ? "a block list item '- ' cannot appear inside [ ] or { }" : "unexpected list item", at: start)
        default:
            break
        }
        if atEnd || Self.isSeparator(b) {
            throw error("expected a value", at: start)
        }
        var end = pos
        while !atEnd {
            let c = byte()
            if Self.isBreak(c) { break }
            if c == UInt8(ascii: ":") && (Self.isSeparator(byte(1)) || (inFlow && Self.isFlowIndicator(byte(1)))) { break }
            if Self.isBlank(c) {
                if byte(1) == UInt8(ascii: "#") { break }
                pos += 1
                continue
            }
            if inFlow && Self.isFlowIndicator(c) { break }
            pos += 1
            end = pos
        }
        pos = end
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        return node(.scalar(text, .plain), at: start)
    }

    /// The plain text from `pos` to the end of the value, for a "quote it" hint.
    func previewPlain() -> String {
        var i = pos
        while i < bytes.count && !Self.isSeparator(bytes[i]) && !Self.isFlowIndicator(bytes[i]) && i - pos < 60 { i += 1 }
        return String(decoding: bytes[pos..<i], as: UTF8.self)
    }

    mutating func parseSingleQuoted() throws(YAMLError) -> YAMLNode {
        let start = pos
        pos += 1
        var text: [UInt8] = []
        while true {
            if atEnd || Self.isBreak(byte()) {
                throw error("unterminated single-quoted string (quoted values must end on the same line)", at: start)
            }
            let c = byte()
            if c == UInt8(ascii: "'") {
                if byte(1) == UInt8(ascii: "'") {
                    text.append(c)
                    pos += 2
                    continue
                }
                pos += 1
                break
            }
            text.append(c)
            pos += 1
        }
        return node(.scalar(String(decoding: text, as: UTF8.self), .singleQuoted), at: start)
    }

    mutating func parseDoubleQuoted() throws(YAMLError) -> YAMLNode {
        let start = pos
        pos += 1
        var text: [UInt8] = []
        while true {
            if atEnd || Self.isBreak(byte()) {
                throw error("unterminated double-quoted string (quoted values must end on the same line)", at: start)
            }
            let c = byte()
            if c == UInt8(ascii: "\"") {
                pos += 1
                break
            }
            if c == UInt8(ascii: "\\") {
                switch byte(1) {
                case UInt8(ascii: "\""): text.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): text.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): text.append(UInt8(ascii: "/"))
                case UInt8(ascii: "n"): text.append(lf)
                case UInt8(ascii: "t"): text.append(tab)
                default:
                    throw error("unsupported escape in a double-quoted string (use \\\", \\\\, \\n, \\t or \\/; or single quotes, which have no escapes)", at: pos)
                }
                pos += 2
                continue
            }
            text.append(c)
            pos += 1
        }
        return node(.scalar(String(decoding: text, as: UTF8.self), .doubleQuoted), at: start)
    }

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
