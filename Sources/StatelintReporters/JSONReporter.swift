import StatelintCore
import StatelintDiagnostics

/// `--format json`: statelint's own stable JSON shape, documented in `docs/json-format.md`.
///
/// Every key is always present (absent values are `null` or `[]`), keys come in a fixed order, lines
/// and columns are 1-based, and columns count UTF-8 bytes as in the text format; `endColumn` is
/// exclusive (the column just past the last byte).
public enum JSONReporter: Sendable {
    /// The version of the shape; raised only when a key is removed or changes meaning.
    public static let formatVersion = 1

    /// Renders a report.
    /// - Parameter version: statelint's version, written as `tool.version`.
    public static func render(_ report: LintReport, version: String) -> String {
        let files = FileLines.all(report)
        func count(_ severity: Severity) -> JSONValue { .int(report.diagnostics.filter { $0.severity == severity }.count) }
        let findings: [JSONValue] = report.diagnostics.map { d in
            let lines = files[d.path] ?? FileLines(nil)
            var members = [("rule", JSONValue.string(d.ruleID)), ("severity", .string(d.severity.rawValue)), ("path", .string(d.path))]
            members += position(lines.region(d.range, .utf8Bytes))
            members += [
                ("message", .string(d.message)),
                ("help", .string(d.help)),
                ("notes", .array(d.notes.map { note in
                    let noteLines = note.path.map { files[$0] ?? FileLines(nil) } ?? lines
                    var members: [(String, JSONValue)] = [("path", .string(note.path ?? d.path))]
                    members += position(noteLines.region(note.range, .utf8Bytes)) + [("message", .string(note.message))]
                    return .object(members)
                })),
                ("fix", d.fix.map { fix in
                    .object([
                        ("title", .string(fix.title)),
                        ("safe", .bool(fix.isSafe)),
                        ("edits", .array(fix.edits.sorted { $0.range.lowerBound < $1.range.lowerBound }.map { edit in
                            .object(position(lines.region(edit.range, .utf8Bytes)) + [("replacement", .string(edit.replacement))])
                        })),
                    ])
                } ?? .null),
            ]
            return .object(members)
        }
        let root = JSONValue.object([
            ("version", .int(formatVersion)),
            ("tool", .object([("name", .string("statelint")), ("version", .string(version))])),
            ("summary", .object([
                ("files", .int(report.fileCount)),
                ("errors", count(.error)),
                ("warnings", count(.warning)),
                ("notes", .int(report.diagnostics.count { $0.severity == .info } + report.advisoriesNotShown)),
                ("notesNotShown", .int(report.advisoriesNotShown)),
                ("fixable", .int(report.fixableCount)),
                ("baselined", .int(report.baselined)),
            ])),
            ("findings", .array(findings)),
            ("problems", .array(report.problems.map {
                .object([("path", .string($0.path)), ("message", .string($0.message))])
            })),
        ])
        return root.serialized()
    }

    private static func position(_ r: Region) -> [(String, JSONValue)] {
        [("line", .int(r.startLine)), ("column", .int(r.startColumn)), ("endLine", .int(r.endLine)), ("endColumn", .int(r.endColumn))]
    }
}
