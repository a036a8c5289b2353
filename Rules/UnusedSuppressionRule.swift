import StatelintAnalysis
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
            rule that does not exist (a typo) silences nothing at all. Remove the comment, or fix the rule id.
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
    public func check(_ context: inout RuleContext) {}
}
