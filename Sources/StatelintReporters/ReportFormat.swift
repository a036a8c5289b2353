import StatelintCore
import StatelintDiagnostics

extension ReportFormat {
    /// Renders `report` in this format.
    /// - Parameters:
    ///   - rules: rule metadata for SARIF's `tool.driver.rules` (every rule, not only the enabled ones).
    ///   - version: statelint's version, for SARIF and JSON.
    ///   - color: ANSI colours; only the `text` format uses them.
    public func render(_ report: LintReport, rules: [RuleDescriptor],
                       version: String, color: Bool = false) -> String {
        switch self {
        case .text: return TextReporter.render(report, color: color)
        case .xcode: return TextReporter.render(report, firstLinesOnly: true)
        case .sarif: return SarifReporter.render(report, rules: rules, version: version)
        case .github: return GitHubReporter.render(report)
        case .json: return JSONReporter.render(report, version: version)
        case .checkstyle: return CheckstyleReporter.render(report)
        }
    }
}
