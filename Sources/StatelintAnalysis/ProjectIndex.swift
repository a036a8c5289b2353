import StatelintSyntax

/// Facts about every linted file, built before any rule runs; immutable and shareable across threads.
///
/// Types are kept in shards chosen by a hash of their simple (last-component) name, so every type that
/// a simple name may refer to is in one shard, and shards can be merged, finished and compacted on
/// separate threads. Workers build partial indexes; `Shard(merging:)` merges one shard of each.
public struct ProjectIndex: Sendable {
    /// How many shards an index has (enough to balance a few cores).
    public static var shardCount: Int { 32 }

    /// One part of the index: the types whose simple names hash to it.
    public struct Shard: Sendable {
        /// Types by qualified name.
        var types: [String: TypeFacts] = [:]
        /// Qualified names of nested types (`Outer.Inner`) by simple name (`Inner`), sorted.
        var nestedNames: [String: [String]] = [:]
        /// Construction sites by the simple name of the constructed type (this shard's names).
        var sites: [String: [ConstructionSite]] = [:]
        /// Helper calls in identity contexts by member name (names hashing to this shard).
        var helperCalls: [String: [HelperCall]] = [:]
        /// Where objects are built once for the app, by the simple name of their type (this shard's names).
        var appOwners: [String: [AppOwner]] = [:]
        /// How many files may construct a type, by the hash of its name (`ConstructionNames.hashes`; the
        /// shard is the hash modulo the shard count). Kept only when the plan collects app owners.
        var constructingFiles: [UInt32: Int32] = [:]
        /// The registered facts' tables (`FactRegistry.all`, in its order): the answers under this shard's keys.
        /// Empty until some file adds a part here (most shards of most runs hold none).
        var tables: [any FactTableBox] = []

        public init() {}

        /// Merges one shard of several partial indexes, finished: the largest part is taken over (moved
        /// out of `parts`, not copied) and the others are merged into it; `parts` is left empty.
        public init(merging parts: inout [Shard]) {
            guard let largest = parts.indices.max(by: { parts[$0].types.count < parts[$1].types.count }) else { return }
            self = parts.remove(at: largest)
            while let part = parts.popLast() {
                for facts in part.types.values { merge(facts) }
                for (name, list) in part.sites { sites[name, default: []].append(contentsOf: list) }
                for (name, list) in part.helperCalls { helperCalls[name, default: []].append(contentsOf: list) }
                for (name, list) in part.appOwners { appOwners[name, default: []].append(contentsOf: list) }
                for (hash, count) in part.constructingFiles { constructingFiles[hash, default: 0] += count }
                if tables.isEmpty { tables = part.tables } else { for slot in part.tables.indices { tables[slot].absorb(part.tables[slot]) } }
            }
            finish()
        }

        /// How many types the shard holds.
        public var typeCount: Int { types.count }
        /// How many members its types hold.
        public var memberCount: Int { types.values.reduce(0) { $0 + $1.members.count } }

        mutating func merge(_ facts: TypeFacts) {
            guard let position = types.index(forKey: facts.name) else {
                types[facts.name] = facts
                return
            }
            // In place: no copy of the stored facts and their dictionaries.
            ProjectIndex.merge(facts, into: &types.values[position])
        }

        /// Builds the simple-name lookup of nested types, sorted so lookups do not depend on merge order.
        mutating func finish() {
            nestedNames = [:]
            for name in types.keys {
                guard let simple = ProjectIndex.simpleName(ofDotted: name) else { continue }
                nestedNames[simple, default: []].append(name)
            }
            var position = nestedNames.values.startIndex
            while position != nestedNames.values.endIndex {
                if nestedNames.values[position].count > 1 { nestedNames.values[position].sort() }
                nestedNames.values.formIndex(after: &position)
            }
            sortSites()
            for slot in tables.indices { tables[slot].finish() }
        }

        /// Drops sites of types the project does not declare (SwiftUI's `Text`, Foundation's `Date` …)
        /// and sorts the others by place, so queries do not depend on merge order.
        mutating func sortSites() {
            if !sites.isEmpty {
                sites = sites.filter { types[$0.key] != nil || nestedNames[$0.key] != nil }
                for key in Array(sites.keys) { sites[key]!.sort { ($0.path, $0.range.lowerBound) < ($1.path, $1.range.lowerBound) } }
            }
            for key in Array(helperCalls.keys) {
                helperCalls[key]!.sort { ($0.path, $0.range.lowerBound) < ($1.path, $1.range.lowerBound) }
            }
            for key in Array(appOwners.keys) where appOwners[key]!.count > 1 {
                appOwners[key]!.sort { ($0.path, $0.range.lowerBound) < ($1.path, $1.range.lowerBound) }
            }
        }

        /// Adds member uses computed after the first merge (extensions of observable types).
        public mutating func addUses(_ facts: TypeFacts) {
            guard let position = types.index(forKey: facts.name) else { return }
            types.values[position].uses.merge(facts.uses) { FileSummary.union($0, $1) }
            if !facts.effects.isEmpty { types.values[position].effects.merge(facts.effects) { $0.union($1) } }
            if !facts.effectSites.isEmpty { types.values[position].effectSites.merge(facts.effectSites, combine: EffectSite.first) }
        }

        /// Drops member details no rule reads: members matter only for classes and actors (observable
        /// models, stored tasks) and SwiftUI types (state properties). Mutates in place.
        public mutating func compact() {
            var position = types.values.startIndex
            while position != types.values.endIndex {
                defer { types.values.formIndex(after: &position) }
                let facts = types.values[position]
                guard !facts.members.isEmpty || !facts.uses.isEmpty || !facts.memberTypes.isEmpty || !facts.effects.isEmpty else { continue }
                let kind = facts.kind
                if kind == .class || kind == .actor || facts.isObservable || facts.isSwiftUIType {
                    // Made once here, not by every file that has a body of the type (a type extended in
                    // thousands of files made each of them read every member's name).
                    types.values[position].memberPrefilter = NamePrefilter(facts.members.keys)
                    continue
                }
                types.values[position].hadStoredProperties = facts.hasStoredProperties
                types.values[position].members = [:]
                types.values[position].uses = [:]
                types.values[position].memberTypes = [:]
                types.values[position].effects = [:]
                types.values[position].effectSites = [:]
            }
        }
    }

    /// The shards (always `shardCount` of them).
    public internal(set) var shards: [Shard]

    /// Where queries note the keys they look up (nil: not noted); see `recording(into:)`.
    var reads: IndexReads?

    /// The names lookups resolve, by a hash of their bytes (`prepareQueries()`); nil after any change.
    private var resolver: NameResolver?

    /// Builds the table `fact(for:)` and `facts(for:)` look names up in, once the index is final (any
    /// change drops it; the answers are the same without it, only slower).
    public mutating func prepareQueries() {
        resolver = NameResolver(shards: shards)
    }

    /// An empty index.
    public init() {
        shards = Array(repeating: Shard(), count: ProjectIndex.shardCount)
    }

    /// An index made of shards (from `takeShards()` and `Shard(merging:)`), in shard order.
    public init(shards: [Shard]) {
        precondition(shards.count == ProjectIndex.shardCount, "an index has \(ProjectIndex.shardCount) shards")
        self.shards = shards
    }

    /// Merges file summaries (and the files' parts of the registered facts); the result does not depend on
    /// their order.
    public init(summaries: [FileSummary], parts: [FileContributions?] = []) {
        self.init()
        for summary in summaries { add(summary) }
        for contributions in parts { addFactParts(contributions) }
        finish()
        inheritTraits()
    }

    /// The SwiftUI and ObservableObject traits a type gets through the project's own protocols and classes:
    /// `struct Row: PlatformView` where `protocol PlatformView: View` is a view, `class Store: BaseStore` where
    /// `class BaseStore: ObservableObject` is an ObservableObject (chains followed to a fixed point). Call it
    /// on the merged index, before compaction (compaction keeps the members of SwiftUI types).
    public mutating func inheritTraits() {
        resolver = nil
        let inheritable: TypeTraits = [.view, .app, .scene, .viewModifier, .observableObject, .dynamicProperty, .observationTracked]
        var carriers: [String: TypeTraits] = [:]
        for shard in shards {
            for facts in shard.types.values where (facts.kind == .protocol || facts.kind == .class) && !facts.traits.isDisjoint(with: inheritable) {
                carriers[ProjectIndex.simpleName(ofDotted: facts.name) ?? facts.name, default: []].formUnion(facts.traits.intersection(inheritable))
            }
        }
        guard !carriers.isEmpty else { return }
        // Each round carries the traits one link further; a chain is short, and a cycle ends when nothing changes.
        for _ in 0..<16 {
            var changed = false
            for k in shards.indices {
                var position = shards[k].types.values.startIndex
                while position != shards[k].types.values.endIndex {
                    defer { shards[k].types.values.formIndex(after: &position) }
                    let facts = shards[k].types.values[position]
                    guard !facts.inherits.isEmpty else { continue }
                    var carried: TypeTraits = []
                    for name in facts.inherits { if let traits = carriers[name] { carried.formUnion(traits) } }
                    guard !carried.isSubset(of: facts.traits) else { continue }
                    shards[k].types.values[position].traits.formUnion(carried)
                    changed = true
                    if facts.kind == .protocol || facts.kind == .class {
                        carriers[ProjectIndex.simpleName(ofDotted: facts.name) ?? facts.name, default: []].formUnion(carried)
                    }
                }
            }
            if !changed { break }
        }
    }

    /// Merges partial indexes (one per worker) into one, finished, on this thread; `partials` is left
    /// empty (see `takeShards()` to merge shards on several threads).
    public init(merging partials: inout [ProjectIndex]) {
        var parts = ProjectIndex.shardsByNumber(&partials)
        var merged: [Shard] = []
        for k in parts.indices { merged.append(Shard(merging: &parts[k])) }
        self.init(shards: merged)
    }

    /// The shards of the partials, grouped by shard number; `partials` is left empty so the shards are
    /// uniquely owned (merging them copies nothing).
    public static func shardsByNumber(_ partials: inout [ProjectIndex]) -> [[Shard]] {
        var parts = Array(repeating: [Shard](), count: shardCount)
        while var partial = partials.popLast() {
            let shards = partial.takeShards()
            for k in shards.indices { parts[k].append(shards[k]) }
        }
        return parts
    }

    /// Moves the shards out, leaving an empty index.
    public mutating func takeShards() -> [Shard] {
        let taken = shards
        shards = []
        self = ProjectIndex()
        return taken
    }

    /// Merges one file's summary (call `finish()` after the last one). A file of the project's sample code
    /// (`isSampleCode`: a demo or example folder, which no user of the app runs) adds its sites as no
    /// witnesses (`ConstructionSite.inSampleCode`), and builds nothing once for the app.
    public mutating func add(_ summary: FileSummary, isSampleCode: Bool = false) {
        resolver = nil
        for facts in summary.types { shards[ProjectIndex.shard(of: facts.name)].merge(facts) }
        for var site in summary.constructionSites {
            site.inSampleCode = isSampleCode
            let simple = String(site.simpleTypeName)
            shards[ProjectIndex.shard(of: simple)].sites[simple, default: []].append(site)
        }
        for call in summary.helperCalls {
            shards[ProjectIndex.shard(of: call.member)].helperCalls[call.member, default: []].append(call)
        }
        // (Sample code builds nothing for the app: no user runs it.)
        for owner in summary.appOwners where !isSampleCode {
            shards[ProjectIndex.shard(of: owner.typeName)].appOwners[owner.typeName, default: []].append(owner)
        }
        if summary.collectsAppOwners && !isSampleCode {
            // (What only previews build does not count: no user reaches a preview.)
            let previewOnly = summary.constructions.previewOnly
            for hash in summary.constructions.hashes where previewOnly.isEmpty || !ConstructionNames.contains(previewOnly, hash) {
                shards[Int(hash % UInt32(ProjectIndex.shardCount))].constructingFiles[hash, default: 0] += 1
            }
        }
    }

    /// Whether some file may build the type of this name outside previews and sample code (`Shelf()`), from
    /// pass 1's construction notes (no sites needed): false when the project builds it only in previews, or
    /// nowhere; nil when the index does not know (the plan did not collect app owners, or a framework name
    /// that is not noted).
    public func mayBeBuiltOutsidePreviews(_ name: String) -> Bool? {
        reads?.note(simpleNameOf: name)
        return constructingFileCount(of: ProjectIndex.simpleName(ofDotted: name) ?? name).map { $0 > 0 }
    }

    /// How many files may construct the type of this simple name (a hash of the name, so never fewer than
    /// do); nil when the index does not know (no file noted constructions, or a framework name that is not
    /// noted).
    func constructingFileCount(of simple: String) -> Int? {
        let hash = UInt32(truncatingIfNeeded: WordSet.hash(simple.utf8))
        guard !ConstructionNames.frameworkHashes.contains(hash) else { return nil }
        return Int(shards[Int(hash % UInt32(ProjectIndex.shardCount))].constructingFiles[hash] ?? 0)
    }

    /// The first place (by path and offset) that builds an object of the type once for the whole app, if
    /// any (see `AppOwner`): `Store` for `Store` or `Outer.Store`.
    /// Only when no other file may construct the type (previews aside): a class the app builds once in `App`
    /// but a view builds per screen is not app-lifetime.
    /// A stored property of a class counts when that class is itself built once for the app (followed three
    /// classes deep: `underlyingCurrent = AppEnvironment()` holds `var matter = MatterWrapper()`), and the
    /// `@State`/`@StateObject` of a view when the view is the root of a scene the app builds
    /// (`WindowGroup { RootView() }`): the owner's `holder` then names that chain.
    public func appOwner(of name: String) -> AppOwner? {
        guard let chain = appOwnerChain(of: name, depth: 3), var first = chain.first else { return nil }
        // `'Root.model' (in the 'Root' that 'Scenes.body' builds, in the 'Scenes' that 'MyApp.body' builds once)`.
        if chain.count > 1 {
            let steps = zip(chain, chain.dropFirst()).map { owner, next in
                "in the '\(ProjectIndex.simpleName(ofDotted: owner.via) ?? owner.via)' that \(next.holder) builds"
            }
            first.holder += " (" + steps.joined(separator: ", ") + " once)"
        }
        return first
    }

    /// The first owner of the type, then the owner of the class or view it is held by, and so on (nil: not
    /// built once for the app).
    func appOwnerChain(of name: String, depth: Int) -> [AppOwner]? {
        reads?.note(simpleNameOf: name)
        let simple = ProjectIndex.simpleName(ofDotted: name) ?? name
        guard let owners = shards[ProjectIndex.shard(of: simple)].appOwners[simple], !owners.isEmpty,
              let constructing = constructingFileCount(of: simple), constructing <= Set(owners.map(\.path)).count else { return nil }
        // Every place that builds it must be once for the app.
        var chain = [owners[0]]
        for (k, owner) in owners.enumerated() where !owner.via.isEmpty {
            let via = ProjectIndex.simpleName(ofDotted: owner.via) ?? owner.via
            guard depth > 0, via != simple, let rest = appOwnerChain(of: owner.via, depth: depth - 1) else { return nil }
            if k == 0 { chain += rest }
        }
        return chain
    }

    /// Builds the simple-name lookups.
    public mutating func finish() {
        resolver = nil
        for k in shards.indices { shards[k].finish() }
    }

    /// Drops member details no rule reads (see `Shard.compact()`).
    public mutating func compact() {
        resolver = nil
        for k in shards.indices { shards[k].compact() }
    }

    /// Adds member uses computed after the first merge (extensions of observable types).
    public mutating func addUses(from summary: FileSummary) {
        resolver = nil
        for facts in summary.types where !facts.uses.isEmpty { shards[ProjectIndex.shard(of: facts.name)].addUses(facts) }
    }

    /// The shard a type name belongs to: a hash of its simple name. Swift's own string hash, so names
    /// the index treats as equal (`Café` in NFC and in NFD) land in one shard; it is seeded per process,
    /// which moves types between shards from run to run but never changes a result.
    public static func shard(of name: String) -> Int {
        guard let dot = lastDot(in: name) else { return Int(UInt(bitPattern: name.hashValue) % UInt(shardCount)) }
        return Int(UInt(bitPattern: name[name.utf8.index(after: dot)...].hashValue) % UInt(shardCount))
    }

    /// `Inner` for `Outer.Inner`; nil for a name without a dot.
    static func simpleName(ofDotted name: String) -> String? {
        guard let dot = lastDot(in: name) else { return nil }
        return String(name[name.utf8.index(after: dot)...])
    }

    /// The index of the last `.` in a name, found in its UTF-8 storage (`UTF8View.lastIndex(of:)` steps
    /// back through the view an index at a time).
    @inline(__always)
    static func lastDot(in name: String) -> String.Index? {
        let offset: Int? = name.utf8.withContiguousStorageIfAvailable { bytes in
            var i = bytes.count - 1
            while i >= 0 && bytes[i] != UInt8(ascii: ".") { i -= 1 }
            return i >= 0 ? i : nil
        } ?? name.utf8.lastIndex(of: UInt8(ascii: ".")).map { name.utf8.distance(from: name.utf8.startIndex, to: $0) }
        return offset.map { name.utf8.index(name.utf8.startIndex, offsetBy: $0) }
    }

    /// How many types the index holds.
    public var typeCount: Int { shards.reduce(0) { $0 + $1.typeCount } }
    /// How many members its types hold.
    public var memberCount: Int { shards.reduce(0) { $0 + $1.memberCount } }
    /// Every qualified type name, sorted.
    public var typeNames: [String] { shards.flatMap { $0.types.keys }.sorted() }

    /// The facts of the type with exactly this qualified name.
    public func type(named name: String) -> TypeFacts? {
        reads?.note(simpleNameOf: name)
        return shards[ProjectIndex.shard(of: name)].types[name]
    }

    private static func merge(_ facts: TypeFacts, into stored: inout TypeFacts) {
        if let kind = facts.kind {
            if let existing = stored.kind {
                if rank(kind) < rank(existing) { stored.kind = kind }
            } else {
                stored.kind = kind
            }
        }
        stored.traits.formUnion(facts.traits)
        if !facts.inherits.isEmpty && stored.inherits != facts.inherits {
            stored.inherits = stored.inherits.isEmpty ? facts.inherits : Array(Set(stored.inherits).union(facts.inherits)).sorted()
        }
        if facts.declaresInit { stored.declaresInit = true }
        stored.members.merge(facts.members) { combine($0, $1) }
        stored.uses.merge(facts.uses) { FileSummary.union($0, $1) }
        if !facts.effects.isEmpty { stored.effects.merge(facts.effects) { $0.union($1) } }
        if !facts.effectSites.isEmpty { stored.effectSites.merge(facts.effectSites, combine: EffectSite.first) }
        if !facts.memberTypes.isEmpty { stored.memberTypes.merge(facts.memberTypes) { Swift.min($0, $1) } }
    }

    /// A fixed preference among kinds declared under one name (a class wins over a struct, and so on).
    static func rank(_ kind: TypeKind) -> Int {
        switch kind {
        case .class: return 0
        case .actor: return 1
        case .struct: return 2
        case .enum: return 3
        case .protocol: return 4
        case .extension: return 5
        }
    }

    /// Two declarations of one member name (overloads, `#if` branches): stored beats computed beats
    /// method; equal kinds combine order-independently.
    static func combine(_ a: MemberFacts, _ b: MemberFacts) -> MemberFacts {
        func rank(_ kind: MemberKind) -> Int {
            switch kind {
            case .storedVar: return 0
            case .storedLet: return 1
            case .computed: return 2
            case .method: return 3
            }
        }
        if rank(a.kind) != rank(b.kind) { return rank(a.kind) < rank(b.kind) ? a : b }
        return MemberFacts(kind: a.kind, attributes: a.attributes.union(b.attributes), isStatic: a.isStatic && b.isStatic,
                           isPrivate: a.isPrivate && b.isPrivate, initialValue: a.hasInitializer || b.hasInitializer ? .written : a.isImplicitlyNil || b.isImplicitlyNil ? .implicitNil : .none)
    }

    /// Facts for a qualified name, or for a simple name when it is unambiguous.
    public func facts(for name: String) -> TypeFacts? {
        reads?.note(simpleNameOf: name)
        if let found = resolver?.position(of: name) {
            guard let (k, position) = found else { return nil }
            return shards[k].types.values[position]
        }
        // (In place: a copy of the shard retained each of its tables.)
        let k = ProjectIndex.shard(of: name)
        if let facts = shards[k].types[name] { return facts }
        if let names = shards[k].nestedNames[name], names.count == 1 { return shards[k].types[names[0]] }
        return nil
    }

    /// One answer from the facts `facts(for:)` finds (a kind, a trait), for a question about one field.
    public func fact<T>(for name: String, _ read: (borrowing TypeFacts) -> T) -> T? {
        reads?.note(simpleNameOf: name)
        if let found = resolver?.position(of: name) {
            guard let (k, position) = found else { return nil }
            return read(shards[k].types.values[position])
        }
        let k = ProjectIndex.shard(of: name)
        if let i = shards[k].types.index(forKey: name) { return read(shards[k].types.values[i]) }
        if let names = shards[k].nestedNames[name], names.count == 1, let i = shards[k].types.index(forKey: names[0]) {
            return read(shards[k].types.values[i])
        }
        return nil
    }

    /// Every qualified name whose last component is `simple` (`Item`, `List.Item`), sorted.
    public func qualifiedNames(simple: String) -> [String] {
        reads?.note(simpleNameOf: simple)
        let k = ProjectIndex.shard(of: simple)
        return (shards[k].types[simple] == nil ? [] : [simple]) + (shards[k].nestedNames[simple] ?? [])
    }

    /// Whether the type conforms to `View`, `App`, `Scene` or `ViewModifier` anywhere in the project.
    public func isSwiftUIType(_ name: String) -> Bool {
        outline(of: name)?.isSwiftUIType ?? false
    }

    /// The qualified name of the type `facts(for:)` finds, without copying its facts.
    public func resolvedName(of name: String) -> String? {
        if let found = resolver?.position(of: name) {
            reads?.note(simpleNameOf: name)
            guard let (k, position) = found else { return nil }
            return shards[k].types.keys[position]
        }
        return fact(for: name) { $0.name }
    }

    /// The kind and traits of the facts `facts(for:)` finds, without copying them.
    public func outline(of name: String) -> TypeOutline? {
        if let found = resolver?.outline(of: name) {
            reads?.note(simpleNameOf: name)
            return found
        }
        return fact(for: name) { TypeOutline($0) }
    }

    /// The first tracked property that calling method (or reading computed property) `member` reads,
    /// with the chain of members it goes through (`["setup", "load"]`), searched breadth first.
    /// (Each queue entry points to the entry it was reached from; the chain is rebuilt once at the end, so
    /// a chain of n methods costs O(n), not the O(n²) of copying a path per entry.)
    public func trackedRead(in type: TypeFacts, through member: String) -> (property: String, via: [String])? {
        var queue: [(name: String, from: Int)] = [(member, -1)]
        var seen: Set<String> = [member]
        var head = 0
        while head < queue.count {
            let current = queue[head].name
            let uses = type.uses[current] ?? []
            for use in uses where !use.isCall && type.isTracked(use.name) {
                var path: [String] = []
                var k = head
                while k >= 0 {
                    path.append(queue[k].name)
                    k = queue[k].from
                }
                return (use.name, path.reversed())
            }
            for use in uses where !seen.contains(use.name) {
                guard let m = type.members[use.name], m.runs(by: use) else { continue }
                seen.insert(use.name)
                queue.append((use.name, head))
            }
            head += 1
        }
        return nil
    }
}

extension SyntaxTree {
    /// The qualified name of a type declaration (`Outer.Inner`); an extension's written name counts.
    public func qualifiedName(ofType index: Int32) -> String {
        guard index >= 0 else { return "" }
        return types.withUnsafeBufferPointer { types in
            // (Most types are not nested: their name, without building a list of parts.)
            if types[Int(index)].kind == .extension || types[Int(index)].parentType < 0 { return types[Int(index)].name }
            var parts: [String] = []
            var current = index
            var guardCount = 0
            while current >= 0 && guardCount < 64 {
                parts.append(types[Int(current)].name)
                if types[Int(current)].kind == .extension { break }
                current = types[Int(current)].parentType
                guardCount += 1
            }
            return SyntaxTree.dottedPath(reversed: parts)
        }
    }
}
