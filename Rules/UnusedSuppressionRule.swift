import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// Reports `// statelint:disable…` comments that silence nothing. The engine does the work, since only
/// it sees which findings each comment silenced; this type carries the rule's metadata and examples.
public struct UnusedSuppressionRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "unused_suppression",
        name: "UnusedSuppression",
        summary: "Flags suppression comments that silence nothing, and suppression comments naming unknown rules.",
        rationale: """
            A `// statelint:disable…` comment that no longer silences a finding hides nothing today but \
            will silently hide a real finding tomorrow, when the code under it changes. A comment naming a \
            rule that does not exist (a typo) silences nothing at all, so it is reported as at least a warning \
            (CI fails on it) whatever this rule's severity. Remove the comment, or fix the rule id.

            **Fix safety**: a comment none of whose rules silences anything is removed, with the \
            `enable` that ends its region; a comment whose other rules are still used, or that is malformed \
            (an unknown rule or command), is left for you to edit.
            """,
        badExamples: [
            """
            struct Row: View {
                // expect@+1: unused_suppression
                // statelint:disable:next all
                var body: some View { Text("row") }
            }
            """,
        ],
        goodExamples: [
            """
            struct Row: View {
                var body: some View {
                    // statelint:disable:next print_changes_leftover -- investigating #123
                    let _ = Self._printChanges()
                    Text("row")
                }
            }
            """,
        ],
        defaultSeverity: .info,
        tags: ["maintainability"],
        precision: "very-high")

    public init() {}

    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool {
        file.hasSuppressionComments
    }

    /// The engine reports this rule; nothing to do per file.
    public func check(_ context: RuleContext) {}

    /// The engine reports this rule's findings when it applies a file's suppression comments.
    public static var judgesSuppressions: Bool { true }

    public static func suppressionFinding(_ range: Range<Int>, _ message: String, severity: Severity, removing: [Range<Int>],
                                          in tree: SyntaxTree) -> Diagnostic? {
        finding(range, message, severity: severity, removing: removing, in: tree)
    }

    /// The finding for a suppression comment (at `range`) that silences nothing, or is malformed.
    /// `removing`: the comments to delete for the fix (the directive, and the `enable` that ends only its
    /// region); empty for no fix.
    public static func finding(_ range: Range<Int>, _ message: String, severity: Severity, removing: [Range<Int>],
                               in tree: SyntaxTree) -> Diagnostic {
        var edits: [TextEdit] = []
        for comment in removing {
            guard let edit = commentRemoval(comment, in: tree) else { edits = []; break }
            edits.append(edit)
        }
        let title = edits.count > 1 ? "Remove the suppression comment and the 'enable' that ends it" : "Remove the suppression comment"
        return Diagnostic(ruleID: descriptor.id, severity: severity, path: tree.file.path, range: range, message: message,
                          help: "remove the comment, or correct the rule id",
                          fix: edits.isEmpty ? nil : Fix(title: title, edits: edits, isSafe: true))
    }

    /// Deleting a whole-line comment (with its line break); a trailing comment is left to the user.
    static func commentRemoval(_ range: Range<Int>, in tree: SyntaxTree) -> TextEdit? {
        let bytes = tree.file.bytes
        var start = range.lowerBound
        while start > 0 && (bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09) { start -= 1 }
        guard start == 0 || bytes[start - 1] == 0x0A || bytes[start - 1] == 0x0D else { return nil }
        var end = range.upperBound
        while end < bytes.count && (bytes[end] == 0x20 || bytes[end] == 0x09) { end += 1 }
        if end < bytes.count && bytes[end] == 0x0D { end += 1 }
        if end < bytes.count && bytes[end] == 0x0A { end += 1 }
        return TextEdit(range: start..<end, replacement: "")
    }
}
