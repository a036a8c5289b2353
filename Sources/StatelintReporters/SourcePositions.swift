import StatelintCore
import StatelintSyntax

/// A 1-based region: start line and column, end line and column (the end column is exclusive: the
/// column just past the last character, as in SARIF).
struct Region: Equatable, Sendable {
    /// 1-based line of the first character.
    var startLine: Int
    /// 1-based column of the first character.
    var startColumn: Int
    /// 1-based line of the end.
    var endLine: Int
    /// 1-based column just past the last character.
    var endColumn: Int
}

/// How a reporter counts columns.
enum ColumnUnit: Sendable {
    /// UTF-8 bytes, as the text format (and clang, Xcode).
    case utf8Bytes
    /// UTF-16 code units, as SARIF's `utf16CodeUnits` and web front ends.
    case utf16CodeUnits
}

/// Line and column lookups for one file of a report. A finding whose file is missing from
/// `LintReport.sources` (which the engine never produces) maps to line 1, column 1.
struct FileLines: Sendable {
    /// The file's bytes (empty for a missing file).
    let bytes: [UInt8]
    /// Where each line starts.
    let table: LineTable

    /// Indexes a file's lines; `nil` stands for a file the report lacks.
    init(_ file: SourceFile?) {
        bytes = file?.bytes ?? []
        table = LineTable(bytes)
    }

    /// One `FileLines` per file of the report that has findings.
    static func all(_ report: LintReport) -> [String: FileLines] {
        report.sources.mapValues { FileLines($0) }
    }

    /// The 1-based line and column of a byte offset (clamped to the file).
    func position(_ offset: Int, _ unit: ColumnUnit) -> (line: Int, column: Int) {
        let offset = max(0, min(offset, bytes.count))
        let index = table.lineIndex(of: offset)
        let start = table.lineStarts[index]
        switch unit {
        case .utf8Bytes:
            return (index + 1, offset - start + 1)
        case .utf16CodeUnits:
            // One unit per UTF-8 sequence start (any byte that is not 10xxxxxx), one more for a 4-byte lead
            // (11110xxx), whose scalar needs a surrogate pair.
            var units = 0
            for k in start..<offset {
                let b = bytes[k]
                if b & 0xC0 != 0x80 { units += 1 }
                if b >= 0xF0 { units += 1 }
            }
            return (index + 1, units + 1)
        }
    }

    /// The region of a byte range.
    func region(_ range: Range<Int>, _ unit: ColumnUnit) -> Region {
        let start = position(range.lowerBound, unit)
        let end = position(range.upperBound, unit)
        return Region(startLine: start.line, startColumn: start.column, endLine: end.line, endColumn: end.column)
    }

    /// The bytes of the line holding `offset`, without its line break and surrounding spaces and tabs.
    func trimmedLine(at offset: Int) -> ArraySlice<UInt8> {
        guard !bytes.isEmpty else { return [] }
        let offset = max(0, min(offset, bytes.count))
        var range = table.lineRange(table.lineIndex(of: offset) + 1, in: bytes)
        while range.lowerBound < range.upperBound, bytes[range.lowerBound] == 0x20 || bytes[range.lowerBound] == 0x09 {
            range = (range.lowerBound + 1)..<range.upperBound
        }
        while range.lowerBound < range.upperBound, bytes[range.upperBound - 1] == 0x20 || bytes[range.upperBound - 1] == 0x09 {
            range = range.lowerBound..<(range.upperBound - 1)
        }
        return bytes[range]
    }
}

/// Shared wording.
enum Wording: Sendable {
    /// `1 warning`, `2 warnings`.
    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}
