import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The ways a report or a fix could destroy a log or a source file: each one reproduced through the
/// real binary and a real shell, and shown to keep every byte.
@Suite("CLI: no log or source lost")
struct CLIDataLossTests {
    /// A model whose init reads a tracked property: one safe fix (`name` → `_name`) that makes the file longer.
    static let model = """
        import Observation

        @Observable final class Profile {
            var name = ""
            init(name: String) {
                self.name = name
                print(name.count, self.name)
                Task { self.name += "!" }
            }
        }

        """

    static func shellQuoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// `sh -c SCRIPT` in the sandbox, with `$STATELINT` naming the binary.
    func shell(_ sandbox: CLISandbox, _ script: String) throws -> CLIResult {
        try sandbox.run(["-c", "STATELINT=\(Self.shellQuoted(CLI.binary.path)); " + script], shell: true)
    }

    @Test(arguments: ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"])
    func anOutputThatIsStandardOutputAppendsToTheLog(_ name: String) throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Profile.swift", Self.model)
        try sandbox.write("log.txt", "what the log held\n")
        let appended = try shell(sandbox, "\"$STATELINT\" --format xcode --output \(name) Profile.swift >> log.txt")
        #expect(appended.status == 1, "\(appended)")
        let log = try sandbox.read("log.txt")
        #expect(log.hasPrefix("what the log held\n" + sandbox.resolvedPath("Profile.swift:")), "the log lost what it held:\n\(log)")
        #expect(log.contains("[observable_init_access]"))

        // Between two other writers of the same redirected output, all three keep their place.
        let grouped = try shell(sandbox, "{ echo header; \"$STATELINT\" --format xcode --output \(name) Profile.swift; echo footer; } > out.txt")
        #expect(grouped.status == 0, "\(grouped)")
        let out = try sandbox.read("out.txt").split(separator: "\n")
        #expect(out.first == "header" && out.last == "footer", "\(out)")
        #expect(out.count == 3, "\(out)")
    }

    @Test func anOutputNamingTheFileStandardOutputGoesToWritesThroughIt() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Profile.swift", Self.model)
        try sandbox.write("log.txt", "kept\n")
        // The same file by name, while standard output appends to it: appended, not replaced.
        let result = try shell(sandbox, "\"$STATELINT\" --format xcode --output log.txt Profile.swift >> log.txt")
        #expect(result.status == 1, "\(result)")
        let log = try sandbox.read("log.txt")
        #expect(log.hasPrefix("kept\n" + sandbox.resolvedPath("Profile.swift:")), "\(log)")
    }

    @Test func aReportToStandardOutputByNameBesideAStandardOutputFormatIsRefused() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Profile.swift", Self.model)
        let result = try sandbox.run(["--format", "xcode", "--report", "json:/dev/stdout", "Profile.swift"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.contains("two reports would be written to standard output"), "\(result)")
        let two = try sandbox.run(["--report", "json:/dev/stdout", "--report", "sarif:/dev/fd/1", "--output", "r.txt", "Profile.swift"])
        #expect(two.status == 2, "\(two)")
    }

    @Test func aReportNamedAsAHardLinkOfAWalkedSourceIsRefused() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Sources/Profile.swift", Self.model)
        #expect(link(sandbox.path("Sources/Profile.swift"), sandbox.path("report.txt")) == 0)
        let result = try sandbox.run(["--output", "report.txt", "Sources"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("hard link"), "\(result)")
        #expect(try sandbox.read("Sources/Profile.swift") == Self.model)
    }

    /// A fix that makes the file longer, under a file size limit the old file fits and the fixed one
    /// does not (what a full disk does to a growing write): the file keeps every byte, and it is an error.
    @Test(arguments: [false, true])
    func aFixThatCannotBeWrittenLeavesTheFileWhole(hardLinked: Bool) throws {
        let sandbox = try CLISandbox()
        var text = Self.model
        text += "//" + String(repeating: "x", count: 4096 - text.utf8.count - 3) + "\n"
        #expect(text.utf8.count == 4096)
        try sandbox.write("Big.swift", text)
        if hardLinked { #expect(link(sandbox.path("Big.swift"), sandbox.path("other-name")) == 0) }
        // `ulimit -f 4`: 4 blocks of 1024 bytes in bash, of 512 in dash; either way the fix must grow past it.
        let result = try shell(sandbox, "ulimit -f 4 && exec \"$STATELINT\" --fix Big.swift")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("statelint: error: Big.swift could not be fixed"), "\(result)")
        #expect(result.stderr.contains("too large"), "the reason is named: \(result)")
        #expect(try sandbox.read("Big.swift") == text, "the file was cut")
        if hardLinked { #expect(try sandbox.read("other-name") == text) }
        // Control: without the limit, the same run fixes it.
        let fixed = try sandbox.run(["--fix", "--quiet", "Big.swift"])
        #expect(fixed.status == 0, "\(fixed)")
        #expect(try sandbox.read("Big.swift").contains("self._name"))
        if hardLinked { #expect(try sandbox.read("other-name").contains("self._name"), "the fix reaches every link") }
    }

    /// `setxattr(2)` and `getxattr(2)`, looked up at run time (Swift's Glibc module does not declare them).
    typealias SetAttribute = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer, Int, Int32) -> Int32
    typealias GetAttribute = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer, Int) -> Int
    static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        guard let address = dlsym(nil, name) else { return nil }
        return unsafeBitCast(address, to: type)
    }

    @Test func aFixKeepsExtendedAttributes() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Profile.swift", Self.model)
        let path = sandbox.path("Profile.swift")
        let value = Array("red".utf8)
        guard let setxattr = Self.symbol("setxattr", as: SetAttribute.self), let getxattr = Self.symbol("getxattr", as: GetAttribute.self) else {
            Issue.record("setxattr/getxattr not found")
            return
        }
        guard setxattr(path, "user.statelint-test", value, value.count, 0) == 0 else {
            print("skipped: this file system keeps no user attributes (\(String(cString: strerror(errno))))")
            return
        }
        let result = try sandbox.run(["--fix", "--quiet", "Profile.swift"])
        #expect(result.status == 0, "\(result)")
        #expect(try sandbox.read("Profile.swift").contains("self._name"), "the fix was written")
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = getxattr(path, "user.statelint-test", &buffer, buffer.count)
        #expect(count == 3 && Array(buffer[0..<max(count, 0)]) == value, "the attribute was dropped")
    }

    @Test func twoSpellingsOfOneNewReportFileAreRefused() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Profile.swift", Self.model)
        for other in ["./r.json", sandbox.path("r.json")] {
            let result = try sandbox.run(["--report", "json:r.json", "--report", "sarif:\(other)", "Profile.swift"])
            #expect(result.status == 2, "\(other): \(result)")
            #expect(result.stderr.contains("two reports would be written"), "\(result)")
            #expect(!sandbox.exists("r.json"))
        }
    }

    @Test func writeBaselineWithAReportFileIsRefused() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Profile.swift", Self.model)
        let result = try sandbox.run(["--write-baseline", "b.json", "--output", "r.txt", "Profile.swift"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--write-baseline writes only the baseline"), "\(result)")
        #expect(!sandbox.exists("b.json") && !sandbox.exists("r.txt"))
    }

    @Test func fixWithChangedSinceReportsOnlyTheChangedFiles() throws {
        let sandbox = try CLISandbox()
        try? FileManager.default.removeItem(atPath: sandbox.path(".git"))
        try sandbox.write("Old.swift", Self.model.replacingOccurrences(of: "Profile", with: "Old"))
        try CLIFileNameTests.git(["init", "-q"], in: sandbox.root)
        try CLIFileNameTests.git(["add", "."], in: sandbox.root)
        try CLIFileNameTests.git(["commit", "-q", "-m", "one"], in: sandbox.root)
        try sandbox.write("New.swift", Self.model.replacingOccurrences(of: "init(name", with: "init(label"))
        let result = try sandbox.run(["--fix", "--format", "xcode", "--changed-since", "HEAD"])
        #expect(!result.stdout.contains("Old.swift"), "an unchanged file was reported after the fix:\n\(result)")
        #expect(result.stderr.contains("in 1 file"), "\(result)")
        #expect(try sandbox.read("New.swift").contains("self._name"))
        #expect(try sandbox.read("Old.swift") == Self.model.replacingOccurrences(of: "Profile", with: "Old"))
    }

    @Test func oneFileUnderTwoNamesIsFixedOnceWithoutAFalseChange() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Profile.swift", Self.model)
        #expect(symlink("Profile.swift", sandbox.path("Link.swift")) == 0)
        let result = try sandbox.run(["--fix", "--format", "xcode", "Profile.swift", "Link.swift", "./Profile.swift"])
        #expect(!result.stderr.contains("changed while statelint ran"), "\(result)")
        #expect(result.status == 0, "\(result)")
        #expect(try sandbox.read("Profile.swift").contains("self._name"))
    }
}
