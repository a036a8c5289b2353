import Foundation
import StatelintCore
import Testing

@Suite("Discovery")
struct DiscoveryTests {
    func makeTree() throws -> String {
        let root = NSTemporaryDirectory() + "statelint-discovery-\(UUID().uuidString)"
        let fm = FileManager.default
        for folder in ["a/b", ".hidden", ".build", "Pods/X", "DerivedData", "c"] {
            try fm.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        for file in ["a/one.swift", "a/b/two.swift", ".hidden/no.swift", ".build/no.swift", "Pods/X/no.swift",
                     "DerivedData/no.swift", "c/readme.md", "c/three.swift"] {
            try Data("let x = 1\n".utf8).write(to: URL(fileURLWithPath: root + "/" + file))
        }
        // Symlink loops: to the parent and to itself.
        try fm.createSymbolicLink(atPath: root + "/a/up", withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: root + "/a/b/again", withDestinationPath: "../b")
        return root
    }

    @Test func skipsDefaultFoldersAndSurvivesSymlinkLoops() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let found = try Discovery.swiftFiles(in: [root]).map { String($0.dropFirst(root.count + 1)) }
        #expect(found == ["a/b/two.swift", "a/one.swift", "c/three.swift"])
    }

    @Test func linksToTheRootOrAboveOrToKernelFileSystemsAreNotWalked() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: root + "/c/everything", withDestinationPath: "/")
        try fm.createSymbolicLink(atPath: root + "/c/proc", withDestinationPath: "/proc")
        try fm.createSymbolicLink(atPath: root + "/c/above", withDestinationPath: NSTemporaryDirectory())
        let start = Date()
        let walk = try Discovery.find(in: [root])
        let found = walk.files.map { String($0.dropFirst(root.count + 1)) }
        #expect(found == ["a/b/two.swift", "a/one.swift", "c/three.swift"])
        #expect(Date().timeIntervalSince(start) < 10, "the walk stayed in the tree")
        // What was not followed is said.
        #expect(walk.skippedLinks.map { String($0.dropFirst(root.count + 1)) } == ["a/up", "c/above", "c/everything", "c/proc"])
    }

    @Test func aNamedFileIsTakenAsGivenAndAMissingPathIsAUsageError() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try Discovery.swiftFiles(in: [root + "/.hidden/no.swift"]).count == 1)
        #expect(throws: StatelintError.self) { try Discovery.swiftFiles(in: [root + "/missing"]) }
    }

    @Test func linksToFoldersAreFollowedOnceAndRealPathsWin() throws {
        let fm = FileManager.default
        let base = NSTemporaryDirectory() + "statelint-links-\(UUID().uuidString)"
        defer { try? fm.removeItem(atPath: base) }
        let root = base + "/project"
        for folder in ["project/Sources/Real", "project/Sources/Other", "outside/Deep"] {
            try fm.createDirectory(atPath: base + "/" + folder, withIntermediateDirectories: true)
        }
        for file in ["project/Sources/Real/a.swift", "project/Sources/Other/b.swift", "outside/c.swift", "outside/Deep/d.swift"] {
            try Data("let x = 1\n".utf8).write(to: URL(fileURLWithPath: base + "/" + file))
        }
        // A link inside the tree ("A" sorts before "Sources"): the files are reported at their real path.
        try fm.createSymbolicLink(atPath: root + "/A", withDestinationPath: "Sources/Real")
        // Two links to one folder outside the tree: read once, through the first link in sorted order.
        try fm.createSymbolicLink(atPath: root + "/Sources/Ext", withDestinationPath: "../../outside")
        try fm.createSymbolicLink(atPath: root + "/Sources/Other/Ext2", withDestinationPath: "../../../outside")
        // A link to a file counts as a file; a dangling link is ignored.
        try fm.createSymbolicLink(atPath: root + "/Sources/linked.swift", withDestinationPath: "Real/a.swift")
        try fm.createSymbolicLink(atPath: root + "/Sources/gone", withDestinationPath: "nowhere")
        let expected = ["Sources/Ext/Deep/d.swift", "Sources/Ext/c.swift", "Sources/Other/b.swift",
                        "Sources/Real/a.swift", "Sources/linked.swift"]
        for jobs in [1, 2, 4, 8] {
            for _ in 0..<5 {
                let found = try Discovery.swiftFiles(in: [root], jobs: jobs).map { String($0.dropFirst(root.count + 1)) }
                #expect(found == expected, "jobs \(jobs)")
            }
        }
    }

    @Test func aLargeTreeIsFoundTheSameWithAnyNumberOfThreads() throws {
        let fm = FileManager.default
        let root = NSTemporaryDirectory() + "statelint-wide-\(UUID().uuidString)"
        defer { try? fm.removeItem(atPath: root) }
        var expected: [String] = []
        for a in 0..<12 {
            for b in 0..<(a % 4 + 1) {
                let folder = "m\(a)/s\(b)" + (a % 3 == 0 ? "/deep/deeper" : "")
                try fm.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
                for f in 0..<3 {
                    let path = folder + "/f\(f).swift"
                    try Data().write(to: URL(fileURLWithPath: root + "/" + path))
                    expected.append(path)
                }
                try Data().write(to: URL(fileURLWithPath: root + "/" + folder + "/notes.txt"))
            }
        }
        expected.sort()
        for jobs in [1, 2, 3, 16] {
            let found = try Discovery.swiftFiles(in: [root], jobs: jobs).map { String($0.dropFirst(root.count + 1)) }
            #expect(found == expected, "jobs \(jobs)")
        }
        // Two roots, one inside the other, and a file named as well: each file once, sorted.
        let both = try Discovery.swiftFiles(in: [root, root + "/m1"], jobs: 2)
        #expect(both.count == expected.count)
        let named = try Discovery.swiftFiles(in: [root + "/m1", both[0], root, both[0]], jobs: 2)
        #expect(named == both)
    }

    /// Runs a command, returning whether it exited 0.
    static func succeeds(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Whether this machine lets the tests bind-mount a folder (root with the capability).
    static let canBindMount: Bool = {
        let base = NSTemporaryDirectory() + "statelint-mount-probe-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: base + "/a", withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: base + "/b", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        guard succeeds(["mount", "--bind", base + "/a", base + "/b"]) else { return false }
        return succeeds(["umount", base + "/b"])
    }()

    @Test(.enabled(if: canBindMount, "bind mounts need root with CAP_SYS_ADMIN"))
    func aFolderMountedTwiceIsReadUnderItsFirstPathOnly() throws {
        let fm = FileManager.default
        let root = NSTemporaryDirectory() + "statelint-bind-\(UUID().uuidString)"
        for folder in ["z/shared/deep", "a/copy"] {
            try fm.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try Data().write(to: URL(fileURLWithPath: root + "/z/shared/one.swift"))
        try Data().write(to: URL(fileURLWithPath: root + "/z/shared/deep/two.swift"))
        #expect(Self.succeeds(["mount", "--bind", root + "/z/shared", root + "/a/copy"]))
        defer {
            _ = Self.succeeds(["umount", root + "/a/copy"])
            try? fm.removeItem(atPath: root)
        }
        for jobs in [1, 2, 4] {
            for _ in 0..<5 {
                let found = try Discovery.swiftFiles(in: [root], jobs: jobs).map { String($0.dropFirst(root.count + 1)) }
                // "a/copy" sorts before "z/shared": the same files, once, under the first path.
                #expect(found == ["a/copy/deep/two.swift", "a/copy/one.swift"], "jobs \(jobs)")
            }
        }
    }
}
