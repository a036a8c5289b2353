import Foundation
import StatelintCore
import StatelintRules
import StatelintSyntax
import Testing

/// The package root, found from this file's path (no bundle resources needed).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let testInputs = packageRoot.appendingPathComponent("TestInputs")

/// Every folder under `TestInputs/` that holds Swift fixtures (`Lexer/` holds lexer inputs only).
func fixtureFolders() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: testInputs.path)) ?? []
    return names.filter { name in
        var isDirectory: ObjCBool = false
        return name != "Lexer" && FileManager.default.fileExists(atPath: testInputs.appendingPathComponent(name).path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }.sorted()
}

/// The settings a fixture folder is linted with: a folder named after a rule runs that rule alone (a
/// new rule never changes another rule's fixtures); a folder with a `.lintrc` runs what it configures
/// (every rule unless it says otherwise, and rule options); other folders run every rule.
func fixtureSettings(_ folder: String) throws -> LintSettings {
    let lintrc = testInputs.appendingPathComponent(folder).appendingPathComponent(".lintrc").path
    if FileManager.default.fileExists(atPath: lintrc) {
        return LintSettings(configuration: try Configuration.load(path: lintrc))
    }
    if let rule = RuleRegistry.rule(id: folder) { return LintSettings(rules: [rule]) }
    return .defaults
}

/// Lints one fixture folder as a project with its settings and checks it against its markers.
func checkFixtureFolder(_ folder: String) throws -> [String] {
    try checkProject(at: testInputs.appendingPathComponent(folder).path, shownAs: "TestInputs/" + folder,
                     settings: fixtureSettings(folder))
}

/// Lints every Swift file under `root` as one project.
func lintProject(at root: String, shownAs prefix: String, settings: LintSettings) throws -> (LintReport, [SourceFile]) {
    let paths = try Discovery.swiftFiles(in: [root])
    var files: [SourceFile] = []
    for path in paths {
        let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        files.append(SourceFile(path: prefix + String(path.dropFirst(root.count)), bytes: bytes))
    }
    // As the command line lints the folder as a project: its demo and example folders are sample code.
    var engine = Engine(settings: settings)
    if root.hasSuffix(prefix) { engine.sampleCode = SampleCode(root: root, cwd: String(root.dropLast(prefix.count))) }
    return (engine.lint(files: files), files)
}

/// Lints every Swift file under `root` as one project and compares with its markers.
func checkProject(at root: String, shownAs prefix: String, settings: LintSettings = .defaults) throws -> [String] {
    let (report, files) = try lintProject(at: root, shownAs: prefix, settings: settings)
    var expected: [Expected] = []
    for file in files { expected += try Expectations.parse(file) }
    expected += try expectationsFile(in: root, shownAs: prefix)
    var produced: [Produced] = []
    for d in report.diagnostics {
        guard let file = report.sources[d.path] else { continue }
        let location = LineTable(file.bytes).location(of: d.range.lowerBound)
        // A marker's substring is looked for in the message and then in the notes (what the message names
        // only by its ends, the chain or the presentation, is spelt out in a note).
        produced.append(Produced(key: Expected(path: d.path, line: location.line, rule: d.ruleID), column: location.column,
                                 message: ([d.message] + d.notes.map(\.message)).joined(separator: "\n")))
    }
    return Expectations.compare(expected: expected, produced: produced)
}

/// A folder's `expectations.txt` (`FILE:LINE: RULE[, RULE]` lines, `#` comments): the findings of code
/// that is shown to people and so carries no `// expect:` markers (`TestInputs/Showcase`).
func expectationsFile(in root: String, shownAs prefix: String) throws -> [Expected] {
    let path = root + "/expectations.txt"
    guard FileManager.default.fileExists(atPath: path) else { return [] }
    var result: [Expected] = []
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
        let parts = line.split(separator: ":", maxSplits: 2)
        guard parts.count == 3, let number = Int(parts[1]) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(path): cannot read '\(line)'"])
        }
        for rule in parts[2].split(separator: ",") {
            result.append(Expected(path: prefix + "/" + parts[0], line: number, rule: rule.trimmingCharacters(in: .whitespaces)))
        }
    }
    return result
}

/// The fix goldens of a folder: for each `X.swift.fixed`, the file `X.swift` after its safe fixes
/// (`--fix`), linted with the folder's settings. `STATELINT_UPDATE_GOLDENS=1` writes them (check the
/// diff by hand).
func checkFixGoldens(_ folder: String) throws -> [String] {
    let root = testInputs.appendingPathComponent(folder).path
    let goldens = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { $0.hasSuffix(".swift.fixed") }.sorted()
    guard !goldens.isEmpty else { return [] }
    let prefix = "TestInputs/" + folder
    let (report, files) = try lintProject(at: root, shownAs: prefix, settings: fixtureSettings(folder))
    let fixed = Fixer.fixedContents(report)
    var failures: [String] = []
    for golden in goldens {
        let source = prefix + "/" + String(golden.dropLast(".fixed".count))
        guard let original = files.first(where: { $0.path == source }) else {
            failures.append("\(prefix)/\(golden) has no \(source)")
            continue
        }
        let after = fixed[source] ?? original.bytes
        let url = URL(fileURLWithPath: root).appendingPathComponent(golden)
        if ProcessInfo.processInfo.environment["STATELINT_UPDATE_GOLDENS"] == "1" { try Data(after).write(to: url) }
        let expected = [UInt8]((try? Data(contentsOf: url)) ?? Data())
        if after != expected {
            failures.append("\(source) after --fix differs from \(golden):\n\(String(decoding: after, as: UTF8.self))")
        }
        if after == original.bytes { failures.append("\(source): no safe fix applies, so \(golden) proves nothing") }
    }
    return failures
}

@Suite("Fixtures")
struct FixtureTests {
    @Test("fixture folder matches its // expect: markers", arguments: fixtureFolders())
    func fixtureFolder(_ folder: String) throws {
        let failures = try checkFixtureFolder(folder)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("fix goldens: X.swift.fixed is X.swift after --fix", arguments: fixtureFolders())
    func fixGoldens(_ folder: String) throws {
        let failures = try checkFixGoldens(folder)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func ruleFoldersRunTheirRuleAlone() throws {
        #expect(try fixtureSettings("task_retains_self").runs.map(\.id) == ["task_retains_self"])
        #expect(try fixtureSettings("unused_suppression").runs.count == RuleRegistry.all.count, "it opts in with a .lintrc")
        #expect(try fixtureSettings("Golden").runs.count == RuleRegistry.all.count)
    }

    @Test func everyRuleHasFlaggingAndSilentFixtures() throws {
        for descriptor in RuleRegistry.descriptors {
            let folder = testInputs.appendingPathComponent(descriptor.id).path
            let paths = (try? Discovery.swiftFiles(in: [folder])) ?? []
            var flagging = 0
            var silent = 0
            for path in paths {
                let file = SourceFile(path: path, bytes: [UInt8](FileManager.default.contents(atPath: path) ?? Data()))
                if try Expectations.parse(file).isEmpty { silent += 1 } else { flagging += 1 }
            }
            #expect(flagging > 0, "\(descriptor.id) has no flagging fixture in TestInputs/\(descriptor.id)")
            #expect(silent > 0, "\(descriptor.id) has no silent fixture in TestInputs/\(descriptor.id)")
        }
    }
}

@Suite("Expectation markers")
struct ExpectationMarkerTests {
    func parse(_ text: String) throws -> [Expected] {
        try Expectations.parse(SourceFile(path: "m.swift", text: text))
    }

    @Test func parsesSingleAndMultipleIds() throws {
        let found = try parse("let a = 1 // expect: print_changes_leftover\nlet b = 2 // expect: print_changes_leftover, print_changes_leftover\n")
        #expect(found.map(\.line) == [1, 2, 2])
    }

    @Test func relativeLineMarkers() throws {
        let found = try parse("// expect@+1: print_changes_leftover\nlet a = 1\nlet b = 2 // expect@-1: print_changes_leftover\n")
        #expect(found.map(\.line) == [2, 2])
    }

    @Test func markerInsideStringIsIgnored() throws {
        #expect(try parse("let s = \"// expect: print_changes_leftover\"\n").isEmpty)
    }

    @Test("malformed markers are rejected", arguments: [
        "// expect print_changes_leftover\n",
        "// expect:\n",
        "// expect: print_changes_leftover,\n",
        "// expect: no_such_rule\n",
        "// expect@1: print_changes_leftover\n",
        "// expect: print_changes_leftover@x\n",
        "// expect: print_changes_leftover \"unterminated\n",
        "// expect: print_changes_leftover \"\"\n",
        "// expect: print_changes_leftover \"a\" b\n",
    ])
    func rejectsMalformed(_ text: String) {
        #expect(throws: Expectations.Malformed.self) { try parse(text) }
    }

    @Test func comparisonReportsBothDirections() {
        let a = Expected(path: "f", line: 1, rule: "r")
        let b = Expected(path: "f", line: 2, rule: "r")
        let failures = Expectations.compare(expected: [a, a], produced: [Produced(key: a, column: 3, message: "m"),
                                                                            Produced(key: b, column: 1, message: "n")])
        #expect(failures.count == 2)
        #expect(failures.contains { $0.contains("f:2:1: unexpected r — n") })
        #expect(failures.contains { $0.contains("f:1: r: expected but it was not reported") })
    }

    @Test func columnsAndMessageSubstrings() throws {
        let found = try parse("let a = 1 // expect: print_changes_leftover@9 \"left in, 'V'\", print_changes_leftover\n")
        #expect(found.map(\.column) == [9, nil])
        #expect(found.map(\.message) == ["left in, 'V'", nil])
        let e = found[0]
        let at9 = Produced(key: e.key, column: 9, message: "'x' left in, 'V'.body")
        #expect(Expectations.compare(expected: [e], produced: [at9]).isEmpty)
        #expect(Expectations.compare(expected: [e], produced: [Produced(key: e.key, column: 8, message: at9.message)]).count == 1)
        #expect(Expectations.compare(expected: [e], produced: [Produced(key: e.key, column: 9, message: "other")]).count == 1)
        // A constrained expectation is matched first: the unconstrained one takes the other finding.
        let both = Expectations.compare(expected: [found[1], e], produced: [at9, Produced(key: e.key, column: 2, message: "z")])
        #expect(both.isEmpty, "\(both)")
    }
}

@Suite("Hazard proofs agree with the rules")
struct HazardProofAgreementTests {
    /// The runtime tests in `Tests/HazardProofTests` carry `// expect:` markers on exactly the forms
    /// they prove hazardous; linting them must report exactly those lines, so a rule flags what
    /// misbehaves at run time and spares what does not.
    @Test func proofModelsAreFlaggedExactlyWhereTheHazardHappens() throws {
        let root = packageRoot.appendingPathComponent("Tests/HazardProofTests").path
        let failures = try checkProject(at: root, shownAs: "Tests/HazardProofTests")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
