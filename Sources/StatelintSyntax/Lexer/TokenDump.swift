/// Renders tokens as `LINE:COL KIND TEXT` lines, the format of `statelint tokens`.
public enum TokenDump {
    /// One line per token; trivia only when `includeTrivia` is set.
    public static func render(_ file: SourceFile, includeTrivia: Bool = false) -> String {
        let lexed = Lexer.tokenize(file.bytes)
        let lines = LineTable(file.bytes)
        var out: [UInt8] = []
        out.reserveCapacity(file.bytes.count * 3)
        for token in lexed.tokens where includeTrivia || !token.kind.isTrivia {
            let (line, column) = lines.location(of: Int(token.start))
            out.append(contentsOf: String(line).utf8)
            out.append(0x3A)
            out.append(contentsOf: String(column).utf8)
            out.append(0x20)
            out.append(contentsOf: token.kind.displayName.utf8)
            out.append(0x20)
            escape(file.bytes, token.range, into: &out)
            out.append(0x0A)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Escapes bytes so a token stays on one line: `\\`, `\n`, `\t`, `\r`, other control or invalid bytes as `\xNN`.
    static func escape(_ bytes: [UInt8], _ range: Range<Int>, into out: inout [UInt8]) {
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        var i = range.lowerBound
        while i < range.upperBound {
            let b = bytes[i]
            switch b {
            case 0x5C: out.append(0x5C); out.append(0x5C)
            case 0x0A: out.append(0x5C); out.append(0x6E)
            case 0x09: out.append(0x5C); out.append(0x74)
            case 0x0D: out.append(0x5C); out.append(0x72)
            case 0x00..<0x20, 0x7F:
                out.append(contentsOf: [0x5C, 0x78, hex[Int(b >> 4)], hex[Int(b & 15)]])
            case 0x80...0xFF:
                let valid = bytes.withUnsafeBufferPointer { CharClass.decode($0, i) }
                if let (_, length) = valid, i + length <= range.upperBound {
                    out.append(contentsOf: bytes[i..<i + length])
                    i += length
                    continue
                }
                out.append(contentsOf: [0x5C, 0x78, hex[Int(b >> 4)], hex[Int(b & 15)]])
            default: out.append(b)
            }
            i += 1
        }
    }
}
