import Foundation
import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// The engine's use of the disk cache before pass 1: every file's content hash, and the findings of a
/// run whose whole project was the same.
extension Engine {
    /// What the disk cache knows of a file before pass 1.
    struct Probe: Sendable {
        /// The content's hash; nil when the cache knows nothing of the file (pass 1 reads it then).
        var contentHash: UInt64?
        /// The cache's entry for this content (nil when the content is new).
        var known: DiskCache.Entry?
        /// The file, when it was read and its content is new (kept for pass 1 while a budget lasts).
        var file: SourceFile?
        /// The file's state before it was read, and when it was taken.
        var stamp: DiskCache.Stamp?
        var stampedAt: Int64 = 0
    }

    /// The key of a file's settings in the disk cache (one hash per run without nested configurations).
    func settingsKey(forPath path: String) -> UInt64 {
        guard let folderSettings, let nested = folderSettings.settings(for: path) else { return baseSettingsKey }
        return StableHash.of(nested.cacheDescription + "\n" + sampleCode.cacheDescription)
    }

    /// How much new content the probe keeps for pass 1 (the rest is read again).
    static let probeKeptBytes = 4 << 20

    /// Each file's content hash: from the cache when the file's state is the one stamped (not read),
    /// else read and hashed. Nil for a file that cannot be read or crashed an earlier attempt.
    func probe(count: Int, path: @escaping @Sendable (Int) -> String, load: @escaping @Sendable (Int) -> Result<SourceFile, FileProblem>,
               diskPath: @escaping @Sendable (Int) -> String?) -> [Probe?] {
        guard let disk = diskCache else { return Array(repeating: nil, count: count) }
        let crashed = self.crashed
        let budget = Budget(Engine.probeKeptBytes)
        return Parallel.map(count: count, jobs: jobs) { i -> Probe? in
            guard crashed[path(i)] == nil else { return nil }
            var probe = Probe()
            // (The stamp is taken before the file is read: a change while it is read comes after it.)
            if let real = diskPath(i) { (probe.stampedAt, probe.stamp) = (DiskCache.now(), DiskCache.Stamp(path: real)) }
            guard let known = disk.entry(path(i)) else { return probe }
            if disk.trusts(known, probe.stamp) {
                (probe.contentHash, probe.known) = (known.contentHash, known)
                return probe
            }
            guard case .success(let file) = load(i) else { return nil }
            let hash = StableHash.of(file.bytes)
            probe.contentHash = hash
            if known.contentHash == hash {
                probe.known = known
                disk.restamp(path(i), stamp: probe.stamp, at: probe.stampedAt)
            } else if budget.take(file.bytes.count) {
                probe.file = file
            }
            return probe
        }
    }

    /// What a project's content and analysis hash to: equal stamps, equal indexes (and equal findings for
    /// equal settings). Zero when some file's content is not known.
    static func runStamp(_ hashes: [UInt64?], path: (Int) -> String) -> UInt64 {
        var sum: UInt64 = 0
        for i in hashes.indices {
            guard let hash = hashes[i] else { return 0 }
            var h = StableHash()
            h.combine(path(i))
            h.combine(hash)
            sum = sum &+ h.finished
        }
        var h = StableHash()
        h.combine(sum)
        h.combine(UInt64(hashes.count))
        return max(1, h.finished)
    }

    /// The report of a run on the same project: when every file reported on has findings (or a skip) that
    /// a run with this stamp made or confirmed, with the same settings. Nil otherwise (the passes run).
    func reusedReport(_ probes: [Probe?], stamp: UInt64, count: Int, path: @escaping @Sendable (Int) -> String,
                      load: @escaping @Sendable (Int) -> Result<SourceFile, FileProblem>, selected: [Bool]?) -> LintReport? {
        guard let disk = diskCache, disk.reusesFindings, stamp != 0, crashed.isEmpty else { return nil }
        let start = MonotonicClock.now()
        var diagnostics: [Diagnostic] = []
        var problems: [FileProblem] = []
        var sources: [String: SourceFile] = [:]
        var stats = EngineStats()
        stats.startedAt = start
        stats.files = count
        var linted = 0
        for i in 0..<count {
            guard let probe = probes[i], let known = probe.known else { return nil }
            stats.lines += known.lines
            stats.bytes += known.bytes
            guard selected?[i] ?? true else { continue }
            guard let findings = known.findings, findings.validatedIn == stamp,
                  findings.settingsKey == settingsKey(forPath: path(i)),
                  let (found, partial) = try? DiskCache.decodeFindings(findings.blob, path: path(i)) else { return nil }
            linted += 1
            if let partial { problems.append(FileProblem(path: path(i), message: partial, isPartial: true)) }
            guard !found.isEmpty else { continue }
            guard case .success(let file) = load(i), StableHash.of(file.bytes) == known.contentHash else { return nil }
            diagnostics += found
            sources[file.path] = file
        }
        Engine.addNoteSources(of: diagnostics, to: &sources, count: count, path: path, load: load)
        diagnostics.sort(by: Engine.order)
        var report = LintReport(diagnostics: diagnostics, problems: problems, fileCount: linted, sources: sources)
        report.stats = stats
        report.stats.pass1Wall = MonotonicClock.now() - start
        report.reportedPaths = (0..<count).filter { selected?[$0] ?? true }.map(path).sorted()
        disk.countReuse(summaries: count, findings: linted)
        return report
    }
}
