import Foundation
@testable import StatelintCore
import StatelintDiagnostics
import StatelintRules
import StatelintSyntax
import Testing

/// The analysis cache on disk (`DiskCache`): a run with it finds exactly what a run without it finds, after
/// any edit; what it cannot trust (another version, a damaged pack, a file changed behind a kept state) is
/// ignored; it never stops a run.
@Suite("Analysis cache on disk")
struct DiskCacheTests {
    /// The key the tests' packs are signed with.
    static let secret = CacheSecret(k0: 0x0123_4567_89ab_cdef, k1: 0xfedc_ba98_7654_3210)

    /// A temporary project folder and a cache folder beside it.
    final class Project: @unchecked Sendable {
        let root: URL
        let cacheFolder: String
        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("statelint-diskcache-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            cacheFolder = root.appendingPathComponent(".statelint_cache").path
        }
        deinit { try? FileManager.default.removeItem(at: root) }

        func path(_ name: String) -> String { root.appendingPathComponent(name).path }

        func write(_ name: String, _ text: String) throws {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: false, encoding: .utf8)
        }

        var files: [String] { (try? Discovery.swiftFiles(in: [root.path])) ?? [] }

        /// A cache as the command line makes one (trusting kept states at once when `racy` is 0).
        func cache(version: String = "test", racy: Int64? = nil) -> DiskCache {
            let cache = DiskCache(folder: cacheFolder, version: version, secret: DiskCacheTests.secret)
            if let racy { cache.racyWindow = racy }
            return cache
        }
    }

    static func engine(_ cache: DiskCache?, settings: LintSettings = .defaults) -> Engine {
        var engine = Engine(settings: settings, jobs: 2)
        engine.diskCache = cache
        return engine
    }

    static func described(_ report: LintReport) -> [String] {
        report.diagnostics.map(EquivalenceTests.describe) + report.problems.map { "\($0.path): \($0.message)" }
    }

    /// Lints with a cache (saved after), and without one: the reports must be the same.
    static func expectSame(_ project: Project, named: [String]? = nil, racy: Int64? = 0, _ comment: String,
                           sourceLocation: SourceLocation = #_sourceLocation) -> DiskCache {
        let cache = project.cache(racy: racy)
        let paths = project.files
        let cached = named.map { engine(cache).lint(project: paths, reporting: $0) } ?? engine(cache).lint(paths: paths)
        cache.save()
        let fresh = named.map { engine(nil).lint(project: paths, reporting: $0) } ?? engine(nil).lint(paths: paths)
        #expect(described(cached) == described(fresh), "\(comment)", sourceLocation: sourceLocation)
        #expect(cached.fileCount == fresh.fileCount, "\(comment)", sourceLocation: sourceLocation)
        #expect(cache.problem == nil, "\(comment): \(cache.problem ?? "")", sourceLocation: sourceLocation)
        return cache
    }

    /// Edits that change what other files' findings need (a model's init effects, a view's inputs, a
    /// caller, an extension), applied one after another: after each, the cached run equals a fresh one,
    /// for the whole project and for each file named alone.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func everyEditGivesTheFindingsOfAFreshRun(_ seed: UInt64) throws {
        let project = try Project()
        _ = try EquivalenceTests.generatedProject(seed: seed, in: project.root)
        _ = Self.expectSame(project, "first run")
        let warm = Self.expectSame(project, "unchanged")
        #expect(warm.counts.summariesMade == 0 && warm.counts.findingsMade == 0, "an unchanged project is not analysed again: \(warm.counts)")
        let edits: [(String, String) -> String] = [
            // The model's init no longer has an effect: the view that keeps it in @State loses its finding.
            { name, text in name.hasPrefix("Model") ? text.replacingOccurrences(of: "print(\"", with: "_ = (\"")
                .replacingOccurrences(of: "Task { await self.load() }", with: "count = 1") : text },
            // A view's input becomes a constant at its call site.
            { name, text in name == "Root.swift" ? text.replacingOccurrences(of: "Child0(title: title", with: "Child0(title: \"fixed\"") : text },
            // The model becomes an ObservableObject class (other rules, other facts).
            { name, text in name.hasPrefix("Model") ? text.replacingOccurrences(of: "@Observable final class", with: "final class") : text },
            // A body edit that moves every byte offset after it.
            { name, text in name.hasPrefix("Child") ? "// moved\n" + text : text },
            // Back to a tracked model with an effect in its init.
            { name, text in name.hasPrefix("Model") ? text.replacingOccurrences(of: "final class", with: "@Observable final class")
                .replacingOccurrences(of: "count = 1", with: "print(\"again\")") : text },
        ]
        for (k, edit) in edits.enumerated() {
            for path in project.files {
                let name = URL(fileURLWithPath: path).lastPathComponent
                let text = try String(contentsOfFile: path, encoding: .utf8)
                let edited = edit(name, text)
                if edited != text { try edited.write(toFile: path, atomically: false, encoding: .utf8) }
            }
            _ = Self.expectSame(project, "after edit \(k)")
            for path in project.files.prefix(4) { _ = Self.expectSame(project, named: [path], "after edit \(k), \(path) named") }
        }
        // A file deleted and one added.
        let extensions = project.files.filter { $0.contains("/Extensions/") }
        for path in extensions { try FileManager.default.removeItem(atPath: path) }
        try project.write("Screens/Extra.swift", "import SwiftUI\nstruct Extra: View {\n    @State var value: Int\n    var body: some View { Child0(title: \"x\", value: value) }\n}\n")
        _ = Self.expectSame(project, "after deleting \(extensions.count) files and adding one")
    }

    @Test func aDamagedPackIsIgnoredAndRewritten() throws {
        let project = try Project()
        _ = try EquivalenceTests.generatedProject(seed: 7, in: project.root)
        let first = Self.expectSame(project, "first run")
        let pack = first.packPath
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: pack)))
        // Truncated, one byte changed in the middle, garbage, and empty: each is ignored, and the run's own pack
        // replaces it.
        var flipped = bytes
        flipped[bytes.count / 2] ^= 0x40
        for (name, damaged) in [("truncated", Array(bytes.prefix(bytes.count / 3))), ("flipped", flipped),
                                ("garbage", [UInt8](repeating: 0xAB, count: 5000)), ("empty", [])] {
            try Data(damaged).write(to: URL(fileURLWithPath: pack))
            let cache = Self.expectSame(project, "\(name) pack")
            #expect(cache.counts.summaries == 0, "\(name): nothing is taken from a damaged pack")
            let rewritten = try [UInt8](Data(contentsOf: URL(fileURLWithPath: pack)))
            #expect((try? DiskCache.decodePack(rewritten, key: cache.key, secret: DiskCacheTests.secret)) != nil, "\(name): the pack is rewritten whole")
        }
        // A damaged entry inside a valid pack (its summary replaced by garbage, the checksum redone) is not trusted.
        var entries = try DiskCache.decodePack(bytes, key: first.key, secret: DiskCacheTests.secret)
        for key in entries.keys { (entries[key]!.summary, entries[key]!.findings) = ([1, 2, 3][...], nil) }
        try Data(DiskCache.encodePack(entries, key: first.key, secret: DiskCacheTests.secret)).write(to: URL(fileURLWithPath: pack))
        let cache = Self.expectSame(project, "entries that do not decode")
        #expect(cache.counts.summaries == 0 && cache.counts.summariesMade > 0)
    }

    @Test func anotherVersionOrAnotherAnalysisStartsAfresh() throws {
        let project = try Project()
        _ = try EquivalenceTests.generatedProject(seed: 8, in: project.root)
        let paths = project.files
        let first = project.cache(version: "1.0", racy: 0)
        _ = Self.engine(first).lint(paths: paths)
        first.save()
        let same = project.cache(version: "1.0", racy: 0)
        _ = Self.engine(same).lint(paths: paths)
        #expect(same.counts.summaries == paths.count)
        let other = project.cache(version: "1.1", racy: 0)
        let report = Self.engine(other).lint(paths: paths)
        #expect(other.counts.summaries == 0 && other.counts.summariesMade == paths.count, "another version reuses nothing")
        #expect(Self.described(report) == Self.described(Self.engine(nil).lint(paths: paths)))
        // Fewer rules: pass 1 collects other facts, so another pack.
        let oneRule = LintSettings(rules: [RuleRegistry.rule(id: "state_eager_object_init")!])
        let narrow = project.cache(version: "1.0", racy: 0)
        let narrowReport = Self.engine(narrow, settings: oneRule).lint(paths: paths)
        #expect(narrow.counts.summaries == 0)
        #expect(Self.described(narrowReport) == Self.described(Self.engine(nil, settings: oneRule).lint(paths: paths)))
    }

    @Test func aChangedSeverityOrTargetChecksFilesAgainWithTheSameSummaries() throws {
        let project = try Project()
        _ = try EquivalenceTests.generatedProject(seed: 9, in: project.root)
        let paths = project.files
        var settings = LintSettings.defaults
        let first = project.cache(racy: 0)
        let before = Self.engine(first, settings: settings).lint(paths: paths)
        first.save()
        #expect(before.diagnostics.contains { $0.ruleID == "state_eager_object_init" })
        for k in settings.runs.indices where settings.runs[k].id == "state_eager_object_init" { settings.runs[k].severity = .error }
        settings.deploymentTarget = DeploymentTarget(configured: ["ios": "17.0"])
        let second = project.cache(racy: 0)
        let after = Self.engine(second, settings: settings).lint(paths: paths)
        #expect(second.counts.summaries == paths.count, "summaries do not depend on severities")
        #expect(Self.described(after) == Self.described(Self.engine(nil, settings: settings).lint(paths: paths)))
        #expect(after.diagnostics.contains { $0.ruleID == "state_eager_object_init" && $0.severity == .error })
    }

    /// A file rewritten with the same size, its modification time put back: its inode change time tells.
    @Test func anEditThatKeepsSizeAndModificationTimeIsSeen() throws {
        let project = try Project()
        let model = """
            import Observation
            @Observable final class Store {
                var items: [Int] = []
                init(seed: [Int]) { print("made") }
            }

            """
        try project.write("Model/Store.swift", model)
        try project.write("Screens/Screen.swift", """
            import SwiftUI
            struct Screen: View {
                @State private var store = Store(seed: [])
                var body: some View { Text("\\(store.items.count)") }
            }

            """)
        let storePath = project.path("Model/Store.swift")
        var old = stat()
        #expect(stat(storePath, &old) == 0)
        let first = Self.expectSame(project, racy: 0, "first run")
        _ = first
        #expect(Self.engine(nil).lint(paths: project.files).diagnostics.contains { $0.ruleID == "state_eager_object_init" })
        // Same length, no effect in init; then the old modification time back.
        let quiet = model.replacingOccurrences(of: "print(\"made\")", with: "_ = (\"made\");")
        #expect(quiet.utf8.count == model.utf8.count)
        try project.write("Model/Store.swift", quiet)
        var times = [timespec(tv_sec: old.st_atim.tv_sec, tv_nsec: old.st_atim.tv_nsec),
                     timespec(tv_sec: old.st_mtim.tv_sec, tv_nsec: old.st_mtim.tv_nsec)]
        #expect(utimensat(AT_FDCWD, storePath, &times, 0) == 0)
        var now = stat()
        #expect(stat(storePath, &now) == 0 && now.st_size == old.st_size && now.st_mtim.tv_nsec == old.st_mtim.tv_nsec)
        let second = Self.expectSame(project, racy: 0, "same size and modification time")
        #expect(second.counts.summariesMade == 1, "the edited file is read again: \(second.counts)")
        #expect(!Self.engine(nil).lint(paths: project.files).diagnostics.contains { $0.ruleID == "state_eager_object_init" })
    }

    @Test func twoRunsAtOnceBothFinishWithTheRightFindings() throws {
        let project = try Project()
        _ = try EquivalenceTests.generatedProject(seed: 10, in: project.root)
        let paths = project.files
        for round in 0..<3 {
            let expected = Self.described(Self.engine(nil).lint(paths: paths))
            let results = Slots(count: 2)
            DispatchQueue.concurrentPerform(iterations: 2) { k in
                let cache = project.cache()
                let report = Self.engine(cache).lint(paths: paths)
                cache.save()
                results.set(k, Self.described(report) + (cache.problem.map { ["problem: \($0)"] } ?? []))
            }
            #expect(results.get(0) == expected, "round \(round), run 0")
            #expect(results.get(1) == expected, "round \(round), run 1")
            if round == 1 { try project.write("Screens/Root.swift", "// emptied\n") }
        }
        // Whatever run wrote last, the pack is whole and a later run uses it.
        let later = project.cache()
        let report = Self.engine(later).lint(paths: paths)
        #expect(Self.described(report) == Self.described(Self.engine(nil).lint(paths: paths)))
        #expect(later.counts.summaries > 0)
    }

    final class Slots: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [[String]]
        init(count: Int) { values = Array(repeating: [], count: count) }
        func set(_ k: Int, _ value: [String]) { lock.withLock { values[k] = value } }
        func get(_ k: Int) -> [String] { lock.withLock { values[k] } }
    }

    /// A cache folder that cannot be made (its parent is a file: the same for root, unlike a read-only mode).
    @Test func aCacheThatCannotBeWrittenLeavesTheRunWhole() throws {
        let project = try Project()
        _ = try EquivalenceTests.generatedProject(seed: 11, in: project.root)
        try project.write("blocker", "not a folder\n")
        let cache = DiskCache(folder: project.path("blocker/cache"), version: "test", secret: DiskCacheTests.secret)
        let report = Self.engine(cache).lint(paths: project.files)
        cache.save()
        #expect(Self.described(report) == Self.described(Self.engine(nil).lint(paths: project.files)))
        #expect(cache.problem?.contains("cannot create the cache folder") == true, "\(cache.problem ?? "nil")")
    }

    @Test func entriesOfDeletedFilesAreDropped() throws {
        let project = try Project()
        _ = try EquivalenceTests.generatedProject(seed: 12, in: project.root)
        let first = Self.expectSame(project, "first run")
        let before = try DiskCache.decodePack([UInt8](Data(contentsOf: URL(fileURLWithPath: first.packPath))), key: first.key, secret: DiskCacheTests.secret)
        let gone = project.files.filter { $0.contains("/Screens/Child") }.last!
        try FileManager.default.removeItem(atPath: gone)
        // A run of a part of the project keeps the others' entries while their files exist.
        let part = project.cache()
        _ = Self.engine(part).lint(paths: project.files.filter { $0.contains("/Models/") })
        part.save()
        let after = try DiskCache.decodePack([UInt8](Data(contentsOf: URL(fileURLWithPath: part.packPath))), key: part.key, secret: DiskCacheTests.secret)
        #expect(before.keys.contains(Discovery.displayPath(gone)))
        #expect(!after.keys.contains(Discovery.displayPath(gone)), "the deleted file's entry is gone")
        #expect(after.count == before.count - 1)
    }

    @Test func findingsCarryEverythingThroughThePack() throws {
        let diagnostics = [
            Diagnostic(ruleID: "r", severity: .warning, path: "A.swift", range: 3..<9, message: "m «é»", help: "h",
                       notes: [Note(range: 1..<2, message: "n"), Note(range: 40..<41, message: "other", path: "B.swift")],
                       fix: Fix(title: "t", edits: [TextEdit(range: 3..<4, replacement: "x\ny")], isSafe: true)),
            Diagnostic(ruleID: "s", severity: .info, path: "A.swift", range: 0..<0, message: ""),
        ]
        let blob = DiskCache.encode(diagnostics, partial: "line 3: too deep")
        let decoded = try DiskCache.decodeFindings(blob[...], path: "A.swift")
        #expect(decoded.diagnostics == diagnostics)
        #expect(decoded.partial == "line 3: too deep")
        for cut in 0..<blob.count { #expect((try? DiskCache.decodeFindings(blob[..<cut], path: "A.swift")) == nil) }
    }
}

extension DiskCacheTests {
    /// Every fixture folder with more than one file, in a copy: each file in turn emptied or shifted (a
    /// line added at the top), then put back; after each change a cached run equals a fresh one.
    @Test(arguments: (try? FileManager.default.contentsOfDirectory(atPath: EquivalenceTests.packageRoot.appendingPathComponent("TestInputs").path))?.sorted() ?? [])
    func fixtureFoldersUnderEdits(_ folder: String) throws {
        let project = try Project()
        let source = EquivalenceTests.packageRoot.appendingPathComponent("TestInputs/\(folder)")
        for path in try Discovery.swiftFiles(in: [source.path]) {
            let relative = String(path.dropFirst(source.path.count + 1))
            try project.write(relative, try String(contentsOfFile: path, encoding: .utf8))
        }
        let files = project.files
        #expect(files.count >= 2)
        _ = Self.expectSame(project, "\(folder): first run")
        for (k, path) in files.enumerated() {
            let original = try String(contentsOfFile: path, encoding: .utf8)
            try (k % 2 == 0 ? "" : "// shifted\n" + original).write(toFile: path, atomically: false, encoding: .utf8)
            _ = Self.expectSame(project, "\(folder): \(path) \(k % 2 == 0 ? "emptied" : "shifted")")
            try original.write(toFile: path, atomically: false, encoding: .utf8)
            _ = Self.expectSame(project, "\(folder): \(path) put back")
        }
    }
}

extension DiskCacheTests {
    /// The language server's in-memory cache, with the merged index it keeps of unchanged files: after each
    /// edit (the edited files invalidated, as the server does), a lint equals a fresh one.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func inMemoryCacheUnderEdits(_ seed: UInt64) throws {
        let project = try Project()
        _ = try EquivalenceTests.generatedProject(seed: seed, in: project.root)
        let memory = AnalysisCache()
        func lint(_ comment: String) {
            var engine = Engine(settings: .defaults, jobs: 1)
            engine.cache = memory
            let paths = project.files
            let cached = engine.lint(paths: paths)
            #expect(Self.described(cached) == Self.described(Self.engine(nil).lint(paths: paths)), "\(comment)")
        }
        lint("first lint")
        lint("again")
        var k = 0
        for path in project.files + project.files {
            k += 1
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let edited = k % 3 == 0 ? "// \(k)\n" + text
                : text.replacingOccurrences(of: k % 3 == 1 ? "print(" : "Task {", with: k % 3 == 1 ? "_ = (" : "_ = {")
            try edited.write(toFile: path, atomically: false, encoding: .utf8)
            memory.invalidate([Discovery.displayPath(path)])
            lint("after editing \(path) (\(k))")
        }
    }
}
