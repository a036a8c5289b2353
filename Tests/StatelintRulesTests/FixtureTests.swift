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

/// Lints one fixture folder as a project with every rule and checks it against its markers.
func checkFixtureFolder(_ folder: String) throws -> [String] {
    try checkProject(at: testInputs.appendingPathComponent(folder).path, shownAs: "TestInputs/" + folder)
}

/// Lints every Swift file under `root` as one project and compares with its markers.
func checkProject(at root: String, shownAs prefix: String) throws -> [String] {
    let paths = try Discovery.swiftFiles(in: [root])
    var files: [SourceFile] = []
    var expected: [Expected] = []
    for path in paths {
        let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        let shown = prefix + String(path.dropFirst(root.count))
        let file = SourceFile(path: shown, bytes: bytes)
        files.append(file)
        expected += try Expectations.parse(file)
    }
    let report = Engine().lint(files: files)
    var produced: [Expected] = []
    var messages: [Expected: [String]] = [:]
    for d in report.diagnostics {
        guard let file = report.sources[d.path] else { continue }
        let line = LineTable(file.bytes).location(of: d.range.lowerBound).line
        let e = Expected(path: d.path, line: line, rule: d.ruleID)
        produced.append(e)
        messages[e, default: []].append(d.message)
    }
    return Expectations.compare(expected: expected, produced: produced, messages: messages)
}

@Suite("Fixtures")
struct FixtureTests {
    @Test("fixture folder matches its // expect: markers", arguments: fixtureFolders())
    func fixtureFolder(_ folder: String) throws {
        let failures = try checkFixtureFolder(folder)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
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
    ])
    func rejectsMalformed(_ text: String) {
        #expect(throws: Expectations.Malformed.self) { try parse(text) }
    }

    @Test func comparisonReportsBothDirections() {
        let a = Expected(path: "f", line: 1, rule: "r")
        let b = Expected(path: "f", line: 2, rule: "r")
        let failures = Expectations.compare(expected: [a, a], produced: [a, b])
        #expect(failures.count == 2)
        #expect(failures.contains { $0.contains("f:2: unexpected r") })
        #expect(failures.contains { $0.contains("f:1: expected r") })
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
