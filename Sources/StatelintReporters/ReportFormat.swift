import StatelintCore
import StatelintDiagnostics

extension ReportFormat {
    /// Renders `report` in this format.
    /// - Parameters:
    ///   - rules: rule metadata (every rule, not only the enabled ones): SARIF's `tool.driver.rules`,
    ///     SonarQube's `rules` (those with findings), GitLab's categories, the HTML page's rule texts.
    ///   - version: statelint's version, for SARIF, JSON, JUnit and HTML.
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
        case .gitlab: return GitLabReporter.render(report, rules: rules)
        case .junit: return JUnitReporter.render(report, version: version)
        case .sonarqube: return SonarQubeReporter.render(report, rules: rules)
        case .html: return HTMLReporter.render(report, rules: rules, version: version)
        }
    }
}
