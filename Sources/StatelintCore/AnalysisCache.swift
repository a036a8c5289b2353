import Foundation
import StatelintAnalysis

/// What the engine learns of a file that stays true while its content does not change: its pass-1
/// summary and what the second-round search found in it. A long-lived front end (the language server) keeps one per project and settings, and
/// invalidates a file's entries whenever its content changes; each lint then lexes and parses only the
/// changed files and those it reports on. Keyed by display path.
public final class AnalysisCache: @unchecked Sendable {
    struct Summary {
        var summary: FileSummary
        /// The file's parts of the registered facts (`IndexFact`).
        var parts: FileContributions?
        var lines: Int
        var bytes: Int
    }

    /// What is known of one file. Keys (what the second-round search looks for) are interned
    /// as small numbers, so a lookup costs one hash of the path and no string comparison.
    struct Entry {
        var summary: Summary?
        /// What the late pass added for the file, and what it was asked (`DiskCache.lateKey`).
        var late: (key: UInt64, facts: [TypeFacts])?
        var secondRoundKey = -1
        var secondRound = SecondRoundFindings()
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

    /// What the second-round search with this key (`SecondRoundSearch.cacheKey`) found in a file, if known.
    func secondRound(_ path: String, key: Int) -> SecondRoundFindings? {
        lock.withLock {
            guard let entry = entries[path], entry.secondRoundKey == key else { misses += 1; return nil }
            hits += 1
            return entry.secondRound
        }
    }

    func storeSecondRound(_ path: String, key: Int, _ found: SecondRoundFindings) {
        lock.withLock {
            var entry = entries[path] ?? Entry()
            (entry.secondRoundKey, entry.secondRound) = (key, found)
            entries[path] = entry
        }
    }
}
