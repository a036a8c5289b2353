import StatelintCore
import StatelintDiagnostics

extension LintPresentation {
    /// What the command line shows: the reporters of this module over `rules`, `PlainText` for paths and
    /// messages, and `TextReporter`'s summary line.
    public static func reporters(version: String, rules: [RuleDescriptor]) -> LintPresentation {
        LintPresentation(
            render: { format, report, color in format.render(report, rules: rules, version: version, color: color) },
            neutralized: { PlainText.neutralized($0) },
            path: { PlainText.path($0) },
            summary: { TextReporter.summary($0) }
        )
    }
}
