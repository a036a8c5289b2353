import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What statelint says when it is called the wrong way: the real mistake is named.
@Suite("CLI: usage messages")
struct CLIUsageMessageTests {
    @Test func aCommandAfterAnOptionIsNamedAsACommand() throws {
        let sandbox = try CLISandbox()
        let result = try sandbox.run(["--format", "json", "rules"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("'rules' is a command, not a path: write it first"), "\(result)")
    }

    @Test func rulesAndHelpRefuseArgumentsTheyDoNotTake() throws {
        let sandbox = try CLISandbox()
        let rules = try sandbox.run(["rules", "extra"])
        #expect(rules.status == 2 && rules.stderr.contains("'rules' takes --format text|json"), "\(rules)")
        let help = try sandbox.run(["help", "rules"])
        #expect(help.status == 2 && help.stderr.contains("'help' takes no arguments"), "\(help)")
    }

    @Test func rulesShowsTheConfigurationInTextAndJSON() throws {
        let sandbox = try CLISandbox()
        try sandbox.write(".lintrc", "rules:\n  task_in_onappear: off\n  unused_suppression: warning\n")
        let text = try sandbox.run(["rules"])
        #expect(text.status == 0, "\(text)")
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("task_in_onappear ") && $0.contains(" off ") }, "\(text.stdout)")
        #expect(lines.contains { $0.hasPrefix("unused_suppression ") && $0.contains(" warning ") && $0.contains(" fix ") }, "\(text.stdout)")
        let json = try sandbox.run(["rules", "--format", "json"])
        #expect(json.status == 0, "\(json)")
        let rules = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [[String: Any]])
        let onAppear = try #require(rules.first { $0["id"] as? String == "task_in_onappear" })
        #expect(onAppear["enabled"] as? Bool == false && onAppear["severity"] as? String == "off")
        let initAccess = try #require(rules.first { $0["id"] as? String == "observable_init_access" })
        #expect(initAccess["enabled"] as? Bool == true && initAccess["fixable"] as? Bool == true)
        let geometry = try #require(rules.first { $0["id"] as? String == "observable_read_in_geometry_reader" })
        #expect(geometry["fixable"] as? Bool == false)
    }

    @Test func aStdinPathThatIsAFolderIsRefused() throws {
        let sandbox = try CLISandbox()
        for path in ["/", "Sources/"] {
            let result = try sandbox.run(["--stdin-path", path], stdin: "struct A {}\n")
            #expect(result.status == 2, "\(path): \(result)")
            #expect(result.stderr.contains("is a folder"), "\(result)")
        }
    }

    @Test func aDanglingOrLoopingLinkIsNamedAsALink() throws {
        let sandbox = try CLISandbox()
        #expect(symlink("Missing.swift", sandbox.path("Dangling.swift")) == 0)
        #expect(symlink("Loop.swift", sandbox.path("Loop.swift")) == 0)
        let dangling = try sandbox.run(["Dangling.swift"])
        #expect(dangling.status == 2 && dangling.stderr.contains("is a symbolic link to a missing file"), "\(dangling)")
        let loop = try sandbox.run(["Loop.swift"])
        #expect(loop.status == 2 && loop.stderr.contains("is a symbolic link that loops"), "\(loop)")
    }

    @Test func anEmptyNameInAListOptionIsBlamedOnTheEntry() throws {
        let sandbox = try CLISandbox()
        try sandbox.write(".lintrc", "rules:\n  print_changes_leftover:\n    print_functions: [\"log\", \"\"]\n")
        try sandbox.write("A.swift", "struct A {}\n")
        let result = try sandbox.run(["A.swift"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("an entry of option 'print_functions' of rule 'print_changes_leftover' is empty"), "\(result)")
    }

    /// A folder whose path is longer than PATH_MAX cannot be read: it is named, and the run exits 2.
    @Test func aFolderBeyondPathMaxIsNamed() throws {
        let sandbox = try CLISandbox()
        var relative = "Deep"
        let segment = String(repeating: "d", count: 200)
        while relative.utf8.count + sandbox.root.path.utf8.count < Int(PATH_MAX) + 100 { relative += "/" + segment }
        // Made one level at a time through descriptors (a path past PATH_MAX cannot be named whole, and the
        // tests share one current folder).
        var folder = open(sandbox.root.path, O_RDONLY | O_DIRECTORY)
        #expect(folder >= 0)
        for part in relative.split(separator: "/") {
            #expect(mkdirat(folder, String(part), 0o755) == 0)
            let next = openat(folder, String(part), O_RDONLY | O_DIRECTORY)
            close(folder)
            folder = next
            #expect(folder >= 0)
        }
        let file = openat(folder, "Deep.swift", O_WRONLY | O_CREAT, 0o644)
        #expect(file >= 0)
        #expect(write(file, "struct D {}\n", 12) == 12)
        close(file)
        close(folder)
        let result = try sandbox.run(["Deep"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("path is longer than the system allows"), "\(result)")
    }
}

/// What a user coming from SwiftLint or ruff expects of the summary and the options.
@Suite("CLI: newcomer paths")
struct CLINewcomerTests {
    static let model = CLIDataLossTests.model

    @Test func theSummarySaysWhatFixWouldFixAndWhatTheBaselineHid() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Profile.swift", Self.model)
        let first = try sandbox.run(["Profile.swift"])
        #expect(first.stderr.hasSuffix("1 warning, 0 errors in 1 file; 1 fixable with --fix\n"), "\(first)")
        #expect(try sandbox.run(["--write-baseline", "b.json", "Profile.swift"]).status == 0)
        let hidden = try sandbox.run(["--baseline", "b.json", "Profile.swift"])
        #expect(hidden.stderr.hasSuffix("0 warnings, 0 errors in 1 file; 1 hidden by the baseline\n"), "\(hidden)")
        // JSON, SARIF and GitHub carry the same.
        let json = try sandbox.run(["--format", "json", "Profile.swift"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["fixable"] as? Int == 1 && summary["baselined"] as? Int == 0, "\(summary)")
        let sarif = try sandbox.run(["--format", "sarif", "--baseline", "b.json", "Profile.swift"])
        let run = try #require(((try JSONSerialization.jsonObject(with: sarif.stdoutData) as? [String: Any])?["runs"] as? [[String: Any]])?.first)
        #expect((run["properties"] as? [String: Any])?["baselined"] as? Int == 1, "\(run["properties"] ?? "none")")
        let github = try sandbox.run(["--format", "github", "Profile.swift"])
        #expect(github.lines.last == "::notice::statelint: 1 warning, 0 errors in 1 file; 1 fixable with --fix.", "\(github)")
    }

    @Test func textSaysInfoAndXcodeSaysNote() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Row.swift", """
            import SwiftUI
            struct Row: View {
                var body: some View {
                    Text("row").onAppear { Task { await load() } }
                }
                func load() async {}
            }

            """)
        let text = try sandbox.run(["--show-info", "--color", "never", "Row.swift"])
        #expect(text.stdout.contains("Row.swift:4:32: info: "), "\(text)")
        #expect(text.stderr.contains("1 info in 1 file"), "\(text)")
        let xcode = try sandbox.run(["--show-info", "--format", "xcode", "Row.swift"])
        #expect(xcode.stdout.contains("Row.swift:4:32: note: "), "\(xcode)")
    }

    @Test func onlyRunsTheNamedRules() throws {
        let sandbox = try CLISandbox()
        try sandbox.write(".lintrc", "rules:\n  task_in_onappear: off\n")
        try sandbox.write("Profile.swift", Self.model)
        try sandbox.write("Row.swift", "import SwiftUI\nstruct Row: View {\n    var body: some View {\n        let _ = Self._printChanges()\n        Text(\"r\").onAppear { Task { await f() } }\n    }\n    func f() async {}\n}\n")
        let result = try sandbox.run(["--show-info", "--format", "xcode", "--only", "print_changes_leftover", "--only", "task_in_onappear"])
        let rules = Set(result.lines.compactMap { $0.split(separator: "[").last.map { String($0.dropLast()) } })
        #expect(rules == ["print_changes_leftover", "task_in_onappear"], "\(result)")
        let unknown = try sandbox.run(["--show-info", "--only", "print_change_leftover"])
        #expect(unknown.status == 2 && unknown.stderr.contains("did you mean 'print_changes_leftover'"), "\(unknown)")
    }

    @Test(arguments: ["disabled_rules", "only_rules", "opt_in_rules", "included", "excluded", "reporter"])
    func swiftLintKeysNameStatelintsWay(_ key: String) throws {
        let sandbox = try CLISandbox()
        try sandbox.write(".lintrc", "\(key):\n  - something\n")
        try sandbox.write("A.swift", "struct A {}\n")
        let result = try sandbox.run(["A.swift"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(".lintrc:1:1: error: '\(key)' is SwiftLint's key; "), "\(result)")
    }

    @Test func aFolderWithoutSwiftFilesIsSaid() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("docs/readme.md", "# docs\n")
        for arguments in [["docs"], ["--quiet", "docs"]] {
            let result = try sandbox.run(arguments)
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.contains("statelint: warning: no Swift files found in docs"), "\(result)")
        }
    }

    @Test func explainSuggestsTheNearestRuleAndTheList() throws {
        let sandbox = try CLISandbox()
        let result = try sandbox.run(["explain", "task_retain"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("did you mean 'task_retains_self'?"), "\(result)")
        #expect(result.stderr.contains("'statelint rules' lists every rule"), "\(result)")
    }
}

/// A `.lintrc` in a subfolder applies to its subtree, over the configurations above it.
@Suite("CLI: nested configuration")
struct CLINestedConfigurationTests {
    static func view(_ name: String) -> String {
        "import SwiftUI\nstruct \(name): View {\n    var body: some View {\n        let _ = Self._printChanges()\n        Text(\"x\")\n    }\n}\n"
    }

    func project() throws -> CLISandbox {
        let sandbox = try CLISandbox()
        try sandbox.write(".lintrc", "rules:\n  print_changes_leftover: error\n")
        try sandbox.write("Legacy/.lintrc", "rules:\n  print_changes_leftover: off\n")
        try sandbox.write("Legacy/Old/.lintrc", "rules:\n  print_changes_leftover: info\n")
        try sandbox.write("App/A.swift", Self.view("A"))
        try sandbox.write("Legacy/B.swift", Self.view("B"))
        try sandbox.write("Legacy/Old/C.swift", Self.view("C"))
        return sandbox
    }

    @Test func eachSubtreeHasItsOwnRules() throws {
        let sandbox = try project()
        let whole = try sandbox.run(["--show-info", "--format", "xcode"])
        #expect(whole.lines.count == 2, "\(whole)")
        #expect(whole.lines.contains { $0.hasPrefix("App/A.swift:4:17: error:") }, "\(whole)")
        #expect(whole.lines.contains { $0.hasPrefix("Legacy/Old/C.swift:4:17: note:") }, "the deepest .lintrc wins: \(whole)")
        #expect(!whole.lines.contains { $0.hasPrefix("Legacy/B.swift") }, "turned off in Legacy: \(whole)")
        // Named files and a subfolder get the same.
        let named = try sandbox.run(["--show-info", "--format", "xcode", "Legacy/B.swift", "Legacy/Old/C.swift"])
        #expect(named.lines == whole.lines.filter { $0.hasPrefix("Legacy/") }, "\(named)")
        let folder = try sandbox.run(["--show-info", "--format", "xcode", "Legacy"])
        #expect(folder.lines == whole.lines.filter { $0.hasPrefix("Legacy/") }, "\(folder)")
    }

    @Test func aNestedFileMaySetOnlyRulesAndTheDeploymentTarget() throws {
        let sandbox = try project()
        try sandbox.write("Legacy/.lintrc", "format: json\n")
        let result = try sandbox.run([])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("'format' applies to the whole run: set it in the project's .lintrc"), "\(result)")
    }
}
