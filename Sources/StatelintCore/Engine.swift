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

/// What the engine learns of a file that stays true while its content does not change: its pass-1
/// summary and the construction sites it holds. A long-lived front end (the language server) keeps one per project and settings, and
/// invalidates a file's entries whenever its content changes; each lint then lexes and parses only the
/// changed files and those it reports on. Keyed by display path.
public final class AnalysisCache: @unchecked Sendable {
    struct Summary {
        var summary: FileSummary
        var lines: Int
        var bytes: Int
    }

    /// What is known of one file. Keys (the site search's types) are interned
    /// as small numbers, so a lookup costs one hash of the path and no string comparison.
    struct Entry {
        var summary: Summary?
        /// What the late pass added for the file, and what it was asked (`DiskCache.lateKey`).
        var late: (key: UInt64, facts: [TypeFacts])?
        var siteKey = -1
        var sites: [ConstructionSite] = []
        var helpers: [HelperCall] = []
    }

    /// The merged index (finished, not compacted) of the files whose summaries an earlier lint took from
    /// this cache, and which files: a lint whose other files are these adds only the rest to it, instead of
    /// merging every summary again (a keystroke in an editor changes one file).
    struct Base {
        var shards: [ProjectIndex.Shard]
        var members: Set<String>
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var base: Base?
    private var keys: [String: Int] = [:]
    /// Lookups answered from the cache and made anew since the last `takeCounts()`.
    private var hits = 0
    private var misses = 0

    public init() {}

    /// Forgets what is known of these files (display paths).
    public func invalidate(_ paths: some Sequence<String>) {
        lock.withLock {
            for path in paths {
                entries[path] = nil
                if base?.members.contains(path) == true { base = nil }
            }
        }
    }

    /// The merged index of unchanged files, if one is kept.
    func mergedBase() -> Base? { lock.withLock { base } }

    func keep(base: Base) { lock.withLock { self.base = base } }

    /// Lookups answered from the cache and made anew since the last call.
    public func takeCounts() -> (hits: Int, misses: Int) {
        lock.withLock {
            defer { hits = 0; misses = 0 }
            return (hits, misses)
        }
    }

    /// The number standing for a key (the same string, the same number, for the cache's life).
    func id(of key: String) -> Int {
        lock.withLock {
            if let known = keys[key] { return known }
            keys[key] = keys.count
            return keys.count - 1
        }
    }

    /// Pass 1's summary of a file, if known.
    func summary(_ path: String) -> Summary? {
        lock.withLock {
            guard let summary = entries[path]?.summary else { misses += 1; return nil }
            hits += 1
            return summary
        }
    }

    func store(_ path: String, summary: Summary) { lock.withLock { entries[path, default: Entry()].summary = summary } }

    /// The late pass's facts of a file for this question, if known.
    func late(_ path: String, key: UInt64) -> [TypeFacts]? {
        lock.withLock {
            guard let late = entries[path]?.late, late.key == key else { return nil }
            return late.facts
        }
    }

    func storeLate(_ path: String, key: UInt64, facts: [TypeFacts]) {
        lock.withLock {
            // Only for a file whose summary is kept (an invalidated file's content may have changed since).
            guard entries[path]?.summary != nil else { return }
            entries[path]!.late = (key, facts)
        }
    }

    func sites(_ path: String, key: Int) -> (sites: [ConstructionSite], helpers: [HelperCall])? {
        lock.withLock {
            guard let entry = entries[path], entry.siteKey == key else { misses += 1; return nil }
            hits += 1
            return (entry.sites, entry.helpers)
        }
    }

    func storeSites(_ path: String, key: Int, sites found: [ConstructionSite], helpers: [HelperCall]) {
        lock.withLock {
            var entry = entries[path] ?? Entry()
            (entry.siteKey, entry.sites, entry.helpers) = (key, found, helpers)
            entries[path] = entry
        }
    }
}

/// Runs rules over files: pass 1 summarises every file into the project index, pass 2 checks each file.
public struct Engine: Sendable {
    /// The rules to run, their severities and options, and the deployment target.
    public var settings: LintSettings {
        didSet { if diskCache != nil { baseSettingsKey = StableHash.of(settings.cacheDescription) } }
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
        didSet { if diskCache != nil { baseSettingsKey = StableHash.of(settings.cacheDescription) } }
    }
    /// The disk cache's key of `settings` (set with the cache).
    var baseSettingsKey: UInt64 = 0

    /// The settings of folders with a nested `.lintrc` (nil: one configuration for every file).
    public var folderSettings: FolderSettings?

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
    /// Files are read once per pass and not kept: memory holds the index, the files being worked on and the
    /// files with findings, not the whole tree.
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

    /// What pass 1 keeps of a file: its summary and sizes, or why it could not be read.
    struct Pass1: Sendable {
        var summary: FileSummary?
        /// The summary came from the in-memory cache (`AnalysisCache`).
        var fromMemory = false
        /// The hash of the content summarised (only with a disk cache).
        var contentHash: UInt64?
        var problem: FileProblem?
        var lexTime = 0.0
        var parseTime = 0.0
        var summaryTime = 0.0
        var readTime = 0.0
        var lines = 0
        var bytes = 0
    }

    /// What pass 2 returns for a file: its findings (and the file, when there are some) and times. (A
    /// class: round 1 holds a result per file of the project at once, most of them nil; the worker that
    /// makes one is the only one that changes it.)
    final class Pass2: @unchecked Sendable {
        /// The file was checked (not only searched for sites).
        var checked = false
        var problem: FileProblem?
        var diagnostics: [Diagnostic] = []
        var file: SourceFile?
        /// Construction sites and helper calls found in the file (round 1), and whether it was searched.
        var sites: [ConstructionSite] = []
        var helpers: [HelperCall] = []
        var searched = false
        /// The file's tree, kept for round 2 (boxed: results of every file are held at once, and most
        /// keep none).
        var tree: KeptTree?
        var lexTime = 0.0
        var parseTime = 0.0
        var siteTime = 0.0
        var checkTime = 0.0

        init(problem: FileProblem? = nil) { self.problem = problem }
    }

    /// A tree round 1 keeps for round 2.
    final class KeptTree: Sendable {
        let tree: SyntaxTree
        init(_ tree: SyntaxTree) { self.tree = tree }
    }

    /// How much source (bytes) round 1 keeps parsed for round 2 (a tree takes several times its source).
    /// Only in projects of at most `keepingProjectBytes` of source: in larger ones the index takes most
    /// of the memory, and the trees would raise the peak.
    static let keptSourceBytes = 1 << 20
    static let keepingProjectBytes = 64 << 20

    /// What round 1 of pass 2 searches files for: the construction sites of `types` (simple names) and
    /// helper calls in identity contexts.
    struct SiteSearch: Sendable {
        /// The wanted types' simple names: bodies that name one are walked.
        let types: WordSet
        /// Types (qualified names) whose bodies that name an identity context are walked for helper calls.
        let builders: Set<String>
        /// The builders' simple names (a navigation destination's data type is named by it).
        let builderNames: WordSet
        let contextWords = WordSet(ConstructionNames.contextNames)
        /// What a file without pass-1 notes is scanned for before it is parsed.
        let scanWords: WordSet

        /// A wanted type is named like a framework type (`struct Label: View`).
        let namesFrameworkType: Bool

        /// The search's number in the cache of the run (`AnalysisCache`), or -1 without one.
        var cacheKey = -1
        /// The search's key in the disk cache (a hash of `key(types:builders:)`), or 0 without one.
        var diskKey: UInt64 = 0

        /// What a search looks for, as one string: the cache's key for a file's sites.
        static func key(types: Set<String>, builders: Set<String>) -> String {
            types.sorted().joined(separator: " ") + "|" + builders.sorted().joined(separator: " ")
        }

        init(types: Set<String>, builders: Set<String> = []) {
            self.types = WordSet(types)
            builderNames = WordSet(Set(builders.map { String($0.split(separator: ".").last ?? Substring($0)) }))
            namesFrameworkType = !types.isDisjoint(with: ConstructionNames.frameworkNames)
            self.builders = builders
            scanWords = types.isEmpty ? self.types : WordSet(types.union(ConstructionNames.contextNames))
        }

        var isEmpty: Bool { types.isEmpty }

        /// Whether a file may hold a site or a helper call that matters, from pass 1's notes of it: nil
        /// when only a scan of its bytes can tell (no notes, a `.init(…)` whose type only an annotation
        /// names, or a wanted type named like a framework type, which the notes leave out).
        func mayHoldSites(_ summary: FileSummary?) -> Bool? {
            guard !types.isEmpty else { return false }
            guard let summary, !namesFrameworkType else { return nil }
            let notes = summary.constructions
            if notes.mayConstruct(any: types) { return true }
            if notes.identityContexts && summary.typeNames.contains(where: builders.contains) { return true }
            // `navigationDestination(for: Route.self) { $0.view() }` where `Route` builds views.
            if notes.usesAsDestination(any: builderNames) { return true }
            return notes.implicitInit ? nil : false
        }
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
        return check(indexed, count: count, path: path, load: load, selected: selected)
    }

    /// What indexing hands to checking: the project index, each file's light summary (nil when it was
    /// not read or not indexed), the problems found so far, and the statistics.
    struct Indexed: Sendable {
        var index: ProjectIndex
        var summaries: [FileSummary?]
        /// Each file's content hash (with a disk cache).
        var contentHashes: [UInt64?] = []
        /// What the whole project's content and analysis hash to (with a disk cache; see `runStamp`).
        var runStamp: UInt64 = 0
        var problems: [FileProblem]
        var stats: EngineStats
    }

    /// Pass 1: reads and summarises every file (as the enabled rules' plan says) into the project index.
    func index(count: Int, path: @escaping @Sendable (Int) -> String,
               load: @escaping @Sendable (Int) -> Result<SourceFile, FileProblem>,
               diskPath: @escaping @Sendable (Int) -> String? = { _ in nil }, probes: [Probe?]? = nil, selected: [Bool]?) -> Indexed {
        let disk = diskCache
        let crashed = self.crashed
        let plan = planningSettings.plan(extraFacts: extraFacts)
        // Every file of the project is indexed, whichever files are reported on: a finding in a named file
        // may need facts from any other (a type it uses, a caller, an extension), and a filter that guesses
        // which files matter can miss one. (Named runs differed from the whole run before.)
        let cache = self.cache
        let summarize: @Sendable (Int) -> Pass1 = { i in
            if let crash = crashed[path(i)], crash.stage == 1 {
                return Pass1(problem: FileProblem(path: path(i), message: crash.message, isInternalFailure: true))
            }
            if let cache, let summary = cache.summary(path(i)) {
                var result = Pass1(summary: summary.summary)
                result.fromMemory = true
                result.lines = summary.lines
                result.bytes = summary.bytes
                return result
            }
            var result = Pass1()
            // On disk (the probe hashed every file): a known content's summary is decoded, not parsed.
            let probe = probes?[i] ?? nil
            if let disk, let probe, let known = probe.known, known.contentHash == probe.contentHash, let summary = DiskCache.summary(known) {
                disk.countSummaryHit()
                (result.summary, result.contentHash, result.lines, result.bytes) = (summary, known.contentHash, known.lines, known.bytes)
                return result
            }
            // (A file the cache knew nothing of is stamped before it is read.)
            var stamp = probe?.stamp
            var stampedAt = probe?.stampedAt ?? 0
            if disk != nil && probe?.contentHash == nil, let real = diskPath(i) { (stampedAt, stamp) = (DiskCache.now(), DiskCache.Stamp(path: real)) }
            let readStart = MonotonicClock.now()
            let loaded = probe?.file.map { .success($0) } ?? load(i)
            let start = MonotonicClock.now()
            result.readTime = start - readStart
            switch loaded {
            case .failure(let problem):
                result.problem = problem
            case .success(let file):
                if disk != nil { result.contentHash = probe?.file != nil ? probe!.contentHash : StableHash.of(file.bytes) }
                // The index needs declarations everywhere, and member bodies only where the plan says.
                CrashMarker.working(on: file.path, stage: 1) {
                    let lexed = Lexer.tokenize(file.bytes)
                    let lexEnd = MonotonicClock.now()
                    let tree = SyntaxTree(file: file, lexed: lexed, depth: plan.pass1Depth)
                    let parsed = MonotonicClock.now()
                    result.summary = FileSummary(tree: tree, plan: plan)
                    result.lexTime = lexEnd - start
                    result.parseTime = parsed - lexEnd
                    result.summaryTime = MonotonicClock.now() - parsed
                }
                result.lines = LineTable.count(file.bytes)
                result.bytes = file.bytes.count
                if let cache, let summary = result.summary {
                    cache.store(path(i), summary: AnalysisCache.Summary(summary: summary, lines: result.lines, bytes: result.bytes))
                }
                if let disk, let summary = result.summary, let hash = result.contentHash {
                    var w = ByteWriter()
                    summary.encode(into: &w)
                    // (The probe's stamp only for the content it hashed: a file that changed since is stamped next time.)
                    let stamped = probe?.contentHash == nil || probe?.contentHash == hash
                    disk.store(path(i), DiskCache.Entry(stamp: stamped ? stamp : nil, stampedAt: stampedAt, contentHash: hash,
                                                        lines: result.lines, bytes: result.bytes, summary: w.bytes[...]))
                }
            }
            return result
        }
        // Pass 1: each worker merges its files' summaries into its own partial index (the merge does not
        // depend on order), keeping only each file's light summary; the partial indexes are merged at the end.
        var stats = EngineStats()
        let pass1Start = MonotonicClock.now()
        stats.startedAt = pass1Start
        // With an in-memory cache, the files it answers are merged apart (`AnalysisCache.Base`): kept whole,
        // the next lint adds only the files that changed to that merge. A kept merge serves while every file
        // in it is still in the project and unchanged (a change drops it).
        var base = cache?.mergedBase()
        if let members = base?.members, (0..<count).count(where: { members.contains(path($0)) }) != members.count { base = nil }
        let kept = base
        var (pass1, states) = Parallel.map(count: count, jobs: jobs, state: { (fresh: ProjectIndex(), cached: ProjectIndex()) }) { state, i -> Pass1 in
            var entry = summarize(i)
            if let summary = entry.summary {
                if !entry.fromMemory {
                    state.fresh.add(summary)
                } else if kept?.members.contains(path(i)) != true {
                    state.cached.add(summary)
                }
                entry.summary = summary.light
            }
            return entry
        }
        let mergeStart = MonotonicClock.now()
        stats.pass1Wall = mergeStart - pass1Start
        var partials = states.map(\.fresh)
        var cachedPartials = states.map(\.cached)
        states = []
        if let cache {
            if base == nil || pass1.indices.contains(where: { pass1[$0].fromMemory && kept?.members.contains(path($0)) != true }) {
                // Kept for the next lint: the merge of this lint's cached files (with the kept merge they extend).
                if let base { cachedPartials.append(ProjectIndex(shards: base.shards)) }
                var cachedParts = ProjectIndex.shardsByNumber(&cachedPartials)
                let merged = cachedParts.indices.map { ProjectIndex.Shard(merging: &cachedParts[$0]) }
                base = AnalysisCache.Base(shards: merged, members: Set(pass1.indices.lazy.filter { pass1[$0].fromMemory }.map(path)))
                cache.keep(base: base!)
            }
            partials.append(ProjectIndex(shards: base!.shards))
        } else {
            partials += cachedPartials
        }
        // Merge shard by shard on the workers: shard k of every partial index into one.
        var parts = ProjectIndex.shardsByNumber(&partials)
        let partSlots = Slots(&parts)
        var merged = Parallel.map(count: ProjectIndex.shardCount, jobs: jobs) { k -> ProjectIndex.Shard in
            var shardParts = partSlots.take(k)
            return ProjectIndex.Shard(merging: &shardParts)
        }
        var index = ProjectIndex(shards: merged)
        merged = []
        index.inheritTraits()
        let lateStart = MonotonicClock.now()
        stats.merging = lateStart - mergeStart

        // Extensions of types declared elsewhere whose member uses the plan needs after all (an
        // @Observable class's), and the classes whose initializer effects are wanted: their files are
        // summarised again. (The workers get the names, not the index: the index is mutated afterwards
        // and must not be shared.)
        let latePass = LatePass(index: index, summaries: pass1.map(\.summary), plan: plan)
        var lateUses = Array(repeating: [TypeFacts](), count: ProjectIndex.shardCount)
        if !latePass.isEmpty {
            let lateFiles = pass1.indices.filter { pass1[$0].summary.map(latePass.needs) ?? false }
            let hashes = pass1.map(\.contentHash)
            let light = pass1.map(\.summary)
            let extra = Parallel.map(count: lateFiles.count, jobs: jobs) { k -> [TypeFacts] in
                let i = lateFiles[k]
                // What the late pass adds to a file depends on its content and on which of its types it is asked for.
                let key = disk == nil && cache == nil ? 0 : DiskCache.lateKey(latePass, light[i]!)
                if let facts = cache?.late(path(i), key: key) { return facts }
                if let disk, hashes[i] != nil, let blob = disk.late(path(i), key: key), let facts = DiskCache.typeFacts(blob) {
                    cache?.storeLate(path(i), key: key, facts: facts)
                    return facts
                }
                guard case .success(let file) = load(i) else { return [] }
                let facts = CrashMarker.working(on: file.path, stage: 1) {
                    FileSummary(tree: SyntaxTree(file: file), plan: plan, late: latePass)
                }.types.filter { !$0.uses.isEmpty || !$0.effects.isEmpty }
                cache?.storeLate(path(i), key: key, facts: facts)
                if let disk, let hash = hashes[i], StableHash.of(file.bytes) == hash {
                    disk.storeLate(path(i), key: key, contentHash: hash, DiskCache.encode(facts))
                }
                return facts
            }
            for facts in extra.joined() {
                lateUses[ProjectIndex.shard(of: facts.name)].append(facts)
            }
        }
        let compactStart = MonotonicClock.now()
        stats.latePass = compactStart - lateStart
        // Late uses and compaction, shard by shard on the workers.
        var shards = index.takeShards()
        let shardSlots = Slots(&shards)
        let uses = lateUses
        index = ProjectIndex(shards: Parallel.map(count: ProjectIndex.shardCount, jobs: jobs) { k -> ProjectIndex.Shard in
            var shard = shardSlots.take(k)
            for facts in uses[k] { shard.addUses(facts) }
            shard.compact()
            return shard
        })
        stats.compacting = MonotonicClock.now() - compactStart
        stats.indexing = MonotonicClock.now() - mergeStart
        stats.indexTypes = index.typeCount
        stats.indexMembers = index.memberCount
        var problems: [FileProblem] = []
        for (i, entry) in pass1.enumerated() {
            stats.reading += entry.readTime
            stats.lexingForIndex += entry.lexTime
            stats.parsingForIndex += entry.parseTime
            stats.summarizing += entry.summaryTime
            stats.lines += entry.lines
            stats.bytes += entry.bytes
            // (statelint's own failures are reported wherever they happen: they may change other files' findings.)
            if let problem = entry.problem, problem.isInternalFailure || selected?[i] ?? true {
                problems.append(problem)
            }
        }
        stats.files = count
        return Indexed(index: index, summaries: pass1.map(\.summary), contentHashes: pass1.map(\.contentHash), problems: problems, stats: stats)
    }

    /// Pass 2: runs the enabled rules on the files to report on, with the finished index, in two rounds.
    /// Rules that query construction sites wait for them: the files such a rule may report in (they
    /// declare or extend a type it asks sites of) are "deferred". Round 1 checks the other files and, in
    /// the same parse, collects the sites of the wanted types from every file that may hold one (pass 1's
    /// notes say which; most are parsed for checking anyway). Round 2 checks the deferred files once the
    /// sites are in the index. Every rule runs in both rounds: a rule that needs sites reports nothing in
    /// a file that is not deferred (it reports only on the types it asks sites of); should one ever break
    /// that promise, its finding is made without sites rather than lost.
    func check(_ indexed: Indexed, count: Int, path: @escaping @Sendable (Int) -> String,
               load: @escaping @Sendable (Int) -> Result<SourceFile, FileProblem>, selected: [Bool]?) -> LintReport {
        var stats = indexed.stats
        var problems = indexed.problems
        let settings = planningSettings
        let plan = settings.plan(extraFacts: extraFacts)
        var index = indexed.index
        let summaries = indexed.summaries
        // The types sites are wanted for: simple names to search for, qualified names to defer by.
        var wantedNames = Set<String>()
        if plan.wantsSites {
            index.forEachType { facts in
                if plan.wantsSites(of: facts) { wantedNames.insert(String(facts.name.split(separator: ".").last ?? "")) }
            }
        }
        // Helper calls matter only in the types whose members may build a wanted type: those declared or
        // extended in files that may construct one.
        var builders = Set<String>()
        if !wantedNames.isEmpty {
            let names = WordSet(wantedNames)
            for summary in summaries {
                guard let summary, summary.constructions.implicitInit || summary.constructions.mayConstruct(any: names) else { continue }
                builders.formUnion(summary.typeNames)
            }
        }
        var siteSearch = SiteSearch(types: wantedNames, builders: builders)
        // (Only with a cache: the key sorts every wanted name.)
        if cache != nil || diskCache != nil {
            let key = SiteSearch.key(types: wantedNames, builders: builders)
            siteSearch.cacheKey = cache?.id(of: key) ?? -1
            siteSearch.diskKey = diskCache == nil ? 0 : StableHash.of(key)
        }
        let search = siteSearch
        let hashes = indexed.contentHashes
        let siteRuns = settings.runs.filter(\.needsSites)
        let indexWithoutSites = index
        // Findings kept on disk hold while every index key they read fingerprints the same.
        let memoWithoutSites = diskCache == nil ? nil : FingerprintMemo(indexWithoutSites)
        var reported = [Bool](repeating: false, count: count)
        var deferred = [Bool](repeating: false, count: count)
        for i in 0..<count where selected?[i] ?? true {
            guard let summary = summaries[i] else { continue }
            reported[i] = true
            deferred[i] = !siteRuns.isEmpty
                && summary.typeNames.contains { indexWithoutSites.facts(for: $0).map(plan.wantsSites(of:)) ?? false }
                && siteRuns.contains { $0.rule.mayReport(in: summary, index: indexWithoutSites) }
        }
        let isReported = reported
        let isDeferred = deferred
        let pass2Start = MonotonicClock.now()
        // A deferred file searched in round 1 keeps its tree for round 2 while the budget lasts.
        let keep = Budget(stats.bytes <= Engine.keepingProjectBytes ? Engine.keptSourceBytes : 0)
        let round1 = Parallel.map(count: count, jobs: jobs) { i -> Pass2? in
            let checks = isReported[i] && !isDeferred[i]
                && self.settings(forPath: path(i)).enabled.contains { $0.mayReport(in: summaries[i]!, index: indexWithoutSites) }
            let searches = search.mayHoldSites(summaries[i])
            guard checks || searches != false else { return nil }
            // Only searched, and unchanged since it was searched for the same types: its sites are known
            // (none: no work, and no result to keep).
            if !checks, let cache = self.cache, let known = cache.sites(path(i), key: search.cacheKey) {
                guard !known.sites.isEmpty || !known.helpers.isEmpty else { return nil }
                let result = Pass2()
                (result.sites, result.helpers, result.searched) = (known.sites, known.helpers, true)
                return result
            }
            return self.pass2(i, path: path, load: load, checks: checks, index: indexWithoutSites,
                              search: searches == false ? nil : search, scanFirst: searches == nil, keep: isDeferred[i] ? keep : nil,
                              contentHash: hashes.isEmpty ? nil : hashes[i], memo: memoWithoutSites, stamp: indexed.runStamp)
        }
        stats.pass2Wall = MonotonicClock.now() - pass2Start
        // The sites, and the helper calls that matter: calls of members a site is built in (`body` and
        // initializers are never helpers: SwiftUI calls `body`, and `init` is a construction). A site with an
        // identity context of its own (a `ForEach` row) still takes the helper call's (an `.id(…)` or a
        // presentation around the `ForEach`).
        let sites = round1.flatMap { $0?.sites ?? [] }
        if !search.isEmpty {
            let helperNames = Set(sites.compactMap { site -> String? in
                guard let member = site.enclosingMember, member != "body", member != "init" else { return nil }
                return member
            })
            index.addSites(sites, helpers: round1.flatMap { $0?.helpers ?? [] }.filter { helperNames.contains($0.member) })
        }
        let deferredStart = MonotonicClock.now()
        let deferredFiles = (0..<count).filter { isDeferred[$0] }
        let finalIndex = index
        let finalMemo = diskCache == nil ? nil : FingerprintMemo(finalIndex)
        var kept = deferredFiles.map { i -> SyntaxTree? in
            defer { round1[i]?.tree = nil }
            return round1[i]?.tree?.tree
        }
        let keptTrees = Slots(&kept)
        let round2 = Parallel.map(count: deferredFiles.count, jobs: jobs) { k -> Pass2? in
            self.pass2(deferredFiles[k], path: path, load: load, checks: true, index: finalIndex, search: nil,
                       scanFirst: false, tree: keptTrees.take(k), contentHash: hashes.isEmpty ? nil : hashes[deferredFiles[k]], memo: finalMemo,
                       stamp: indexed.runStamp)
        }
        stats.deferredWall = MonotonicClock.now() - deferredStart
        stats.deferredFiles = deferredFiles.count
        stats.siteTypes = wantedNames.count
        var diagnostics: [Diagnostic] = []
        var sources: [String: SourceFile] = [:]
        var linted = reported.filter { $0 }.count
        for i in 0..<count where isReported[i] && !isDeferred[i] && round1[i]?.checked != true {
            stats.skippedFiles += 1
            // No rule may report in it: a run with the same stamp skips it too.
            if let disk = diskCache, let hash = hashes.isEmpty ? nil : hashes[i], indexed.runStamp != 0 {
                disk.storeFindings(path(i), contentHash: hash, DiskCache.Findings(
                    settingsKey: settingsKey(forPath: path(i)), validatedIn: indexed.runStamp,
                    skipped: true, reads: [], blob: DiskCache.encode([], partial: nil)[...]), counted: false)
            }
        }
        for case let entry? in round1 + round2 {
            if entry.searched { stats.siteFiles += 1 }
            if let problem = entry.problem {
                problems.append(problem)
                if !problem.isPartial { linted -= 1 }
            }
            stats.lexingForRules += entry.lexTime
            stats.parsingForRules += entry.parseTime
            stats.siteSearch += entry.siteTime
            stats.checking += entry.checkTime
            guard let file = entry.file else { continue }
            diagnostics.append(contentsOf: entry.diagnostics)
            sources[file.path] = file
        }
        Engine.addNoteSources(of: diagnostics, to: &sources, count: count, path: path, load: load)
        diagnostics.sort(by: Engine.order)
        var report = LintReport(diagnostics: diagnostics, problems: problems, fileCount: linted, sources: sources)
        report.stats = stats
        report.reportedPaths = (0..<count).filter { selected?[$0] ?? true }.map(path).sorted()
        return report
    }

    /// One file of pass 2: parsed once, searched for construction sites (when `search` is given; with
    /// `scanFirst`, only if its bytes name a wanted type or an identity context) and checked with the
    /// enabled rules (when `checks`).
    /// A file parsed in round 1 keeps its tree for round 2 (`keep`) while the budget lasts; `tree` is such
    /// a tree.
    func pass2(_ i: Int, path: @Sendable (Int) -> String, load: @Sendable (Int) -> Result<SourceFile, FileProblem>,
               checks: Bool, index: ProjectIndex, search: SiteSearch?, scanFirst: Bool,
               keep: Budget? = nil, tree keptTree: SyntaxTree? = nil, contentHash: UInt64? = nil, memo: FingerprintMemo? = nil,
               stamp: UInt64 = 0) -> Pass2 {
        func failed(_ problem: FileProblem) -> Pass2 {
            let result = Pass2(problem: checks ? problem : nil)
            result.checked = checks
            return result
        }
        if let crash = crashed[path(i)] {
            return failed(FileProblem(path: path(i), message: crash.message, isInternalFailure: true))
        }
        // From the disk cache: the file's sites for this search, and its findings when every index key they
        // read is unchanged. With both (or what is asked of them), the file is not parsed.
        var search = search
        var known: (diagnostics: [Diagnostic], partial: String?)?
        let disk = contentHash == nil ? nil : diskCache
        let settingsKey = disk == nil ? 0 : settingsKey(forPath: path(i))
        let result = Pass2()
        if let disk {
            if let wanted = search, let blob = disk.sites(path(i), key: wanted.diskKey), let found = DiskCache.sites(blob) {
                (result.sites, result.helpers, result.searched) = (found.sites, found.helpers, true)
                search = nil
            }
            if checks, let memo, let findings = disk.findings(path(i), settingsKey: settingsKey), !findings.skipped,
               findings.reads.allSatisfy({ memo.fingerprint($0.key) == $0.fingerprint }) {
                known = try? DiskCache.decodeFindings(findings.blob, path: path(i))
                if known != nil { disk.validate(path(i), stamp: stamp) }
            }
            if !checks && search == nil { return result }
            if let known, search == nil {
                result.checked = true
                disk.countFindingsHit()
                result.diagnostics = known.diagnostics
                if let partial = known.partial { result.problem = FileProblem(path: path(i), message: partial, isPartial: true) }
                if !known.diagnostics.isEmpty {
                    // Reporters show the lines: the file is read (not parsed).
                    guard case .success(let file) = keptTree.map({ .success($0.file) }) ?? load(i) else {
                        return failed(FileProblem(path: path(i), message: "changed while statelint ran; not linted"))
                    }
                    result.file = file
                }
                return result
            }
        }
        let file: SourceFile
        switch keptTree.map({ Result<SourceFile, FileProblem>.success($0.file) }) ?? load(i) {
        case .success(let loaded): file = loaded
        // Deleted, truncated into invalid UTF-8, or replaced since pass 1: said, not dropped.
        case .failure(let problem):
            return failed(FileProblem(path: problem.path, message: problem.message + " (it changed while statelint ran)"))
        }
        // (A file that changed since pass 1 is linted as it is now, and nothing of it is kept.)
        let keepsOnDisk = disk != nil && StableHash.of(file.bytes) == contentHash
        if scanFirst, let words = search?.scanWords, !words.occurs(in: file.bytes) {
            if !checks, let search { cache?.storeSites(path(i), key: search.cacheKey, sites: [], helpers: []) }
            if keepsOnDisk, let search { disk!.storeSites(path(i), key: search.diskKey, contentHash: contentHash!, DiskCache.encode(sites: [], helpers: [])) }
            search = nil
        }
        guard checks || search != nil else { return result }
        result.checked = checks
        let start = MonotonicClock.now()
        var lexEnd = start
        var parsed = start
        var searched = start
        CrashMarker.working(on: file.path, stage: 2) {
            let tree: SyntaxTree
            if let keptTree {
                tree = keptTree
            } else {
                let lexed = Lexer.tokenize(file.bytes)
                lexEnd = MonotonicClock.now()
                tree = SyntaxTree(file: file, lexed: lexed)
            }
            parsed = MonotonicClock.now()
            if let search {
                (result.sites, result.helpers) = ConstructionSite.collect(in: tree, types: search.types.words, bodies: search.types,
                                                                          helperBodies: search.contextWords, helperTypes: search.builders)
                result.searched = true
                if !checks { cache?.storeSites(path(i), key: search.cacheKey, sites: result.sites, helpers: result.helpers) }
                if keepsOnDisk {
                    disk!.storeSites(path(i), key: search.diskKey, contentHash: contentHash!, DiskCache.encode(sites: result.sites, helpers: result.helpers))
                }
                if let keep, keep.take(file.bytes.count) { result.tree = KeptTree(tree) }
            }
            searched = MonotonicClock.now()
            guard checks else { return }
            if let limit = tree.diagnostics.first(where: \.isLimit) {
                let line = LineTable(file.bytes).location(of: limit.offset).line
                result.problem = FileProblem(path: file.path, message: "line \(line): \(limit.message)", isPartial: true)
            }
            if let known {
                // Findings kept on disk; the parse was for the sites.
                result.diagnostics = known.diagnostics
                return
            }
            let reads = keepsOnDisk ? IndexReads() : nil
            result.diagnostics = Engine.check(tree, index: reads.map { index.recording(into: $0) } ?? index,
                                              settings: self.settings(forPath: file.path))
            if let reads, let memo {
                let fingerprints = reads.keys.sorted().map { (key: $0, fingerprint: memo.fingerprint($0)) }
                disk!.storeFindings(path(i), contentHash: contentHash!, DiskCache.Findings(
                    settingsKey: settingsKey, validatedIn: stamp, reads: fingerprints, blob: DiskCache.encode(result.diagnostics, partial: result.problem?.message)[...]))
            }
        }
        // Keep the file only when reporters need its lines.
        if !result.diagnostics.isEmpty { result.file = file }
        result.lexTime = lexEnd - start
        result.parseTime = parsed - lexEnd
        result.siteTime = searched - parsed
        result.checkTime = MonotonicClock.now() - searched
        return result
    }

    /// Runs the enabled rules on one file, applies its suppression comments and reports unused ones.
    static func check(_ tree: SyntaxTree, index: ProjectIndex, settings: LintSettings) -> [Diagnostic] {
        let context = RuleContext(tree: tree, index: index, deploymentTarget: settings.deploymentTarget)
        for run in settings.runs {
            context.run(run.rule, severity: run.severity, options: run.options)
        }
        var found = context.findings
        let unused = settings.run(of: UnusedSuppressionRule.descriptor.id)
        // Nothing to silence and no comment to judge: skip building the line table.
        if found.isEmpty && !(unused != nil && Suppressions.mayContainDirectives(tree)) { return found }
        let lines = LineTable(tree.file.bytes)
        var suppressions = Suppressions(tree: tree, lines: lines)
        found.removeAll { suppressions.suppresses(rule: $0.ruleID, line: lines.location(of: $0.range.lowerBound).line) }
        if let unused {
            // (A malformed comment gets no fix: it may be prose, or name a rule that is only misspelt.)
            var reports = suppressions.malformed.map { (range: $0.range, message: $0.message, removal: [Range<Int>]()) }
            // Only entries for enabled rules can be judged: a disabled rule's comment may be needed elsewhere.
            for (range, rule, message, removal) in suppressions.unused() where rule == "all" || settings.isEnabled(rule) {
                reports.append((range, message, removal))
            }
            for (range, message, removal) in reports {
                let line = lines.location(of: range.lowerBound).line
                if suppressions.suppresses(rule: unused.id, line: line, excluding: range) { continue }
                found.append(UnusedSuppressionRule.finding(range, message, severity: unused.severity, removing: removal, in: tree))
            }
        }
        return found
    }

    /// Notes in other files (a call site): reporters need those files' lines too.
    static func addNoteSources(of diagnostics: [Diagnostic], to sources: inout [String: SourceFile], count: Int,
                               path: (Int) -> String, load: (Int) -> Result<SourceFile, FileProblem>) {
        var noteFiles = Set<String>()
        for d in diagnostics { for note in d.notes { if let p = note.path, sources[p] == nil { noteFiles.insert(p) } } }
        guard !noteFiles.isEmpty else { return }
        for i in 0..<count where noteFiles.contains(path(i)) {
            if case .success(let file) = load(i) { sources[file.path] = file }
        }
    }

        static func order(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        if a.path != b.path { return a.path < b.path }
        if a.range.lowerBound != b.range.lowerBound { return a.range.lowerBound < b.range.lowerBound }
        if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
        return a.message < b.message
    }

    /// Reads a file; a file that cannot be read or is not UTF-8 becomes a problem.
    static func load(_ path: String) -> Result<SourceFile, FileProblem> {
        let shown = Discovery.displayPath(path)
        let bytes: [UInt8]
        switch FileReading.bytes(of: path) {
        case .success(let read): bytes = read
        case .failure(.notRegular): return .failure(FileProblem(path: shown, message: "is not a regular file; skipped"))
        case .failure(.unreadable): return .failure(FileProblem(path: shown, message: "cannot be read; skipped"))
        }
        guard bytes.count < Int(UInt32.max) else {
            return .failure(FileProblem(path: shown, message: "is larger than 4 GiB; skipped"))
        }
        guard UTF8Check.isValid(bytes) else {
            return .failure(FileProblem(path: shown, message: "is not valid UTF-8; skipped"))
        }
        return .success(SourceFile(path: shown, bytes: bytes))
    }
}
