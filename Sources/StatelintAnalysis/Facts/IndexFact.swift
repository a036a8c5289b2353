import StatelintSyntax

/// A cross-file fact whose whole life is one type: its id and schema version, what one file contributes
/// (read from the pass-1 tree), how two values under one key merge, and how a value is coded for the
/// analysis cache. The index keeps each file's part apart (`FactTable`), so dropping a file's part and
/// adding its new one equals a rebuild; queries go through `ProjectIndex.value(of:at:)`, which records the
/// key it read, so a finding's cache fingerprint follows every answer it used.
///
/// A new fact is its own file plus one line in `FactRegistry.all`; `IndexFactConformanceTests` checks every
/// registered fact (order-independent merge, coding round trip, drop-and-re-add, fingerprints) with no
/// per-fact test code. See docs/contributing.md.
public protocol IndexFact: Sendable {
    /// What the index holds under one key, merged from every file's part.
    associatedtype Value: Sendable
    /// The fact's name: in the cache key, in the index keys a finding records, and in `STATELINT_EXTRA_FACTS`.
    static var id: String { get }
    /// Bumped when what `collect` produces, what `merge` does or the coding changes: part of the cache key,
    /// so cached parts of another version are never read as this one's.
    static var schemaVersion: Int { get }
    /// One file's part, as values by key (a key may repeat: its values are merged), from the pass-1 tree:
    /// declarations and every token; bodies are not parsed.
    static func collect(_ tree: SyntaxTree) -> [(key: String, value: Value)]
    /// Two values under one key as one. It must not depend on which comes first (the index merges files
    /// in any order; `FactTable` folds them by path, which keeps even an order-sensitive merge stable).
    static func merge(_ a: Value, _ b: Value) -> Value
    static func encode(_ value: Value, into w: inout ByteWriter)
    static func decode(_ r: inout ByteReader) throws -> Value

    // Given by the extension below (requirements, so each fact's witness is specialized for it: the generic
    // code looked its types' metadata up for every file).
    static func part(of tree: SyntaxTree) -> (any FactPartBox)?
    static func decodePart(_ r: inout ByteReader) throws -> any FactPartBox
    static func emptyTable() -> any FactTableBox
}

extension IndexFact {
    /// The fact's place in `FactRegistry.all` (its table in each shard).
    static var slot: Int {
        guard let k = FactRegistry.all.firstIndex(where: { $0.id == id }) else {
            preconditionFailure("\(id) is not in FactRegistry.all")
        }
        return k
    }

    /// The shard that holds a key (keys are type names: their simple name decides, as for types).
    static func shard(of key: String) -> Int { ProjectIndex.shard(of: key) }

    /// The read key a query of `key` records (`IndexReads`): `#id:key`.
    static func readKey(_ key: String) -> String { "#" + id + ":" + key }

    public static func emptyTable() -> any FactTableBox { FactTable<Self>() }

    public static func part(of tree: SyntaxTree) -> (any FactPartBox)? {
        let entries = collect(tree)
        return entries.isEmpty ? nil : FactPart<Self>(entries: entries)
    }

    public static func decodePart(_ r: inout ByteReader) throws -> any FactPartBox {
        let n = try r.count()
        var entries: [(key: String, value: Value)] = []
        entries.reserveCapacity(n)
        for _ in 0..<n { entries.append((try r.string(), try decode(&r))) }
        return FactPart<Self>(entries: entries)
    }
}

/// A fact whose answer is a set of names (sorted, without repeats): merged by union, coded as a count and
/// the names.
extension IndexFact where Value == [String] {
    public static func merge(_ a: Value, _ b: Value) -> Value { Array(Set(a).union(b)).sorted() }

    public static func encode(_ value: Value, into w: inout ByteWriter) {
        w.int(value.count)
        for name in value { w.string(name) }
    }

    public static func decode(_ r: inout ByteReader) throws -> Value {
        let n = try r.count()
        var names: [String] = []
        names.reserveCapacity(n)
        for _ in 0..<n { names.append(try r.string()) }
        return names
    }
}

/// The facts that are `IndexFact`s, in a fixed order (a fact's table in each shard is at its position).
public enum FactRegistry {
    public static let all: [any IndexFact.Type] = [
        ReleasesFact.self,
        BindingCopiesFact.self,
        ForwardedStateFact.self,
    ]

    /// The registered fact with this id.
    static func fact(id: String) -> (any IndexFact.Type)? { all.first { $0.id == id } }

    /// Each registered fact with its schema version, for the cache key (`id@version` …).
    public static var schemaDescription: String { all.map { "\($0.id)@\($0.schemaVersion)" }.joined(separator: " ") }
}

// MARK: - One file's parts

/// One fact's part of one file, type-erased for `FileContributions`.
public protocol FactPartBox: Sendable {
    var factID: String { get }
    var keys: [String] { get }
    func encode(into w: inout ByteWriter)
    /// Adds the part to the shards' tables as the part of the file at `path`.
    func add(to shards: inout [ProjectIndex.Shard], path: String)
}

struct FactPart<F: IndexFact>: FactPartBox {
    var entries: [(key: String, value: F.Value)]

    var factID: String { F.id }
    var keys: [String] { entries.map(\.key) }

    func encode(into w: inout ByteWriter) {
        w.int(entries.count)
        for (key, value) in entries {
            w.string(key)
            F.encode(value, into: &w)
        }
    }

    func add(to shards: inout [ProjectIndex.Shard], path: String) {
        let slot = F.slot
        for (key, value) in entries {
            let k = F.shard(of: key)
            if shards[k].tables.isEmpty { shards[k].tables = FactRegistry.all.map { $0.emptyTable() } }
            shards[k].tables[slot].insert(path: path, key: key, value: value)
        }
    }
}

/// What one file contributes to the registered facts (`FactRegistry`): each fact's part, with the file's path.
/// (A class, held by `FileSummary` only when the file has a part: a summary is copied often, and stays small.)
public final class FileContributions: Sendable {
    /// The file the parts are of (the index keeps parts by file).
    public let path: String
    public let parts: [any FactPartBox]

    init(path: String, parts: [any FactPartBox]) {
        self.path = path
        self.parts = parts
    }

    /// The file's parts of the registered facts the plan collects, from the pass-1 tree; nil when it has none.
    /// (Apart from `FileSummary`, which is copied often: one more field there cost every copy.)
    public static func collect(_ tree: SyntaxTree, plan: AnalysisPlan) -> FileContributions? {
        guard !plan.indexFacts.isEmpty else { return nil }
        var parts: [any FactPartBox] = []
        for fact in plan.indexFacts { if let part = fact.part(of: tree) { parts.append(part) } }
        return parts.isEmpty ? nil : FileContributions(path: tree.file.path, parts: parts)
    }

    /// Adds every part to the shards' tables.
    func add(to shards: inout [ProjectIndex.Shard]) {
        for part in parts { part.add(to: &shards, path: path) }
    }

    /// Encodes `contributions` (nil: none).
    public static func encode(_ contributions: FileContributions?, into w: inout ByteWriter) {
        guard let contributions else {
            w.int(0)
            return
        }
        w.int(contributions.parts.count)
        w.string(contributions.path)
        for part in contributions.parts {
            w.string(part.factID)
            part.encode(into: &w)
        }
    }

    public static func decode(_ r: inout ByteReader) throws -> FileContributions? {
        let n = try r.count()
        guard n > 0 else { return nil }
        let path = try r.string()
        var parts: [any FactPartBox] = []
        for _ in 0..<n {
            guard let fact = FactRegistry.fact(id: try r.string()) else { throw ByteReader.Malformed() }
            parts.append(try fact.decodePart(&r))
        }
        return FileContributions(path: path, parts: parts)
    }
}

// MARK: - The index's tables

/// One fact's table in one shard, type-erased for `ProjectIndex.Shard`.
public protocol FactTableBox: Sendable {
    /// Adds a value as the part of the file at `path` under `key` (a file's values under one key merge).
    mutating func insert(path: String, key: String, value: any Sendable)
    /// Takes in another shard's table of the same fact (the files of the two are disjoint).
    mutating func absorb(_ other: any FactTableBox)
    /// Drops every part of the file at `path`.
    mutating func remove(path: String)
    /// Folds the parts into each key's answer (by path), when they changed.
    mutating func finish()
    /// The merged value under `key`, encoded (nothing when there is none): what a fingerprint hashes.
    func encodeAnswer(_ key: String, into w: inout ByteWriter)
    /// Every key with an answer, sorted.
    var keys: [String] { get }
}

/// One fact's parts in one shard, each with its key and file, and each key's answer. (Flat lists, not a
/// dictionary by key and file: most shards hold a handful of parts or none, and the answers are folded again
/// only in a shard whose parts changed. Keys and paths apart from the values: the code that sorts and
/// filters them is not generic.)
struct FactTable<F: IndexFact>: FactTableBox {
    /// The parts, in the order they came: the key, the file and the value of each.
    var partKeys: [String] = []
    var partPaths: [String] = []
    var partValues: [F.Value] = []
    /// Each key's merged value (`finish()`).
    var answers: [String: F.Value] = [:]
    /// Whether the parts changed since the last `finish()`.
    var changed = false

    mutating func insert(path: String, key: String, value: any Sendable) {
        partKeys.append(key)
        partPaths.append(path)
        partValues.append(value as! F.Value)
        changed = true
    }

    mutating func absorb(_ other: any FactTableBox) {
        let other = other as! FactTable<F>
        guard !other.partKeys.isEmpty else { return }
        if partKeys.isEmpty {
            (partKeys, partPaths, partValues) = (other.partKeys, other.partPaths, other.partValues)
        } else {
            partKeys += other.partKeys
            partPaths += other.partPaths
            partValues += other.partValues
        }
        changed = true
    }

    mutating func remove(path: String) {
        let dropped = partPaths.indices.filter { partPaths[$0] == path }
        guard !dropped.isEmpty else { return }
        for k in dropped.reversed() {
            partKeys.remove(at: k)
            partPaths.remove(at: k)
            partValues.remove(at: k)
        }
        changed = true
    }

    mutating func finish() {
        guard changed else { return }
        changed = false
        answers = [:]
        // By key, then path: the fold's order never depends on the order files were merged in.
        let order = FactTableOrder.sorted(keys: partKeys, paths: partPaths)
        for k in order {
            let key = partKeys[k]
            if let existing = answers[key] {
                answers[key] = F.merge(existing, partValues[k])
            } else {
                answers[key] = partValues[k]
            }
        }
    }

    func encodeAnswer(_ key: String, into w: inout ByteWriter) {
        guard let answer = answers[key] else { return }
        w.byte(1)
        F.encode(answer, into: &w)
    }

    var keys: [String] { answers.keys.sorted() }
}

/// The order `FactTable.finish()` folds parts in (not generic: compiled once, for strings).
enum FactTableOrder {
    static func sorted(keys: [String], paths: [String]) -> [Int] {
        keys.indices.sorted { (keys[$0], paths[$0]) < (keys[$1], paths[$1]) }
    }
}

extension ProjectIndex {
    /// What the index holds for a registered fact under `key` (nil: nothing); the read is recorded for the
    /// cache's fingerprints.
    public func value<F: IndexFact>(of fact: F.Type, at key: String) -> F.Value? {
        reads?.note(fact.readKey(key))
        let k = F.shard(of: key)
        guard !shards[k].tables.isEmpty else { return nil }
        return (shards[k].tables[F.slot] as! FactTable<F>).answers[key]
    }

    /// Drops every registered fact's parts of the file at `path` (then `finish()`).
    public mutating func removeFactParts(of path: String) {
        for k in shards.indices { for slot in shards[k].tables.indices { shards[k].tables[slot].remove(path: path) } }
    }

    /// Adds a file's parts of the registered facts (then `finish()`).
    public mutating func addFactParts(_ contributions: FileContributions?) {
        contributions?.add(to: &shards)
    }

    /// Every key a registered fact has an answer under, sorted (tests).
    public func factKeys(_ fact: any IndexFact.Type) -> [String] {
        let slot = FactRegistry.all.firstIndex { $0.id == fact.id }!
        return shards.flatMap { $0.tables.isEmpty ? [] : $0.tables[slot].keys }.sorted()
    }

    /// The fingerprint of a registered fact's read key (`#id:key`); nil for another kind of key.
    func factFingerprint(ofKey readKey: String, into w: inout ByteWriter) -> Bool {
        guard readKey.hasPrefix("#"), let colon = readKey.firstIndex(of: ":"),
              let slot = FactRegistry.all.firstIndex(where: { $0.id == readKey[readKey.index(after: readKey.startIndex)..<colon] }) else { return false }
        let key = String(readKey[readKey.index(after: colon)...])
        w.string(FactRegistry.all[slot].id)
        let k = FactRegistry.all[slot].shard(of: key)
        if !shards[k].tables.isEmpty { shards[k].tables[slot].encodeAnswer(key, into: &w) }
        return true
    }
}
