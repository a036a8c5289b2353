import StatelintSyntax

// The analysis cache's encoding of what pass 1 and the site search learn of a file, and the index's
// fingerprints that say whether a finding made with it still holds. Every decoder throws on input it
// did not write (`ByteReader.Malformed`); the cache then treats the entry as missing.

extension FileSummary {
    public func encode(into w: inout ByteWriter) {
        w.int(types.count)
        for facts in types { facts.encode(into: &w) }
        w.strings(typeNames)
        w.strings(typesWithInit)
        w.strings(mentionedWords)
        w.bool(hasSuppressionComments)
        w.bool(mayKeepClosure)
        w.bool(namesSelf)
        w.bool(declaresViewBody)
        w.strings(extensionsWithoutUses)
        w.strings(wrappedConstructions)
        w.int(constructionSites.count)
        for site in constructionSites { site.encode(into: &w) }
        w.int(helperCalls.count)
        for call in helperCalls { call.encode(into: &w) }
        constructions.encode(into: &w)
        w.int(appOwners.count)
        for owner in appOwners { owner.encode(into: &w) }
        w.bool(collectsAppOwners)
    }

    public init(decoding r: inout ByteReader) throws {
        types = []
        let typeCount = try r.count()
        types.reserveCapacity(typeCount)
        for _ in 0..<typeCount { types.append(try TypeFacts(decoding: &r)) }
        typeNames = try r.strings()
        typesWithInit = try r.strings()
        mentionedWords = try r.strings()
        hasSuppressionComments = try r.bool()
        mayKeepClosure = try r.bool()
        namesSelf = try r.bool()
        declaresViewBody = try r.bool()
        extensionsWithoutUses = try r.strings()
        wrappedConstructions = try r.strings()
        let siteCount = try r.count()
        constructionSites.reserveCapacity(siteCount)
        for _ in 0..<siteCount { constructionSites.append(try ConstructionSite(decoding: &r)) }
        let helperCount = try r.count()
        for _ in 0..<helperCount { helperCalls.append(try HelperCall(decoding: &r)) }
        constructions = try ConstructionNames(decoding: &r)
        let ownerCount = try r.count()
        for _ in 0..<ownerCount { appOwners.append(try AppOwner(decoding: &r)) }
        collectsAppOwners = try r.bool()
    }
}

extension TypeFacts {
    public func encode(into w: inout ByteWriter) {
        w.string(name)
        w.byte(kind.map { $0.rawValue &+ 1 } ?? 0)
        w.number(UInt64(traits.rawValue))
        w.bool(declaresInit)
        w.bool(hadStoredProperties)
        w.strings(inherits)
        w.int(members.count)
        for (name, member) in members {
            w.string(name)
            member.encode(into: &w)
        }
        w.int(uses.count)
        for (name, list) in uses {
            w.string(name)
            w.int(list.count)
            for use in list {
                w.string(use.name)
                w.bool(use.isCall)
            }
        }
        w.int(effects.count)
        for (name, effect) in effects {
            w.string(name)
            w.byte(effect.rawValue)
        }
        w.int(effectSites.count)
        for (name, site) in effectSites {
            w.string(name)
            w.string(site.path)
            w.range(site.range)
            w.string(site.callee)
            w.byte(site.effects.rawValue)
        }
        w.int(memberTypes.count)
        for (name, type) in memberTypes {
            w.string(name)
            w.string(type)
        }
    }

    public init(decoding r: inout ByteReader) throws {
        let name = try r.string()
        let kindByte = try r.byte()
        var kind: TypeKind?
        if kindByte > 0 {
            guard let known = TypeKind(rawValue: kindByte - 1) else { throw ByteReader.Malformed() }
            kind = known
        }
        let traits = try r.number()
        guard traits <= UInt64(UInt16.max) else { throw ByteReader.Malformed() }
        self.init(name: name, kind: kind, traits: TypeTraits(rawValue: UInt16(traits)))
        declaresInit = try r.bool()
        hadStoredProperties = try r.bool()
        inherits = try r.strings()
        func table<Value>(_ value: (inout ByteReader) throws -> Value) throws -> NameTable<Value> {
            let n = try r.count()
            var entries: [NameTable<Value>.Element] = []
            entries.reserveCapacity(n)
            for _ in 0..<n { entries.append((try r.string(), try value(&r))) }
            guard let table = NameTable(sortedEntries: entries) else { throw ByteReader.Malformed() }
            return table
        }
        members = try table { try MemberFacts(decoding: &$0) }
        uses = try table { r in
            let n = try r.count()
            var list: [MemberUse] = []
            list.reserveCapacity(n)
            for _ in 0..<n { list.append(MemberUse(name: try r.string(), isCall: try r.bool())) }
            return list
        }
        effects = try table { MemberEffects(rawValue: try $0.byte()) }
        effectSites = try table { r in
            EffectSite(path: try r.string(), range: try r.range(), callee: try r.string(), effects: MemberEffects(rawValue: try r.byte()))
        }
        memberTypes = try table { try $0.string() }
    }
}

extension MemberFacts {
    func encode(into w: inout ByteWriter) {
        let kindNumber: UInt8
        switch kind {
        case .storedVar: kindNumber = 0
        case .storedLet: kindNumber = 1
        case .computed: kindNumber = 2
        case .method: kindNumber = 3
        }
        w.byte(kindNumber | (isStatic ? 4 : 0) | (isPrivate ? 8 : 0) | (hasInitializer ? 16 : 0) | (isImplicitlyNil ? 32 : 0))
        w.number(UInt64(attributes.rawValue))
    }

    init(decoding r: inout ByteReader) throws {
        let bits = try r.byte()
        let kinds: [MemberKind] = [.storedVar, .storedLet, .computed, .method]
        let attributes = try r.number()
        guard bits < 64, attributes <= UInt64(UInt16.max) else { throw ByteReader.Malformed() }
        self.init(kind: kinds[Int(bits & 3)], attributes: MemberAttributes(rawValue: UInt16(attributes)),
                  isStatic: bits & 4 != 0, isPrivate: bits & 8 != 0,
                  initialValue: bits & 16 != 0 ? .written : bits & 32 != 0 ? .implicitNil : .none)
    }
}

extension ArgumentKind {
    func encode(into w: inout ByteWriter) {
        switch self {
        case .literal: w.byte(0)
        case .constant(let s): w.byte(1); w.string(s)
        case .parameter(let s): w.byte(2); w.string(s)
        case .member(let s): w.byte(3); w.string(s)
        case .fixedState(let s, let ifClass): w.byte(4); w.string(s); w.optionalString(ifClass)
        case .local(let s): w.byte(5); w.string(s)
        case .pinned(let s): w.byte(6); w.string(s)
        case .memberPath(let s): w.byte(7); w.string(s)
        case .statePath(let s, let holder): w.byte(8); w.string(s); w.optionalString(holder)
        case .closure: w.byte(9)
        case .call: w.byte(10)
        case .expression(let reads): w.byte(11); w.strings(reads)
        case .other: w.byte(12)
        case .construction(let type, let fromConstants, let local): w.byte(13); w.string(type); w.byte(fromConstants ? 1 : 0); w.optionalString(local)
        }
    }

    init(decoding r: inout ByteReader) throws {
        switch try r.byte() {
        case 0: self = .literal
        case 1: self = .constant(try r.string())
        case 2: self = .parameter(try r.string())
        case 3: self = .member(try r.string())
        case 4: self = .fixedState(try r.string(), ifClass: try r.optionalString())
        case 5: self = .local(try r.string())
        case 6: self = .pinned(try r.string())
        case 7: self = .memberPath(try r.string())
        case 8: self = .statePath(try r.string(), holder: try r.optionalString())
        case 9: self = .closure
        case 10: self = .call
        case 11: self = .expression(reads: try r.strings())
        case 12: self = .other
        case 13: self = .construction(try r.string(), fromConstants: try r.byte() != 0, from: try r.optionalString())
        default: throw ByteReader.Malformed()
        }
    }
}

extension IdentityContext {
    func encode(into w: inout ByteWriter) {
        switch self {
        case .presented(let by, let itemKeyed): w.byte(0); w.string(by); w.bool(itemKeyed)
        case .forEach(let key, let data): w.byte(1); w.string(key); w.string(data)
        case .id(let text): w.byte(2); w.string(text)
        }
    }

    init(decoding r: inout ByteReader) throws {
        switch try r.byte() {
        case 0: self = .presented(by: try r.string(), itemKeyed: try r.bool())
        case 1: self = .forEach(keyedBy: try r.string(), data: try r.string())
        case 2: self = .id(try r.string())
        default: throw ByteReader.Malformed()
        }
    }

    static func encode(_ contexts: [IdentityContext], into w: inout ByteWriter) {
        w.int(contexts.count)
        for context in contexts { context.encode(into: &w) }
    }

    static func decodeList(_ r: inout ByteReader) throws -> [IdentityContext] {
        let n = try r.count()
        var result: [IdentityContext] = []
        for _ in 0..<n { result.append(try IdentityContext(decoding: &r)) }
        return result
    }
}

extension ConstructionSite {
    public func encode(into w: inout ByteWriter) {
        w.string(typeName)
        w.string(path)
        w.range(range)
        w.strings(labels)
        w.int(arguments.count)
        for argument in arguments { argument.encode(into: &w) }
        IdentityContext.encode(contexts, into: &w)
        w.optionalString(enclosingType)
        w.optionalString(enclosingMember)
        var flags: UInt8 = 0
        for (bit, on) in [runsOnce, isHostingRoot, inAction, memberMakesView, memberIsStatic, inPreviewMacro, reassignsHostingRoot].enumerated() where on {
            flags |= 1 << UInt8(bit)
        }
        w.byte(flags)
    }

    public init(decoding r: inout ByteReader) throws {
        typeName = try r.string()
        path = try r.string()
        range = try r.range()
        labels = try r.strings()
        let n = try r.count()
        arguments = []
        for _ in 0..<n { arguments.append(try ArgumentKind(decoding: &r)) }
        contexts = try IdentityContext.decodeList(&r)
        enclosingType = try r.optionalString()
        enclosingMember = try r.optionalString()
        let flags = try r.byte()
        guard flags < 128 else { throw ByteReader.Malformed() }
        runsOnce = flags & 1 != 0
        isHostingRoot = flags & 2 != 0
        inAction = flags & 4 != 0
        memberMakesView = flags & 8 != 0
        memberIsStatic = flags & 16 != 0
        inPreviewMacro = flags & 32 != 0
        reassignsHostingRoot = flags & 64 != 0
    }
}

extension HelperCall {
    public func encode(into w: inout ByteWriter) {
        w.string(member)
        w.optionalString(enclosingType)
        IdentityContext.encode(contexts, into: &w)
        w.string(path)
        w.range(range)
        w.optionalString(enclosingMember)
    }

    public init(decoding r: inout ByteReader) throws {
        member = try r.string()
        enclosingType = try r.optionalString()
        contexts = try IdentityContext.decodeList(&r)
        path = try r.string()
        range = try r.range()
        enclosingMember = try r.optionalString()
    }
}

extension ConstructionNames {
    func encode(into w: inout ByteWriter) {
        w.int(hashes.count)
        for h in hashes { w.number(UInt64(h)) }
        w.bool(implicitInit)
        w.bool(identityContexts)
        w.int(destinationTypes.count)
        for h in destinationTypes { w.number(UInt64(h)) }
        w.int(previewOnly.count)
        for h in previewOnly { w.number(UInt64(h)) }
    }

    init(decoding r: inout ByteReader) throws {
        self.init()
        func hashList() throws -> [UInt32] {
            let n = try r.count()
            var list: [UInt32] = []
            list.reserveCapacity(n)
            for _ in 0..<n {
                let h = try r.number()
                guard h <= UInt64(UInt32.max) else { throw ByteReader.Malformed() }
                list.append(UInt32(h))
            }
            return list
        }
        hashes = try hashList()
        implicitInit = try r.bool()
        identityContexts = try r.bool()
        destinationTypes = try hashList()
        previewOnly = try hashList()
    }
}

// MARK: - What a file's findings read from the index

/// The index keys one file's rules looked up (the simple names of types, the member names of helper
/// calls): its findings hold for as long as the index says the same under each of them. One per file
/// being checked, used by one thread.
public final class IndexReads: @unchecked Sendable {
    public private(set) var keys = Set<String>()

    public init() {}

    @inline(__always) func note(simpleNameOf name: String) {
        let utf8 = name.utf8
        if let dot = utf8.lastIndex(of: UInt8(ascii: ".")) {
            keys.insert(String(name[utf8.index(after: dot)...]))
        } else {
            keys.insert(name)
        }
    }

    @inline(__always) func note(helper member: String) { keys.insert("()" + member) }

    /// A registered fact's key (`IndexFact.readKey`).
    func note(_ factKey: String) { keys.insert(factKey) }
}

extension ProjectIndex {
    /// This index, noting each key a query looks up in `reads`.
    public func recording(into reads: IndexReads) -> ProjectIndex {
        var copy = self
        copy.reads = reads
        return copy
    }

    /// A hash of everything the index holds under one key of `IndexReads`: the types of that simple name
    /// (a top-level type and every nested one) with their facts, and the construction sites of that name;
    /// for a helper key, the helper calls of that member. Equal fingerprints, equal answers to every query
    /// of that key.
    public func fingerprint(ofKey key: String) -> UInt64 {
        var w = ByteWriter()
        if factFingerprint(ofKey: key, into: &w) { return StableHash.of(w.bytes) }
        if key.hasPrefix("()") {
            let member = String(key.dropFirst(2))
            for call in shards[ProjectIndex.shard(of: member)].helperCalls[member] ?? [] { call.encode(into: &w) }
        } else {
            let shard = shards[ProjectIndex.shard(of: key)]
            if let facts = shard.types[key] { facts.encode(into: &w) }
            w.byte(0xff)
            for name in shard.nestedNames[key] ?? [] {
                if let facts = shard.types[name] { facts.encode(into: &w) }
            }
            w.byte(0xfe)
            for site in shard.sites[key] ?? [] { site.encode(into: &w) }
            w.byte(0xfd)
            for owner in shard.appOwners[key] ?? [] { owner.encode(into: &w) }
            w.int(constructingFileCount(of: key) ?? -1)
        }
        return StableHash.of(w.bytes)
    }
}
