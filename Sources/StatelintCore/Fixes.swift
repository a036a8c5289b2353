import Foundation
import StatelintDiagnostics
import StatelintSyntax

/// Applies the safe fix-its of a report to the files, atomically per file.
public enum Fixer {
    /// The new contents of each file that safe fixes change; overlapping edits after the first are skipped.
    public static func fixedContents(_ report: LintReport) -> [String: [UInt8]] {
        var editsByPath: [String: [TextEdit]] = [:]
        for d in report.diagnostics {
            guard let fix = d.fix, fix.isSafe else { continue }
            editsByPath[d.path, default: []].append(contentsOf: fix.edits)
        }
        var result: [String: [UInt8]] = [:]
        for (path, edits) in editsByPath {
            guard let file = report.sources[path] else { continue }
            // Apply from the end so earlier offsets stay valid; drop edits overlapping an applied one.
            let sorted = edits.sorted { ($0.range.lowerBound, $0.range.upperBound) > ($1.range.lowerBound, $1.range.upperBound) }
            var bytes = file.bytes
            var floor = Int.max
            for edit in sorted where edit.range.upperBound <= floor && edit.range.upperBound <= bytes.count {
                bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
                floor = edit.range.lowerBound
            }
            result[path] = bytes
        }
        return result
    }

    /// Writes each fixed file (see `FileWriting.replaceSource`): only a file that still holds what the run
    /// read is changed, so an edit saved meanwhile is never lost; links, owner and mode are kept.
    /// - Returns: the paths written, and problems for files left unchanged.
    public static func write(_ contents: [String: [UInt8]], original report: LintReport) -> (written: [String], problems: [FileProblem]) {
        var written: [String] = []
        var problems: [FileProblem] = []
        for path in contents.keys.sorted() {
            guard let expected = report.sources[path]?.bytes else { continue }
            switch FileWriting.replaceSource(at: path, expected: expected, with: contents[path]!) {
            case .success: written.append(path)
            case .failure(let refusal): problems.append(FileProblem(path: path, message: refusal.message, isPartial: true))
            }
        }
        return (written, problems)
    }
}
