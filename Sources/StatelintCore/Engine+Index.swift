import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// Pass 1: every file read (or taken from a cache) and summarised, and the summaries merged into the
/// project index, with the late pass and compaction; `check` (pass 2) takes what it returns.
extension Engine {
    /// What pass 1 keeps of a file: its summary and sizes, or why it could not be read.
    struct Pass1: Sendable {
        var summary: FileSummary?
        /// The file's parts of the registered facts (`IndexFact`), until they are added to the index.
        var parts: FileContributions?
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
        /// What pass 1 read and lexed of the file, kept for pass 2 (`keptLexBytes`).
        var kept: KeptLex?
    }

    /// A file's tokens as pass 1 lexed them (in arrays of their exact size), and what says the bytes they
    /// are of are read again: the file's settled stamp (`SourceFile.settledStamp`) or, without one, a hash
    /// of the bytes. Pass 2 reads the file again and parses these tokens when it is unchanged, instead of
    /// lexing it again. (The bytes are not kept: they would cost half as much again, and reading costs
    /// little.)
    final class KeptLex: Sendable {
        let contentHash: UInt64?
        let stamp: UInt64?
        let lexed: LexedTokens

        init(contentHash: UInt64?, stamp: UInt64?, lexed: LexedTokens) {
            self.contentHash = contentHash
            self.stamp = stamp
            self.lexed = LexedTokens(tokens: lexed.tokens.withUnsafeBufferPointer { Array($0) },
                                     significant: lexed.significant.withUnsafeBufferPointer { Array($0) },
                                     comments: lexed.comments, diagnostics: lexed.diagnostics)
        }

        /// What keeping it costs (bytes).
        static func cost(_ lexed: LexedTokens) -> Int {
            MemoryLayout<Token>.stride * (lexed.tokens.count + lexed.significant.count) + 4 * lexed.comments.count
        }

        /// Whether `file` (read again) has the settled stamp the tokens were lexed with: then it holds the
        /// same bytes, and no hash is needed.
        func isSame(stampAs file: SourceFile) -> Bool {
            stamp != nil && file.settledStamp == stamp
        }

        /// The tokens, when the file read again hashes to what they were lexed from.
        func tokens(ifContentHash hash: UInt64?) -> LexedTokens? {
            guard let hash, let contentHash, hash == contentHash else { return nil }
            return lexed
        }
    }

    /// What indexing hands to checking: the project index, each file's light summary (nil when it was
    /// not read or not indexed), the problems found so far, and the statistics.
    struct Indexed: Sendable {
        var index: ProjectIndex
        var summaries: [FileSummary?]
        /// Each file's content hash (with a disk cache).
        var contentHashes: [UInt64?] = []
        /// What pass 1 kept of files for pass 2, by file (each taken at most once, and freed once pass 2 is
        /// done with it).
        var kept = Slots<KeptLex>(present: [])
        /// What the whole project's content and analysis hash to (with a disk cache; see `runStamp`).
        var runStamp: UInt64 = 0
        /// Which files are the project's sample code (`SampleCode.classify`; empty: none).
        var sampleFiles: [Bool] = []
        var problems: [FileProblem]
        var stats: EngineStats
    }

    /// How pass 1 reaches the files: each one's path as listed, its content, and the file on disk it is read
    /// from (nil for a buffer: only a file on disk may the disk cache know by its state).
    struct Files: Sendable {
        let path: @Sendable (Int) -> String
        let load: @Sendable (Int) -> Result<SourceFile, FileProblem>
        let diskPath: @Sendable (Int) -> String?
    }

    /// Pass 1: reads and summarises every file (as the enabled rules' plan says) into the project index.
    func index(count: Int, path: @escaping @Sendable (Int) -> String,
               load: @escaping @Sendable (Int) -> Result<SourceFile, FileProblem>,
               diskPath: @escaping @Sendable (Int) -> String? = { _ in nil }, probes: [Probe?]? = nil, selected: [Bool]?) -> Indexed {
        let files = Files(path: path, load: load, diskPath: diskPath)
        let plan = planningSettings.plan(extraFacts: extraFacts)
        // Every file of the project is indexed, whichever files are reported on: a finding in a named file
        // may need facts from any other (a type it uses, a caller, an extension), and a filter that guesses
        // which files matter can miss one. (Named runs differed from the whole run before.)
        let keeping = Budget(keptLexBytes)
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
        // (Which files are the project's sample code: what they build is no witness; empty without any.)
        let sampleFiles = sampleCode.classify(count: count, path: path)
        var (pass1, states) = Parallel.map(count: count, jobs: jobs, state: { (fresh: ProjectIndex(), cached: ProjectIndex()) }) { state, i -> Pass1 in
            var entry = self.summarize(i, files, probe: probes?[i] ?? nil, plan: plan, keeping: keeping)
            if let summary = entry.summary {
                let isSampleCode = !sampleFiles.isEmpty && sampleFiles[i]
                if !entry.fromMemory {
                    state.fresh.add(summary, isSampleCode: isSampleCode)
                    state.fresh.addFactParts(entry.parts)
                } else if kept?.members.contains(path(i)) != true {
                    state.cached.add(summary, isSampleCode: isSampleCode)
                    state.cached.addFactParts(entry.parts)
                }
                entry.summary = summary.light
                entry.parts = nil
            }
            return entry
        }
        let mergeStart = MonotonicClock.now()
        stats.pass1Wall = mergeStart - pass1Start
        var index = merged(&states, pass1: pass1, base: base, path: path)
        let lateStart = MonotonicClock.now()
        stats.merging = lateStart - mergeStart
        // (The light summaries taken out once: each copy of a summary retains every array in it.)
        let summaries = pass1.map(\.summary)
        let lateUses = self.lateUses(index, summaries: summaries, hashes: pass1.map(\.contentHash), plan: plan, files: files)
        let compactStart = MonotonicClock.now()
        stats.latePass = compactStart - lateStart
        // Late uses and compaction, shard by shard on the workers.
        var shards = index.takeShards()
        let shardSlots = Slots(&shards)
        index = ProjectIndex(shards: Parallel.map(count: ProjectIndex.shardCount, jobs: jobs) { k -> ProjectIndex.Shard in
            var shard = shardSlots.take(k)
            for facts in lateUses[k] { shard.addUses(facts) }
            shard.compact()
            return shard
        })
        index.prepareQueries()
        stats.compacting = MonotonicClock.now() - compactStart
        stats.indexing = MonotonicClock.now() - mergeStart
        stats.indexTypes = index.typeCount
        stats.indexMembers = index.memberCount
        let problems = Engine.totals(of: pass1, selected: selected, into: &stats)
        return Indexed(index: index, summaries: summaries, contentHashes: pass1.map(\.contentHash),
                       kept: Slots(present: pass1.map(\.kept)), sampleFiles: sampleFiles, problems: problems, stats: stats)
    }

    /// One file of pass 1: its summary from the in-memory cache, from the disk cache (`probe`: what the disk
    /// cache knows of it), or read, lexed, parsed and summarised (its tokens kept for pass 2 while `keeping` lasts).
    func summarize(_ i: Int, _ files: Files, probe: Probe?, plan: AnalysisPlan, keeping: Budget) -> Pass1 {
        if let crash = crashed[files.path(i)], crash.stage == 1 {
            return Pass1(problem: FileProblem(path: files.path(i), message: crash.message, isInternalFailure: true))
        }
        if let cache = self.cache, let summary = cache.summary(files.path(i)) {
            var result = Pass1(summary: summary.summary, parts: summary.parts)
            result.fromMemory = true
            result.lines = summary.lines
            result.bytes = summary.bytes
            return result
        }
        var result = Pass1()
        // On disk (the probe hashed every file): a known content's summary is decoded, not parsed.
        if let disk = diskCache, let probe, let known = probe.known, known.contentHash == probe.contentHash, let decoded = DiskCache.summary(known) {
            disk.countSummaryHit()
            (result.summary, result.parts) = decoded
            (result.contentHash, result.lines, result.bytes) = (known.contentHash, known.lines, known.bytes)
            return result
        }
        // (A file the cache knew nothing of is stamped before it is read.)
        var stamp = probe?.stamp
        var stampedAt = probe?.stampedAt ?? 0
        if diskCache != nil && probe?.contentHash == nil, let real = files.diskPath(i) { (stampedAt, stamp) = (DiskCache.now(), DiskCache.Stamp(path: real)) }
        let readStart = MonotonicClock.now()
        let loaded = probe?.file.map { .success($0) } ?? files.load(i)
        let start = MonotonicClock.now()
        result.readTime = start - readStart
        switch loaded {
        case .failure(let problem):
            result.problem = problem
        case .success(let file):
            if diskCache != nil { result.contentHash = probe?.file != nil ? probe!.contentHash : StableHash.of(file.bytes) }
            // The index needs declarations everywhere, and member bodies only where the plan says.
            CrashMarker.working(on: file.path, stage: 1) {
                let lexed = Lexer.tokenize(file.bytes, trivia: false, noting: plan.tokenNotes)
                let lexEnd = MonotonicClock.now()
                let tree = SyntaxTree(file: file, lexed: lexed, depth: plan.pass1Depth)
                let parsed = MonotonicClock.now()
                let summary = FileSummary(tree: tree, plan: plan, notable: lexed.notable)
                result.summary = summary
                result.parts = FileContributions.collect(tree, plan: plan)
                if summary.likelyReadAgain(imports: tree.imports), keeping.take(KeptLex.cost(lexed)) {
                    // (Hashed only without a settled stamp: the stamp says pass 2 read the same bytes.)
                    result.kept = KeptLex(contentHash: result.contentHash ?? (file.settledStamp == nil ? StableHash.of(file.bytes) : nil),
                                          stamp: file.settledStamp, lexed: lexed)
                }
                result.lexTime = lexEnd - start
                result.parseTime = parsed - lexEnd
                result.summaryTime = MonotonicClock.now() - parsed
            }
            result.lines = LineTable.count(file)
            result.bytes = file.bytes.count
            if let cache = self.cache, let summary = result.summary {
                cache.store(files.path(i), summary: AnalysisCache.Summary(summary: summary, parts: result.parts, lines: result.lines, bytes: result.bytes))
            }
            if let disk = diskCache, let summary = result.summary, let hash = result.contentHash {
                // (The probe's stamp only for the content it hashed: a file that changed since is stamped next time.)
                let stamped = probe?.contentHash == nil || probe?.contentHash == hash
                disk.store(files.path(i), DiskCache.Entry(stamp: stamped ? stamp : nil, stampedAt: stampedAt, contentHash: hash,
                                                    lines: result.lines, bytes: result.bytes,
                                                    summary: DiskCache.encode(summary, parts: result.parts)))
            }
        }
        return result
    }

    /// The partial indexes of pass 1's workers merged into one, shard by shard on the workers (with an
    /// in-memory cache, the merge of the files it answered is kept for the next lint, `AnalysisCache.Base`).
    func merged(_ states: inout [(fresh: ProjectIndex, cached: ProjectIndex)], pass1: [Pass1], base: AnalysisCache.Base?,
                path: (Int) -> String) -> ProjectIndex {
        var base = base
        let kept = base
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
        var shards = Parallel.map(count: ProjectIndex.shardCount, jobs: jobs) { k -> ProjectIndex.Shard in
            var shardParts = partSlots.take(k)
            return ProjectIndex.Shard(merging: &shardParts)
        }
        var index = ProjectIndex(shards: shards)
        shards = []
        index.inheritTraits()
        return index
    }

    /// The late pass: the member uses and initializer effects the merged index says are needed after all,
    /// by shard (see `LatePass`).
    func lateUses(_ index: ProjectIndex, summaries: [FileSummary?], hashes: [UInt64?], plan: AnalysisPlan, files: Files) -> [[TypeFacts]] {
        let (disk, cache, path, load) = (diskCache, self.cache, files.path, files.load)
        // Extensions of types declared elsewhere whose member uses the plan needs after all (an
        // @Observable class's), and the classes whose initializer effects are wanted: their files are
        // summarised again. (The workers get the names, not the index: the index is mutated afterwards
        // and must not be shared.)
        let latePass = LatePass(index: index, summaries: summaries, plan: plan)
        var lateUses = Array(repeating: [TypeFacts](), count: ProjectIndex.shardCount)
        if !latePass.isEmpty {
            let lateFiles = summaries.indices.filter { summaries[$0].map(latePass.needs) ?? false }
            let light = summaries
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
        return lateUses
    }

    /// Pass 1's times and sizes added to `stats`, and the problems it found (statelint's own failures
    /// wherever they happen: they may change other files' findings; others only in files reported on).
    static func totals(of pass1: [Pass1], selected: [Bool]?, into stats: inout EngineStats) -> [FileProblem] {
        var problems: [FileProblem] = []
        // (By index: a copy of each entry would retain its summary's arrays.)
        for i in pass1.indices {
            stats.reading += pass1[i].readTime
            stats.lexingForIndex += pass1[i].lexTime
            stats.parsingForIndex += pass1[i].parseTime
            stats.summarizing += pass1[i].summaryTime
            stats.lines += pass1[i].lines
            stats.bytes += pass1[i].bytes
            if let problem = pass1[i].problem, problem.isInternalFailure || selected?[i] ?? true {
                problems.append(problem)
            }
        }
        stats.files = pass1.count
        return problems
    }
}
