import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// Pass 2: the files to report on checked with the finished index in two rounds (`check`), one file at
/// a time (`pass2`), with the construction-site search of round 1 (`SiteSearch`).
extension Engine {
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
                && summary.typeNames.contains { indexWithoutSites.fact(for: $0) { plan.wantsSites(of: $0) } ?? false }
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
                              contentHash: hashes.isEmpty ? nil : hashes[i], memo: memoWithoutSites, stamp: indexed.runStamp,
                              summary: summaries[i])
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
                       stamp: indexed.runStamp, summary: summaries[deferredFiles[k]])
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
               stamp: UInt64 = 0, summary: FileSummary? = nil) -> Pass2 {
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
        // A file that is checked is parsed anyway: its name tokens answer after the parse (cheaper than a
        // scan of every byte); a file only searched is scanned first and may not be parsed at all.
        let scansTokens = scanFirst && checks
        if scanFirst && !checks, let words = search?.scanWords, !words.occurs(in: file.bytes) {
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
            if scansTokens, let words = search?.scanWords, !words.namesAny(in: tree) {
                if keepsOnDisk, let search { disk!.storeSites(path(i), key: search.diskKey, contentHash: contentHash!, DiskCache.encode(sites: [], helpers: [])) }
                search = nil
            }
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
                                              settings: self.settings(forPath: file.path), summary: summary)
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
}
