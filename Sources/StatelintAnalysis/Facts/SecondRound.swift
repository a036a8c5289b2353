import StatelintSyntax

// The facts the engine collects after pass 1, in round 1 of pass 2 (the "second round" of collection):
// what to search files for (`SecondRoundSearch`), what a file yields (`SecondRoundFindings`) and how the
// findings join the index (`ProjectIndex.add(secondRound:)`). Today these are the construction sites of the
// types rules ask about, and helper calls in identity contexts; the engine names none of that.

/// What round 1 of pass 2 searches files for, decided from the pass-1 index, pass 1's summaries and the
/// plan: the construction sites of the types some rule asks about (simple names), and helper calls in
/// identity contexts. Empty (`isEmpty`) when the plan wants no such facts, or no type is asked about.
public struct SecondRoundSearch: Sendable {
    /// The wanted types' simple names: bodies that name one are walked.
    let types: WordSet
    /// Types (qualified names) whose bodies that name an identity context are walked for helper calls.
    let builders: Set<String>
    /// The builders' simple names (a navigation destination's data type is named by it).
    let builderNames: WordSet
    let contextWords = WordSet(ConstructionNames.contextNames)
    /// What a file without pass-1 notes is scanned for before it is parsed.
    let scanWords: WordSet
    /// A wanted type is named like a framework type (`struct Label: View`).
    let namesFrameworkType: Bool
    /// The plan the search was made for (which types' facts it wants).
    let plan: AnalysisPlan
    /// The qualified names of the index's types whose sites the plan wants (nil: not computed; `asksAbout`
    /// then asks the plan of each type's facts).
    var wantedTypes: Set<String>?

    /// The search's number in the cache of the run (the engine's analysis cache), or -1 without one.
    public var cacheKey = -1
    /// The search's key in the disk cache (a hash of `keyText`), or 0 without one.
    public var diskKey: UInt64 = 0

    /// The search for the types the plan wants sites of in `index`. Helper calls matter only in the types
    /// whose members may build a wanted type: those declared or extended in files (`summaries`) that may
    /// construct one.
    public init(index: ProjectIndex, summaries: [FileSummary?], plan: AnalysisPlan) {
        // The types sites are wanted for: simple names to search for.
        var wantedNames = Set<String>()
        var wantedTypes = Set<String>()
        if plan.wantsSites {
            index.forEachType { facts in
                if plan.wantsSites(of: facts, in: index) {
                    wantedNames.insert(String(facts.name.split(separator: ".").last ?? ""))
                    wantedTypes.insert(facts.name)
                }
            }
        }
        var builders = Set<String>()
        if !wantedNames.isEmpty {
            let names = WordSet(wantedNames)
            for summary in summaries {
                guard let summary, summary.constructions.implicitInit || summary.constructions.mayConstruct(any: names) else { continue }
                builders.formUnion(summary.typeNames)
            }
        }
        self.init(types: wantedNames, builders: builders, plan: plan)
        self.wantedTypes = wantedTypes
    }

    init(types: Set<String>, builders: Set<String>, plan: AnalysisPlan) {
        self.types = WordSet(types)
        builderNames = WordSet(Set(builders.map { String($0.lastDottedPart) }))
        namesFrameworkType = !types.isDisjoint(with: ConstructionNames.frameworkNames)
        self.builders = builders
        scanWords = types.isEmpty ? self.types : WordSet(types.union(ConstructionNames.contextNames))
        self.plan = plan
    }

    /// Nothing is searched for: no file is searched, and nothing is added to the index.
    public var isEmpty: Bool { types.isEmpty }

    /// How many types the search looks for (for statistics).
    public var typeCount: Int { types.words.count }

    /// What the search looks for, as one string: the caches' key for a file's findings. (It sorts every
    /// wanted name: make it only when a cache is used.)
    public var keyText: String {
        types.words.sorted().joined(separator: " ") + "|" + builders.sorted().joined(separator: " ")
    }

    /// Whether a file may hold something the search finds, from pass 1's notes of it: nil when only a
    /// scan of its bytes (`mayHold(bytes:)`) or tokens (`mayHold(tree:)`) can tell (no notes, a
    /// `.init(…)` whose type only an annotation names, or a wanted type named like a framework type,
    /// which the notes leave out).
    public func mayHold(_ summary: FileSummary?) -> Bool? {
        guard !types.isEmpty else { return false }
        guard let summary, !namesFrameworkType else { return nil }
        let notes = summary.constructions
        if notes.mayConstruct(any: types) { return true }
        if notes.identityContexts && summary.typeNames.contains(where: builders.contains) { return true }
        // `navigationDestination(for: Route.self) { $0.view() }` where `Route` builds views.
        if notes.usesAsDestination(any: builderNames) { return true }
        return notes.implicitInit ? nil : false
    }

    /// Whether a file's bytes name a word the search looks for (when they do not, it finds nothing there).
    public func mayHold(bytes: [UInt8]) -> Bool { scanWords.occurs(in: bytes) }

    /// Whether a parsed file's name tokens name a word the search looks for (cheaper than `mayHold(bytes:)`
    /// once the file is parsed).
    public func mayHold(tree: SyntaxTree) -> Bool { scanWords.namesAny(in: tree) }

    /// The same from a file's significant tokens, before a parse (pass 1's, kept for pass 2).
    public func mayHold(tokens: [Token], of bytes: [UInt8]) -> Bool { scanWords.namesAny(in: tokens, of: bytes) }

    /// Whether a file declares or extends a type whose facts the search collects: a rule that asks for
    /// them may report there only once they are in the index (the file is checked in round 2).
    public func asksAbout(_ summary: FileSummary, index: ProjectIndex) -> Bool {
        guard let wanted = wantedTypes else {
            return summary.typeNames.contains { index.fact(for: $0) { plan.wantsSites(of: $0, in: index) } ?? false }
        }
        // (The type each name resolves to, by name: its facts are not copied for the question.)
        return !wanted.isEmpty && summary.typeNames.contains { index.resolvedName(of: $0).map(wanted.contains) ?? false }
    }

    /// What a file holds that the search looks for.
    public func collect(in tree: SyntaxTree) -> SecondRoundFindings {
        let (sites, helpers) = ConstructionSite.collect(in: tree, types: types.words, bodies: types,
                                                        helperBodies: contextWords, helperTypes: builders)
        return SecondRoundFindings(sites: sites, helpers: helpers)
    }
}

/// What the second-round search found in one file (construction sites and helper calls), as the engine
/// and its caches keep it until every file is searched.
public struct SecondRoundFindings: Sendable {
    var sites: [ConstructionSite] = []
    var helpers: [HelperCall] = []

    /// Nothing found.
    public init() {}

    init(sites: [ConstructionSite], helpers: [HelperCall]) {
        self.sites = sites
        self.helpers = helpers
    }

    /// Whether nothing was found.
    public var isEmpty: Bool { sites.isEmpty && helpers.isEmpty }

    /// The findings of a file of the project's sample code: its sites are no witnesses
    /// (`ConstructionSite.inSampleCode`).
    public func markedAsSampleCode() -> SecondRoundFindings {
        var marked = self
        for k in marked.sites.indices { marked.sites[k].inSampleCode = true }
        return marked
    }

    /// Writes the findings (the disk cache's bytes: the sites, then the helper calls, each counted).
    public func encode(into w: inout ByteWriter) {
        w.int(sites.count)
        for site in sites { site.encode(into: &w) }
        w.int(helpers.count)
        for call in helpers { call.encode(into: &w) }
    }

    /// Reads findings written by `encode(into:)`.
    public init(decoding r: inout ByteReader) throws {
        for _ in 0..<(try r.count()) { sites.append(try ConstructionSite(decoding: &r)) }
        for _ in 0..<(try r.count()) { helpers.append(try HelperCall(decoding: &r)) }
    }
}

extension ProjectIndex {
    /// Adds what the second-round search found in every file (in file order): the sites, and the helper
    /// calls that matter, calls of members a site is built in (`body` and initializers are never helpers:
    /// SwiftUI calls `body`, and `init` is a construction). A site with an identity context of its own (a
    /// `ForEach` row) still takes the helper call's (an `.id(…)` or a presentation around the `ForEach`).
    public mutating func add(secondRound found: [SecondRoundFindings]) {
        let sites = found.flatMap(\.sites)
        let helperNames = Set(sites.compactMap { site -> String? in
            guard let member = site.enclosingMember, member != "body", member != "init" else { return nil }
            return member
        })
        // And the calls of the members those calls are in, up the chain (`body` → `content` → `rows`, four
        // links: `ProjectIndex.identityContexts(of:)` reads an ancestor's `.id(…)` there).
        var byMember: [String: [Int]] = [:]
        let helpers = found.flatMap(\.helpers)
        for (k, call) in helpers.enumerated() { byMember[call.member, default: []].append(k) }
        var kept = [Bool](repeating: false, count: helpers.count)
        var frontier = Array(helperNames)
        var seen = helperNames
        for _ in 0..<4 where !frontier.isEmpty {
            var next: [String] = []
            for member in frontier {
                for k in byMember[member] ?? [] {
                    kept[k] = true
                    if let up = helpers[k].enclosingMember, up != "body", up != "init", seen.insert(up).inserted { next.append(up) }
                }
            }
            frontier = next
        }
        addSites(sites, helpers: helpers.indices.filter { kept[$0] }.map { helpers[$0] })
    }
}
