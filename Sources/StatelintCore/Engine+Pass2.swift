import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// Pass 2: the files to report on checked with the finished index in two rounds (`check`), one file at
/// a time (`pass2`), with round 1's search for the facts collected after pass 1 (`SecondRoundSearch`).
extension Engine {
    /// What pass 2 returns for a file: its findings (and the file, when there are some) and times. (A
    /// class: round 1 holds a result per file of the project at once, most of them nil; the worker that
    /// makes one is the only one that changes it.)
    final class Pass2: @unchecked Sendable {
        /// The file was checked (not only searched).
        var checked = false
        var problem: FileProblem?
        var diagnostics: [Diagnostic] = []
        var file: SourceFile?
        /// What round 1's search found in the file, and whether it was searched.
        var found = SecondRoundFindings()
        var searched = false
        /// The file's tree, kept for round 2 (boxed: results of every file are held at once, and most
        /// keep none).
        var tree: KeptTree?
        var lexTime = 0.0
        /// Its tokens were pass 1's.
        var usedKeptLex = false
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

    /// Pass 2: runs the enabled rules on the files to report on, with the finished index, in two rounds.
    /// Rules that query facts collected after pass 1 (`Rule.waitsForSecondRound`) wait for them: the files
    /// such a rule may report in (they declare or extend a type the search asks about) are "deferred".
    /// Round 1 checks the other files and, in the same parse, runs the `SecondRoundSearch` on every file
    /// that may hold something it finds (pass 1's notes say which; most are parsed for checking anyway).
    /// Round 2 checks the deferred files once the findings are in the index. Every rule runs in both
    /// rounds: a rule that waits reports nothing in a file that is not deferred (it reports only on the
    /// types it asks about); should one ever break that promise, its finding is made without the second
    /// round's facts rather than lost.
    func check(_ indexed: Indexed, count: Int, path: @escaping @Sendable (Int) -> String,
               load: @escaping @Sendable (Int) -> Result<SourceFile, FileProblem>, selected: [Bool]?) -> LintReport {
        var stats = indexed.stats
        var problems = indexed.problems
        let settings = planningSettings
        let plan = settings.plan(extraFacts: extraFacts)
        var index = indexed.index
        let summaries = indexed.summaries
        var secondRound = SecondRoundSearch(index: index, summaries: summaries, plan: plan)
        // (Only with a cache: the key sorts every wanted name.)
        if cache != nil || diskCache != nil {
            let key = secondRound.keyText
            secondRound.cacheKey = cache?.id(of: key) ?? -1
            secondRound.diskKey = diskCache == nil ? 0 : StableHash.of(key)
        }
        let search = secondRound
        let hashes = indexed.contentHashes
        let waitingRuns = settings.runs.filter(\.waitsForSecondRound)
        let firstRoundIndex = index
        // Findings kept on disk hold while every index key they read fingerprints the same.
        let firstRoundMemo = diskCache == nil ? nil : FingerprintMemo(firstRoundIndex)
        var reported = [Bool](repeating: false, count: count)
        var deferred = [Bool](repeating: false, count: count)
        for i in 0..<count where selected?[i] ?? true {
            guard let summary = summaries[i] else { continue }
            reported[i] = true
            deferred[i] = !waitingRuns.isEmpty
                && search.asksAbout(summary, index: firstRoundIndex)
                && waitingRuns.contains { $0.rule.mayReport(in: summary, index: firstRoundIndex) }
        }
        let isReported = reported
        let isDeferred = deferred
        let pass2Start = MonotonicClock.now()
        // A deferred file searched in round 1 keeps its tree for round 2 while the budget lasts.
        let keep = Budget(stats.bytes <= Engine.keepingProjectBytes ? Engine.keptSourceBytes : 0)
        let round1 = Parallel.map(count: count, jobs: jobs) { i -> Pass2? in
            // (The summary bound once: read in the closure, each rule's question copied it.)
            let summary = summaries[i]
            let checks = isReported[i] && !isDeferred[i]
                && self.settings(forPath: path(i)).enabled.contains { $0.mayReport(in: summary!, index: firstRoundIndex) }
            let searches = search.mayHold(summary)
            guard checks || searches != false else { return nil }
            // Only searched, and unchanged since it was searched the same way: what it holds is known
            // (none: no work, and no result to keep).
            if !checks, let cache = self.cache, let known = cache.secondRound(path(i), key: search.cacheKey) {
                guard !known.isEmpty else { return nil }
                let result = Pass2()
                (result.found, result.searched) = (known, true)
                return result
            }
            // (A deferred file's kept lex serves round 2 as well: it is taken there.)
            return self.pass2(i, path: path, load: load, Pass2Job(
                checks: checks, index: firstRoundIndex, search: searches == false ? nil : search, scanFirst: searches == nil,
                keep: isDeferred[i] ? keep : nil, contentHash: hashes.isEmpty ? nil : hashes[i], memo: firstRoundMemo,
                stamp: indexed.runStamp, summary: summary, kept: isDeferred[i] ? indexed.kept.peek(i) : indexed.kept.takeIfPresent(i)))
        }
        stats.pass2Wall = MonotonicClock.now() - pass2Start
        if !search.isEmpty {
            let sampleFiles = indexed.sampleFiles
            index.add(secondRound: round1.indices.compactMap { i in
                sampleFiles.isEmpty || !sampleFiles[i] ? round1[i]?.found : round1[i]?.found.markedAsSampleCode()
            })
            index.prepareQueries()
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
            self.pass2(deferredFiles[k], path: path, load: load, Pass2Job(
                checks: true, index: finalIndex, search: nil, scanFirst: false, tree: keptTrees.take(k),
                contentHash: hashes.isEmpty ? nil : hashes[deferredFiles[k]], memo: finalMemo, stamp: indexed.runStamp,
                summary: summaries[deferredFiles[k]], kept: indexed.kept.takeIfPresent(deferredFiles[k])))
        }
        stats.deferredWall = MonotonicClock.now() - deferredStart
        stats.deferredFiles = deferredFiles.count
        stats.siteTypes = search.typeCount
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
            if entry.usedKeptLex { stats.keptLexesUsed += 1 }
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

    /// What one file of pass 2 is asked (`pass2(_:path:load:_:)`), and what it comes with.
    struct Pass2Job {
        /// Whether the enabled rules check it (else it is only searched).
        var checks: Bool
        var index: ProjectIndex
        /// The second-round search to run on it, if any; with `scanFirst`, only if its bytes or tokens may
        /// hold something the search finds.
        var search: SecondRoundSearch?
        var scanFirst: Bool
        /// The budget under which a tree parsed in round 1 is kept for round 2.
        var keep: Budget?
        /// Such a kept tree.
        var tree: SyntaxTree?
        /// Its content hash in pass 1 (with a disk cache), and what the cache's findings are checked with.
        var contentHash: UInt64?
        var memo: FingerprintMemo?
        var stamp: UInt64
        var summary: FileSummary?
        /// Pass 1's tokens of it, when kept.
        var kept: KeptLex?
    }

    /// One file of pass 2: parsed once, searched (when `job.search` is given) and checked with the enabled
    /// rules (when `job.checks`). A file parsed in round 1 keeps its tree for round 2 (`job.keep`) while the
    /// budget lasts; `job.tree` is such a tree.
    func pass2(_ i: Int, path: @Sendable (Int) -> String, load: @Sendable (Int) -> Result<SourceFile, FileProblem>,
               _ job: Pass2Job) -> Pass2 {
        let (checks, scanFirst, keep, contentHash, memo, stamp, kept) = (job.checks, job.scanFirst, job.keep, job.contentHash, job.memo, job.stamp, job.kept)
        func failed(_ problem: FileProblem) -> Pass2 {
            let result = Pass2(problem: checks ? problem : nil)
            result.checked = checks
            return result
        }
        if let crash = crashed[path(i)] {
            return failed(FileProblem(path: path(i), message: crash.message, isInternalFailure: true))
        }
        // From the disk cache: what this search found in the file, and its findings when every index key they
        // read is unchanged. With both (or what is asked of them), the file is not parsed.
        var search = job.search
        var known: (diagnostics: [Diagnostic], partial: String?)?
        let disk = contentHash == nil ? nil : diskCache
        let settingsKey = disk == nil ? 0 : settingsKey(forPath: path(i))
        let result = Pass2()
        if let disk {
            if let wanted = search, let blob = disk.secondRound(path(i), key: wanted.diskKey), let found = DiskCache.secondRound(blob) {
                (result.found, result.searched) = (found, true)
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
                    guard case .success(let file) = job.tree.map({ .success($0.file) }) ?? load(i) else {
                        return failed(FileProblem(path: path(i), message: "changed while statelint ran; not linted"))
                    }
                    result.file = file
                }
                return result
            }
        }
        let file: SourceFile
        switch job.tree.map({ Result<SourceFile, FileProblem>.success($0.file) }) ?? load(i) {
        case .success(let loaded): file = loaded
        // Deleted, truncated into invalid UTF-8, or replaced since pass 1: said, not dropped.
        case .failure(let problem):
            return failed(FileProblem(path: problem.path, message: problem.message + " (it changed while statelint ran)"))
        }
        // (A file read again that changed since pass 1 is linted as it is now, and nothing of it is kept.)
        // (Kept tokens of a file whose settled stamp is the same need no hash: it holds the same bytes.)
        // (With a disk cache the bytes are hashed anyway, and the hash decides.)
        let sameStamp = disk == nil && kept?.isSame(stampAs: file) == true
        let currentHash = disk != nil || kept != nil && !sameStamp ? StableHash.of(file.bytes) : nil
        let keepsOnDisk = disk != nil && currentHash == contentHash
        // A file that is checked is parsed anyway: its name tokens answer after the parse (cheaper than a
        // scan of every byte); a file only searched is scanned first and may not be parsed at all.
        let scansTokens = scanFirst && checks
        // (Pass 1's tokens, when it kept them and the file is unchanged: its name tokens answer as they would
        // after the parse, and for less than a scan of every byte.)
        let reused = job.tree == nil ? (sameStamp ? kept?.lexed : kept?.tokens(ifContentHash: currentHash)) : nil
        if scanFirst && !checks, let wanted = search,
           !(reused.map { wanted.mayHold(tokens: $0.significant, of: file.bytes) } ?? wanted.mayHold(bytes: file.bytes)) {
            if !checks, let search { cache?.storeSecondRound(path(i), key: search.cacheKey, SecondRoundFindings()) }
            if keepsOnDisk, let search { disk!.storeSecondRound(path(i), key: search.diskKey, contentHash: contentHash!, DiskCache.encode(SecondRoundFindings())) }
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
            if let keptTree = job.tree {
                tree = keptTree
            } else {
                // (Pass 1's tokens when it kept them and the file is unchanged: one lex per file.)
                result.usedKeptLex = reused != nil
                let lexed = reused ?? Lexer.tokenize(file.bytes, trivia: false)
                lexEnd = MonotonicClock.now()
                tree = SyntaxTree(file: file, lexed: lexed)
            }
            parsed = MonotonicClock.now()
            if scansTokens, let wanted = search, !wanted.mayHold(tree: tree) {
                if keepsOnDisk, let search { disk!.storeSecondRound(path(i), key: search.diskKey, contentHash: contentHash!, DiskCache.encode(SecondRoundFindings())) }
                search = nil
            }
            if let search {
                result.found = search.collect(in: tree)
                result.searched = true
                if !checks { cache?.storeSecondRound(path(i), key: search.cacheKey, result.found) }
                if keepsOnDisk {
                    disk!.storeSecondRound(path(i), key: search.diskKey, contentHash: contentHash!, DiskCache.encode(result.found))
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
                // Findings kept on disk; the parse was for the search.
                result.diagnostics = known.diagnostics
                return
            }
            let reads = keepsOnDisk ? IndexReads() : nil
            result.diagnostics = Engine.check(tree, index: reads.map { job.index.recording(into: $0) } ?? job.index,
                                              settings: self.settings(forPath: file.path), summary: job.summary,
                                              sampleCode: sampleCode)
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
