import StatelintAnalysis
import StatelintCore
import StatelintReporters
import StatelintRules
import StatelintSyntax

/// What the fuzz targets run on each input: everything statelint does to a file, with the invariants that
/// must hold whatever the bytes (a violated one traps, which libFuzzer reports as a crash).
public enum Fuzz {
    /// One file: lexer, both parse depths, the file summary, then (for UTF-8, as the engine only ever
    /// passes UTF-8 on) the whole engine, fixes and reporters.
    public static func file(_ bytes: [UInt8]) {
        let lexed = Lexer.tokenize(bytes)
        var end = 0
        for token in lexed.tokens {
            precondition(Int(token.start) == end, "tokens must tile the file")
            end = token.end
        }
        precondition(end == bytes.count, "tokens must cover the file")
        let file = SourceFile(path: "Fuzz.swift", bytes: bytes)
        let shallow = SyntaxTree(file: file, lexed: lexed, depth: .declarations(bodiesIn: .classesMarked("Observable")))
        _ = FileSummary(tree: shallow)
        guard UTF8Check.isValid(bytes) else { return }
        project([file])
    }

    /// Several files as one project: the index across files, every rule, fixes, every format.
    public static func project(_ files: [SourceFile]) {
        let report = Engine(jobs: 1).lint(files: files)
        let sizes = Dictionary(files.map { ($0.path, $0.bytes.count) }, uniquingKeysWith: { a, _ in a })
        for d in report.diagnostics {
            let size = sizes[d.path] ?? -1
            precondition(d.range.lowerBound >= 0 && d.range.lowerBound <= d.range.upperBound && d.range.upperBound <= size,
                         "finding outside its file")
            for note in d.notes {
                // A note may point into another file (a call site): it must fit that file.
                let noteSize = note.path.map { sizes[$0] ?? -1 } ?? size
                precondition(note.range.upperBound <= noteSize && note.range.lowerBound >= 0, "note outside its file")
            }
            for edit in d.fix?.edits ?? [] { precondition(edit.range.upperBound <= size && edit.range.lowerBound >= 0, "edit outside its file") }
        }
        for format in ReportFormat.allCases {
            _ = format.render(report, rules: LintSettings.ruleDescriptors, version: "fuzz", color: format == .text)
        }
        // Fixed files are still files statelint can lint.
        let fixed = Fixer.fixedContents(report)
        if !fixed.isEmpty {
            let again = files.map { SourceFile(path: $0.path, bytes: fixed[$0.path] ?? $0.bytes) }
            _ = Engine(jobs: 1).lint(files: again.filter { UTF8Check.isValid($0.bytes) })
        }
    }

    /// Splits an input into up to four files at SOH bytes (0x01), for the cross-file paths: extensions,
    /// types and views declared in one file and used in another.
    public static func files(_ bytes: [UInt8]) -> [SourceFile] {
        let parts = bytes.split(separator: 0x01, maxSplits: 3, omittingEmptySubsequences: false)
        return parts.enumerated().map { SourceFile(path: "File\($0.offset).swift", bytes: Array($0.element)) }
            .filter { UTF8Check.isValid($0.bytes) }
    }
}
