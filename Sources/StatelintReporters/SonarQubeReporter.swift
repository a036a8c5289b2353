import Foundation
import StatelintCore
import StatelintDiagnostics

/// `--format sonarqube`: SonarQube's generic external issue format as of 10.3 (`sonar.externalIssuesReportPaths`),
/// with a `rules` array and an `issues` array.
///
/// `rules` lists the rules the findings use, in the order of the rule metadata passed in (a rule id
/// without metadata gets a bare entry; a file that could not be linted adds rule `statelint`). Each has
/// `id`, `name`, `description` (summary and rationale), `engineId` `statelint`, `cleanCodeAttribute` and one
/// impact. The impact's severity is the highest severity among the rule's findings (after configuration):
/// `info` → `LOW`, `warning` → `MEDIUM`, `error` → `HIGH` (the values every version since 10.3 accepts; `INFO`
/// and `BLOCKER` came in 10.8). The attribute and software quality come from the rule's tags:
/// `maintainability`/`debugging` → `CLEAR` and `MAINTAINABILITY`; `state`, `ownership`, `concurrency`,
/// `lifetime` → `LOGICAL` and `RELIABILITY`; `memory`/`performance` → `EFFICIENT` and `RELIABILITY`; otherwise
/// `LOGICAL` and `RELIABILITY`.
///
/// Issues carry only `ruleId`, `primaryLocation` and `secondaryLocations` (the notes): the format refuses
/// the deprecated issue-level `severity`, `type` and `engineId` when `rules` is present. Paths are relative
/// to the source root, without `./`. Lines are 1-based; columns are 0-based UTF-16 code units (Sonar's
/// line offsets count Java `char`s), `endColumn` exclusive, and every range is one Sonar accepts: columns no
/// further than the end of their line, and the start before the end. A range that would be empty there (an
/// insertion point, a position at the end of a line) becomes the whole line (`startLine` and `endLine`
/// only). A file that could not be linted is a file-level issue (no `textRange`).
public enum SonarQubeReporter: Sendable {
    /// Every rule's `engineId`.
    public static let engineID = "statelint"
    /// The rule of a file that could not be linted.
    public static let problemRuleID = "statelint"

    /// Renders a report.
    /// - Parameters:
    ///   - rules: the metadata of every rule (the command line passes `RuleRegistry.descriptors`).
    ///   - sourceRoot: the absolute folder that paths are made relative to (the current directory by default).
    public static func render(_ report: LintReport, rules: [RuleDescriptor],
                              sourceRoot: String = FileManager.default.currentDirectoryPath) -> String {
        var highest: [String: Severity] = [:]
        for d in report.diagnostics { highest[d.ruleID] = max(highest[d.ruleID] ?? d.severity, d.severity) }
        var ruleObjects: [JSONValue] = []
        var listed: Set<String> = []
        for rule in rules where highest[rule.id] != nil && listed.insert(rule.id).inserted {
            let (attribute, quality) = classify(rule.tags)
            ruleObjects.append(ruleObject(id: rule.id, name: rule.name, description: rule.summary + "\n\n" + rule.rationale,
                                          attribute: attribute, quality: quality, severity: highest[rule.id]!))
        }
        for id in highest.keys.sorted() where listed.insert(id).inserted {
            ruleObjects.append(ruleObject(id: id, name: id, description: "statelint rule \(id).",
                                          attribute: "LOGICAL", quality: "RELIABILITY", severity: highest[id]!))
        }
        if !report.problems.isEmpty && listed.insert(problemRuleID).inserted {
            ruleObjects.append(ruleObject(
                id: problemRuleID, name: "File not linted",
                description: "statelint could not read or lint this file, so its findings are missing.",
                attribute: "COMPLETE", quality: "RELIABILITY", severity: .error))
        }

        let files = FileLines.all(report)
        var issues: [JSONValue] = report.diagnostics.map { d in
            let lines = files[d.path] ?? FileLines(nil)
            var members: [(String, JSONValue)] = [
                ("ruleId", .string(d.ruleID)),
                ("primaryLocation", .object([
                    ("message", .string(d.message)),
                    ("filePath", .string(ReportPath.relative(d.path, to: sourceRoot))),
                    ("textRange", textRange(lines, d.range)),
                ])),
            ]
            if !d.notes.isEmpty {
                members.append(("secondaryLocations", .array(d.notes.map { note in
                    .object([
                        ("message", .string(note.message)),
                        ("filePath", .string(ReportPath.relative(note.path ?? d.path, to: sourceRoot))),
                        ("textRange", textRange(note.path.map { files[$0] ?? FileLines(nil) } ?? lines, note.range)),
                    ])
                })))
            }
            return .object(members)
        }
        for problem in report.problems {
            issues.append(.object([
                ("ruleId", .string(problemRuleID)),
                ("primaryLocation", .object([
                    ("message", .string("\(problem.path) \(problem.message)")),
                    ("filePath", .string(ReportPath.relative(problem.path, to: sourceRoot))),
                ])),
            ]))
        }
        return JSONValue.object([("rules", .array(ruleObjects)), ("issues", .array(issues))]).serialized()
    }

    /// The impact severity of a severity: `LOW`, `MEDIUM` or `HIGH`.
    public static func impactSeverity(_ severity: Severity) -> String {
        switch severity {
        case .info: return "LOW"
        case .warning: return "MEDIUM"
        case .error: return "HIGH"
        }
    }

    /// The clean code attribute and software quality of a rule's tags.
    public static func classify(_ tags: [String]) -> (attribute: String, quality: String) {
        let tags = Set(tags)
        if !tags.isDisjoint(with: ["maintainability", "debugging"]) { return ("CLEAR", "MAINTAINABILITY") }
        if !tags.isDisjoint(with: ["state", "ownership", "concurrency", "lifetime"]) { return ("LOGICAL", "RELIABILITY") }
        if !tags.isDisjoint(with: ["memory", "performance"]) { return ("EFFICIENT", "RELIABILITY") }
        return ("LOGICAL", "RELIABILITY")
    }

    // MARK: - Pieces

    private static func ruleObject(id: String, name: String, description: String, attribute: String,
                                   quality: String, severity: Severity) -> JSONValue {
        .object([
            ("id", .string(id)),
            ("name", .string(name)),
            ("description", .string(description)),
            ("engineId", .string(engineID)),
            ("cleanCodeAttribute", .string(attribute)),
            ("impacts", .array([.object([("softwareQuality", .string(quality)), ("severity", .string(impactSeverity(severity)))])])),
        ])
    }

    /// A `textRange` Sonar accepts for a byte range (see the type's documentation).
    static func textRange(_ lines: FileLines, _ range: Range<Int>) -> JSONValue {
        let r = lines.region(range, .utf16CodeUnits)
        let startColumn = min(r.startColumn - 1, lines.utf16Length(ofLine: r.startLine))
        let endColumn = min(r.endColumn - 1, lines.utf16Length(ofLine: r.endLine))
        guard (r.startLine, startColumn) < (r.endLine, endColumn) else {
            return .object([("startLine", .int(r.startLine)), ("endLine", .int(r.startLine))])
        }
        return .object([
            ("startLine", .int(r.startLine)), ("endLine", .int(r.endLine)),
            ("startColumn", .int(startColumn)), ("endColumn", .int(endColumn)),
        ])
    }
}

extension FileLines {
    /// The length of a 1-based line in UTF-16 code units, without its line break.
    func utf16Length(ofLine line: Int) -> Int {
        guard !bytes.isEmpty else { return 0 }
        return position(table.lineRange(line, in: bytes).upperBound, .utf16CodeUnits).column - 1
    }
}
