import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `--fix`, `--output` and `--write-baseline` never lose a byte that is not theirs to change.
@Suite("CLI: nothing lost when writing")
struct CLIFixSafetyTests {
    /// A view with one safe fix (the `let _ = print` line), tagged so versions differ.
    static func version(_ k: Int) -> String {
        """
        import SwiftUI

        struct Row: View {
            var body: some View {
                let _ = print("version \(k)")
                Text("row \(k)")
            }
        }

        """
    }

    static func fixedVersion(_ k: Int) -> String {
        version(k).replacingOccurrences(of: "        let _ = print(\"version \(k)\")\n", with: "")
    }

    /// Writes like an editor's atomic save: a new file, then a rename over the old one.
    static func save(_ text: String, to path: String) {
        let temporary = path + ".editor-save"
        _ = FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8))
        rename(temporary, path)
    }

    @Test func anEditorSaveDuringTheRunIsNeverLost() throws {
        let sandbox = try CLISandbox()
        try CLI.requireBinary()
        let path = sandbox.path("Row.swift")
        var fixedRuns = 0
        var refusedRuns = 0
        for run in 0..<25 {
            var last = run * 10_000
            Self.save(Self.version(last), to: path)
            let process = Process()
            process.executableURL = CLI.binary
            process.arguments = ["--fix", "--quiet", "--format", "xcode", "Row.swift"]
            process.currentDirectoryURL = sandbox.root
            // The sandbox's cache home, as `CLISandbox.run` gives it.
            process.environment = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": sandbox.cacheHome.path]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            // Save a new version every 0.2 to 6 ms from the start of the run until a random moment in it,
            // then stop (a save followed by quiet is what a fixer that does not check overwrites).
            let stop = Date().addingTimeInterval(Double.random(in: 0.001...0.060))
            try process.run()
            while process.isRunning {
                if Date() < stop {
                    last += 1
                    Self.save(Self.version(last), to: path)
                    usleep(UInt32(200 + (run % 5) * 1500))
                } else {
                    usleep(100)
                }
            }
            process.waitUntilExit()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let final = try sandbox.read("Row.swift")
            #expect(final == Self.version(last) || final == Self.fixedVersion(last),
                    "run \(run): the last save (version \(last)) was lost; the file holds:\n\(final)\n\(message)")
            if final == Self.fixedVersion(last) { fixedRuns += 1 }
            if message.contains("changed while statelint ran") { refusedRuns += 1 }
        }
        // Without saves in between, the same command fixes the file.
        Self.save(Self.version(1), to: path)
        let quiet = try sandbox.run(["--fix", "--quiet", "Row.swift"])
        #expect(quiet.status == 0, "\(quiet)")
        #expect(try sandbox.read("Row.swift") == Self.fixedVersion(1))
        print("race: \(fixedRuns) runs fixed the latest save, \(refusedRuns) refused a file that changed")
    }

    @Test func anOutputThatIsAlsoAnInputIsRefused() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("a.swift", Self.version(1))
        try sandbox.write("notes.txt", Self.version(1))
        try sandbox.write(".lintrc", "format: text\n")
        for arguments in [["--output", "a.swift", "a.swift"], ["--write-baseline", "a.swift", "a.swift"],
                          ["--output", "notes.txt", "notes.txt"], ["--output", ".lintrc", "a.swift"],
                          ["--fix", "--output", "a.swift", "a.swift"]] {
            let result = try sandbox.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stderr.contains("the report would replace it"), "\(arguments): \(result)")
            #expect(try sandbox.read("a.swift") == Self.version(1), "\(arguments) changed a.swift")
            #expect(try sandbox.read("notes.txt") == Self.version(1))
            #expect(try sandbox.read(".lintrc") == "format: text\n")
        }
    }

    @Test func anOutputLinkIsFollowedAndKept() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("a.swift", Self.version(1))
        try sandbox.write("reports/real.txt", "old report\n")
        try sandbox.setPermissions("reports/real.txt", 0o640)
        symlink("reports/real.txt", sandbox.path("report.txt"))
        let result = try sandbox.run(["--format", "xcode", "--output", "report.txt", "a.swift"])
        #expect(result.status == 1, "\(result)")
        var info = stat()
        #expect(lstat(sandbox.path("report.txt"), &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link is kept")
        #expect(try sandbox.read("reports/real.txt").hasPrefix(sandbox.resolvedPath("a.swift:5:17: warning:")))
        #expect(try sandbox.permissions("reports/real.txt") == 0o640)
        // A link to nothing is refused, not replaced.
        symlink("reports/missing.txt", sandbox.path("dangling.txt"))
        let dangling = try sandbox.run(["--output", "dangling.txt", "a.swift"])
        #expect(dangling.status == 2, "\(dangling)")
        #expect(dangling.stderr.contains("symbolic link to a missing file"), "\(dangling)")
        #expect(lstat(sandbox.path("dangling.txt"), &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
    }

    @Test func anOutputDeviceIsWrittenThroughNotReplaced() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("a.swift", Self.version(1))
        // A private null device where the tests may make one (root); /dev/null otherwise (not replaceable
        // without root, so there the check is that the run succeeds).
        var device = "/dev/null"
        if CLI.isRoot, mknod(sandbox.path("null"), S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 {
            device = sandbox.path("null")
        }
        let result = try sandbox.run(["--output", device, "a.swift"])
        #expect(result.status == 1, "\(result)")
        var info = stat()
        #expect(stat(device, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "\(device) is still a device")
        let folder = try sandbox.run(["--output", sandbox.root.path, "a.swift"])
        #expect(folder.status == 2 && folder.stderr.contains("is a folder"), "\(folder)")
    }

    @Test func fixFollowsASymbolicLinkAndKeepsIt() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Real/Row.swift", Self.version(1))
        symlink("Real/Row.swift", sandbox.path("Row.swift"))
        let result = try sandbox.run(["--fix", "Row.swift"])
        #expect(result.status == 0, "\(result)")
        var info = stat()
        #expect(lstat(sandbox.path("Row.swift"), &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link is kept")
        #expect(try sandbox.read("Real/Row.swift") == Self.fixedVersion(1), "the real file is fixed")
        #expect(try sandbox.permissions("Real/Row.swift") == 0o644)
    }

    @Test func fixKeepsHardLinksTogether() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Row.swift", Self.version(2))
        #expect(link(sandbox.path("Row.swift"), sandbox.path("Other.swift")) == 0)
        let result = try sandbox.run(["--fix", "Row.swift"])
        #expect(result.status == 0, "\(result)")
        var a = stat()
        var b = stat()
        #expect(stat(sandbox.path("Row.swift"), &a) == 0 && stat(sandbox.path("Other.swift"), &b) == 0)
        #expect(a.st_ino == b.st_ino && a.st_nlink == 2, "still one file under two names")
        #expect(try sandbox.read("Other.swift") == Self.fixedVersion(2))
    }

    @Test func fixLeavesReadOnlyFilesAlone() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Row.swift", Self.version(3))
        try sandbox.setPermissions("Row.swift", 0o444)
        let result = try sandbox.run(["--fix", "Row.swift"])
        #expect(result.status == 1, "the finding is still there: \(result)")
        #expect(result.stderr.contains("Row.swift is read-only; not fixed"), "\(result)")
        #expect(try sandbox.read("Row.swift") == Self.version(3))
        #expect(try sandbox.permissions("Row.swift") == 0o444)
    }

    @Test(.enabled(if: CLI.isRoot, "only root can give a file to another user"))
    func fixAsRootKeepsTheOwner() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Row.swift", Self.version(4))
        #expect(chown(sandbox.path("Row.swift"), 65534, 65534) == 0)
        let result = try sandbox.run(["--fix", "Row.swift"])
        #expect(result.status == 0, "\(result)")
        var info = stat()
        #expect(stat(sandbox.path("Row.swift"), &info) == 0)
        #expect(info.st_uid == 65534 && info.st_gid == 65534, "owner and group kept")
        #expect(try sandbox.read("Row.swift") == Self.fixedVersion(4))
    }

    @Test func fixLeavesNoFileBehindAndNamesNothingPredictably() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Row.swift", Self.version(5))
        // Links planted at the names a predictable scheme (`.NAME.statelint-PID`) would use for the next
        // few thousand process ids must not be followed.
        try sandbox.write("victim.txt", "precious\n")
        let lastPID = (try? String(contentsOfFile: "/proc/sys/kernel/ns_last_pid", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? Int(getpid())
        var planted: [String] = []
        for pid in (lastPID + 1)...(lastPID + 3000) {
            let name = sandbox.path(".Row.swift.statelint-\(pid)")
            if symlink(sandbox.path("victim.txt"), name) == 0 { planted.append(name) }
        }
        let result = try sandbox.run(["--fix", "Row.swift"])
        #expect(result.status == 0, "\(result)")
        #expect(try sandbox.read("victim.txt") == "precious\n")
        #expect(try sandbox.read("Row.swift") == Self.fixedVersion(5))
        for name in planted { unlink(name) }
        let left = try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path).filter { !$0.hasPrefix(".git") }.sorted()
        #expect(left == ["Row.swift", "victim.txt"])
        // The analysis cache (in the cache home) holds its pack and its two markers, and no temporary file.
        let folders = sandbox.cacheFolders()
        #expect(folders.count == 1, "\(folders)")
        let cache = try FileManager.default.contentsOfDirectory(atPath: folders.first ?? "/nonexistent").sorted()
        #expect(cache.count == 3 && cache[0] == ".gitignore" && cache[1] == "CACHEDIR.TAG" && cache[2].hasPrefix("pack-"), "\(cache)")
    }

    @Test func nothingIsWrittenWhenTheRunCannotFinish() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Row.swift", Self.version(6))
        try sandbox.write("bad.json", "{ not json")
        let cases: [[String]] = [
            ["--fix", "--baseline", "bad.json", "Row.swift"],
            ["--fix", "--baseline", "missing.json", "Row.swift"],
            ["--fix", "--output", "no/such/folder/report.txt", "Row.swift"],
            ["--fix", "--write-baseline", "no/such/folder/b.json", "Row.swift"],
        ]
        for arguments in cases {
            let result = try sandbox.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(try sandbox.read("Row.swift") == Self.version(6), "\(arguments) wrote fixes before failing")
        }
        let both = try sandbox.run(["--baseline", "bad.json", "--write-baseline", "b.json", "Row.swift"])
        #expect(both.status == 2 && both.stderr.contains("cannot be combined with --baseline"), "\(both)")
    }

    @Test func fixLeavesFindingsTheBaselineHides() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Row.swift", Self.version(7))
        let record = try sandbox.run(["--write-baseline", "baseline.json", "Row.swift"])
        #expect(record.status == 0, "\(record)")
        let result = try sandbox.run(["--fix", "--baseline", "baseline.json", "Row.swift"])
        #expect(result.status == 0, "\(result)")
        #expect(!result.stderr.contains("fixed"), "\(result)")
        #expect(try sandbox.read("Row.swift") == Self.version(7), "a baselined finding is not fixed")
    }

    /// Fixes that would change what the program does are not applied by `--fix`.
    @Test func unsafeEditsAreNotApplied() throws {
        let sandbox = try CLISandbox()
        let counter = """
            import Observation

            @Observable
            final class Counter {
                var count = 0

                init(value: Int) {
                    switch value {
                    case var count:
                        count += 1
                        print(count)
                    }
                }

                func increment() -> Int { count += 1; return count }
            }

            """
        let view = """
            import SwiftUI

            struct Screen: View {
                let model: Counter
                var body: some View {
                    let _ = print(model.increment())
                    let _ = print("hello") /* a note
                        that goes on */
                    let _ = print("value \\(model.count)")
                    Text("screen")
                }
            }

            """
        try sandbox.write("Counter.swift", counter)
        try sandbox.write("Screen.swift", view)
        let before = try sandbox.run(["--format", "xcode"])
        #expect(!before.stdout.contains("Counter.swift"), "the pattern variable is not the tracked property: \(before)")
        #expect(before.lines.count == 3, "\(before)")
        let result = try sandbox.run(["--fix", "--format", "xcode"])
        #expect(try sandbox.read("Counter.swift") == counter)
        let fixed = try sandbox.read("Screen.swift")
        #expect(fixed.contains("let _ = print(model.increment())"), "the call's effect stays")
        #expect(fixed.contains("let _ = print(\"hello\") /* a note\n"), "the comment keeps its opening")
        #expect(!fixed.contains("let _ = print(\"value"), "the pure print is removed")
        #expect(result.lines.count == 2, "\(result)")
    }
}
