import StatelintSyntax

/// Where `ProjectIndex.fact(for:)` finds the facts of a name, found with one cheap hash of the name's
/// bytes instead of two of Swift's string hashes (the shard's, then the dictionary's) and a second lookup
/// for a nested type's simple name. Rules' gates ask it for every type a file declares or extends, for
/// every file, several times over (`isSwiftUIType`), so it is worth a table.
///
/// It holds every name a lookup can resolve: each qualified name, and each simple name that names exactly
/// one nested type and no top-level one. A name it does not hold resolves to nothing, as in the shards.
/// It is exact only for ASCII names (Swift compares strings by canonical equivalence, bytes do not), so it
/// is built only when every name of the index is ASCII, and it answers only ASCII questions
/// (`position(of:)` is nil-nil for the others: ask the shards).
///
/// The positions are valid for the dictionaries they were taken from: `ProjectIndex` drops the resolver
/// whenever it changes (`prepareQueries()` builds it again).
struct NameResolver: Sendable {
    typealias Position = Dictionary<String, TypeFacts>.Index

    /// Entry + 1 in each slot (0: empty); a power-of-two count, at most half full.
    private var slots: [Int32]
    private var hashes: [UInt64] = []
    /// Entry k's name is `bytes[offsets[k]..<offsets[k + 1]]`.
    private var bytes: [UInt8] = []
    private var offsets: [Int] = [0]
    private var shards: [Int32] = []
    private var positions: [Position] = []
    /// Each entry's kind and traits (what gates ask of every type a file names; a copy of `TypeFacts` per
    /// question cost more than the lookup).
    private var outlines: [TypeOutline] = []

    /// Nil when some name is not ASCII (the shards answer then).
    init?(shards index: [ProjectIndex.Shard]) {
        var count = 0
        for shard in index { count += shard.types.count + shard.nestedNames.count }
        var size = 16
        while size < 2 * count { size <<= 1 }
        slots = [Int32](repeating: 0, count: size)
        for k in index.indices {
            let shard = index[k]
            for position in shard.types.indices {
                let facts = shard.types.values[position]
                guard add(shard.types.keys[position], shard: k, position: position, TypeOutline(facts)) else { return nil }
            }
            // (Nested names are the types' own, ASCII by then, and their last components.)
            for (simple, names) in shard.nestedNames {
                guard names.count == 1, shard.types.index(forKey: simple) == nil,
                      let position = shard.types.index(forKey: names[0]) else { continue }
                guard add(simple, shard: k, position: position, TypeOutline(shard.types.values[position])) else { return nil }
            }
        }
    }

    /// FNV-1a of the bytes, and whether they were all ASCII.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, Bool) {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        var high: UInt8 = 0
        for b in bytes {
            high |= b
            h = (h ^ UInt64(b)) &* 0x100_0000_01b3
        }
        return (h, high < 0x80)
    }

    private mutating func add(_ name: String, shard: Int, position: Position, _ outline: TypeOutline) -> Bool {
        var name = name
        return name.withUTF8 { utf8 in
            let (h, ascii) = NameResolver.hash(utf8)
            guard ascii else { return false }
            let mask = slots.count - 1
            var s = Int(truncatingIfNeeded: h) & mask
            while slots[s] != 0 { s = (s + 1) & mask }
            slots[s] = Int32(hashes.count + 1)
            hashes.append(h)
            bytes.append(contentsOf: utf8)
            offsets.append(bytes.count)
            shards.append(Int32(shard))
            positions.append(position)
            outlines.append(outline)
            return true
        }
    }

    /// Where the facts of `name` are: nil when the index holds none, nil-nil when the resolver cannot
    /// tell (a name that is not ASCII).
    @inline(__always)
    func position(of name: String) -> (shard: Int, position: Position)?? {
        entry(of: name).map { $0.map { (Int(shards[$0]), positions[$0]) } }
    }

    /// The kind and traits of the type `name` resolves to: nil when none, nil-nil when the resolver cannot
    /// tell.
    @inline(__always)
    func outline(of name: String) -> TypeOutline?? {
        entry(of: name).map { $0.map { outlines[$0] } }
    }

    @inline(__always)
    private func entry(of name: String) -> Int?? {
        var name = name
        return name.withUTF8 { utf8 -> Int?? in
            let (h, ascii) = NameResolver.hash(utf8)
            guard ascii else { return .none }
            let mask = slots.count - 1
            var s = Int(truncatingIfNeeded: h) & mask
            return bytes.withUnsafeBufferPointer { stored in
                while true {
                    let entry = Int(slots[s]) - 1
                    if entry < 0 { return .some(nil) }
                    if hashes[entry] == h {
                        let start = offsets[entry]
                        // (The bytes compared many a step: a byte loop cost most of a lookup.)
                        if offsets[entry + 1] - start == utf8.count
                            && (utf8.isEmpty || ByteRuns.equal(stored.baseAddress! + start, utf8.baseAddress!, count: utf8.count)) {
                            return .some(entry)
                        }
                    }
                    s = (s + 1) & mask
                }
            }
        }
    }
}

/// What most questions about a type need: its kind and its traits (`ProjectIndex.outline(of:)`).
public struct TypeOutline: Sendable {
    /// Its kind (nil when only extensions of it were seen).
    public let kind: TypeKind?
    /// Its traits, inherited ones included.
    public let traits: TypeTraits

    init(_ facts: borrowing TypeFacts) {
        kind = facts.kind
        traits = facts.traits
    }

    /// Whether the type is `@Observable` (`TypeFacts.isObservable`).
    public var isObservable: Bool { traits.contains(.observable) }
    /// Whether the type conforms to `View`, `App`, `Scene` or `ViewModifier` (`TypeFacts.isSwiftUIType`).
    public var isSwiftUIType: Bool { !traits.isDisjoint(with: .swiftUI) }
}
