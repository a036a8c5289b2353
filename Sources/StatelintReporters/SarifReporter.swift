import Foundation
import StatelintCore
import StatelintDiagnostics

/// `--format sarif`: SARIF 2.1.0 for GitHub code scanning and other SARIF viewers.
///
/// One run. `tool.driver.rules` lists every rule passed in (plus a bare entry for any rule id a
/// finding uses that is not among them); results point at their rule by `ruleId` and `ruleIndex`.
/// Locations are relative to `%SRCROOT%` (declared in `originalUriBaseIds` as the source root), regions
/// are complete (start and end line and column) with columns in UTF-16 code units (`columnKind`) and an
/// exclusive end column. Notes are `relatedLocations`, fix-its are `fixes`, and files that could not be
/// linted are `toolExecutionNotifications` of the single invocation.
///
/// `partialFingerprints.primaryLocationLineHash` is `HASH:N`: HASH the 16-hex-digit FNV-1a 64 of the
/// rule id, a NUL byte and the flagged line's text without surrounding spaces and tabs; N (from 1) which
/// finding of that rule on a line with that text it is, in file order. It stays the same when lines
/// are inserted or removed elsewhere, so code scanning keeps tracking an alert across edits.
public enum SarifReporter: Sendable {
    /// The `$schema` written at the top of the log.
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// `tool.driver.informationUri`.
    public static let informationURI = "https://github.com/statelint/statelint"
    /// The base id every relative location refers to.
    public static let sourceRootID = "%SRCROOT%"

    /// Renders a report.
    /// - Parameters:
    ///   - rules: the metadata of every rule (the command line passes `RuleRegistry.descriptors`), listed in this order.
    ///   - version: statelint's version (`tool.driver.version`).
    ///   - sourceRoot: the absolute folder that relative paths are relative to (written as
    ///     `%SRCROOT%`'s file URI); the current directory by default.
    public static func render(_ report: LintReport, rules: [RuleDescriptor], version: String,
                              sourceRoot: String = FileManager.default.currentDirectoryPath) -> String {
        var ruleIndex: [String: Int] = [:]
        var ruleObjects: [JSONValue] = []
        for rule in rules where ruleIndex[rule.id] == nil {
            ruleIndex[rule.id] = ruleObjects.count
            ruleObjects.append(describe(rule))
        }
        for id in Set(report.diagnostics.map(\.ruleID)).subtracting(ruleIndex.keys).sorted() {
            ruleIndex[id] = ruleObjects.count
            ruleObjects.append(.object([("id", .string(id))]))
        }

        let files = FileLines.all(report)
        var occurrences: [String: Int] = [:]
        let results: [JSONValue] = report.diagnostics.map { d in
            let lines = files[d.path] ?? FileLines(nil)
            let hash = fingerprint(rule: d.ruleID, line: lines.trimmedLine(at: d.range.lowerBound))
            let occurrence = (occurrences[d.path + "\u{0}" + hash] ?? 0) + 1
            occurrences[d.path + "\u{0}" + hash] = occurrence
            var message = d.message
            if let help = d.help { message += "\nhelp: \(help)" }
            var members: [(String, JSONValue)] = [
                ("ruleId", .string(d.ruleID)),
                ("ruleIndex", .int(ruleIndex[d.ruleID]!)),
                ("level", .string(level(d.severity))),
                ("message", text(message)),
                ("locations", .array([.object([("physicalLocation", physicalLocation(d.path, lines.region(d.range, .utf16CodeUnits)))])])),
            ]
            if !d.notes.isEmpty {
                members.append(("relatedLocations", .array(d.notes.enumerated().map { i, note in
                    .object([
                        ("id", .int(i + 1)),
                        ("physicalLocation", physicalLocation(note.path ?? d.path,
                                                              (note.path.map { files[$0] ?? FileLines(nil) } ?? lines).region(note.range, .utf16CodeUnits))),
                        ("message", text(note.message)),
                    ])
                })))
            }
            members.append(("partialFingerprints", .object([("primaryLocationLineHash", .string("\(hash):\(occurrence)"))])))
            if let fix = d.fix {
                let replacements: [JSONValue] = fix.edits.sorted { $0.range.lowerBound < $1.range.lowerBound }.map { edit in
                    var replacement: [(String, JSONValue)] = [("deletedRegion", region(lines.region(edit.range, .utf16CodeUnits)))]
                    if !edit.replacement.isEmpty { replacement.append(("insertedContent", text(edit.replacement))) }
                    return .object(replacement)
                }
                members.append(("fixes", .array([.object([
                    ("description", text(fix.title)),
                    ("artifactChanges", .array([.object([
                        ("artifactLocation", artifactLocation(d.path)),
                        ("replacements", .array(replacements)),
                    ])])),
                    ("properties", .object([("safe", .bool(fix.isSafe))])),
                ])])))
            }
            return .object(members)
        }

        var invocation: [(String, JSONValue)] = [("executionSuccessful", .bool(true))]
        if !report.problems.isEmpty {
            invocation.append(("toolExecutionNotifications", .array(report.problems.map { problem in
                .object([
                    ("level", .string("error")),
                    ("message", text("\(problem.path) \(problem.message)")),
                    ("locations", .array([.object([("physicalLocation", .object([("artifactLocation", artifactLocation(problem.path))]))])])),
                ])
            })))
        }

        let root = sourceRoot.hasSuffix("/") ? sourceRoot : sourceRoot + "/"
        let run = JSONValue.object([
            ("tool", .object([("driver", .object([
                ("name", .string("statelint")),
                ("version", .string(version)),
                ("informationUri", .string(informationURI)),
                ("rules", .array(ruleObjects)),
            ]))])),
            ("invocations", .array([.object(invocation)])),
            ("originalUriBaseIds", .object([(sourceRootID, .object([("uri", .string("file://" + percentEncode(root)))]))])),
            ("columnKind", .string("utf16CodeUnits")),
            ("results", .array(results)),
            // What the summary line says besides the results: how many `--fix` would fix, how many a baseline hid.
            ("properties", .object([("fixable", .int(report.fixableCount)), ("baselined", .int(report.baselined)),
                                    ("advisoriesNotShown", .int(report.advisoriesNotShown))])),
        ])
        return JSONValue.object([
            ("$schema", .string(schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ]).serialized()
    }

    /// The SARIF level of a severity: `note`, `warning` or `error`.
    public static func level(_ severity: Severity) -> String {
        switch severity {
        case .info: return "note"
        case .warning: return "warning"
        case .error: return "error"
        }
    }

    /// GitHub's `problem.severity` of a severity: `recommendation`, `warning` or `error`.
    public static func problemSeverity(_ severity: Severity) -> String {
        switch severity {
        case .info: return "recommendation"
        case .warning: return "warning"
        case .error: return "error"
        }
    }

    /// The hash part of `primaryLocationLineHash`: 16 lowercase hex digits of FNV-1a 64 over the rule
    /// id, a NUL byte, and the (trimmed) line's bytes.
    public static func fingerprint(rule: String, line: ArraySlice<UInt8>) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ b: UInt8) {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01b3
        }
        for b in rule.utf8 { mix(b) }
        mix(0)
        for b in line { mix(b) }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Percent-encodes a path for a URI: keeps ASCII letters, digits, `-._~`, `/` and the sub-delimiters
    /// `!$&'()*+,;=` and `@`; encodes everything else (`%`, spaces, `:`, `#`, `?`, non-ASCII bytes).
    /// A file name that is not UTF-8 is encoded as its own bytes (`FilePath`).
    public static func percentEncode(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF")
        var out = ""
        for b in FilePath.bytes(path) {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"),
                 UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
                 UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "@"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                out.append("%")
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 0xF)])
            }
        }
        return out
    }

    // MARK: - Pieces

    private static func text(_ s: String) -> JSONValue { .object([("text", .string(s))]) }

    /// A relative path refers to `%SRCROOT%`; an absolute one (outside the current folder) is a file URI.
    private static func artifactLocation(_ path: String) -> JSONValue {
        if path.hasPrefix("/") { return .object([("uri", .string("file://" + percentEncode(path)))]) }
        var relative = Substring(path)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return .object([("uri", .string(percentEncode(String(relative)))), ("uriBaseId", .string(sourceRootID))])
    }

    private static func region(_ r: Region) -> JSONValue {
        .object([
            ("startLine", .int(r.startLine)), ("startColumn", .int(r.startColumn)),
            ("endLine", .int(r.endLine)), ("endColumn", .int(r.endColumn)),
        ])
    }

    private static func physicalLocation(_ path: String, _ r: Region) -> JSONValue {
        .object([("artifactLocation", artifactLocation(path)), ("region", region(r))])
    }

    private static func describe(_ rule: RuleDescriptor) -> JSONValue {
        let bad = rule.badExamples.map(RuleDescriptor.displayText(of:))
        let good = rule.goodExamples.map(RuleDescriptor.displayText(of:))
        var plain = rule.rationale
        var markdown = rule.rationale
        for (heading, examples) in [("Example", bad), ("Use instead", good)] {
            for example in examples {
                plain += "\n\n\(heading):\n\n" + example.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
                let fence = String(repeating: "`", count: max(3, longestBacktickRun(example) + 1))
                markdown += "\n\n**\(heading):**\n\n\(fence)swift\n\(example)\n\(fence)"
            }
        }
        if let options = rule.optionsText { plain += "\n\n" + options.trimmingCharacters(in: .newlines) }
        if let options = rule.optionsMarkdown { markdown += "\n\n" + options.trimmingCharacters(in: .newlines) }
        var configuration: [(String, JSONValue)] = [("level", .string(level(rule.defaultSeverity)))]
        if !rule.options.isEmpty {
            // SARIF's reportingConfiguration.parameters: the options' default values.
            configuration.append(("parameters", .object(rule.options.map { ($0.key, json($0.defaultValue)) })))
        }
        return .object([
            ("id", .string(rule.id)),
            ("name", .string(rule.name)),
            ("shortDescription", text(rule.summary)),
            ("fullDescription", .object([("text", .string(rule.rationale)), ("markdown", .string(rule.rationale))])),
            ("help", .object([("text", .string(plain)), ("markdown", .string(markdown))])),
            ("defaultConfiguration", .object(configuration)),
            ("properties", .object([
                ("tags", .array(rule.tags.map { .string($0) })),
                ("precision", .string(rule.precision)),
                ("problem.severity", .string(problemSeverity(rule.defaultSeverity))),
            ])),
        ])
    }

    private static func json(_ value: OptionValue) -> JSONValue {
        switch value {
        case .bool(let b): return .bool(b)
        case .integer(let n): return .int(n)
        case .string(let s): return .string(s)
        case .list(let items): return .array(items.map { .string($0) })
        }
    }

    private static func longestBacktickRun(_ s: String) -> Int {
        var longest = 0
        var run = 0
        for b in s.utf8 {
            run = b == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}
