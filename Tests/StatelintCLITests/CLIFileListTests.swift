import Foundation
import Testing

/// File lists and standard input, as pre-commit hooks and editors use them.
@Suite("CLI file lists")
struct CLIFileListTests {
    /// `Sources/B.swift` declares `Panel: View` (and has its own finding); `Sources/A.swift` extends
    /// `Panel` without repeating the conformance, so A's finding needs B in the index.
    static let b = """
        import SwiftUI

        struct Panel: View {
            var body: some View {
                let _ = print("panel")
                Text("B")
            }
        }

        """
    static let a = """
        import SwiftUI

        extension Panel {
            @ViewBuilder var footer: some View {
                let _ = Self._printChanges()
                Text("A")
            }
        }

        """
    static let aClean = """
        import SwiftUI

        extension Panel {
            @ViewBuilder var footer: some View {
                Text("A")
            }
        }

        """
    static let aFinding = "Sources/A.swift:5:17: warning: 'Self._printChanges()' left in 'Panel.footer': it prints every time SwiftUI re-evaluates the view [print_changes_leftover]"

    func project() throws -> CLISandbox {
        let sandbox = try CLISandbox()
        try sandbox.write("Sources/B.swift", Self.b)
        try sandbox.write("Sources/A.swift", Self.a)
        return sandbox
    }

    @Test func namedFileIsLintedWithTheWholeProjectIndex() throws {
        let sandbox = try project()
        // Control: the whole project has a finding in each file.
        let all = try sandbox.run(["--format", "xcode"])
        #expect(all.lines.count == 2, "\(all)")
        #expect(all.lines.contains { $0.hasPrefix("Sources/B.swift:5:17:") })

        let result = try sandbox.run(["--format", "xcode", "Sources/A.swift"])
        #expect(result.status == 1, "\(result)")
        #expect(result.lines == [Self.aFinding], "A's finding, nothing from B")
        #expect(result.stderr == "1 warning, 0 errors in 1 file; 1 fixable with --fix\n")

        // Spelled differently, the same.
        #expect(try sandbox.run(["--format", "xcode", "./Sources/A.swift"]).lines == [Self.aFinding])
        #expect(try sandbox.run(["--format", "xcode", sandbox.path("Sources/A.swift")]).lines == [Self.aFinding])

        // Control: without B in the project, A alone is not a view and has no finding.
        let alone = try CLISandbox()
        try alone.write("Sources/A.swift", Self.a)
        let aloneResult = try alone.run(["--format", "xcode", "Sources/A.swift"])
        #expect(aloneResult.status == 0, "\(aloneResult)")
        #expect(aloneResult.stdout == "")
    }

    @Test func namedFilesSeeTypesTheyOnlyUse() throws {
        // The named file uses a model declared in a file that never names the view: its finding needs that
        // file's facts (what the model's init does).
        let sandbox = try CLISandbox()
        try sandbox.write("Model/Store.swift", """
            import Observation

            @Observable final class Store {
                var items: [String]
                init(seed: [String]) {
                    items = seed
                    print("Store created")
                }
            }

            """)
        try sandbox.write("Screens/Screen.swift", """
            import SwiftUI

            struct Screen: View {
                @State private var store = Store(seed: [])
                var body: some View { Text("\\(store.items.count)") }
            }

            """)
        for i in 0..<5 { try sandbox.write("Sources/Other\(i).swift", "struct Other\(i) { var x = \(i) }\n") }
        let whole = try sandbox.run(["--show-info", "--format", "xcode"])
        let screen = whole.lines.filter { $0.hasPrefix("Screens/Screen.swift:") }
        #expect(screen.contains { $0.contains("[state_eager_object_init]") }, "\(whole)")
        let named = try sandbox.run(["--show-info", "--format", "xcode", "Screens/Screen.swift"])
        #expect(named.lines == screen, "named alone: \(named)")
        let stdin = try sandbox.run(["--show-info", "--format", "xcode", "--stdin-path", "Screens/Screen.swift"], stdin: try sandbox.read("Screens/Screen.swift"))
        #expect(stdin.lines == screen, "from standard input: \(stdin)")
    }

    @Test func nestedTypeNamesDoNotLoseFacts() throws {
        let sandbox = try CLISandbox()
        // The named file's view has a nested type with a common name; its state is injected in an
        // extension of the nested path's outer type in another file.
        try sandbox.write("Panel.swift", """
            import SwiftUI

            struct Panel: View {
                enum CodingKeys: String { case title }
                @State var title: String
                var body: some View { Text(title) }
            }

            """)
        try sandbox.write("PanelInit.swift", """
            extension Panel {
                init(name: String) { _title = State(initialValue: name) }
            }

            """)
        for i in 0..<4 {
            try sandbox.write("Other\(i).swift", "struct Other\(i) { enum CodingKeys: String { case a } }\n")
        }
        let full = try sandbox.run(["--show-info", "--format", "xcode"])
        let named = try sandbox.run(["--show-info", "--format", "xcode", "PanelInit.swift"])
        #expect(named.lines == full.lines.filter { $0.hasPrefix("PanelInit.swift:") }, "\(named)\n\(full)")
        #expect(!named.lines.isEmpty, "the injected @State is reported: \(full)")
    }

    @Test func aNamedFileInNoProjectBringsOnlyTheFilesBesideIt() throws {
        // No `.git` and no `.lintrc`: the folder the command runs in is no project (it may be `/tmp` or a
        // home folder). The named file's neighbours are indexed; nothing below the folder is read.
        let sandbox = try CLISandbox()
        try FileManager.default.removeItem(at: sandbox.url(".git"))
        try sandbox.write("Tool/B.swift", Self.b)
        try sandbox.write("Tool/A.swift", Self.a)
        for i in 0..<5 { try sandbox.write("Elsewhere/Other\(i).swift", "struct Other\(i) { var x = \(i) }\n") }
        try sandbox.write("Tool/Deeper/Panel2.swift", "struct Panel2 {}\n")
        let result = try sandbox.run(["--format", "xcode", "--stats", "Tool/A.swift"])
        #expect(result.lines == ["Tool/" + Self.aFinding.dropFirst("Sources/".count)], "B beside A still declares Panel: \(result)")
        #expect(result.stderr.contains("stats: 2 files"), "\(result)")

        // In a git work tree elsewhere, that work tree is the project, wherever the command runs.
        try FileManager.default.createDirectory(at: sandbox.url("Repo/.git"), withIntermediateDirectories: true)
        try sandbox.write("Repo/Sources/B.swift", Self.b)
        try sandbox.write("Repo/A.swift", Self.a)
        let inRepo = try sandbox.run(["--format", "xcode", "--stats", "../Repo/A.swift"], in: "Elsewhere")
        #expect(inRepo.lines == ["../Repo/" + Self.aFinding.dropFirst("Sources/".count)], "\(inRepo)")
        #expect(inRepo.stderr.contains("stats: 2 files"), "\(inRepo)")
    }

    @Test func namedFileFromASubfolder() throws {
        let sandbox = try project()
        let result = try sandbox.run(["--format", "xcode", "A.swift"], in: "Sources")
        #expect(result.lines == [String(Self.aFinding.dropFirst("Sources/".count))], "\(result)")
    }

    @Test func standardInputIsLintedAsThePath() throws {
        let sandbox = try project()
        let named = try sandbox.run(["--format", "xcode", "Sources/A.swift"])
        let piped = try sandbox.run(["--format", "xcode", "--stdin-path", "Sources/A.swift"], stdin: Self.a)
        #expect(piped.status == 1, "\(piped)")
        #expect(piped.stdout == named.stdout)
        #expect(piped.lines == [Self.aFinding])
        #expect(piped.stderr == named.stderr)
    }

    @Test func standardInputWinsOverTheFileOnDisk() throws {
        let sandbox = try project()
        // On disk A is clean; the editor's unsaved buffer is not.
        try sandbox.write("Sources/A.swift", Self.aClean)
        #expect(try sandbox.run(["--format", "xcode", "Sources/A.swift"]).stdout == "")
        let dirty = try sandbox.run(["--format", "xcode", "--stdin-path", "Sources/A.swift"], stdin: Self.a)
        #expect(dirty.lines == [Self.aFinding], "\(dirty)")
        // And the other way round.
        try sandbox.write("Sources/A.swift", Self.a)
        let clean = try sandbox.run(["--format", "xcode", "--stdin-path", "Sources/A.swift"], stdin: Self.aClean)
        #expect(clean.status == 0, "\(clean)")
        #expect(clean.stdout == "")
        // A path that does not exist yet (a new, unsaved file).
        let new = try sandbox.run(["--format", "xcode", "--stdin-path", "Sources/New.swift"], stdin: Self.a)
        #expect(new.lines == [Self.aFinding.replacingOccurrences(of: "Sources/A.swift", with: "Sources/New.swift")], "\(new)")
    }

    @Test func standardInputWithOtherArgumentsIsBadUsage() throws {
        let sandbox = try project()
        let withFix = try sandbox.run(["--stdin-path", "Sources/A.swift", "--fix"], stdin: Self.a)
        #expect(withFix.status == 2, "\(withFix)")
        let withPath = try sandbox.run(["--stdin-path", "Sources/A.swift", "Sources/B.swift"], stdin: Self.a)
        #expect(withPath.status == 2, "\(withPath)")
        #expect(try sandbox.read("Sources/A.swift") == Self.a)
    }

    @Test func forceExcludeAppliesToStandardInput() throws {
        let sandbox = try project()
        try sandbox.write(".lintrc", "exclude: ['Sources/A.swift']\n")
        let named = try sandbox.run(["--format", "xcode", "--force-exclude", "Sources/A.swift"])
        #expect(named.stdout == "", "\(named)")
        let piped = try sandbox.run(["--format", "xcode", "--force-exclude", "--stdin-path", "Sources/A.swift"], stdin: Self.a)
        #expect(piped.status == 0, "\(piped)")
        #expect(piped.stdout == "")
    }
}

/// Names git would quote, and a `.lintrc` above the repository.
@Suite("CLI: file names and the project root")
struct CLIFileNameTests {
    static let names = ["Café.swift", "Quote\"d.swift", "Tab\tName.swift", "Space Name.swift", "Ünïcödé/Vue.swift",
                        "comma,colon:percent%.swift", "plain.swift", "-dash.swift"]

    static func git(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "core.quotePath=true"] + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CLIError.missingBinary("git \(arguments.joined(separator: " ")) failed") }
    }

    static var hasGit: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/git") }

    @Test(.enabled(if: hasGit, "needs git"))
    func changedSinceFindsEveryName() throws {
        let sandbox = try CLISandbox()
        try FileManager.default.removeItem(at: sandbox.url(".git"))
        try Self.git(["init", "-q"], in: sandbox.root)
        try sandbox.write("Base.swift", "let base = 1\n")
        try Self.git(["add", "-A"], in: sandbox.root)
        try Self.git(["commit", "-q", "-m", "base"], in: sandbox.root)
        let view = try CLI.fixture(showcaseFixture)
        // Half committed after the base revision, half untracked.
        for (i, name) in Self.names.enumerated() where i % 2 == 0 { try sandbox.write(name, view) }
        try Self.git(["add", "-A"], in: sandbox.root)
        try Self.git(["commit", "-q", "-m", "change"], in: sandbox.root)
        for (i, name) in Self.names.enumerated() where i % 2 == 1 { try sandbox.write(name, view) }
        let result = try sandbox.run(["--format", "json", "--changed-since", "HEAD~1"])
        #expect(result.status == 1, "\(result)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let paths = Set(((object["findings"] as? [[String: Any]]) ?? []).compactMap { $0["path"] as? String })
        #expect(paths == Set(Self.names), "\(result)")
    }

    @Test func aLintrcAboveTheRepositoryIsNotTheProject() throws {
        let sandbox = try CLISandbox()
        // The sandbox root has .git; a .lintrc in the folder above must not be used.
        let above = sandbox.root.deletingLastPathComponent().appendingPathComponent(".lintrc")
        try Data("rules:\n  print_changes_leftover: off\n".utf8).write(to: above)
        defer { try? FileManager.default.removeItem(at: above) }
        try sandbox.copyFixture(showcaseFixture, to: "CounterScreen.swift")
        let result = try sandbox.run(["--format", "xcode", "CounterScreen.swift"])
        #expect(result.status == 1, "the rule is on: the .lintrc above the repository is not read: \(result)")
        #expect(result.lines == showcaseFindings, "\(result)")
    }

    /// What `.gitignore` excludes is not linted in a folder walk; `--no-ignore` and named files lint it.
    @Test func gitignoredFilesAreSkippedUnlessNamedOrNoIgnore() throws {
        let sandbox = try CLISandbox()
        try sandbox.copyFixture(showcaseFixture, to: "Generated/Screen.swift")
        try sandbox.copyFixture(showcaseFixture, to: "App/Screen.swift")
        try sandbox.write(".gitignore", "Generated/\n")
        let walked = try sandbox.run(["--format", "xcode"])
        #expect(walked.lines.allSatisfy { $0.hasPrefix("App/") } && !walked.lines.isEmpty, "\(walked)")
        let all = try sandbox.run(["--format", "xcode", "--no-ignore"])
        #expect(all.lines.contains { $0.hasPrefix("Generated/") }, "\(all)")
        let named = try sandbox.run(["--format", "xcode", "Generated/Screen.swift"])
        #expect(named.lines.contains { $0.hasPrefix("Generated/Screen.swift:") } && named.status == 1, "\(named)")
    }
}
