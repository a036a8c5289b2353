import Foundation
import StatelintCore
import StatelintDiagnostics
import StatelintRules
import StatelintSyntax
import Testing

/// A safe fix is one a user can apply without reading it: it never changes what the program does and
/// never breaks the build. Checked by the compiler on every fixture, and rule by rule for the forms that
/// broke before.
@Suite("Fix safety")
struct FixSafetyTests {
    /// `swiftc` of the toolchain that runs the tests (it is on every machine that builds statelint).
    static let swiftc: String? = {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let candidate = "\(folder)/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    /// Runs a command; its exit status and output.
    static func run(_ executable: String, _ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let log = folder.appendingPathComponent("log-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    /// Whether a fixture needs only what Linux has (no SwiftUI, UIKit, AppKit or Combine): then the compiler
    /// can type-check it here.
    static func needsNoAppleFramework(_ text: String) -> Bool {
        !["import SwiftUI", "import UIKit", "import AppKit", "import Combine", "import WidgetKit"].contains { text.contains($0) }
    }

    static func apply(_ fix: Fix, to bytes: [UInt8]) -> [UInt8] {
        var text = bytes
        for edit in fix.edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            text.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return text
    }

    /// The compiler's verdict on every fixture's `--fix` result: each file the fixes change parses if the
    /// original parses, and type-checks if the original type-checks (files that need no Apple framework).
    @Test func everyFixtureParsesAndTypeChecksAfterItsSafeFixes() throws {
        let swiftc = try #require(Self.swiftc, "swiftc is not on PATH")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("statelint-fix-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var parsed = 0
        var typeChecked = 0
        var failures: [String] = []
        for folder in fixtureFolders() {
            let root = testInputs.appendingPathComponent(folder).path
            let (report, files) = try lintProject(at: root, shownAs: "TestInputs/" + folder, settings: fixtureSettings(folder))
            let fixed = Fixer.fixedContents(report)
            for file in files {
                guard let after = fixed[file.path], after != file.bytes else { continue }
                let before = scratch.appendingPathComponent("before.swift")
                let fixedURL = scratch.appendingPathComponent("fixed.swift")
                try Data(file.bytes).write(to: before)
                try Data(after).write(to: fixedURL)
                guard try Self.run(swiftc, ["-parse", before.path], in: scratch).status == 0 else { continue }
                let parse = try Self.run(swiftc, ["-parse", fixedURL.path], in: scratch)
                parsed += 1
                if parse.status != 0 {
                    failures.append("\(file.path): its safe fixes leave a file that does not parse:\n\(parse.output)")
                    continue
                }
                let text = String(decoding: file.bytes, as: UTF8.self)
                guard Self.needsNoAppleFramework(text),
                      try Self.run(swiftc, ["-typecheck", before.path], in: scratch).status == 0 else { continue }
                let check = try Self.run(swiftc, ["-typecheck", fixedURL.path], in: scratch)
                typeChecked += 1
                if check.status != 0 {
                    failures.append("\(file.path): its safe fixes leave a file that does not type-check:\n\(check.output)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
        #expect(parsed >= 5, "the fixtures' safe fixes were parsed in \(parsed) files only")
        #expect(typeChecked >= 1, "no fixture was type-checked after its fixes")
        print("fix oracle: \(parsed) fixed fixtures parse, \(typeChecked) type-check")
    }

    /// A model whose `didSet` observers print: the program's output before and after `--fix` must be the
    /// same. A change in place through `_count` would skip them.
    static let observedModel = """
        import Observation

        @Observable final class Counter {
            var count: Int {
                didSet { print("count changed to \\(count)") }
            }
            var items: [Int] = [] {
                didSet { print("items now \\(items.count)") }
            }
            init(start: Int) {
                count = start
                count += 1
                items.append(start)
                items.sort()
                print("init reads \\(count) and \\(items.count) items")
            }
        }

        let counter = Counter(start: 2)
        print(counter.count, counter.items)

        """

    @Test func observableInitAccessFixesOnlyPureReads() throws {
        let file = SourceFile(path: "Counter.swift", text: Self.observedModel)
        let report = Engine(rules: [ObservableInitAccessRule.self], jobs: 1).lint(files: [file])
        let findings = report.diagnostics.map { (file.text($0.range), $0.message, $0.fix?.isSafe) }
        // `count += 1`, `items.append`, `items.sort()`: changes, no safe fix, and not called reads.
        let changes = findings.filter { $0.2 == false }
        #expect(changes.count == 3, "\(findings)")
        #expect(changes.contains { $0.1.contains("changes tracked property 'count' in place") }, "\(findings)")
        #expect(changes.contains { $0.1.contains("calls 'append' on tracked property 'items'") }, "\(findings)")
        #expect(changes.contains { $0.1.contains("calls 'sort' on tracked property 'items'") }, "\(findings)")
        #expect(!changes.contains { $0.1.contains(" reads tracked property") })
        // The two plain reads in `print` keep their safe fix.
        #expect(findings.filter { $0.2 == true }.count == 2, "\(findings)")
    }

    /// Compiled and run: the output of the model's program is the same after `--fix`.
    @Test func observableInitAccessSafeFixesKeepTheProgramsOutput() throws {
        let swiftc = try #require(Self.swiftc, "swiftc is not on PATH")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("statelint-fix-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = SourceFile(path: "Counter.swift", text: Self.observedModel)
        let report = Engine(rules: [ObservableInitAccessRule.self], jobs: 1).lint(files: [file])
        let fixed = try #require(Fixer.fixedContents(report)[file.path])
        #expect(fixed != file.bytes, "no safe fix applied: the run would prove nothing")
        var outputs: [String] = []
        for (name, bytes) in [("before", file.bytes), ("after", fixed)] {
            let source = scratch.appendingPathComponent("\(name).swift")
            try Data(bytes).write(to: source)
            let build = try Self.run(swiftc, [source.path, "-o", scratch.appendingPathComponent(name).path], in: scratch)
            try #require(build.status == 0, "\(name) does not compile:\n\(build.output)\n\(String(decoding: bytes, as: UTF8.self))")
            let ran = try Self.run(scratch.appendingPathComponent(name).path, [], in: scratch)
            #expect(ran.status == 0)
            outputs.append(ran.output)
        }
        #expect(outputs[0].contains("count changed to 3"), "the observers run: \(outputs[0])")
        #expect(outputs[0] == outputs[1], "--fix changed what the program prints:\nbefore:\n\(outputs[0])\nafter:\n\(outputs[1])")
    }

    /// The macro's backing storage is private to the class's file: an `init` in an extension in another
    /// file gets no fix (`_count` would not compile there), one in the same file keeps its safe fix; the
    /// project still type-checks after `--fix`.
    @Test func observableInitAccessFixesOnlyWhereTheStorageIsVisible() throws {
        let swiftc = try #require(Self.swiftc, "swiftc is not on PATH")
        let model = SourceFile(path: "Tally.swift", text: """
            import Observation
            @Observable final class Tally {
                var count = 0
            }
            extension Tally {
                convenience init(doubled: Int) {
                    self.init()
                    print(count * 2)
                }
            }

            """)
        let elsewhere = SourceFile(path: "Tally+Init.swift", text: """
            extension Tally {
                convenience init(start: Int) {
                    self.init()
                    print(count)
                }
            }

            """)
        let report = Engine(rules: [ObservableInitAccessRule.self], jobs: 1).lint(files: [model, elsewhere])
        let findings = report.diagnostics.map { ($0.path, $0.fix) }
        #expect(findings.count == 2, "\(report.diagnostics)")
        #expect(findings.contains { $0.0 == "Tally.swift" && $0.1?.isSafe == true })
        #expect(findings.contains { $0.0 == "Tally+Init.swift" && $0.1 == nil })
        #expect(report.diagnostics.first { $0.path == "Tally+Init.swift" }?.help?.contains("private to the file that declares 'Tally'") == true)
        let fixed = Fixer.fixedContents(report)
        #expect(fixed[elsewhere.path] == nil && fixed[model.path] != nil)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("statelint-fix-visible-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var paths: [String] = []
        for file in [model, elsewhere] {
            let url = scratch.appendingPathComponent(file.path)
            try Data(fixed[file.path] ?? file.bytes).write(to: url)
            paths.append(url.path)
        }
        let check = try Self.run(swiftc, ["-typecheck"] + paths, in: scratch)
        #expect(check.status == 0, "the fixed project does not compile:\n\(check.output)")
        // The control: the fix the other file used to get does not compile.
        try Data(String(decoding: elsewhere.bytes, as: UTF8.self).replacingOccurrences(of: "print(count)", with: "print(_count)").utf8).write(to: URL(fileURLWithPath: paths[1]))
        let broken = try Self.run(swiftc, ["-typecheck"] + paths, in: scratch)
        #expect(broken.status != 0, "'_count' from another file compiled: \(broken.output)")
    }

    /// `state_closure_captures_view`'s capture list is offered (unsafe) only where it compiles and breaks the
    /// cycle: not when the closure changes a captured state (`count += 1`, `names.append`, an assignment: a
    /// captured value is a constant), uses the state that keeps the closure (captured strongly, the object
    /// still holds the closure that holds it), or a projected `$flag` (that still reaches the view). A
    /// stand-in for SwiftUI's `State` and `Binding` lets the compiler check every fix here (NetNewsWire's
    /// activity screen got a fix that did not compile).
    static let capturingViews = """
            protocol View {}

            final class Box<T> {
                var value: T
                init(_ value: T) { self.value = value }
            }

            @propertyWrapper struct State<Value> {
                let box: Box<Value>
                init(wrappedValue: Value) { box = Box(wrappedValue) }
                var wrappedValue: Value {
                    get { box.value }
                    nonmutating set { box.value = newValue }
                }
                var projectedValue: Binding<Value> {
                    let box = self.box
                    return Binding(get: { box.value }, set: { box.value = $0 })
                }
            }

            @propertyWrapper struct Binding<Value> {
                let read: () -> Value
                let write: (Value) -> Void
                init(get: @escaping () -> Value, set: @escaping (Value) -> Void) { read = get; write = set }
                var wrappedValue: Value {
                    get { read() }
                    nonmutating set { write(newValue) }
                }
            }

            final class ActivityModel {
                var displayedActivities: [String] = []
                var displayedActivitiesDidChange: (() -> Void)?
            }

            struct ActivityScreen: View {
                @State private var model = ActivityModel()
                @State private var activities: [String] = []
                func appear() {
                    model.displayedActivitiesDidChange = { activities = model.displayedActivities }
                }
            }

            struct Counter: View {
                @State private var onTap: (() -> Void)? = nil
                @State private var count = 0
                func appear() { onTap = { count += 1 } }
            }

            struct Appender: View {
                @State private var onTap: (() -> Void)? = nil
                @State private var names: [String] = []
                let title: String
                func appear() { onTap = { names.append(title) } }
            }

            struct Reader: View {
                @State private var onTap: (() -> Void)? = nil
                @State private var flag = false
                let title: String
                func appear() { onTap = { print(title, $flag.wrappedValue) } }
            }

            struct Plain: View {
                @State private var onTap: (() -> Void)? = nil
                let title: String
                let count: Int
                func appear() { onTap = { print(title, count) } }
            }

        """

    @Test func stateClosureCapturesViewOffersOnlyCaptureListsThatCompile() throws {
        let swiftc = try #require(Self.swiftc, "swiftc is not on PATH")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("statelint-capture-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = SourceFile(path: "Views.swift", text: Self.capturingViews)
        let report = Engine(rules: [StateClosureCapturesViewRule.self], jobs: 1).lint(files: [file])
        let table = LineTable(file.bytes)
        let lines = report.diagnostics.map { table.location(of: $0.range.lowerBound).line }
        #expect(lines == [40, 47, 54, 61, 68], "every form is flagged: \(report.diagnostics.map(\.message))")
        let withFix = report.diagnostics.filter { $0.fix != nil }.map { table.location(of: $0.range.lowerBound).line }
        #expect(withFix == [68], "only the closure that reads plain values gets a capture list")
        let help = report.diagnostics.map { $0.help ?? "" }
        #expect(help.first?.contains("[activities = $activities, weak model]") == true, "\(help.first ?? "")")
        #expect(help.dropFirst(3).first?.contains("[title, flag = $flag]") == true)
        let fixed = try #require(Fixer.fixedContents(report, unsafe: true)[file.path])
        for (name, bytes) in [("before", file.bytes), ("after", fixed)] {
            let source = scratch.appendingPathComponent("\(name).swift")
            try Data(bytes).write(to: source)
            let check = try Self.run(swiftc, ["-typecheck", source.path], in: scratch)
            #expect(check.status == 0, "\(name) does not type-check:\n\(check.output)\n\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test func aRawIdentifierKeepsItsBackticks() throws {
        let source = """
            import Observation
            @Observable final class Model {
                var `foo bar` = 0
                var `default` = 1
                init() {
                    print(`foo bar`, `default`)
                }
            }
            """
        let file = SourceFile(path: "M.swift", text: source)
        let report = Engine(rules: [ObservableInitAccessRule.self], jobs: 1).lint(files: [file])
        let fixed = try #require(Fixer.fixedContents(report)[file.path])
        #expect(String(decoding: fixed, as: UTF8.self).contains("print(`_foo bar`, `_default`)"))
    }

    @Test func stateWriteInInitOffersNoFixForAnIfOrSwitchExpression() throws {
        let source = """
            import SwiftUI
            struct Badge: View {
                @State private var label = ""
                @State private var count = 0
                init(value: Int) {
                    label = if value > 9 { "9+" } else { "\\(value)" }
                    count = switch value { case 0: 0; default: 1 }
                    _ = value
                }
                var body: some View { Text(label) }
            }
            """
        let file = SourceFile(path: "Badge.swift", text: source)
        let report = Engine(rules: [StateWriteInInitRule.self], jobs: 1).lint(files: [file])
        #expect(report.diagnostics.count == 2, "\(report.diagnostics.map(\.message))")
        #expect(report.diagnostics.allSatisfy { $0.fix == nil }, "State(initialValue: if …) does not type-check")
    }

    @Test func printChangesAsTheOnlyStatementOfACaseIsNotDeleted() throws {
        let source = """
            import SwiftUI
            struct Row: View {
                let kind: Int
                var body: some View {
                    switch kind {
                    case 0:
                        let _ = Self._printChanges()
                    default:
                        let _ = Self._printChanges()
                        Text("row")
                    }
                }
            }
            """
        let file = SourceFile(path: "Row.swift", text: source)
        let report = Engine(rules: [PrintChangesLeftoverRule.self], jobs: 1).lint(files: [file])
        #expect(report.diagnostics.count == 2)
        let onlyStatement = try #require(report.diagnostics.first)
        let fix = try #require(onlyStatement.fix)
        #expect(!fix.isSafe, "a case needs a statement: the replacement is offered, not applied")
        #expect(String(decoding: Self.apply(fix, to: file.bytes), as: UTF8.self).contains("case 0:\n            break\n"))
        // The other one is deleted with its line, safely.
        #expect(report.diagnostics.last?.fix?.isSafe == true)
    }

    @Test func unusedSuppressionKeepsProseAndRemovesARegionWhole() throws {
        let source = """
            import SwiftUI

            // statelint: this file is checked in CI
            /* statelint: see docs/suppressions.md */
            struct Row: View {
                // statelint:disable print_changes_leftover
                var body: some View {
                    // statelint:disable:next print_changes_leftover, state_injected_value
                    let _ = Self._printChanges()
                    Text("row")
                }
                // statelint:enable print_changes_leftover
            }

            struct Card: View {
                // statelint:disable print_changes_leftover
                var body: some View { Text("card") }
                // statelint:enable print_changes_leftover
            }

            """
        let file = SourceFile(path: "Row.swift", text: source)
        let report = Engine(rules: [PrintChangesLeftoverRule.self, StateInjectedValueRule.self, UnusedSuppressionRule.self], jobs: 1)
            .lint(files: [file])
        let messages = report.diagnostics.map(\.message)
        // Prose after `statelint:` is not a broken directive.
        #expect(!messages.contains { $0.contains("unknown suppression command") }, "\(messages)")
        // One rule of two silenced something: the comment stays, and says which id to drop.
        let partial = try #require(report.diagnostics.first { $0.message.contains("'state_injected_value'") }, "\(messages)")
        #expect(partial.fix == nil)
        #expect(partial.message.contains("remove 'state_injected_value' from the comment"))
        // The region that silences nothing goes with its `enable`: no orphan left.
        let fixed = String(decoding: try #require(Fixer.fixedContents(report)[file.path]), as: UTF8.self)
        #expect(fixed.contains("// statelint: this file is checked in CI"))
        #expect(fixed.contains("/* statelint: see docs/suppressions.md */"))
        #expect(fixed.components(separatedBy: "statelint:disable print_changes_leftover").count == 2, "\(fixed)")
        #expect(fixed.components(separatedBy: "statelint:enable print_changes_leftover").count == 2, "\(fixed)")
        #expect(fixed.contains("struct Card: View {\n    var body: some View { Text(\"card\") }\n}"), "\(fixed)")
    }

    @Test func anEnableInsideDisableAllSaysItEndsNothing() throws {
        let source = """
            import SwiftUI
            // statelint:disable all
            struct Row: View {
                var body: some View {
                    let _ = Self._printChanges()
                    Text("row")
                }
            }
            // statelint:enable all
            // statelint:enable print_changes_leftover
            """
        let file = SourceFile(path: "Row.swift", text: source)
        let report = Engine(rules: [PrintChangesLeftoverRule.self, UnusedSuppressionRule.self], jobs: 1).lint(files: [file])
        let messages = report.diagnostics.map(\.message)
        #expect(messages == ["'statelint:enable print_changes_leftover' ends no region: no 'statelint:disable' of it is open above"], "\(messages)")
        #expect(report.diagnostics.first?.fix == nil)
    }
}
