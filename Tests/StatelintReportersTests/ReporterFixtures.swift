import Foundation
import StatelintCore
import StatelintReporters
import StatelintRules
import StatelintSyntax
import Testing

/// Swift sources that real rules flag, and reports built from them by the real engine.
enum Fixtures {
    /// One `print_changes_leftover` finding at 3:17–3:37 (byte and UTF-16 columns agree: all ASCII), with a
    /// safe fix deleting line 3.
    static let peach = """
        struct PeachView: View {
            var body: some View {
                let _ = Self._printChanges()
                Text("Peach")
            }
        }
        """

    /// One `state_closure_captures_view` finding at 7:17–7:43 with a note at 7:33–7:41 (`myObject`) and an
    /// unsafe fix inserting ` [myObject] in` at 7:28 (just after `{`).
    static let leaky = """
        struct LeakyView: View {
            let myObject = MyObject()
            @State private var handler: (() -> Void)?
            var body: some View {
                Text("Hello")
                    .onAppear {
                        handler = { _ = myObject }
                    }
            }
        }
        """

    /// `peach` with Korean text and an emoji in a comment before the flagged call on line 3.
    static let korean = """
        struct PeachView: View {
            var body: some View {
                let _ = /* 한글 😀 */ Self._printChanges()
                Text("Peach")
            }
        }
        """

    /// A view whose `body` holds `count` copies of the flagged `let _ = Self._printChanges()` line
    /// (lines 3 …), so `count` findings.
    static func manyLeftovers(_ count: Int, blankLinesAbove: Int = 0) -> String {
        String(repeating: "\n", count: blankLinesAbove)
            + "struct ManyView: View {\n    var body: some View {\n"
            + String(repeating: "        let _ = Self._printChanges()\n", count: count)
            + "        Text(\"Many\")\n    }\n}\n"
    }

    /// Lints in-memory files (path, text) as one project with every rule.
    static func lint(_ files: [(String, String)]) -> LintReport {
        Engine(jobs: 1).lint(files: files.map { SourceFile(path: $0.0, text: $0.1) })
    }

    /// Real `FileProblem`s (the type has no public initializer): the engine's answer for paths that do not exist.
    static func missing(_ paths: [String]) -> [FileProblem] {
        Engine(jobs: 1).lint(paths: paths).problems
    }

    /// Parses JSON output (tests only; the reporters write JSON by hand).
    static func parse(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }
}

/// Shorthands for walking parsed JSON in tests.
extension Dictionary where Key == String, Value == Any {
    func object(_ key: String) -> [String: Any] { self[key] as? [String: Any] ?? [:] }
    func array(_ key: String) -> [[String: Any]] { self[key] as? [[String: Any]] ?? [] }
    func string(_ key: String) -> String? { self[key] as? String }
    func int(_ key: String) -> Int? { self[key] as? Int }
}
