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

    @Test func aNamedFileIsTakenAsGivenAndAMissingPathIsAUsageError() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try Discovery.swiftFiles(in: [root + "/.hidden/no.swift"]).count == 1)
        #expect(throws: StatelintError.self) { try Discovery.swiftFiles(in: [root + "/missing"]) }
    }
}
