/// Values by name, kept as one array sorted by name: on large trees a type's members cost half as much
/// as in a dictionary (no hash table, no spare capacity), and lookups in a handful of names are as fast.
public struct NameTable<Value: Sendable>: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (name: String, value: Value)

    /// The entries, sorted by name, one per name.
    public private(set) var entries: [Element] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, Value)...) {
        for (name, value) in elements { self[name] = value }
    }

    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }
    /// The names, sorted.
    public var keys: [String] { entries.map(\.name) }

    public func makeIterator() -> IndexingIterator<[Element]> { entries.makeIterator() }

    /// Where `name` is, or where it would be inserted.
    private func position(of name: String) -> (index: Int, found: Bool) {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) >> 1
            let current = entries[mid].name
            if current == name { return (mid, true) }
            if current < name { low = mid + 1 } else { high = mid }
        }
        return (low, false)
    }

    /// A table of `elements` in any order; values of one name are folded in their original order with
    /// `combine(earlier, later)`. Sorting once keeps a type with thousands of members linear-logarithmic.
    public init(_ elements: [Element], combine: (Value, Value) -> Value) {
        if elements.count < 2 {
            entries = elements
            return
        }
        // The positions sorted by name (`sort` is stable: one name's values keep their order), one string
        // comparison per step; the entries are moved once, at the end.
        let order = elements.withUnsafeBufferPointer { elements in
            elements.indices.sorted { elements[$0].name < elements[$1].name }
        }
        entries.reserveCapacity(elements.count)
        for k in order {
            let element = elements[k]
            if let last = entries.last, last.name == element.name {
                entries[entries.count - 1].value = combine(last.value, element.value)
            } else {
                entries.append(element)
            }
        }
    }

    /// A table of entries already sorted by name, one per name (decoded from the analysis cache); nil when
    /// they are not.
    init?(sortedEntries: [Element]) {
        for k in sortedEntries.indices.dropFirst() where !(sortedEntries[k - 1].name < sortedEntries[k].name) { return nil }
        entries = sortedEntries
    }

    /// Merges another table in one linear pass; for a name in both, `combine(mine, theirs)` decides.
    public mutating func merge(_ other: NameTable, combine: (Value, Value) -> Value) {
        if other.isEmpty { return }
        if isEmpty {
            self = other
            return
        }
        if other.entries.count * 8 < entries.count {
            // A few names into a large table (one extension at a time into a type extended in thousands of
            // files): in place, so the large table is not rebuilt (and its entries retained) each time.
            for b in other.entries {
                let (index, found) = position(of: b.name)
                if found {
                    entries[index].value = combine(entries[index].value, b.value)
                } else {
                    entries.insert(b, at: index)
                }
            }
            return
        }
        var merged: [Element] = []
        merged.reserveCapacity(entries.count + other.entries.count)
        var i = 0, j = 0
        while i < entries.count && j < other.entries.count {
            let a = entries[i], b = other.entries[j]
            if a.name == b.name {
                merged.append((a.name, combine(a.value, b.value)))
                i += 1
                j += 1
            } else if a.name < b.name {
                merged.append(a)
                i += 1
            } else {
                merged.append(b)
                j += 1
            }
        }
        merged.append(contentsOf: entries[i...])
        merged.append(contentsOf: other.entries[j...])
        entries = merged
    }

    /// The value for `name`; setting nil removes it.
    public subscript(name: String) -> Value? {
        get {
            let (index, found) = position(of: name)
            return found ? entries[index].value : nil
        }
        set {
            let (index, found) = position(of: name)
            switch (found, newValue) {
            case (true, let value?): entries[index].value = value
            case (true, nil): entries.remove(at: index)
            case (false, let value?): entries.insert((name, value), at: index)
            case (false, nil): break
            }
        }
    }
}
