import Foundation
import Testing

/// A repository is untrusted input: what it commits can neither make statelint delete a file, nor hide a
/// finding through a planted cache, nor move the project or the cache to where the command happens to run.
@Suite("CLI untrusted repository")
struct CLIUntrustedRepositoryTests {
    /// A warning the cache must never hide (a `_printChanges()` left in), and an advisory.
    static let hazard = """
        import SwiftUI
        struct Card: View {
            @State private var count: Int
            init(count: Int) { _count = State(initialValue: count) }
            var body: some View {
                let _ = Self._printChanges()
                Text("\\(count)")
            }
        }
        struct Screen: View {
            var total: Int
            var body: some View { Card(count: total) }
        }

        """

    /// Ten files named as git names its packs, in `folder`.
    static func gitPacks(in sandbox: CLISandbox, _ folder: String) throws -> [String] {
        var names: [String] = []
        for i in 0..<10 {
            let hash = String(repeating: String(i), count: 40)
            for suffix in [".pack", ".idx"] {
                try sandbox.write("\(folder)/pack-\(hash)\(suffix)", "git's data \(i)\n")
                names.append("pack-\(hash)\(suffix)")
            }
        }
        return names.sorted()
    }

    @Test func aCommittedLinkToGitsPacksLosesNothing() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Card.swift", Self.hazard)
        let packs = try Self.gitPacks(in: sandbox, ".git/objects/pack")
        try FileManager.default.createSymbolicLink(atPath: sandbox.path(".statelint_cache"), withDestinationPath: ".git/objects/pack")
        let fresh = try sandbox.run(["--format", "xcode", "--no-cache"])
        #expect(fresh.status == 1 && fresh.stdout.contains("[print_changes_leftover]"), "\(fresh)")
        // The default run, a run that names the link as its cache folder, and one through the variable.
        for (arguments, environment) in [([String](), [String: String]()), (["--cache-dir", ".statelint_cache"], [:]),
                                         ([], ["STATELINT_CACHE_DIR": sandbox.path(".statelint_cache")])] {
            for _ in 0..<3 {
                let run = try sandbox.run(["--format", "xcode"] + arguments, environment: environment)
                #expect(run.stdout == fresh.stdout && run.status == 1, "\(run)")
                if !arguments.isEmpty || !environment.isEmpty {
                    #expect(run.stderr.contains("is a symbolic link; statelint does not follow a link for its cache"), "\(run.stderr)")
                }
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: sandbox.path(".git/objects/pack")).sorted()
            #expect(left == packs, "every file the link points at is still there: \(left)")
        }
    }

    /// A real folder named as the cache, holding files statelint did not make: none is removed; of the files
    /// named as statelint names its packs, the newest four are kept.
    @Test func onlyStatelintsOwnFilesAreEverRemoved() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Card.swift", Self.hazard)
        let foreign = try Self.gitPacks(in: sandbox, "cache") + ["notes.txt", "pack-1234", "pack-0123456789abcdef0"]
        for name in ["notes.txt", "pack-1234", "pack-0123456789abcdef0"] { try sandbox.write("cache/" + name, "keep\n") }
        try sandbox.setPermissions("cache", 0o700)
        // Six old packs of other analyses, by statelint's names.
        for i in 0..<6 {
            let name = "cache/pack-" + String(repeating: String(i), count: 16)
            try sandbox.write(name, "an old pack\n")
            var times = [timespec(tv_sec: 1_000_000 + i, tv_nsec: 0), timespec(tv_sec: 1_000_000 + i, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, sandbox.path(name), &times, 0) == 0)
        }
        let run = try sandbox.run(["--format", "xcode", "--cache-dir", "cache"])
        #expect(run.status == 1 && !run.stderr.contains("note"), "\(run)")
        let left = try FileManager.default.contentsOfDirectory(atPath: sandbox.path("cache")).sorted()
        let packs = left.filter { $0.count == 21 && $0.hasPrefix("pack-") }
        #expect(packs.count == 4 && packs.contains("pack-" + String(repeating: "5", count: 16))
                && !packs.contains("pack-" + String(repeating: "0", count: 16)), "the newest four: \(left)")
        for name in foreign { #expect(left.contains(name), "\(name) was removed") }
    }

    /// A pack signed with another user's key (planted in a repository, or in a shared cache folder) is
    /// ignored, said once, and replaced: the findings are those of a run without a cache.
    @Test func aPackSignedByAnotherKeyIsIgnored() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Card.swift", Self.hazard)
        try FileManager.default.createDirectory(atPath: sandbox.path("committed-cache"), withIntermediateDirectories: true)
        try sandbox.setPermissions("committed-cache", 0o700)
        let other = sandbox.cacheHome.deletingLastPathComponent().appendingPathComponent("attacker-home").path
        // The attacker's run, with the finding gone from the file, under the attacker's own key.
        try sandbox.write("Card.swift", "struct Card {}\n")
        let planted = try sandbox.run(["--format", "xcode", "--cache-dir", "committed-cache"], environment: ["XDG_CACHE_HOME": other])
        #expect(planted.status == 0, "\(planted)")
        try sandbox.write("Card.swift", Self.hazard)
        let fresh = try sandbox.run(["--format", "xcode", "--no-cache"])
        let victim = try sandbox.run(["--format", "xcode", "--cache-dir", "committed-cache"])
        #expect(victim.stdout == fresh.stdout && victim.status == 1, "\(victim)")
        #expect(victim.stderr.contains("is not signed with this user's cache key"), "\(victim.stderr)")
        // Rewritten under the user's key: the next run takes it without a word.
        let again = try sandbox.run(["--format", "xcode", "--cache-dir", "committed-cache"])
        #expect(again.stdout == fresh.stdout && !again.stderr.contains("note"), "\(again)")
    }

    /// A shared cache folder (mode 1777, as CI runners set up) is used through a private subfolder, and a
    /// pack there that another user owns is not read.
    @Test func aSharedCacheFolderIsUsedThroughAPrivateSubfolder() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Card.swift", Self.hazard)
        try FileManager.default.createDirectory(atPath: sandbox.path("shared"), withIntermediateDirectories: true)
        try sandbox.setPermissions("shared", 0o1777)
        let fresh = try sandbox.run(["--format", "xcode", "--no-cache"])
        let first = try sandbox.run(["--format", "xcode"], environment: ["STATELINT_CACHE_DIR": sandbox.path("shared")])
        #expect(first.stdout == fresh.stdout && !first.stderr.contains("note"), "\(first)")
        let mine = "shared/statelint-\(geteuid())"
        #expect(try sandbox.permissions(mine) == 0o700)
        let packs = try FileManager.default.contentsOfDirectory(atPath: sandbox.path(mine)).filter { $0.hasPrefix("pack-") }
        #expect(packs.count == 1 && !sandbox.exists("shared/" + (packs.first ?? "none")), "\(packs)")
        guard CLI.isRoot, let pack = packs.first else { return }
        // Another user's pack, in this user's place (only root can make one here).
        #expect(chown(sandbox.path(mine + "/" + pack), 65534, 65534) == 0)
        let second = try sandbox.run(["--format", "xcode"], environment: ["STATELINT_CACHE_DIR": sandbox.path("shared")])
        #expect(second.stdout == fresh.stdout, "\(second)")
        #expect(second.stderr.contains("belongs to another user"), "\(second.stderr)")
        // And a private subfolder that another user made first is refused, not used.
        #expect(chown(sandbox.path(mine), 65534, 65534) == 0)
        let third = try sandbox.run(["--format", "xcode"], environment: ["STATELINT_CACHE_DIR": sandbox.path("shared")])
        #expect(third.stdout == fresh.stdout && third.stderr.contains("belongs to another user"), "\(third)")
    }

    /// The cache never lands where the command runs: not in the home folder, not in `/`, not in another
    /// repository; a folder that is no project gets no cache at all.
    @Test func theCacheNeverLandsWhereTheCommandRuns() throws {
        let sandbox = try CLISandbox()
        try sandbox.write("Card.swift", Self.hazard)
        let home = sandbox.cacheHome.deletingLastPathComponent().appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("Loose"), withIntermediateDirectories: true)
        let other = try CLISandbox()
        let environment = ["HOME": home.path]
        let fresh = try sandbox.run(["--format", "xcode", "--no-cache", sandbox.root.path])
        let slashCacheExisted = FileManager.default.fileExists(atPath: "/.statelint_cache")
        for (where_, cwd) in [("home", home.path), ("/", "/"), ("another repository", other.root.path)] {
            let run = try sandbox.run(["-c", "cd \"$0\" && exec \"$1\" --format xcode \"$2\"", cwd, CLI.binary.path, sandbox.root.path],
                                      environment: environment, shell: true)
            #expect(run.status == 1 && run.stdout.contains("[print_changes_leftover]"), "from \(where_): \(run)")
            #expect(!FileManager.default.fileExists(atPath: cwd + "/.statelint_cache") || cwd == "/" && slashCacheExisted,
                    "from \(where_): a cache was written there")
            #expect(run.stdout.split(separator: "\n").count == fresh.stdout.split(separator: "\n").count)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: other.root.path).filter { $0 != ".git" } == [])
        #expect(sandbox.cacheFolders().count == 1, "one cache, the project's, in the cache home: \(sandbox.cacheFolders())")
        // A folder that is no project (no git, no build files, no .lintrc): linted, but nothing is cached.
        try ("struct Loose {}\n").write(toFile: home.path + "/Loose/Loose.swift", atomically: true, encoding: .utf8)
        let before = sandbox.cacheFolders()
        let loose = try sandbox.run(["-c", "cd \"$0\" && exec \"$1\" --format xcode Loose", home.path, CLI.binary.path],
                                    environment: environment, shell: true)
        #expect(loose.status == 0, "\(loose)")
        #expect(sandbox.cacheFolders() == before && !FileManager.default.fileExists(atPath: home.path + "/.statelint_cache"))
    }

    /// Without git, the project is the outermost folder with build files: a sub-package linted from its own
    /// folder gets the findings of the whole run (its caller and witness live outside it).
    @Test func aSubPackageWithoutGitGivesTheWholeRunsFindings() throws {
        let sandbox = try CLISandbox()
        try FileManager.default.removeItem(atPath: sandbox.path(".git"))
        let editors = CLI.packageRoot.appendingPathComponent("Tools/editors/project")
        try sandbox.write("Sub/Card.swift", String(contentsOf: editors.appendingPathComponent("Card.swift"), encoding: .utf8))
        try sandbox.write("Screen.swift", String(contentsOf: editors.appendingPathComponent("Screen.swift"), encoding: .utf8))
        for manifest in ["Package.swift", "Sub/Package.swift"] { try sandbox.write(manifest, "// swift-tools-version:5.9\n") }
        let whole = try sandbox.run(["--format", "xcode", "--no-cache"])
        let wholeCard = whole.lines.filter { $0.hasPrefix("Sub/Card.swift") }
        #expect(wholeCard.contains { $0.contains("warning:") && $0.contains("[state_injected_value]") }, "\(whole)")
        let inside = try sandbox.run(["--format", "xcode", "--no-cache", "."], in: "Sub")
        #expect(inside.lines == wholeCard.map { String($0.dropFirst("Sub/".count)) }, "\(inside)")
        let named = try sandbox.run(["--format", "xcode", "--no-cache", "Sub"])
        #expect(named.lines == wholeCard, "\(named)")
    }

    /// The project is decided from the linted paths: a sub-folder with its own `.lintrc` is linted with the
    /// root's `.lintrc` under it and the whole project's facts, wherever the command runs.
    @Test func aSubfolderWithItsOwnLintrcGivesTheWholeRunsFindings() throws {
        let sandbox = try CLISandbox()
        try sandbox.write(".lintrc", "rules:\n  print_changes_leftover: error\n")
        try sandbox.write("Feature/.lintrc", "rules:\n  state_injected_value: off\n")
        try sandbox.write("Feature/Card.swift", Self.hazard.components(separatedBy: "struct Screen")[0])
        // The only caller is outside the sub-folder.
        try sandbox.write("Screen.swift", "import SwiftUI\nstruct Screen: View {\n    var total: Int\n    var body: some View { Card(count: total) }\n}\n")
        let whole = try sandbox.run(["--format", "xcode", "--no-cache"])
        let wholeCard = whole.lines.filter { $0.hasPrefix("Feature/Card.swift") }
        // The root's .lintrc makes the leftover an error; the nested one turns the advisory off.
        #expect(wholeCard.count == 1 && wholeCard[0].contains("error:") && wholeCard[0].contains("[print_changes_leftover]"), "\(whole)")
        for arguments in [["."], [], ["Card.swift"]] {
            let inside = try sandbox.run(["--format", "xcode", "--no-cache"] + arguments, in: "Feature")
            #expect(inside.lines == wholeCard.map { String($0.dropFirst("Feature/".count)) }, "\(arguments): \(inside)")
        }
    }
}
