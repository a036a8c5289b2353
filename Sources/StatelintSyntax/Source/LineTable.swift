import CStatelintSystem
/// Maps byte offsets to 1-based line and column; `\n`, `\r\n` and a lone `\r` end a line.
public struct LineTable: Sendable {
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int]
    /// The file's byte count.
    public let byteCount: Int

    /// Builds the table in one pass over the bytes.
    public init(_ bytes: [UInt8]) {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buf in
            let n = buf.count
            var i = 0
            while i < n {
                let b = buf[i]
                if b == 0x0A {
                    starts.append(i + 1)
                } else if b == 0x0D {
                    if i + 1 < n && buf[i + 1] == 0x0A { i += 1 }
                    starts.append(i + 1)
                }
                i += 1
            }
        }
        lineStarts = starts
        byteCount = bytes.count
    }

    /// A file's number of lines: counted when it was read, else counted now.
    public static func count(_ file: SourceFile) -> Int { file.knownLineCount ?? count(file.bytes) }

    /// Counts lines without building a table (a final line without a newline counts).
    public static func count(_ bytes: [UInt8]) -> Int {
        let newlines = bytes.withUnsafeBufferPointer { buf in
            buf.isEmpty ? 0 : statelint_count_newlines(buf.baseAddress!, buf.count)
        }
        return bytes.last == 0x0A ? newlines : newlines + 1
    }

    /// Number of lines (a final line without a newline counts).
    public var lineCount: Int { lineStarts.count }

    /// The 0-based index of the line containing `offset`.
    public func lineIndex(of offset: Int) -> Int {
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The 1-based line and 1-based UTF-8 byte column of `offset`.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        let index = lineIndex(of: offset)
        return (index + 1, offset - lineStarts[index] + 1)
    }

    /// The byte range of the 1-based `line`, without its line break.
    public func lineRange(_ line: Int, in bytes: [UInt8]) -> Range<Int> {
        let index = max(0, min(line - 1, lineStarts.count - 1))
        let start = lineStarts[index]
        var end = index + 1 < lineStarts.count ? lineStarts[index + 1] : byteCount
        while end > start && (bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D) { end -= 1 }
        return start..<end
    }
}
