import Foundation
@testable import StatelintCore
import Testing

/// `.gitignore` / `.ignore` rules, and the folder walk that obeys them.
@Suite("Ignore files")
struct IgnoreFileTests {
    func verdict(_ text: String, _ relative: String, directory: Bool = false) -> Bool? {
        let file = IgnoreFile(base: "/repo", text: text)
        let name = Array((relative.split(separator: "/").last.map(String.init) ?? relative).utf8)
        return file.verdict(path: "/repo/" + relative, name: name, isDirectory: directory)
    }

    @Test func gitRulesReadWithGlobs() {
        // A name anywhere; comments, blanks and trailing spaces.
        #expect(verdict("# generated\n\n*.generated.swift  \n", "a/b/X.generated.swift") == true)
        #expect(verdict("*.generated.swift", "a/b/X.swift") == nil)
        // Folders only.
        #expect(verdict("build/", "x/build", directory: true) == true)
        #expect(verdict("build/", "x/build") == nil, "a file named build is not a folder")
        // Anchored to the ignore file's folder: a leading or middle `/`.
        #expect(verdict("/Generated", "Generated", directory: true) == true)
        #expect(verdict("/Generated", "a/Generated", directory: true) == nil)
        #expect(verdict("Sources/Gen/*.swift", "Sources/Gen/A.swift") == true)
        #expect(verdict("Sources/Gen/*.swift", "Other/Sources/Gen/A.swift") == nil)
        #expect(verdict("**/Mocks", "a/b/Mocks", directory: true) == true)
        // The last matching rule decides; `!` re-includes; escapes.
        #expect(verdict("*.swift\n!Keep.swift", "Keep.swift") == false)
        #expect(verdict("*.swift\n!Keep.swift", "Drop.swift") == true)
        #expect(verdict("\\#odd.swift", "#odd.swift") == true)
        #expect(verdict("\\!bang.swift", "!bang.swift") == true)
        // Character classes are not read: the pattern matches nothing (the file is linted).
        #expect(verdict("*.[ab].swift", "x.a.swift") == nil)
    }

    /// Lines end at `\n`, `\r\n` or `\r`: a file saved on Windows says what the same file with `\n` says.
    @Test func windowsLineEndsEndRules() {
        for ending in ["\n", "\r\n", "\r"] {
            let text = ["# generated", "*.generated.swift", "build/", "!Keep.generated.swift", ""].joined(separator: ending)
            #expect(verdict(text, "a/X.generated.swift") == true, "\(Array(ending.utf8))")
            #expect(verdict(text, "a/build", directory: true) == true, "\(Array(ending.utf8))")
            #expect(verdict(text, "Keep.generated.swift") == false, "\(Array(ending.utf8))")
            #expect(verdict(text, "a/Y.swift") == nil, "\(Array(ending.utf8))")
        }
    }

    /// A Git work tree with ignore files at several levels, and one above the walked folder.
    func makeRepository() throws -> String {
        let root = NSTemporaryDirectory() + "statelint-ignore-\(UUID().uuidString)"
        let fm = FileManager.default
        for folder in [".git/info", "App/Generated", "App/Views", "App/build", "Vendor/Lib", "Tools"] {
            try fm.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        let files: [String: String] = [
            ".gitignore": "build/\n/Vendor\n*.gen.swift\n",
            ".git/info/exclude": "Scratch.swift\n",
            "App/.gitignore": "Generated/\n!Keep.gen.swift\n",
            "App/Views/.ignore": "Preview*.swift\n",
            "App/Main.swift": "", "App/Scratch.swift": "", "App/Model.gen.swift": "", "App/Keep.gen.swift": "",
            "App/Generated/API.swift": "", "App/Views/List.swift": "", "App/Views/PreviewList.swift": "",
            "App/build/Out.swift": "", "Vendor/Lib/Lib.swift": "", "Tools/Tool.swift": "",
        ]
        for (path, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + path)) }
        return root
    }

    @Test func theWalkSkipsWhatTheRepositoryIgnores() throws {
        let root = try makeRepository()
        defer { try? FileManager.default.removeItem(atPath: root) }
        func relative(_ found: [String], under base: String) -> [String] { found.map { String($0.dropFirst(base.count + 1)) } }
        let walked = try Discovery.find(in: [root], ignoring: true).files
        #expect(relative(walked, under: root) == ["App/Keep.gen.swift", "App/Main.swift", "App/Views/List.swift", "Tools/Tool.swift"])
        // From a folder inside the work tree, the ignore files above it still count.
        let inner = try Discovery.find(in: [root + "/App"], ignoring: true).files
        #expect(relative(inner, under: root + "/App") == ["Keep.gen.swift", "Main.swift", "Views/List.swift"])
        // Without ignoring, everything is listed.
        let all = try Discovery.find(in: [root], ignoring: false).files
        #expect(all.count == 10)
    }

    @Test func outsideAGitWorkTreeOnlyIgnoreFilesCount() throws {
        let root = try makeRepository()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.removeItem(atPath: root + "/.git")
        let walked = try Discovery.find(in: [root], ignoring: true).files.map { String($0.dropFirst(root.count + 1)) }
        #expect(!walked.contains("App/Views/PreviewList.swift"), ".ignore applies everywhere")
        #expect(walked.contains("App/build/Out.swift") && walked.contains("App/Scratch.swift"), ".gitignore needs a work tree")
    }
}
