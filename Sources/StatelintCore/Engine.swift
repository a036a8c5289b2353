import Foundation
import StatelintAnalysis
import StatelintDiagnostics
import StatelintRules
import StatelintSyntax

/// A file that could not be linted, and why.
public struct FileProblem: Error, Sendable, Hashable {
    public var path: String
    public var message: String
    /// statelint itself failed on the file (it crashed an earlier attempt): exit status 3.
    public var isInternalFailure: Bool
    /// The file was linted, but not completely: part of it was not analysed (a nesting limit), or its
    /// fixes were not written. Other problems mean the file was not linted at all (exit status 2).
    public var isPartial: Bool
    /// Writing the file's fixes failed (a full disk, a size limit): an error (exit status 2); the file
    /// holds what it held before.
    public var isWriteFailure: Bool

    public init(path: String, message: String, isInternalFailure: Bool = false, isPartial: Bool = false, isWriteFailure: Bool = false) {
        self.path = path
        self.message = message
        self.isInternalFailure = isInternalFailure
        self.isPartial = isPartial
        self.isWriteFailure = isWriteFailure
    }
}

/// The outcome of a run: findings in a deterministic order, and files that could not be linted.
public struct LintReport: Sendable {
    /// Findings sorted by path, position and rule.
    public var diagnostics: [Diagnostic]
    /// Files that could not be read or were skipped.
    public var problems: [FileProblem]
    /// How many files were linted (reported on).
    public var fileCount: Int
    /// The files that have findings, by path (reporters show their lines).
    public var sources: [String: SourceFile]
    /// The display paths of the files reported on (linted, or meant to be: a file that could not be read
    /// is among them), sorted; what a baseline may call fixed is limited to these.
    public var reportedPaths: [String] = []
    /// Where the time went (filled by the engine).
    public var stats = EngineStats()
    /// Findings a baseline hid (set when one is applied).
    public var baselined = 0
    /// `info` findings (advisories) left out of the report: shown only with `--show-info`.
    public var advisoriesNotShown = 0

    /// Findings `--fix` would fix (their fix is safe).
    public var fixableCount: Int { diagnostics.count { $0.fix?.isSafe == true } }

    public init(diagnostics: [Diagnostic], problems: [FileProblem], fileCount: Int, sources: [String: SourceFile]) {
        self.diagnostics = diagnostics
        self.problems = problems
        self.fileCount = fileCount
        self.sources = sources
    }
}

/// Time per phase, summed over worker threads (CPU-ish seconds), plus sizes; printed by `--stats`.
public struct EngineStats: Sendable {
    public var files = 0
    public var lines = 0
    public var bytes = 0
    /// Reading files from disk, summed over threads (both passes read; pass 1 is counted here).
    public var reading = 0.0
    /// Lexing, then parsing, for the index (pass 1), summed over threads.
    public var lexingForIndex = 0.0
    public var parsingForIndex = 0.0
    /// Extracting file summaries (pass 1), summed over threads.
    public var summarizing = 0.0
    /// Merging summaries into the project index (wall): the partial indexes, then the late pass for
    /// extensions of observable classes, then compaction.
    public var indexing = 0.0
    public var merging = 0.0
    public var latePass = 0.0
    public var compacting = 0.0
    /// Collecting construction sites in pass 2's first round (when an enabled rule needs them), summed
    /// over threads.
    public var siteSearch = 0.0
    /// How many types sites were wanted for, and how many files were searched for them.
    public var siteTypes = 0
    public var siteFiles = 0
    /// Files checked in pass 2's second round (a rule that needs sites may report in them), and its wall time.
    public var deferredFiles = 0
    public var deferredWall = 0.0
    /// Wall time of pass 1 (read, lex, parse, summarize, partial indexes) and of pass 2 (rules).
    public var pass1Wall = 0.0
    public var pass2Wall = 0.0
    /// When the engine started (monotonic seconds); the command line derives the time spent finding files.
    public var startedAt = 0.0
    /// Finding the files (filled by the command line).
    public var discovery = 0.0
    /// Lexing, then parsing, again for the rules (pass 2), summed over threads.
    public var lexingForRules = 0.0
    /// Files whose tokens pass 2 took from pass 1 (`Engine.keptLexBytes`) instead of lexing them again.
    public var keptLexesUsed = 0
    public var parsingForRules = 0.0
    /// Running rules and suppressions, summed over threads.
    public var checking = 0.0
    /// Files pass 2 skipped because no rule can report in them.
    public var skippedFiles = 0
    /// What the disk cache answered (summaries, findings, sites) and what was made anew.
    public var cache = DiskCache.Counts()
    /// Types and members in the project index.
    public var indexTypes = 0
    public var indexMembers = 0

    public init() {}
}

/// Runs rules over files: pass 1 summarises every file into the project index, pass 2 checks each file.
public struct Engine: Sendable {
    /// The rules to run, their severities and options, and the deployment target.
    public var settings: LintSettings {
        didSet { if diskCache != nil { baseSettingsKey = settingsCacheKey } }
    }
    /// The project's sample code (`SampleCode`): findings there are `info` at most, and what it builds is no
    /// witness. `.none` unless a front end sets it from the project root.
    public var sampleCode = SampleCode.none {
        didSet { if diskCache != nil { baseSettingsKey = settingsCacheKey } }
    }
    /// Worker threads.
    public var jobs: Int
    /// Files that crashed an earlier attempt of this run, by display path: skipped from the stage where
    /// they crashed on, and reported as internal failures.
    public var crashed: [String: CrashedFile] = [:]
    /// Facts pass 1 collects although no enabled rule declares them (to measure what they cost).
    public var extraFacts: Set<ProjectFact> = []
    /// What earlier runs with the same settings learnt of files that have not changed since (nil: none).
    public var cache: AnalysisCache?
    /// What earlier runs kept on disk (nil: no cache on disk); used for files read from disk by path.
    public var diskCache: DiskCache? {
        didSet { if diskCache != nil { baseSettingsKey = settingsCacheKey } }
    }
    /// The disk cache's key of `settings` (set with the cache).
    var baseSettingsKey: UInt64 = 0
    private var settingsCacheKey: UInt64 { StableHash.of(settings.cacheDescription + "\n" + sampleCode.cacheDescription) }

    /// The settings of folders with a nested `.lintrc` (nil: one configuration for every file).
    public var folderSettings: FolderSettings?

    /// How much memory (bytes) pass 1 may spend keeping the tokens of the files pass 2 will probably read
    /// (`FileSummary.likelyReadAgain`), so that pass 2 does not lex them again (about twice a file's size).
    /// 0 keeps nothing.
    public var keptLexBytes = 16 << 20

    /// Whether the run's project index is left to the process's exit instead of being freed when
    /// the run returns (a one-shot command line run: freeing the index of a large project costs more than
    /// one file's analysis, for memory the process gives back a moment later anyway). Off by default: a
    /// language server or a test runs many lints in one process.
    public var leavesMemoryToExit = false

    /// The settings a file is checked with.
    func settings(forPath path: String) -> LintSettings { folderSettings?.settings(for: path) ?? settings }

    /// What the passes plan for: every rule some configuration of the run enables.
    var planningSettings: LintSettings { folderSettings?.union(with: settings) ?? settings }

    public init(settings: LintSettings = .defaults, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.settings = settings
        self.jobs = max(1, jobs)
    }

    public init(rules: [any Rule.Type], jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.init(settings: LintSettings(rules: rules), jobs: jobs)
    }

    /// Lints files on disk. `reportOnly` limits the files checked and reported; the index still sees all of `paths`.
    /// Files are read once per pass and not kept (only the tokens of some, `keptLexBytes`): memory holds the
    /// index, the files being worked on and the files with findings, not the whole tree.
    /// `replacing` stands in for the file of its path (an editor's unsaved buffer); it is linted even when
    /// no such file exists on disk.
    public func lint(paths: [String], reportOnly: Set<String>? = nil, replacing buffer: SourceFile? = nil) -> LintReport {
        var shown = paths.map(Discovery.displayPath)
        if let buffer, !shown.contains(buffer.path) { shown.append(buffer.path) }
        let all = shown
        return run(count: all.count, path: { all[$0] }, load: { i in
            if let buffer, all[i] == buffer.path { return .success(buffer) }
            return Engine.load(paths[i])
        }, diskPath: { i in buffer != nil && all[i] == buffer!.path ? nil : paths[i] }, reportOnly: reportOnly)
    }

    /// Lints `reporting` with the index of the whole project (`project` and `reporting`): how named files,
    /// changed files and editor buffers are linted. A `replacing` buffer stands in for its path.
    public func lint(project: [String], reporting: [String], replacing buffer: SourceFile? = nil) -> LintReport {
        let named = reporting.map(Discovery.displayPath)
        var seen = Set<String>()
        var paths: [String] = []
        // A file named with `..` (`../Repo/A.swift`) is the project's `/…/Repo/A.swift`: one file, shown
        // as named. (Only then are paths made absolute: the common case compares display paths.)
        var spelled: [String: String] = [:]
        for path in reporting where path.hasPrefix("../") || path.contains("/../") || path.contains("/./") {
            spelled[FolderWalk.absolute(path)] = path
        }
        for path in reporting + project {
            let shown = spelled.isEmpty ? path : spelled[FolderWalk.absolute(path)] ?? path
            if seen.insert(Discovery.displayPath(shown)).inserted { paths.append(shown) }
        }
        return lint(paths: paths, reportOnly: Set(named), replacing: buffer)
    }

    /// Lints the project `paths` with each file's content from `load` (given the path as listed): how a
    /// language server lints with its open buffers and the files it keeps in memory. `reportOnly`
    /// (display paths) limits what is checked and reported.
    /// `onDisk` tells which paths `load` reads from disk (not a buffer): only those may the disk cache
    /// know by their state without reading them.
    public func lint(paths: [String], reportOnly: Set<String>?, onDisk: @escaping @Sendable (String) -> Bool = { _ in false },
                     load: @escaping @Sendable (String) -> Result<SourceFile, FileProblem>) -> LintReport {
        let shown = paths.map(Discovery.displayPath)
        return run(count: shown.count, path: { shown[$0] }, load: { load(paths[$0]) }, diskPath: { onDisk(paths[$0]) ? paths[$0] : nil },
                   reportOnly: reportOnly)
    }

    /// A Swift file from disk as the engine reads it (its display path; a problem when it is not a
    /// readable regular file of valid UTF-8 under 4 GiB).
    public static func read(_ path: String) -> Result<SourceFile, FileProblem> { load(path) }

    /// Lints files already in memory as one project; `reportOnly` (display paths) limits what is checked.
    public func lint(files: [SourceFile], reportOnly: Set<String>? = nil) -> LintReport {
        run(count: files.count, path: { files[$0].path }, load: { .success(files[$0]) }, reportOnly: reportOnly)
    }

    /// The two passes over `count` files that `load` provides on demand: indexing, then checking.
    /// `diskPath` gives the file on disk a file's content is read from (nil for a buffer): only then may the
    /// disk cache trust the file's state without reading it.
    func run(count: Int, path: @escaping @Sendable (Int) -> String,
             load: @escaping @Sendable (Int) -> Result<SourceFile, FileProblem>,
             diskPath: @escaping @Sendable (Int) -> String? = { _ in nil }, reportOnly: Set<String>?) -> LintReport {
        // Which files are reported on, looked up once (a path is hashed once, not in every pass).
        let selected = reportOnly.map { names in (0..<count).map { names.contains(path($0)) } }
        var probes: [Probe?]?
        if let disk = diskCache {
            // The disk cache's pack for what pass 1 collects (every configuration of the run, nested ones
            // included); every file's content hash; and when the whole project is as a run left it, that
            // run's findings.
            let loadStart = MonotonicClock.now()
            disk.prepare(analysis: planningSettings.analysisDescription(extraFacts: extraFacts))
            let probeStart = MonotonicClock.now()
            let found = probe(count: count, path: path, load: load, diskPath: diskPath)
            disk.timeLoading(probeStart - loadStart, probing: MonotonicClock.now() - probeStart)
            let stamp = Engine.runStamp(found.map { $0?.contentHash }, path: path)
            if let report = reusedReport(found, stamp: stamp, count: count, path: path, load: load, selected: selected) { return report }
            probes = found
        }
        var indexed = index(count: count, path: path, load: load, diskPath: diskPath, probes: probes, selected: selected)
        if diskCache != nil { indexed.runStamp = Engine.runStamp(indexed.contentHashes, path: path) }
        let report = check(indexed, count: count, path: path, load: load, selected: selected)
        if leavesMemoryToExit { ExitParking.park(indexed) }
        return report
    }

    /// Reads a file; a file that cannot be read or is not UTF-8 becomes a problem.
    static func load(_ path: String) -> Result<SourceFile, FileProblem> {
        let shown = Discovery.displayPath(path)
        let bytes: [UInt8]
        var stamp: UInt64?
        switch FileReading.bytes(of: path, settledStamp: &stamp) {
        case .success(let read): bytes = read
        case .failure(.notRegular): return .failure(FileProblem(path: shown, message: "is not a regular file; skipped"))
        case .failure(.unreadable): return .failure(FileProblem(path: shown, message: "cannot be read; skipped"))
        }
        guard bytes.count < Int(UInt32.max) else {
            return .failure(FileProblem(path: shown, message: "is larger than 4 GiB; skipped"))
        }
        // (Validated and its lines counted in one read of the bytes.)
        guard let lines = UTF8Check.lineCountIfValid(bytes) else {
            return .failure(FileProblem(path: shown, message: "is not valid UTF-8; skipped"))
        }
        return .success(SourceFile(path: shown, bytes: bytes, lineCount: lines, stamp: stamp))
    }
}

/// What one-shot runs leave to the process's exit (`Engine.leavesMemoryToExit`): held, never freed.
final class ExitParking: @unchecked Sendable {
    private static let shared = ExitParking()
    private let lock = NSLock()
    private var parked: [Any] = []

    static func park(_ value: Any) {
        shared.lock.lock()
        shared.parked.append(value)
        shared.lock.unlock()
    }

    /// How many values are held (tests).
    static var count: Int {
        shared.lock.lock()
        defer { shared.lock.unlock() }
        return shared.parked.count
    }
}
