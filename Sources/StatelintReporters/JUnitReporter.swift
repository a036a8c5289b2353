import Foundation
import StatelintCore
import StatelintDiagnostics

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `--format junit`: JUnit XML for the test reports of Jenkins, GitLab, Azure Pipelines and CircleCI.
///
/// `<testsuites>` holds one `<testsuite>` per rule with findings, sorted by rule id, and one test case per
/// finding, in report order, that fails: `name` is `PATH:LINE:COL` (UTF-8 byte columns, as in the text
/// format), `classname` is `statelint.RULE` (Jenkins shows package `statelint`, class `RULE`), and the
/// `<failure>` has the message, the severity as `type`, and as text the compiler-style line followed by
/// the help and the notes. Suites per rule rather than per file: the set of suites stays small and stable
/// from run to run (files come and go), a CI's test history follows each rule, and Jenkins' class view
/// groups findings by what is wrong instead of splitting paths at their dots.
///
/// Files that could not be linted are test cases of suite `statelint` whose `<error>` names the problem.
/// A report without findings or problems has suite `statelint` with one passing test case, `no findings`,
/// so CI shows a green test rather than an empty report.
///
/// Each suite's `tests`, `failures`, `errors` and `skipped` (always 0) count its test cases; `time` is 0
/// (findings are not timed). The document is valid under both common schemas: Jenkins' `junit-10.xsd` and
/// the Ant schema (windyroad `JUnit.xsd`), which is why suites carry `package`, `id` (from 0), `timestamp`
/// (UTC, no zone), `hostname`, `<properties>` (statelint's version and the number of files linted),
/// `<system-out>` and `<system-err>`, and why `<testsuites>` has no attributes (the Ant schema allows none,
/// and the CI servers add the suites up themselves).
///
/// Text is escaped for XML 1.0 (`CheckstyleReporter.escape`); line breaks stay line breaks in element text.
public enum JUnitReporter: Sendable {
    /// Suite, class name and package of statelint's own test cases (problems, the passing case).
    public static let toolSuite = "statelint"
    /// The name of the passing test case of a report without findings or problems.
    public static let passingTestName = "no findings"

    /// Renders a report.
    /// - Parameters:
    ///   - version: statelint's version, written as property `statelint.version`.
    ///   - timestamp: when the run happened (now by default), written in UTC without a zone.
    ///   - hostname: the machine (this one by default; `localhost` when it has no name).
    public static func render(_ report: LintReport, version: String, timestamp: Date = Date(),
                              hostname: String = JUnitReporter.hostname()) -> String {
        let files = FileLines.all(report)
        var byRule: [String: [Diagnostic]] = [:]
        for d in report.diagnostics { byRule[d.ruleID, default: []].append(d) }

        var suites: [Suite] = byRule.keys.sorted().map { rule in
            var suite = Suite(name: rule)
            for d in byRule[rule]! {
                let lines = files[d.path] ?? FileLines(nil)
                let start = lines.position(d.range.lowerBound, .utf8Bytes)
                var text = "\(d.path):\(start.line):\(start.column): \(d.severity.compilerWord): \(d.message) [\(d.ruleID)]"
                if let help = d.help { text += "\nhelp: \(help)" }
                for note in d.notes {
                    let noteLines = note.path.map { files[$0] ?? FileLines(nil) } ?? lines
                    let position = noteLines.position(note.range.lowerBound, .utf8Bytes)
                    text += "\n\(note.path ?? d.path):\(position.line):\(position.column): note: \(note.message)"
                }
                suite.add(name: "\(d.path):\(start.line):\(start.column)", classname: "statelint.\(rule)",
                          outcome: .failure(message: d.message, type: d.severity.rawValue, text: text))
            }
            return suite
        }
        if !report.problems.isEmpty || suites.isEmpty {
            var suite = Suite(name: toolSuite)
            for problem in report.problems {
                suite.add(name: problem.path, classname: toolSuite,
                          outcome: .error(message: problem.message, type: "file-not-linted",
                                          text: "\(problem.path) \(problem.message)"))
            }
            if suite.cases.isEmpty { suite.add(name: passingTestName, classname: toolSuite, outcome: .pass) }
            suites.append(suite)
        }

        let stamp = " time=\"0\" timestamp=\"\(format(timestamp))\" hostname=\"\(escape(hostname.isEmpty ? "localhost" : hostname))\""
        let properties = "    <properties>\n"
            + "      <property name=\"statelint.version\" value=\"\(escape(version))\"/>\n"
            + "      <property name=\"statelint.files\" value=\"\(report.fileCount)\"/>\n"
            + "    </properties>\n"
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        for (id, suite) in suites.enumerated() {
            out += "  <testsuite name=\"\(escape(suite.name))\" package=\"\(toolSuite)\" id=\"\(id)\" tests=\"\(suite.cases.count)\""
                + " failures=\"\(suite.failures)\" errors=\"\(suite.errors)\" skipped=\"0\"" + stamp + ">\n"
            out += properties
            for testCase in suite.cases { out += testCase }
            out += "    <system-out/>\n    <system-err/>\n  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// This machine's name (`gethostname`), or `localhost` when it has none.
    public static func hostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }

    // MARK: - Pieces

    private enum Outcome {
        case pass
        case failure(message: String, type: String, text: String)
        case error(message: String, type: String, text: String)
    }

    /// One suite's test cases, already written, and its counts.
    private struct Suite {
        let name: String
        var cases: [String] = []
        var failures = 0
        var errors = 0
        private var names: [String: Int] = [:]

        init(name: String) { self.name = name }

        /// Adds a test case; a name already in the suite gets ` (2)`, ` (3)`… so CI servers keep both.
        mutating func add(name: String, classname: String, outcome: Outcome) {
            let seen = (names[name] ?? 0) + 1
            names[name] = seen
            let unique = seen == 1 ? name : "\(name) (\(seen))"
            var xml = "    <testcase name=\"\(escape(unique))\" classname=\"\(escape(classname))\" time=\"0\""
            switch outcome {
            case .pass:
                xml += "/>\n"
            case .failure(let message, let type, let text):
                failures += 1
                xml += ">\n      <failure message=\"\(escape(message))\" type=\"\(escape(type))\">\(escapeText(text))</failure>\n"
                    + "    </testcase>\n"
            case .error(let message, let type, let text):
                errors += 1
                xml += ">\n      <error message=\"\(escape(message))\" type=\"\(escape(type))\">\(escapeText(text))</error>\n"
                    + "    </testcase>\n"
            }
            cases.append(xml)
        }
    }

    /// `2025-01-31T09:05:00`: UTC, no fractional seconds, no zone (the Ant schema's pattern).
    private static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        var text = formatter.string(from: date)
        if text.hasSuffix("Z") { text.removeLast() }
        return text
    }

    private static func escape(_ s: String) -> String { CheckstyleReporter.escape(s) }

    /// Element text: as an attribute value, but line feeds and quotes written as themselves (`escape` makes
    /// `&#10;`, `&apos;` and `&quot;` from nothing else: a `&` in the input becomes `&amp;`).
    private static func escapeText(_ s: String) -> String {
        CheckstyleReporter.escape(s).replacingOccurrences(of: "&#10;", with: "\n")
            .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
    }
}
