import Foundation
import Testing

/// One project that holds everything a careless user or an attacker can put in a tree: the run finishes
/// in bounded time (the harness's timeout), lints every regular Swift file whatever its name, says
/// what it skipped (links out, a FIFO and a device named `.swift`, an unreadable folder), and exits with the documented status (2: a folder could not be read).
@Suite("Hostile trees")
struct CLIHostileTreeTests {
    static let hazard = "import SwiftUI\nstruct V: View {\n    var body: some View {\n        let _ = Self._printChanges()\n        Text(\"x\")\n    }\n}\n"

    /// Creates `path` (absolute, as bytes) with `text`, through POSIX calls (fast for many files, and any bytes).
    static func create(_ path: [UInt8], _ text: String) -> Bool {
        let fd = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return Array(text.utf8).withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count) } == text.utf8.count
    }

    @Test(.enabled(if: CLI.canTestUnreadableFiles, "needs a user that cannot read a folder"))
    func aHostileTreeFinishesSaysWhatItSkippedAndExitsAsDocumented() throws {
        let sandbox = try CLISandbox()
        let root = Array(sandbox.path("x").dropLast().utf8)
        // Names with spaces, a newline, quotes, a colon, a comma, `%`, a leading dash, and bytes that are
        // not UTF-8: each holds one finding.
        let names: [[UInt8]] = ["with space", "new\nline", "quo\"te", "co:lon", "com,ma", "per%cent", "-dash"].map { Array($0.utf8) }
            + [[0x63, 0x61, 0x66, 0xE9]]
        try FileManager.default.createDirectory(atPath: sandbox.path("names"), withIntermediateDirectories: true)
        for name in names { #expect(Self.create(root + Array("names/".utf8) + name + Array(".swift".utf8), Self.hazard)) }
        // 10,000 tiny files in 100 folders (bounded by work: the growth harness times 100,000 files).
        for folder in 0..<100 {
            let path = root + Array("many/d\(folder)".utf8)
            try FileManager.default.createDirectory(atPath: String(decoding: path, as: UTF8.self), withIntermediateDirectories: true)
            for file in 0..<100 { _ = Self.create(path + Array("/f\(file).swift".utf8), "let x\(file) = 1\n") }
        }
        // Links: a loop, to `/`, into /proc, to the project itself.
        let fm = FileManager.default
        try fm.createDirectory(atPath: sandbox.path("links"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: sandbox.path("links/loop"), withDestinationPath: "../links")
        try fm.createSymbolicLink(atPath: sandbox.path("links/everything"), withDestinationPath: "/")
        try fm.createSymbolicLink(atPath: sandbox.path("links/proc"), withDestinationPath: "/proc")
        try fm.createSymbolicLink(atPath: sandbox.path("links/project"), withDestinationPath: "..")
        // A FIFO and (as root) a device named `.swift`: found, never opened.
        #expect(mkfifo(sandbox.path("Pipe.swift"), 0o644) == 0)
        if CLI.isRoot { _ = mknod(sandbox.path("Device.swift"), S_IFCHR | 0o666, dev_t((1 << 8) | 3)) }
        // A folder that cannot be read.
        try sandbox.write("Private/Hidden.swift", Self.hazard)
        chmod(sandbox.path("Private"), 0o000)
        defer { chmod(sandbox.path("Private"), 0o755) }

        let result = try sandbox.run(["--format", "xcode"], asNobody: CLI.isRoot)
        #expect(result.status == 2, "\(result)")
        // Every hostile name linted once, each on one line of its own (escaped), none lost.
        let expected = ["with space", "new\\nline", "quo\"te", "co\\u{3A}lon", "com,ma", "per%cent", "-dash", "caf\\xE9"]
            .map { "names/\($0).swift:4:17: warning:" }
        #expect(result.lines.count == expected.count, "\(result.lines)")
        for prefix in expected { #expect(result.lines.contains { $0.hasPrefix(prefix) }, "\(prefix) in \(result.lines)") }
        // What was skipped is said: the unreadable folder (a warning) and the links not followed (notes).
        #expect(result.stderr.contains("statelint: warning: Private is a folder that cannot be read"), "\(result)")
        for link in ["links/everything", "links/proc", "links/project"] {
            #expect(result.stderr.contains("statelint: note: \(link) is a link to"), "\(link): \(result)")
        }
        #expect(result.stderr.contains("statelint: note: Pipe.swift is not a regular file"), "\(result)")
        if CLI.isRoot { #expect(result.stderr.contains("statelint: note: Device.swift is not a regular file"), "\(result)") }
        // The 10,000 tiny files and the eight named ones were linted.
        #expect(result.stderr.contains("8 warnings, 0 errors in 10008 files"), "\(result.stderr)")
    }
}
