import StatelintSyntax

extension YAMLReader {
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
                case UInt8(ascii: "n"): text.append(YAMLByte.lf)
                case UInt8(ascii: "t"): text.append(YAMLByte.tab)
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
}
