import Foundation
import Testing

/// The analysis cache through the binary: where it goes, the options and variables that move or turn
/// it off, and that a cached run, a named file and standard input say what an uncached run says.
@Suite("CLI analysis cache")
struct CLICacheTests {
    static let store = """
        import Observation
        @Observable final class Store {
            var items: [Int] = []
            init(seed: [Int]) { print("made") }
        }

        """
    static let screen = """
        import SwiftUI
        struct Screen: View {
            @State private var store = Store(seed: [])
            var body: some View { Text("\\(store.items.count)") }
        }

        """

    static func project() throws -> CLISandbox {
        let sandbox = try CLISandbox()
        try sandbox.write("Model/Store.swift", store)
        try sandbox.write("Screens/Screen.swift", screen)
        return sandbox
    }

    @Test func theCacheIsKeptInTheUsersCacheHomeNotInTheProject() throws {
        let sandbox = try Self.project()
        let cold = try sandbox.run(["--show-info", "--format", "xcode", "--stats"])
        #expect(cold.status == 0, "info only: \(cold)")
        #expect(cold.stdout.contains("[state_eager_object_init]"))
        #expect(!sandbox.exists(".statelint_cache"), "nothing is written into the repository")
        let folders = sandbox.cacheFolders()
        #expect(folders.count == 1 && folders[0].hasSuffix(sandbox.root.lastPathComponent + "-" + folders[0].suffix(16)), "\(folders)")
        let folder = folders.first ?? "/nonexistent"
        #expect(FileManager.default.fileExists(atPath: folder + "/CACHEDIR.TAG"))
        // The folders and the key are this user's alone.
        for path in [folder, sandbox.cacheHome.path + "/statelint"] {
            let mode = ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?.intValue
            #expect(mode == 0o700, "\(path): \(String(mode ?? -1, radix: 8))")
        }
        let keyMode = ((try? FileManager.default.attributesOfItem(atPath: sandbox.cacheHome.path + "/statelint/key"))?[.posixPermissions] as? NSNumber)?.intValue
        #expect(keyMode == 0o600)
        #expect(cold.stderr.contains("0 summaries and 0 files' findings reused, 2 summaries"), "\(cold.stderr)")
        let warm = try sandbox.run(["--show-info", "--format", "xcode", "--stats"])
        #expect(warm.stdoutData == cold.stdoutData)
        #expect(warm.stderr.contains("2 summaries and 2 files' findings reused, 0 summaries"), "\(warm.stderr)")
        // A file named alone (pre-commit), from standard input, and after a change in the other file.
        let named = try sandbox.run(["--show-info", "--format", "xcode", "Screens/Screen.swift"])
        #expect(named.stdout == cold.stdout, "\(named)")
        let piped = try sandbox.run(["--show-info", "--format", "xcode", "--stdin-path", "Screens/Screen.swift"], stdin: Self.screen)
        #expect(piped.stdout == cold.stdout, "\(piped)")
        try sandbox.write("Model/Store.swift", Self.store.replacingOccurrences(of: "print(\"made\")", with: "_ = 1"))
        let after = try sandbox.run(["--show-info", "--format", "xcode", "Screens/Screen.swift"])
        let fresh = try sandbox.run(["--show-info", "--format", "xcode", "--no-cache", "Screens/Screen.swift"])
        #expect(after.stdout == fresh.stdout && !after.stdout.contains("state_eager_object_init"), "\(after)\n\(fresh)")
    }

    @Test func noCacheAndTheVariableWriteNothing() throws {
        let sandbox = try Self.project()
        let off = try sandbox.run(["--format", "xcode", "--no-cache"])
        #expect(off.status == 0)
        #expect(sandbox.cacheFolders().isEmpty)
        let variable = try sandbox.run(["--format", "xcode"], environment: ["STATELINT_NO_CACHE": "1"])
        #expect(variable.stdout == off.stdout)
        #expect(sandbox.cacheFolders().isEmpty)
    }

    @Test func theCacheCanLiveElsewhere() throws {
        let sandbox = try Self.project()
        try FileManager.default.createDirectory(atPath: sandbox.path("build"), withIntermediateDirectories: true)
        let option = try sandbox.run(["--format", "xcode", "--cache-dir", "build/lint-cache"])
        #expect(option.status == 0, "\(option)")
        #expect(sandbox.exists("build/lint-cache/.gitignore") && sandbox.cacheFolders().isEmpty)
        let variable = try sandbox.run(["--format", "xcode", "--stats"], environment: ["STATELINT_CACHE_DIR": sandbox.path("other")])
        #expect(sandbox.exists("other/CACHEDIR.TAG"))
        #expect(variable.stdout == option.stdout)
        let missing = try sandbox.run(["--cache-dir"])
        #expect(missing.status == 2 && missing.stderr.contains("--cache-dir needs a value"), "\(missing)")
        // An empty name is a usage error, and a missing parent an error: no tree of new folders.
        let empty = try sandbox.run(["--cache-dir", ""])
        #expect(empty.status == 2 && empty.stderr.contains("--cache-dir needs a folder"), "\(empty)")
        let deep = try sandbox.run(["--cache-dir", "no/such/parent/cache"])
        #expect(deep.status == 2 && deep.stderr.contains("its parent folder") && !sandbox.exists("no"), "\(deep)")
    }

    /// A cache that cannot be written: said once, and the run's findings and exit status stand.
    @Test func aCacheThatCannotBeWrittenIsSaidOnce() throws {
        let sandbox = try Self.project()
        try sandbox.write("blocker", "a file, not a folder\n")
        let result = try sandbox.run(["--show-info", "--format", "xcode", "--cache-dir", "blocker"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("[state_eager_object_init]"))
        let notes = result.stderr.components(separatedBy: "\n").filter { $0.contains("analysis cache") }
        #expect(notes.count == 1, "\(result.stderr)")
        #expect(notes.first?.hasPrefix("statelint: note: cannot use") == true && notes.first?.contains("not a folder") == true, "\(result.stderr)")
    }
}
