import Foundation
import StatelintRules
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

    /// Writes each file through a temporary file in the same folder and a rename, so a file is never half written.
    /// - Returns: the paths written, and problems for files that could not be written.
    public static func write(_ contents: [String: [UInt8]]) -> (written: [String], problems: [FileProblem]) {
        var written: [String] = []
        var problems: [FileProblem] = []
        for path in contents.keys.sorted() {
            let url = URL(fileURLWithPath: path)
            let temporary = url.deletingLastPathComponent()
                .appendingPathComponent(".\(url.lastPathComponent).statelint-\(ProcessInfo.processInfo.processIdentifier)")
            do {
                try Data(contents[path]!).write(to: temporary)
                if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                   let permissions = attributes[.posixPermissions] {
                    try? FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
                }
                guard rename(temporary.path, path) == 0 else {
                    try? FileManager.default.removeItem(at: temporary)
                    problems.append(FileProblem(path: path, message: "could not be replaced with the fixed version; left unchanged"))
                    continue
                }
                written.append(path)
            } catch {
                try? FileManager.default.removeItem(at: temporary)
                problems.append(FileProblem(path: path, message: "could not be written (\(error.localizedDescription)); left unchanged"))
            }
        }
        return (written, problems)
    }
}
