import Foundation
import Testing

/// `--fix`, through the binary.
@Suite("CLI --fix")
struct CLIFixTests {
    /// A safe fix (the print line is deleted) and an unsafe one (the closure's capture list).
    static let picker = """
        import SwiftUI

        struct Picker: View {
            @State private var onDone: (() -> Void)?
            var title = "Pick"

            var body: some View {
                let _ = print("body")
                Text(title)
                    .onAppear {
                        onDone = { print(title) }
                    }
            }
        }

        """
    static let pickerFixed = """
        import SwiftUI

        struct Picker: View {
            @State private var onDone: (() -> Void)?
            var title = "Pick"

            var body: some View {
                Text(title)
                    .onAppear {
                        onDone = { print(title) }
                    }
            }
        }

        """
    /// A safe fix: `count` becomes `_count`.
    static let counter = """
        import Observation

        @Observable
        final class Counter {
            var count = 0

            init(start: Int) {
                count = start
                print(self.count)
                Task { count += 1 }
            }
        }

        """

    @Test func appliesSafeFixesLeavesUnsafeOnesAndKeepsPermissions() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Picker.swift", Self.picker)
        try sandbox.write("Counter.swift", Self.counter)
        try sandbox.setPermissions("Picker.swift", 0o640)
        try sandbox.setPermissions("Counter.swift", 0o604)

        let before = try sandbox.run(["--format", "xcode"])
        #expect(before.lines.count == 3, "\(before)")
        #expect(before.lines.contains { $0.hasPrefix("Picker.swift:8:17:") && $0.hasSuffix("[print_changes_leftover]") })
        #expect(before.lines.contains { $0.hasPrefix("Counter.swift:9:20:") && $0.hasSuffix("[observable_init_access]") })

        let result = try sandbox.run(["--fix", "--format", "xcode"])
        #expect(result.status == 1, "an unsafe fix is left, so a warning remains: \(result)")
        #expect(result.lines == [
            "Picker.swift:10:17: warning: closure stored in @State 'onDone' uses 'title', so it captures the 'Picker' view, whose state holds the closure: a cycle that is never released [state_closure_captures_view]",
        ], "\(result)")
        #expect(result.stderr == "statelint: fixed 2 findings in 2 files\n1 warning, 0 errors in 2 files\n", "\(result)")

        #expect(try sandbox.read("Picker.swift") == Self.pickerFixed)
        #expect(try sandbox.read("Counter.swift") == Self.counter.replacingOccurrences(of: "print(self.count)", with: "print(self._count)"))
        #expect(try sandbox.permissions("Picker.swift") == 0o640)
        #expect(try sandbox.permissions("Counter.swift") == 0o604)
        // No temporary files left behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path).filter { !$0.hasPrefix(".git") }.sorted()
        #expect(left == ["Counter.swift", "Picker.swift"])
        // The analysis cache (in the cache home) holds its pack and its two markers, and no temporary file.
        let folders = sandbox.cacheFolders()
        #expect(folders.count == 1, "\(folders)")
        let cache = try FileManager.default.contentsOfDirectory(atPath: folders.first ?? "/nonexistent").sorted()
        #expect(cache.count == 3 && cache[0] == ".gitignore" && cache[1] == "CACHEDIR.TAG" && cache[2].hasPrefix("pack-"), "\(cache)")

        // Nothing more to fix: files unchanged, no "fixed" line.
        let again = try sandbox.run(["--fix", "--format", "xcode"])
        #expect(again.stdout == result.stdout)
        #expect(again.stderr == "1 warning, 0 errors in 2 files\n", "\(again)")
        #expect(try sandbox.read("Picker.swift") == Self.pickerFixed)
    }

    @Test func exitCodeReflectsWhatIsLeft() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Counter.swift", Self.counter)
        try sandbox.copyFixture(showcaseFixture, to: "CounterScreen.swift")
        #expect(try sandbox.run([]).status == 1)
        let result = try sandbox.run(["--fix", "--format", "xcode"])
        #expect(result.status == 0, "every finding had a safe fix: \(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "statelint: fixed 3 findings in 2 files\n0 warnings, 0 errors in 2 files\n", "\(result)")
        let screen = try sandbox.read("CounterScreen.swift")
        #expect(!screen.contains("_printChanges") && !screen.contains("let _ = print("))
        #expect(screen.contains("print(\"count is now \\(count)\")"), "an ordinary print in an action stays")
        #expect(try sandbox.run([]).status == 0)
    }

    @Test func quietFixPrintsNothingOnStderr() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Counter.swift", Self.counter)
        let result = try sandbox.run(["--fix", "--quiet"])
        #expect(result.status == 0)
        #expect(result.stderr == "", "\(result)")
        #expect(try sandbox.read("Counter.swift").contains("self._count"))
    }

    @Test func fixOnANamedFileLeavesTheOthersAlone() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Sources/B.swift", CLIFileListTests.b)
        try sandbox.write("Sources/A.swift", CLIFileListTests.a)
        let result = try sandbox.run(["--fix", "Sources/A.swift"])
        #expect(result.status == 0, "\(result)")
        #expect(try sandbox.read("Sources/A.swift") == CLIFileListTests.aClean)
        #expect(try sandbox.read("Sources/B.swift") == CLIFileListTests.b)
    }

    @Test func fixWithForceExcludeLeavesExcludedFilesOutOfTheReport() throws {
        let sandbox = try CLISandbox()
        try sandbox.write(".lintrc", "exclude: ['**/Generated/**']\n")
        try sandbox.copyFixture(showcaseFixture, to: "Sources/Generated/CounterScreen.swift")
        let original = try sandbox.read("Sources/Generated/CounterScreen.swift")
        let plain = try sandbox.run(["--force-exclude", "Sources/Generated/CounterScreen.swift"])
        #expect(plain.status == 0)
        #expect(plain.stdout == "")
        let fixed = try sandbox.run(["--fix", "--force-exclude", "Sources/Generated/CounterScreen.swift"])
        #expect(try sandbox.read("Sources/Generated/CounterScreen.swift") == original, "an excluded file is not fixed")
        #expect(fixed.status == 0, "\(fixed)")
        #expect(fixed.stdout == "")
    }

    /// `--unsafe-fixes` applies the fixes marked unsafe too, through the same checked writes as `--fix`; the
    /// text output says which flag applies each fix it shows.
    @Test func unsafeFixesApplyTheFixesMarkedUnsafe() throws {
        let sandbox = try CLISandbox()
        let model = """
            import Observation
            @Observable final class Inbox {
                var items: [Int] = []
                init(first: Int) {
                    items.append(first)
                    print("inbox ready")
                    Task { items.append(0) }
                }
            }

            """
        try sandbox.write("Inbox.swift", model)
        let shown = try sandbox.run(["--format", "text", "--color", "never"])
        #expect(shown.stdout.contains("    fix (unsafe: --unsafe-fixes): Call 'append' on the backing storage '_items'"), "\(shown)")
        let safe = try sandbox.run(["--fix"])
        let afterSafe = try sandbox.read("Inbox.swift")
        #expect(safe.status == 1 && afterSafe == model, "--fix leaves an unsafe fix: \(safe)")
        let unsafe = try sandbox.run(["--unsafe-fixes", "--format", "xcode"])
        #expect(try sandbox.read("Inbox.swift") == model.replacingOccurrences(of: "items.append(first)", with: "_items.append(first)"))
        #expect(unsafe.status == 0 && unsafe.lines.isEmpty && unsafe.stderr.contains("fixed 1 finding in 1 file"), "\(unsafe)")
    }
}
