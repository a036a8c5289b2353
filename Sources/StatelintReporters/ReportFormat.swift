import StatelintCore
import StatelintRules

/// The values of `--format`, and one entry point that renders a report in any of them.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Compiler-style findings with the source line and a caret (`TextReporter`).
    case text
    /// Only the compiler-style first lines, for Xcode run-script phases (`TextReporter`).
    case xcode
    /// SARIF 2.1.0 (`SarifReporter`).
    case sarif
    /// GitHub Actions workflow commands (`GitHubReporter`).
    case github
    /// statelint's JSON shape (`JSONReporter`, `docs/json-format.md`).
    case json
    /// Checkstyle XML (`CheckstyleReporter`).
    case checkstyle

    /// Whether the output is for tools: no colour, and no summary line should be printed alongside it.
    public var isMachineReadable: Bool { self != .text && self != .xcode }

    /// The names, in the order of the usage text: `text|xcode|sarif|github|json|checkstyle`.
    public static var names: String { allCases.map(\.rawValue).joined(separator: "|") }

    /// Renders `report` in this format.
    /// - Parameters:
    ///   - rules: rule metadata for SARIF's `tool.driver.rules` (every rule, not only the enabled ones).
    ///   - version: statelint's version, for SARIF and JSON.
    ///   - color: ANSI colours; only the `text` format uses them.
    public func render(_ report: LintReport, rules: [RuleDescriptor] = RuleRegistry.descriptors,
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
