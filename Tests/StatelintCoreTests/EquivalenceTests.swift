import Foundation
import StatelintCore
import StatelintDiagnostics
import StatelintRules
import StatelintSyntax
import Testing

/// A file's findings do not depend on how it is linted: with its whole project, named alone, named with
/// others, or as an editor's buffer, every finding in it is the same (rule, place, severity, message,
/// notes, fix).
@Suite("Equivalence: a file's findings whatever the path")
struct EquivalenceTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Everything a finding says, as one comparable string.
    static func describe(_ d: Diagnostic) -> String {
        var text = "\(d.path):\(d.range) \(d.severity.rawValue) [\(d.ruleID)] \(d.message)"
        for note in d.notes { text += "\n  note \(note.path ?? d.path):\(note.range) \(note.message)" }
        if let help = d.help { text += "\n  help \(help)" }
        if let fix = d.fix {
            text += "\n  fix \(fix.title) safe=\(fix.isSafe) " + fix.edits.map { "\($0.range)=\($0.replacement)" }.joined(separator: ",")
        }
        return text
    }

    static func findings(_ report: LintReport, in path: String) -> [String] {
        report.diagnostics.filter { $0.path == path }.map(describe)
    }

    /// Lints `paths` (one project) whole, then each file named alone, then in pairs with the next file, and
    /// as a buffer standing in for itself: the findings in each file must match the whole run's.
    static func check(paths: [String], settings: LintSettings) -> [String] {
        let engine = Engine(settings: settings, jobs: 2)
        let whole = engine.lint(paths: paths)
        var failures: [String] = []
        for (k, path) in paths.enumerated() {
            let shown = Discovery.displayPath(path)
            let expected = findings(whole, in: shown)
            let alone = engine.lint(project: paths, reporting: [path])
            if findings(alone, in: shown) != expected {
                failures.append("\(shown) named alone:\n\(findings(alone, in: shown).joined(separator: "\n"))\nwhole run:\n\(expected.joined(separator: "\n"))")
            }
            let other = paths[(k + 1) % paths.count]
            let pair = engine.lint(project: paths, reporting: [path, other])
            if findings(pair, in: shown) != expected { failures.append("\(shown) named with \(other) differs") }
            if case .success(let file) = Engine.read(path) {
                let buffer = engine.lint(project: paths, reporting: [path], replacing: SourceFile(path: shown, bytes: file.bytes))
                if findings(buffer, in: shown) != expected { failures.append("\(shown) as a buffer differs") }
            }
        }
        return failures
    }

    @Test(arguments: ["Golden", "Showcase", "state_injected_value", "state_eager_object_init", "view_owned_reference",
                      "observable_init_access", "task_retains_self", "stored_closure_retains_self"])
    func everyFixtureFileAlone(_ folder: String) throws {
        let root = Self.packageRoot.appendingPathComponent("TestInputs/\(folder)").path
        let paths = try Discovery.swiftFiles(in: [root])
        #expect(paths.count >= 2)
        let settings = RuleRegistry.rule(id: folder).map { LintSettings(rules: [$0]) } ?? .defaults
        let failures = Self.check(paths: paths, settings: settings)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
    }

    /// A small random project (fixed seeds): models, views that keep and pass them, extensions and
    /// callers spread over folders.
    static func generatedProject(seed: UInt64, in folder: URL) throws -> [String] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var files: [String: String] = [:]
        let models = 3 + next(3)
        for m in 0..<models {
            let effect = ["print(\"Model\(m) created\")", "Task { await self.load() }", "count = 0"][next(3)]
            files["Models/Model\(m).swift"] = """
                import Observation

                @Observable final class Model\(m) {
                    var count = 0
                    var name: String
                    init(name: String) {
                        self.name = name
                        \(effect)
                        \(next(2) == 0 ? "print(self.count)" : "")
                    }
                    func load() async {}
                }

                """
            if next(2) == 0 {
                files["Extensions/Model\(m)+Extra.swift"] = """
                    extension Model\(m) {
                        var upper: String { name.uppercased() }
                        convenience init() {
                            self.init(name: "x")
                            print(upper)
                        }
                    }

                    """
            }
        }
        let views = 3 + next(4)
        for v in 0..<views {
            let model = next(models)
            let child = v + 1 < views ? "Child\(v + 1)(title: title, value: count)" : "Text(title)"
            files["Screens/Child\(v).swift"] = """
                import SwiftUI

                struct Child\(v): View {
                    @State var title: String
                    @State private var model = Model\(model)(name: "v\(v)")
                    @State private var count: Int
                    init(title: String, value: Int) {
                        self.title = title
                        _count = State(initialValue: value)
                    }
                    var body: some View {
                        VStack {
                            \(child)
                            Text("\\(model.count)")
                        }
                        .onAppear { Task { await model.load() } }
                    }
                }

                """
        }
        files["Screens/Root.swift"] = """
            import SwiftUI

            struct Root: View {
                @State private var title = "root"
                @State private var count = 0
                var body: some View {
                    Child0(title: title, value: count)
                        .onTapGesture { count += 1; title += "!" }
                }
            }

            """
        var paths: [String] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        return paths
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func generatedMultiFileProjects(_ seed: UInt64) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("statelint-equivalence-\(seed)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = try Self.generatedProject(seed: seed, in: folder)
        let whole = Engine(settings: .defaults, jobs: 2).lint(paths: paths)
        // The project must have findings that need other files, or it proves nothing.
        #expect(whole.diagnostics.contains { $0.ruleID == "state_eager_object_init" || $0.ruleID == "state_injected_value" },
                "\(whole.diagnostics.map(Self.describe))")
        let failures = Self.check(paths: paths, settings: .defaults)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
    }
}
