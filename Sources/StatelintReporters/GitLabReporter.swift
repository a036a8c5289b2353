import Foundation
import StatelintCore
import StatelintDiagnostics

/// `--format gitlab`: a GitLab Code Quality report (`artifacts:reports:codequality`), the subset of the
/// Code Climate issue format that GitLab reads.
///
/// A JSON array with one issue per finding, in the report's order: `description` (the message),
/// `check_name` (the rule id), `fingerprint`, `severity`, `location.path` (relative to the source root,
/// without `./`) and `location.lines.begin`/`end` (1-based). Besides those, each issue has `type: "issue"`,
/// `categories` (from the rule's tags: `Bug Risk`, `Performance` or `Clarity`), `content.body` (help
/// and notes, when there are any) and `other_locations` (the notes' places), which GitLab ignores and
/// Code Climate tools show. A file that could not be linted is one `critical` issue of check `statelint`
/// at line 1. No finding: `[]`.
///
/// Severities: `info` → `info`; `warning` → `major`, because statelint's warnings are run-time hazards
/// (leaks, lost state, work that outlives its view), not the style nits Code Climate calls `minor`;
/// `error` → `critical` (`blocker` is left for nothing statelint reports).
///
/// `fingerprint` is 16 lowercase hex digits of FNV-1a 64 over the path, the rule id, the message, an
/// occurrence number N and the text of the flagged line without surrounding spaces and tabs (NUL bytes
/// between them), with no line number: it stays the same when lines are added or removed elsewhere in
/// the file, so GitLab does not report a moved finding as fixed and new. N (from 1) counts the findings
/// with the same path, rule, message and line text in report order, so identical findings in one file
/// still get distinct fingerprints; GitLab keeps only one issue per fingerprint.
public enum GitLabReporter: Sendable {
    /// The check name and category of a file that could not be linted.
    public static let problemCheckName = "statelint"

    /// Renders a report.
    /// - Parameters:
    ///   - rules: rule metadata, for the categories (a rule not among them is `Bug Risk`).
    ///   - sourceRoot: the absolute folder that paths are made relative to (the current directory by default).
    public static func render(_ report: LintReport, rules: [RuleDescriptor] = [],
                              sourceRoot: String = FileManager.default.currentDirectoryPath) -> String {
        let files = FileLines.all(report)
        var tags: [String: [String]] = [:]
        for rule in rules where tags[rule.id] == nil { tags[rule.id] = rule.tags }
        var fingerprints = Fingerprints()
        var issues: [JSONValue] = []
        for d in report.diagnostics {
            let lines = files[d.path] ?? FileLines(nil)
            let path = ReportPath.relative(d.path, to: sourceRoot)
            let region = lines.region(d.range, .utf8Bytes)
            var body: [String] = []
            if let help = d.help { body.append("help: \(help)") }
            var others: [JSONValue] = []
            for note in d.notes {
                let noteLines = note.path.map { files[$0] ?? FileLines(nil) } ?? lines
                let notePath = ReportPath.relative(note.path ?? d.path, to: sourceRoot)
                let noteRegion = noteLines.region(note.range, .utf8Bytes)
                body.append("\(notePath):\(noteRegion.startLine):\(noteRegion.startColumn): note: \(note.message)")
                others.append(location(notePath, noteRegion))
            }
            issues.append(issue(
                description: d.message, check: d.ruleID,
                fingerprint: fingerprints.next(path: path, rule: d.ruleID, message: d.message,
                                               line: lines.trimmedLine(at: d.range.lowerBound)),
                severity: severity(d.severity), location: location(path, region),
                categories: categories(tags[d.ruleID] ?? []), body: body, others: others))
        }
        for problem in report.problems {
            let path = ReportPath.relative(problem.path, to: sourceRoot)
            issues.append(issue(
                description: "\(problem.path) \(problem.message)", check: problemCheckName,
                fingerprint: fingerprints.next(path: path, rule: problemCheckName, message: problem.message, line: []),
                severity: "critical",
                location: .object([("path", .string(path)), ("lines", .object([("begin", .int(1)), ("end", .int(1))]))]),
                categories: ["Bug Risk"], body: [], others: []))
        }
        return JSONValue.array(issues).serialized()
    }

    /// The Code Quality severity of a severity: `info`, `major` or `critical`.
    public static func severity(_ severity: Severity) -> String {
        switch severity {
        case .info: return "info"
        case .warning: return "major"
        case .error: return "critical"
        }
    }

    /// Code Climate categories of a rule's tags: `Performance` for `performance`, `Clarity` for
    /// `maintainability` and `debugging`, `Bug Risk` for everything else (memory, lifetime, state, ownership,
    /// concurrency, observation), in that order of first appearance; never empty.
    public static func categories(_ tags: [String]) -> [String] {
        var out: [String] = []
        for tag in tags {
            let category: String
            switch tag {
            case "performance": category = "Performance"
            case "maintainability", "debugging": category = "Clarity"
            case "swiftui": continue
            default: category = "Bug Risk"
            }
            if !out.contains(category) { out.append(category) }
        }
        return out.isEmpty ? ["Bug Risk"] : out
    }

    // MARK: - Pieces

    private static func issue(description: String, check: String, fingerprint: String, severity: String,
                              location: JSONValue, categories: [String], body: [String], others: [JSONValue]) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("type", .string("issue")),
            ("description", .string(description)),
            ("check_name", .string(check)),
            ("fingerprint", .string(fingerprint)),
            ("severity", .string(severity)),
            ("location", location),
            ("categories", .array(categories.map { .string($0) })),
        ]
        if !body.isEmpty { members.append(("content", .object([("body", .string(body.joined(separator: "\n\n")))]))) }
        if !others.isEmpty { members.append(("other_locations", .array(others))) }
        return .object(members)
    }

    /// `{path, lines: {begin, end}}`. A range that ends at the start of a line ends on the line before.
    private static func location(_ path: String, _ r: Region) -> JSONValue {
        let end = r.endLine > r.startLine && r.endColumn == 1 ? r.endLine - 1 : r.endLine
        return .object([("path", .string(path)), ("lines", .object([("begin", .int(r.startLine)), ("end", .int(end))]))])
    }

    /// Hands out the fingerprints of one report: stable across edits elsewhere, unique within the report.
    struct Fingerprints {
        private var counts: [[UInt8]: Int] = [:]
        private var used: Set<String> = []

        /// The next fingerprint for a finding of `rule` with `message` on a line with text `line` in `path`.
        mutating func next(path: String, rule: String, message: String, line: ArraySlice<UInt8>) -> String {
            let key = Array((path + "\u{0}" + rule + "\u{0}" + message + "\u{0}").utf8) + line
            var n = counts[key] ?? 0
            var fingerprint: String
            // A 64-bit collision with another finding is all but impossible; if it happens, the later finding
            // takes the next occurrence number, so fingerprints stay unique.
            repeat {
                n += 1
                // FNV-1a 64 of `path NUL rule NUL message NUL N NUL line` (`SarifReporter.fingerprint` hashes its
                // first argument, a NUL and the line).
                fingerprint = SarifReporter.fingerprint(rule: "\(path)\u{0}\(rule)\u{0}\(message)\u{0}\(n)", line: line)
            } while !used.insert(fingerprint).inserted
            counts[key] = n
            return fingerprint
        }
    }
}

/// Paths as CI services expect them: relative to the repository root, without a leading `./`.
enum ReportPath: Sendable {
    /// `path` without leading `./`; an absolute path inside `root` is made relative to it (an absolute path
    /// elsewhere stays as it is).
    static func relative(_ path: String, to root: String) -> String {
        var relative = Substring(path)
        if relative.hasPrefix("/") {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            guard relative.hasPrefix(prefix), relative.count > prefix.count else { return path }
            relative = relative.dropFirst(prefix.count)
        }
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return String(relative)
    }
}
