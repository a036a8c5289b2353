import StatelintDiagnostics

/// The report formats: the values of `--format` and of `format` in `.lintrc` (the one list of them;
/// `StatelintReporters` renders each).
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
    /// GitLab Code Quality JSON, for `artifacts:reports:codequality` (`GitLabReporter`).
    case gitlab
    /// JUnit XML: one test suite per rule, one failing test case per finding, for the test reports of
    /// Jenkins, GitLab, Azure Pipelines and CircleCI (`JUnitReporter`).
    case junit
    /// SonarQube's generic external issue format (10.3 and later: `rules` and `issues`), for
    /// `sonar.externalIssuesReportPaths` (`SonarQubeReporter`).
    case sonarqube
    /// One self-contained page for a browser: a summary, the findings grouped by rule and file with their
    /// source lines, filters by severity and rule (`HTMLReporter`).
    case html

    /// Whether the output is for tools (or, for `html`, a browser): no colour, and no summary line should be
    /// printed alongside it.
    public var isMachineReadable: Bool { self != .text && self != .xcode }

    /// The names, in the order of the usage text: `text|xcode|sarif|github|json|checkstyle|gitlab|junit|sonarqube|html`.
    public static var names: String { allCases.map(\.rawValue).joined(separator: "|") }
}
