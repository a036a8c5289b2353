import StatelintSyntax

/// A cross-file fact a rule can need. Rules declare the facts they query; the plan built from the
/// enabled rules decides what pass 1 parses and summarises, so a fact no enabled rule needs costs nothing.
/// A fact is either one of the facts built into the summary and the index (`builtIn`, below), or a
/// registered `IndexFact` type (`FactRegistry`), whose whole life is in its own file.
public struct ProjectFact: Hashable, Sendable, CustomStringConvertible {
    /// The fact's name (`IndexFact.id` for a registered one).
    public let rawValue: String
    /// A bit of its own (`AnalysisPlan.factBits`): its position among `allCases`.
    let bit: UInt32

    /// The fact of this name, if there is one.
    public init?(rawValue: String) {
        guard let k = ProjectFact.names.firstIndex(of: rawValue) else { return nil }
        self.rawValue = rawValue
        bit = 1 << UInt32(k)
    }

    /// The fact a registered `IndexFact` type is.
    public init(_ fact: any IndexFact.Type) {
        self.init(rawValue: fact.id)!
    }

    public var description: String { rawValue }
    public static func == (a: ProjectFact, b: ProjectFact) -> Bool { a.bit == b.bit }
    public func hash(into hasher: inout Hasher) { hasher.combine(bit) }

    /// The registered fact type, when the fact is one.
    public var factType: (any IndexFact.Type)? { FactRegistry.fact(id: rawValue) }

    /// The names of the facts built into the summary and the index (see the constants below).
    static let builtIn = ["observableMemberUses", "constructionSites", "presentations", "initializerEffects", "memberTypes",
                          "closureAssignments", "appOwners"]
    /// Every fact's name: the built-in ones, then the registered ones.
    static let names: [String] = {
        let names = builtIn + FactRegistry.all.map { $0.id }
        precondition(Set(names).count == names.count && names.count <= 32, "fact names are unique, at most 32")
        return names
    }()

    /// Every fact.
    public static var allCases: [ProjectFact] { names.map { ProjectFact(rawValue: $0)! } }

    /// What each method and computed property of an `@Observable` class reads or calls synchronously
    /// (`ProjectIndex.trackedRead`).
    public static let observableMemberUses = ProjectFact(rawValue: "observableMemberUses")!
    /// Every call that constructs a type, with the labels and kinds of its arguments and the identity
    /// context it sits in (`ProjectIndex.constructionSites(of:)`).
    public static let constructionSites = ProjectFact(rawValue: "constructionSites")!
    /// Which views are presented with `sheet`, `fullScreenCover` or `popover`, directly or through a
    /// helper member (`ProjectIndex.presentations(of:)`); built from the construction sites.
    public static let presentations = ProjectFact(rawValue: "presentations")!
    /// Whether a class's `init`, through the methods it calls, starts a `Task`, prints or logs,
    /// registers observers or timers, or does I/O (`ProjectIndex.initializerEffects(of:)`): for the
    /// classes some file hands to `State` as a new object (`@State var x = T()`, `State(initialValue:
    /// T())`), the ones whose initializers a view runs again with every value. Pass 1
    /// notes those names; the late pass summarises the files that declare or extend them.
    public static let initializerEffects = ProjectFact(rawValue: "initializerEffects")!
    /// The declared (or constructed) type of each stored property of a class, an actor or a struct that
    /// conforms to something (a view), unless it is a standard value type (`TypeFacts.memberTypes`).
    public static let memberTypes = ProjectFact(rawValue: "memberTypes")!
    /// Whether a file may keep a closure literal that uses `self`: a per-file bit rules that look for
    /// kept closures read in `mayReport` (`FileSummary.mayKeepClosure`).
    public static let closureAssignments = ProjectFact(rawValue: "closureAssignments")!
    /// Objects built once for the whole app: a `static` or global's initial value, a stored property of the
    /// `App` or its delegate, a construction in the `App`'s `init` (`ProjectIndex.appOwner(of:)`).
    public static let appOwners = ProjectFact(rawValue: "appOwners")!
    /// Where a method of a class releases what a stored property keeps (`cancellables.removeAll()`,
    /// `timer?.invalidate()`, `handler = nil`): `ReleasesFact`.
    public static let releases = ProjectFact(ReleasesFact.self)
    /// Which `Binding` parameters a class's initializers copy the value of (`value = source.wrappedValue`):
    /// `BindingCopiesFact`.
    public static let bindingCopies = ProjectFact(BindingCopiesFact.self)
    /// Which `@Published` properties of a class only mirror another object's value (`.assign(to: &$name)` from
    /// a key-value publisher in init): `ForwardedStateFact`.
    public static let forwardedState = ProjectFact(ForwardedStateFact.self)
}

/// What pass 1 must parse and summarise for the enabled rules: the facts they declare and the words
/// whose presence lets them skip files. The engine asks the plan; it names no rule and no attribute.
public struct AnalysisPlan: Sendable {
    /// The facts to collect.
    public let facts: Set<ProjectFact>
    /// `facts` as bits (`ProjectFact.bit`): what a summary of every file asks, without hashing.
    let factBits: UInt32
    /// The registered facts among `facts` (`IndexFact`), in registry order: what `FileContributions` collects.
    let indexFacts: [any IndexFact.Type]
    /// Identifiers whose presence in a file the summary records (`FileSummary.mentions(_:)`).
    public let words: [String]
    /// `words` as bytes, and the indices of the words by first byte (made once, not per file).
    let wordBytes: [[UInt8]]
    let wordsByFirstByte: [[Int]]
    /// The first bytes and lengths of `words`: most identifiers are ruled out before any lookup.
    let wordPrefilter: NamePrefilter
    /// What the lexer notes in pass 1 for the summary's token walk (`FileSummary.init(tree:plan:late:notable:)`).
    public let tokenNotes: TokenNotes
    /// Which types construction sites are collected for (the rules that need sites say which types they
    /// ask about; nil: every type).
    public let siteFilter: (@Sendable (TypeFacts, ProjectIndex) -> Bool)?

    public init(facts: some Sequence<ProjectFact>, words: some Sequence<String> = [String](),
                siteFilter: (@Sendable (TypeFacts, ProjectIndex) -> Bool)? = nil) {
        self.facts = Set(facts)
        factBits = self.facts.reduce(0) { $0 | $1.bit }
        let collected = self.facts
        indexFacts = FactRegistry.all.filter { collected.contains(ProjectFact($0)) }
        var seen = Set<String>()
        self.words = words.filter { seen.insert($0).inserted }
        wordBytes = self.words.map { Array($0.utf8) }
        var byFirst = [[Int]](repeating: [], count: 256)
        for k in wordBytes.indices where !wordBytes[k].isEmpty { byFirst[Int(wordBytes[k][0])].append(k) }
        wordsByFirstByte = byFirst
        wordPrefilter = NamePrefilter(Set(self.words))
        tokenNotes = ConstructionNames.tokenNotes(words: self.words)
        self.siteFilter = siteFilter
    }

    /// Whether the plan collects `fact` (`facts.contains`, by its bit).
    @inline(__always) public func collects(_ fact: ProjectFact) -> Bool { factBits & fact.bit != 0 }

    /// Observable member uses only: what the index held before rules declared facts.
    public static let observableUses = AnalysisPlan(facts: [.observableMemberUses])

    /// Every fact (tests, and measuring what the facts cost).
    public static let everything = AnalysisPlan(facts: ProjectFact.allCases)

    /// How deep pass 1 parses: declarations, with the bodies of the classes whose member uses are
    /// needed. (Construction sites are collected after pass 1, by `SecondRoundSearch`, in the files that name
    /// a type they are wanted for.)
    public var pass1Depth: SyntaxTree.Depth {
        if collects(.observableMemberUses) { return .declarations(bodiesIn: .classesMarked("Observable")) }
        return .declarations(bodiesIn: .none)
    }

    /// Whether member uses (and effects) are summarised for a type declared in the file being summarised.
    func wantsUses(_ tree: SyntaxTree, type i: Int) -> Bool {
        // (Read in place: a copy of the declaration retained each of its arrays.)
        collects(.observableMemberUses) && tree.types[i].kind == .class && tree.types[i].hasAttribute("Observable")
    }

    /// Whether an extension's member uses are needed, now that its type's merged facts are known (the
    /// late pass re-reads the files of such extensions).
    public func needsLateUses(_ type: TypeFacts) -> Bool {
        collects(.observableMemberUses) && type.isObservable
    }

    /// Whether construction sites are collected.
    public var wantsSites: Bool { factBits & AnalysisPlan.siteBits != 0 }
    /// The facts that come from the construction-site search.
    public static let siteFacts: Set<ProjectFact> = [.constructionSites, .presentations]
    /// `siteFacts` as bits.
    static let siteBits: UInt32 = siteFacts.reduce(0) { $0 | $1.bit }

    /// Whether sites of this type are wanted.
    public func wantsSites(of type: TypeFacts, in index: ProjectIndex) -> Bool { wantsSites && (siteFilter?(type, index) ?? true) }
}

/// What the late pass summarises, once the merged index is known: the extensions whose member uses a
/// rule needs (an `@Observable` class's, declared elsewhere), and the classes whose initializer effects
/// are wanted (those handed to a property wrapper as a new object), in the files that declare or extend
/// them. The engine and the tests both ask it which files to read again.
public struct LatePass: Sendable {
    /// Extended types (qualified names) whose extensions' uses are needed.
    public var extensions: Set<String> = []
    /// Classes and actors (qualified names) whose uses and effects are needed in every file that declares
    /// or extends them.
    public var effects: Set<String> = []

    public var isEmpty: Bool { extensions.isEmpty && effects.isEmpty }

    public init(index: ProjectIndex, summaries: some Sequence<FileSummary?>, plan: AnalysisPlan) {
        var wrapped = Set<String>()
        for case let summary? in summaries {
            for name in summary.extensionsWithoutUses where !extensions.contains(name) {
                if let facts = index.facts(for: name), plan.needsLateUses(facts) { extensions.insert(name) }
            }
            if plan.collects(.initializerEffects) { wrapped.formUnion(summary.wrappedConstructions) }
        }
        for simple in wrapped {
            for name in index.qualifiedNames(simple: simple) {
                guard let facts = index.type(named: name), facts.kind == .class || facts.kind == .actor else { continue }
                effects.insert(name)
            }
        }
    }

    /// Whether a file must be summarised again.
    public func needs(_ summary: FileSummary) -> Bool {
        (!extensions.isEmpty && summary.extensionsWithoutUses.contains(where: extensions.contains))
            || (!effects.isEmpty && summary.typeNames.contains(where: effects.contains))
    }
}
