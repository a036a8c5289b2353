import Foundation
import StatelintDiagnostics
import StatelintSyntax

/// Applies the safe fix-its of a report to the files (and the unsafe ones with `--unsafe-fixes`),
/// atomically per file.
public enum Fixer {
    /// The new contents of each file that safe fixes (and unsafe ones, when `unsafe`) change; overlapping
    /// edits after the first are skipped.
    public static func fixedContents(_ report: LintReport, unsafe: Bool = false) -> [String: [UInt8]] {
        var byPath: [String: [Diagnostic]] = [:]
        for d in report.diagnostics where d.fix.map({ $0.isSafe || unsafe }) == true { byPath[d.path, default: []].append(d) }
        var result: [String: [UInt8]] = [:]
        for (path, diagnostics) in byPath {
            guard let file = report.sources[path] else { continue }
            // One forward pass (an edit at a time from the end shifted the rest of the file per edit).
            let original = file.bytes
            var bytes: [UInt8] = []
            bytes.reserveCapacity(original.count)
            var copied = 0
            for edit in safeEdits(diagnostics, size: original.count, unsafe: unsafe).reversed() {
                bytes += original[copied..<edit.range.lowerBound]
                bytes += Array(edit.replacement.utf8)
                copied = edit.range.upperBound
            }
            bytes += original[copied...]
            result[path] = bytes
        }
        return result
    }

    /// The edits of the safe fixes among one file's findings that can be applied together, from the end of
    /// the file backwards (so each edit's offsets are still right when it is applied): an edit that
    /// overlaps one already chosen, or reaches past `size`, is left out.
    public static func safeEdits(_ diagnostics: [Diagnostic], size: Int, unsafe: Bool = false) -> [TextEdit] {
        let edits = diagnostics.flatMap { $0.fix.map { $0.isSafe || unsafe } == true ? $0.fix!.edits : [] }
        let sorted = edits.sorted { ($0.range.lowerBound, $0.range.upperBound) > ($1.range.lowerBound, $1.range.upperBound) }
        var chosen: [TextEdit] = []
        var floor = Int.max
        for edit in sorted where edit.range.upperBound <= floor && edit.range.upperBound <= size {
            chosen.append(edit)
            floor = edit.range.lowerBound
        }
        return chosen
    }

    /// Writes each fixed file (see `FileWriting.replaceSource`): only a file that still holds what the run
    /// read is changed, so an edit saved meanwhile is never lost; links, owner and mode are kept.
    /// - Returns: the paths written, and problems for files left unchanged.
    public static func write(_ contents: [String: [UInt8]], original report: LintReport) -> (written: [String], problems: [FileProblem]) {
        var written: [String] = []
        var problems: [FileProblem] = []
        // One file linted under two names (`a.swift ./a.swift`, a link and its target) is written once: the
        // second write would find the first one's result and call it a change made meanwhile.
        var writtenFiles: [FileIdentity: [UInt8]] = [:]
        for path in contents.keys.sorted() {
            guard let expected = report.sources[path]?.bytes else { continue }
            if let identity = FileIdentity(path: path), let done = writtenFiles[identity] {
                if done == contents[path]! { written.append(path) }
                continue
            }
            switch FileWriting.replaceSource(at: path, expected: expected, with: contents[path]!) {
            case .success:
                written.append(path)
                if let identity = FileIdentity(path: path) { writtenFiles[identity] = contents[path]! }
            case .failure(let refusal):
                problems.append(FileProblem(path: path, message: refusal.message, isPartial: !refusal.isWriteFailure, isWriteFailure: refusal.isWriteFailure))
            }
        }
        return (written, problems)
    }
}
