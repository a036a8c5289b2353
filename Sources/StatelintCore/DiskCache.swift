import Foundation
import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// What statelint keeps between runs, in one file per analysis key (`.statelint_cache/pack-<key>`):
/// for each file, the hash of the content it was made from, its pass-1 summary, its late-pass facts, the
/// second-round findings a search found in it (`SecondRoundFindings`), and its findings with the index keys they read and what the
/// index held under each. A run trusts an entry only for the same content: a file whose size, times or
/// inode differ, or whose modification time is too recent to tell (the "racy" case), is read and hashed.
/// Findings are reused only when every index key they read fingerprints the same as when they were made.
///
/// Never trusted blindly: a pack of another format, version, build or analysis key, one that is truncated,
/// corrupt or not signed with this user's secret key (its MAC, `CacheSecret`), or one that is not a regular
/// file of this user's in a folder only this user may write (`CacheFolder`) is ignored and rewritten. A pack
/// is written to a new file and renamed over the old one, so two runs at once each read a whole pack and the
/// last one's stays. Only files statelint made there, by their exact names, are ever removed.
public final class DiskCache: @unchecked Sendable {
    /// The cache folder.
    public let folder: String
    /// The version and build of statelint.
    let version: String
    /// The user's key that signs every pack.
    let secret: CacheSecret
    /// Whether missing folders above `folder` may be made (the user's own cache home, never a named folder).
    let makingParents: Bool
    /// The folder, once opened (nil before, or when it cannot be used: then `problem` says why).
    private var opened: CacheFolder?
    private var openFailed = false
    /// Whether a run may take a file's findings from the pack (`--fix` takes none: a fix is always made
    /// from a fresh check of the file it changes).
    public var reusesFindings = true
    /// The pack this run reads and writes.
    private(set) var packPath = ""
    /// The analysis key (version, build, and what pass 1 collects); 0 before `prepare(analysis:)`.
    private(set) var key: UInt64 = 0
    /// What could not be done with the cache (said once, by the command line); nil when all went well.
    public private(set) var problem: String?
    /// A pack that was found but not trusted, and why (said once, by the command line).
    public private(set) var distrusted: String?

    /// A file's identity and state from `stat`: equal and old enough, the content is the one hashed.
    struct Stamp: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64
        var changed: Int64

        init?(path: String) {
            guard let status = FileWriting.status(path, follow: true), status.isRegular else { return nil }
            (device, inode, size, modified, changed) = (status.device, status.inode, status.size, status.modified, status.changed)
        }

        init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
            (self.device, self.inode, self.size, self.modified, self.changed) = (device, inode, size, modified, changed)
        }
    }

    /// Findings of one file, with what they depend on.
    struct Findings: Sendable {
        /// The file's settings (rules, severities, options, deployment target).
        var settingsKey: UInt64
        /// The stamp of the last run that made or confirmed them (`Engine.runStamp`): a run with the same
        /// stamp takes them without building the index.
        var validatedIn: UInt64 = 0
        /// No rule could report in the file (pass 2 skipped it): no findings, and no reads recorded, so
        /// only a run with the same stamp may take them.
        var skipped = false
        /// The index keys read, each with its fingerprint when the findings were made.
        var reads: [(key: String, fingerprint: UInt64)]
        /// Encoded findings and the file's partial-analysis problem.
        var blob: ArraySlice<UInt8>
    }

    /// What is known of one file's content.
    struct Entry: Sendable {
        var stamp: Stamp?
        /// When the stamp was taken (wall clock, ns): a stamp is trusted only for a file last changed
        /// well before (a change in the same clock tick would keep its time).
        var stampedAt: Int64
        var contentHash: UInt64
        var lines: Int
        var bytes: Int
        var summary: ArraySlice<UInt8>
        var late: (key: UInt64, blob: ArraySlice<UInt8>)?
        /// What a second-round search (its `diskKey`) found in the file.
        var secondRound: (key: UInt64, blob: ArraySlice<UInt8>)?
        var findings: Findings?
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    /// Paths this run looked up or stored (others are kept only while their file exists).
    private var seen = Set<String>()
    private var dirty = false
    /// Entry reuse this run: summaries, late facts, second-round findings (`sites`) and findings taken from
    /// the cache, and made anew.
    public private(set) var counts = Counts()

    public struct Counts: Sendable {
        public var summaries = 0, summariesMade = 0, findings = 0, findingsMade = 0, sites = 0
        /// Reading the pack, hashing or stamping every file, and writing the pack (wall).
        public var loading = 0.0, probing = 0.0, saving = 0.0
    }

    func timeLoading(_ loading: Double, probing: Double) { lock.withLock { counts.loading += loading; counts.probing += probing } }

    static let magic: [UInt8] = Array("statelint-cache\n".utf8)
    static let format: UInt64 = 20
    /// A stamp is trusted only for files last changed this long before it was taken (ns; tests shorten it
    /// to exercise the trusted path without waiting).
    var racyWindow: Int64 = 2_000_000_000

    /// The cache in `folder` for this analysis (`analysis` names what pass 1 collects) by this version
    /// of statelint, loaded.
    public init(folder: String, version: String, secret: CacheSecret, makingParents: Bool = false) {
        self.folder = folder
        self.version = version
        self.secret = secret
        self.makingParents = makingParents
    }

    /// A number as 16 lowercase hex digits (how packs are named).
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The name of the pack of an analysis key.
    static func packName(_ key: UInt64) -> String { "pack-" + hex(key) }

    /// Whether a name is one statelint gives its packs (`pack-` and 16 lowercase hex digits).
    static func isPackName<S: StringProtocol>(_ name: S) -> Bool {
        let bytes = Array(name.utf8)
        return bytes.count == 21 && bytes[..<5].elementsEqual("pack-".utf8)
            && bytes[5...].allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The folder, opened (and made) on first use; nil when it cannot be used (`problem` says why).
    private func folderLocked() -> CacheFolder? {
        if let opened { return opened }
        if openFailed { return nil }
        switch CacheFolder.open(folder, makingParents: makingParents) {
        case .success(let handle):
            opened = handle
            handle.create(".gitignore", "# statelint's analysis cache: safe to delete; not for version control.\n*\n")
            handle.create("CACHEDIR.TAG", "Signature: 8a477f597d28d172789f06886806bc55\n# statelint's analysis cache (https://bford.info/cachedir/)\n")
            return handle
        case .failure(let refusal):
            openFailed = true
            problem = refusal.message
            return nil
        }
    }

    /// Loads the pack for this analysis (the engine calls it with what its passes plan; a run that plans
    /// differently from the one before, a second lint with other nested settings, switches packs).
    func prepare(analysis: String) {
        var hash = StableHash()
        hash.combine(version)
        hash.combine(DiskCache.buildIdentity)
        hash.combine(analysis)
        let wanted = hash.finished
        lock.withLock {
            guard wanted != key else { return }
            if dirty { saveLocked() }
            key = wanted
            packPath = folder + "/" + DiskCache.packName(key)
            entries = [:]
            seen = []
            dirty = false
            load()
        }
    }

    /// This executable's identity: a rebuilt binary starts a new cache.
    static let buildIdentity: String = {
        var identity = ""
        if let executable = Bundle.main.executablePath, let status = FileWriting.status(executable, follow: true) {
            identity += " \(status.size) \(status.modified) \(status.inode)"
        }
        return identity
    }()

    // MARK: Lookups (thread-safe)

    func entry(_ path: String) -> Entry? {
        lock.withLock {
            seen.insert(path)
            return entries[path]
        }
    }

    /// An entry's summary, if its stamp is trusted for the file as it is now (`stamp`).
    func trusts(_ entry: Entry, _ stamp: Stamp?) -> Bool {
        guard let stamp, let kept = entry.stamp, kept == stamp else { return false }
        return stamp.modified < entry.stampedAt - racyWindow && stamp.changed < entry.stampedAt - racyWindow
    }

    /// Records a file's content anew (what was known of its old content goes).
    func store(_ path: String, _ entry: Entry) {
        lock.withLock {
            seen.insert(path)
            entries[path] = entry
            dirty = true
            counts.summariesMade += 1
        }
    }

    /// The content is the one known: its stamp is refreshed (the next run trusts it without reading).
    func restamp(_ path: String, stamp: Stamp?, at time: Int64) {
        lock.withLock {
            // Only a stamp the next run can trust is worth writing the pack for (a file changed within the
            // last two seconds is read again anyway).
            guard entries[path] != nil, let stamp, stamp.modified < time - racyWindow, stamp.changed < time - racyWindow else { return }
            entries[path]!.stamp = stamp
            entries[path]!.stampedAt = time
            dirty = true
        }
    }

    func countReuse(summaries: Int, findings: Int) { lock.withLock { counts.summaries += summaries; counts.findings += findings } }

    func countSummaryHit() { lock.withLock { counts.summaries += 1 } }

    func late(_ path: String, key: UInt64) -> ArraySlice<UInt8>? {
        lock.withLock {
            guard let late = entries[path]?.late, late.key == key else { return nil }
            return late.blob
        }
    }

    func storeLate(_ path: String, key: UInt64, contentHash: UInt64, _ blob: [UInt8]) {
        lock.withLock {
            guard entries[path]?.contentHash == contentHash else { return }
            entries[path]!.late = (key, blob[...])
            dirty = true
        }
    }

    /// The bytes of what the second-round search with this key found in a file, if kept.
    func secondRound(_ path: String, key: UInt64) -> ArraySlice<UInt8>? {
        lock.withLock {
            guard let found = entries[path]?.secondRound, found.key == key else { return nil }
            counts.sites += 1
            return found.blob
        }
    }

    func storeSecondRound(_ path: String, key: UInt64, contentHash: UInt64, _ blob: [UInt8]) {
        lock.withLock {
            guard entries[path]?.contentHash == contentHash else { return }
            entries[path]!.secondRound = (key, blob[...])
            dirty = true
        }
    }

    func findings(_ path: String, settingsKey: UInt64) -> Findings? {
        lock.withLock {
            guard reusesFindings, let findings = entries[path]?.findings, findings.settingsKey == settingsKey else { return nil }
            return findings
        }
    }

    func storeFindings(_ path: String, contentHash: UInt64, _ findings: Findings, counted: Bool = true) {
        lock.withLock {
            guard entries[path]?.contentHash == contentHash else { return }
            if let old = entries[path]!.findings, old.skipped && findings.skipped && old.validatedIn == findings.validatedIn
                && old.settingsKey == findings.settingsKey { return }
            entries[path]!.findings = findings
            dirty = true
            if counted { counts.findingsMade += 1 }
        }
    }

    func countFindingsHit() { lock.withLock { counts.findings += 1 } }

    /// A run with this stamp took the file's findings as they are.
    func validate(_ path: String, stamp: UInt64) {
        lock.withLock {
            guard stamp != 0, entries[path]?.findings != nil, entries[path]!.findings!.validatedIn != stamp else { return }
            entries[path]!.findings!.validatedIn = stamp
            dirty = true
        }
    }

    // MARK: Reading and writing the pack

    private func load() {
        guard let handle = folderLocked() else { return }
        let (found, why) = handle.read(DiskCache.packName(key))
        if let why {
            // Not a file of this user's: ignored, and replaced by this run's (never written through).
            distrusted = why
            dirty = true
            return
        }
        guard let bytes = found else { return }
        do {
            entries = try DiskCache.decodePack(bytes, key: key, secret: secret)
        } catch let error as Unsigned {
            _ = error
            distrusted = "\(packPath) is not signed with this user's cache key (it was written by someone else)"
            entries = [:]
            dirty = true
        } catch {
            // Truncated, corrupt, or another format: ignored, and rewritten by this run.
            entries = [:]
            dirty = true
        }
    }

    /// A pack whose MAC is not this user's.
    struct Unsigned: Error {}

    static func decodePack(_ bytes: [UInt8], key: UInt64, secret: CacheSecret) throws -> [String: Entry] {
        guard bytes.count >= magic.count + 8, bytes[..<magic.count].elementsEqual(magic) else { throw ByteReader.Malformed() }
        let body = bytes[..<(bytes.count - 8)]
        var tail = ByteReader(bytes[(bytes.count - 8)...])
        guard try tail.word() == secret.mac(body) else { throw Unsigned() }
        var r = ByteReader(body)
        _ = try r.raw(magic.count)
        guard try r.number() == format, try r.word() == key else { throw ByteReader.Malformed() }
        let count = try r.count()
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let path = try r.string()
            var stamp: Stamp?
            if try r.bool() {
                stamp = Stamp(device: try r.word(), inode: try r.word(), size: Int64(bitPattern: try r.word()),
                              modified: Int64(bitPattern: try r.word()), changed: Int64(bitPattern: try r.word()))
            }
            var entry = Entry(stamp: stamp, stampedAt: Int64(bitPattern: try r.word()), contentHash: try r.word(),
                              lines: try r.int(), bytes: try r.int(), summary: try r.slice())
            if try r.bool() { entry.late = (try r.word(), try r.slice()) }
            if try r.bool() { entry.secondRound = (try r.word(), try r.slice()) }
            if try r.bool() {
                let settingsKey = try r.word()
                let validatedIn = try r.word()
                let skipped = try r.bool()
                let n = try r.count(minimumSize: 9)
                var reads: [(key: String, fingerprint: UInt64)] = []
                reads.reserveCapacity(n)
                for _ in 0..<n { reads.append((try r.string(), try r.word())) }
                entry.findings = Findings(settingsKey: settingsKey, validatedIn: validatedIn, skipped: skipped, reads: reads, blob: try r.slice())
            }
            entries[path] = entry
        }
        guard r.isAtEnd else { throw ByteReader.Malformed() }
        return entries
    }

    static func encodePack(_ entries: [String: Entry], key: UInt64, secret: CacheSecret) -> [UInt8] {
        var w = ByteWriter(capacity: entries.reduce(64) { total, pair in
            let entry = pair.value
            return total + pair.key.utf8.count + entry.summary.count + (entry.late?.blob.count ?? 0) + (entry.secondRound?.blob.count ?? 0)
                + (entry.findings.map { $0.blob.count + $0.reads.count * 24 } ?? 0) + 128
        })
        w.raw(magic)
        w.number(format)
        w.word(key)
        w.int(entries.count)
        for (path, entry) in entries {
            w.string(path)
            w.bool(entry.stamp != nil)
            if let s = entry.stamp {
                w.word(s.device)
                w.word(s.inode)
                w.word(UInt64(bitPattern: s.size))
                w.word(UInt64(bitPattern: s.modified))
                w.word(UInt64(bitPattern: s.changed))
            }
            w.word(UInt64(bitPattern: entry.stampedAt))
            w.word(entry.contentHash)
            w.int(entry.lines)
            w.int(entry.bytes)
            w.blob(entry.summary)
            w.bool(entry.late != nil)
            if let late = entry.late { w.word(late.key); w.blob(late.blob) }
            w.bool(entry.secondRound != nil)
            if let found = entry.secondRound { w.word(found.key); w.blob(found.blob) }
            w.bool(entry.findings != nil)
            if let findings = entry.findings {
                w.word(findings.settingsKey)
                w.word(findings.validatedIn)
                w.bool(findings.skipped)
                w.int(findings.reads.count)
                for read in findings.reads { w.string(read.key); w.word(read.fingerprint) }
                w.blob(findings.blob)
            }
        }
        w.word(w.bytes.withUnsafeBytes { secret.mac($0) })
        return w.bytes
    }

    /// Writes the pack if this run learnt something. Entries of files this run did not see are kept
    /// while the file exists (another run may lint them); those of deleted files are dropped, and so are
    /// packs of other analysis keys beyond the newest few. Nothing is thrown: a cache that cannot be
    /// written is said once (`problem`) and the run's results stand.
    public func save() {
        let start = MonotonicClock.now()
        lock.withLock { saveLocked() }
        counts.saving += MonotonicClock.now() - start
    }

    private func saveLocked() {
        guard dirty, key != 0 else { return }
        dirty = false
        for path in Array(entries.keys) where !seen.contains(path) && Stamp(path: path) == nil { entries[path] = nil }
        let bytes = DiskCache.encodePack(entries, key: key, secret: secret)
        guard let handle = folderLocked() else { return }
        if let failure = handle.write(DiskCache.packName(key), bytes) {
            problem = failure
        } else {
            pruneOtherPacks(handle)
        }
    }

    /// Keeps the newest few packs (one per analysis key: other rule sets, other builds); the rest go. Only
    /// regular files of this user's named as statelint names its packs are removed, never through a link.
    private func pruneOtherPacks(_ handle: CacheFolder) {
        let files = handle.regularFiles()
        let current = DiskCache.packName(key)
        let packs = files.filter { $0.name != current && DiskCache.isPackName($0.name) }
        // Temporary files of runs that died are old: dropped after a day.
        let now = DiskCache.now()
        for file in files where now - file.modified > 86_400_000_000_000 {
            guard file.name.hasPrefix("."), let dot = file.name.range(of: ".statelint-"),
                  DiskCache.isPackName(file.name[file.name.index(after: file.name.startIndex)..<dot.lowerBound]) else { continue }
            handle.remove(file.name)
        }
        for old in packs.sorted(by: { $0.modified > $1.modified }).dropFirst(DiskCache.keptPacks - 1) { handle.remove(old.name) }
    }

    static let keptPacks = 4

    /// The wall clock in nanoseconds.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

// MARK: - Findings as bytes

extension DiskCache {
    static func encode(_ diagnostics: [Diagnostic], partial: String?) -> [UInt8] {
        var w = ByteWriter()
        w.optionalString(partial)
        w.int(diagnostics.count)
        for d in diagnostics {
            w.string(d.ruleID)
            w.byte(d.severity == .info ? 0 : d.severity == .warning ? 1 : 2)
            w.range(d.range)
            w.string(d.message)
            w.optionalString(d.help)
            w.int(d.notes.count)
            for note in d.notes {
                w.range(note.range)
                w.string(note.message)
                w.optionalString(note.path)
            }
            w.bool(d.fix != nil)
            if let fix = d.fix {
                w.string(fix.title)
                w.bool(fix.isSafe)
                w.int(fix.edits.count)
                for edit in fix.edits {
                    w.range(edit.range)
                    w.string(edit.replacement)
                }
            }
        }
        return w.bytes
    }

    static func decodeFindings(_ blob: ArraySlice<UInt8>, path: String) throws -> (diagnostics: [Diagnostic], partial: String?) {
        var r = ByteReader(blob)
        let partial = try r.optionalString()
        let n = try r.count()
        var diagnostics: [Diagnostic] = []
        for _ in 0..<n {
            let rule = try r.string()
            let severityByte = try r.byte()
            guard severityByte < 3 else { throw ByteReader.Malformed() }
            let severity: Severity = [.info, .warning, .error][Int(severityByte)]
            var d = Diagnostic(ruleID: rule, severity: severity, path: path, range: try r.range(), message: try r.string(),
                               help: try r.optionalString())
            let notes = try r.count()
            for _ in 0..<notes { d.notes.append(Note(range: try r.range(), message: try r.string(), path: try r.optionalString())) }
            if try r.bool() {
                let title = try r.string()
                let isSafe = try r.bool()
                let edits = try r.count()
                var list: [TextEdit] = []
                for _ in 0..<edits { list.append(TextEdit(range: try r.range(), replacement: try r.string())) }
                d.fix = Fix(title: title, edits: list, isSafe: isSafe)
            }
            diagnostics.append(d)
        }
        guard r.isAtEnd else { throw ByteReader.Malformed() }
        return (diagnostics, partial)
    }
}

// MARK: - Summaries, late facts and second-round findings as bytes

extension DiskCache {
    /// An entry's pass-1 summary and the file's parts of the registered facts; nil when they do not decode.
    static func summary(_ entry: Entry) -> (summary: FileSummary, parts: FileContributions?)? {
        var r = ByteReader(entry.summary)
        // (Not `try?` for the parts: a file without any decodes to nil, which `try?` would take for a failure.)
        do {
            let summary = try FileSummary(decoding: &r)
            let parts = try FileContributions.decode(&r)
            return r.isAtEnd ? (summary, parts) : nil
        } catch {
            return nil
        }
    }

    /// What `summary(_:)` decodes.
    static func encode(_ summary: FileSummary, parts: FileContributions?) -> ArraySlice<UInt8> {
        var w = ByteWriter()
        summary.encode(into: &w)
        FileContributions.encode(parts, into: &w)
        return w.bytes[...]
    }

    /// What the late pass is asked of a file: the extensions and classes among its types it summarises.
    static func lateKey(_ late: LatePass, _ summary: FileSummary) -> UInt64 {
        var hash = StableHash()
        for name in summary.extensionsWithoutUses where late.extensions.contains(name) { hash.combine("x " + name) }
        for name in summary.typeNames where late.effects.contains(name) { hash.combine("e " + name) }
        return hash.finished
    }

    static func encode(_ facts: [TypeFacts]) -> [UInt8] {
        var w = ByteWriter()
        w.int(facts.count)
        for type in facts { type.encode(into: &w) }
        return w.bytes
    }

    static func typeFacts(_ blob: ArraySlice<UInt8>) -> [TypeFacts]? {
        var r = ByteReader(blob)
        guard let n = try? r.count() else { return nil }
        var facts: [TypeFacts] = []
        for _ in 0..<n {
            guard let type = try? TypeFacts(decoding: &r) else { return nil }
            facts.append(type)
        }
        return r.isAtEnd ? facts : nil
    }

    static func encode(_ found: SecondRoundFindings) -> [UInt8] {
        var w = ByteWriter()
        found.encode(into: &w)
        return w.bytes
    }

    static func secondRound(_ blob: ArraySlice<UInt8>) -> SecondRoundFindings? {
        var r = ByteReader(blob)
        guard let found = try? SecondRoundFindings(decoding: &r) else { return nil }
        return r.isAtEnd ? found : nil
    }
}

/// The index's fingerprints of the keys findings read, each computed once per run (shared by the workers).
final class FingerprintMemo: @unchecked Sendable {
    let index: ProjectIndex
    private let lock = NSLock()
    private var known: [String: UInt64] = [:]

    init(_ index: ProjectIndex) { self.index = index }

    func fingerprint(_ key: String) -> UInt64 {
        if let value = lock.withLock({ known[key] }) { return value }
        let value = index.fingerprint(ofKey: key)
        lock.withLock { known[key] = value }
        return value
    }
}
