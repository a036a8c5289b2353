import StatelintSyntax

/// The reader behind `YAMLSubset.parse`: bytes, positions, characters, lines and the document
/// (block nodes: YAMLReader+Block.swift, scalars: YAMLReader+Scalars.swift, flow: YAMLReader+Flow.swift).

/// The bytes the reader looks for.
enum YAMLByte {
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let lf: UInt8 = 0x0A
    static let cr: UInt8 = 0x0D
    /// NUL is rejected up front, so it can stand for the end of input.
    static let eof: UInt8 = 0
}

struct YAMLReader {
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
        return i >= 0 && i < bytes.count ? bytes[i] : YAMLByte.eof
    }

    var atEnd: Bool { pos >= bytes.count }

    static func isBreak(_ b: UInt8) -> Bool { b == YAMLByte.lf || b == YAMLByte.cr }
    static func isBlank(_ b: UInt8) -> Bool { b == YAMLByte.space || b == YAMLByte.tab }
    /// A blank, a line break or the end of input.
    static func isSeparator(_ b: UInt8) -> Bool { b == YAMLByte.space || b == YAMLByte.tab || b == YAMLByte.lf || b == YAMLByte.cr || b == YAMLByte.eof }
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
        if b == YAMLByte.space { return "a space" }
        if b == YAMLByte.tab { return "a tab" }
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
                    if (b < 0x20 && b != YAMLByte.tab && b != YAMLByte.lf && b != YAMLByte.cr) || b == 0x7F {
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
                if byte() == YAMLByte.cr && byte(1) == YAMLByte.lf { pos += 1 }
                pos += 1
            } else if !atEnd && pos != 0 && !Self.isBreak(byte(-1)) {
                // Not at a line start: only happens after a finished line; skip to its break.
                while !atEnd && !Self.isBreak(byte()) { pos += 1 }
                continue
            }
            if atEnd { return }
            let lineStart = pos
            while byte() == YAMLByte.space { pos += 1 }
            var firstTab: Int? = nil
            while Self.isBlank(byte()) {
                if byte() == YAMLByte.tab && firstTab == nil { firstTab = pos }
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
}
