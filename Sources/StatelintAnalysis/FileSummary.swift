import StatelintSyntax

/// The facts one file contributes to the project index; extracted in parallel, merged once.
public struct FileSummary: Sendable {
    /// One entry per type declaration or extension in the file (empty in a `light` summary).
    public var types: [TypeFacts]
    /// The names of the types declared or extended in the file, without duplicates, in file order.
    public var typeNames: [String] = []
    /// Qualified names of the types that have an `init` in this file, without duplicates.
    public var typesWithInit: [String] = []
    /// The plan's words that occur in the file as identifiers (`mentions(_:)`).
    public var mentionedWords: [String] = []
    /// Whether a comment's text starts with `statelint:` (a suppression directive, maybe malformed).
    public var hasSuppressionComments = false
    /// Whether the file names `self` and may keep a closure literal: an `=` followed by a closure's `{`
    /// (`x = {`, `lazy var f = {`), or one passed to `append` / `insert` / `updateValue` / `formUnion`
    /// (when the plan asks: `closureAssignments`). An escaping closure of a class uses `self` explicitly
    /// (`self.x`, `[self]`, `guard let self`), so a file without the word keeps none that holds it.
    public var mayKeepClosure = false
    /// Whether the keyword `self` occurs in the file (when the plan asks: `closureAssignments`).
    public var namesSelf = false
    /// Whether some `body` property is declared as a view (`var body: some View`).
    public var declaresViewBody = false
    /// Extensions whose member uses were not computed (their type's kind is unknown here), without duplicates.
    public var extensionsWithoutUses: [String] = []
    /// Simple names of the types the file hands to `State` as a new object (`@State var x = T()`,
    /// `: T = .init()`, `State(initialValue: T())`), without duplicates (when the plan asks:
    /// `initializerEffects`).
    public var wrappedConstructions: [String] = []
    /// Calls that construct a type, and calls of helper members in identity contexts (only when the plan
    /// collects construction sites).
    public var constructionSites: [ConstructionSite] = []
    public var helperCalls: [HelperCall] = []
    /// Where the file may construct a type (only when the plan collects construction sites; kept in the
    /// light summary: the site search asks it which files to parse instead of reading every file again).
    public var constructions = ConstructionNames.none
    /// Objects the file builds once for the whole app (`static let shared = Store()`, an `App`'s
    /// `@StateObject var store = Store()`): see `AppOwner`.
    public var appOwners: [AppOwner] = []
    /// Whether the plan collected app owners (then `constructions` counts toward the index's constructing files).
    public var collectsAppOwners = false

    /// Whether one of the plan's words occurs in the file as an identifier.
    public func mentions(_ word: String) -> Bool { mentionedWords.contains(word) }

    /// The summary without member details, enough to decide which rules may report in the file.
    /// Only names are kept (rules look the rest up in the index): what pass 2 needs to decide whether
    /// a rule may report in the file, in a few hundred bytes.
    public var light: FileSummary {
        var copy = self
        copy.types = []
        copy.constructionSites = []
        copy.helperCalls = []
        return copy
    }

    /// Extracts a file's contribution for a plan. Member uses (what each method reads or calls) are
    /// computed for the types the plan wants them for, declared in this file; an extension's are computed
    /// later, if its type turns out to need them, and so are initializer effects: the late pass passes
    /// what it needs in `late` (then only those uses and effects are computed).
    /// `notable`: the tokens the lexer noted for `plan.tokenNotes` (`LexedTokens.notable`), the only ones its
    /// token walk then visits.
    public init(tree: SyntaxTree, plan: AnalysisPlan = .observableUses, late: LatePass? = nil, notable: [Int32]? = nil) {
        var result = FileSummary.declaredTypes(tree)
        (typesWithInit, extensionsWithoutUses) = FileSummary.addFunctionFacts(tree, to: &result, plan: plan, late: late)
        if plan.collects(.memberTypes) { FileSummary.addMemberTypes(tree, to: &result) }
        types = result
        var seen = NameDeduplicator()
        for facts in result where seen.isNew(facts.name, among: typeNames) { typeNames.append(facts.name) }
        // The token-level facts in one walk of the tokens: the plan's words, the closure hints (only where
        // `self` can be kept alive: a class, an actor, or an extension of a type declared elsewhere) and, when
        // the plan collects them, the construction notes.
        let wantsHints = plan.collects(.closureAssignments) && result.contains(where: { $0.kind == nil || $0.kind == .class || $0.kind == .actor })
        var visitor = SummaryTokens(tree: tree, plan: plan, hints: wantsHints)
        if plan.wantsSites || plan.collects(.appOwners) && late == nil {
            constructions = ConstructionNames(tree, notable: notable, also: &visitor)
        } else if !plan.words.isEmpty || wantsHints {
            visitor.walk(tree, notable: notable)
        }
        if !plan.words.isEmpty { mentionedWords = plan.words.indices.filter { visitor.found[$0] }.map { plan.words[$0] } }
        if wantsHints { (namesSelf, mayKeepClosure) = (visitor.namesSelf, visitor.namesSelf && visitor.keeps) }
        if plan.collects(.initializerEffects) && late == nil {
            // `State(initialValue: T())` spells `State` as a name: a file whose names do not (when the plan
            // looks for the word anyway) needs no scan of its tokens for it.
            let spellsState = !plan.words.contains("State") || mentionedWords.contains("State")
            wrappedConstructions = FileSummary.wrappedConstructions(in: tree, scanningTokens: spellsState)
        }
        hasSuppressionComments = tree.hasComment(startingWith: "statelint:")
        if plan.collects(.appOwners) && late == nil {
            appOwners = AppOwner.collect(tree, registrations: AppOwner.importsContainer(tree.imports))
            collectsAppOwners = true
        }
        // (By index: a copy of each declaration would retain its arrays.)
        // (The length first: most names are not four bytes long, and a string comparison costs a call.)
        for v in tree.variables.indices where tree.variables[v].ownerType >= 0 && tree.variables[v].name.utf8.count == 4
            && tree.variables[v].name == "body" {
            if let range = tree.variables[v].typeRange,
               FileSummary.spellsView(tree.file.bytes, Int(tree.tokens[Int(range.lowerBound)].start)..<tree.tokens[Int(range.upperBound)].end) {
                declaresViewBody = true
            }
        }
    }

    /// The file's type declarations and extensions, each with its stored and computed properties.
    static func declaredTypes(_ tree: SyntaxTree) -> [TypeFacts] {
        // (Declarations are read in place, here and below: a copy of one retained each of its arrays.)
        var result: [TypeFacts] = tree.types.indices.map { i in
            let kind = tree.types[i].kind
            var facts = TypeFacts(
                name: tree.qualifiedName(ofType: Int32(i)),
                kind: kind == .extension ? nil : kind,
                traits: TypeTraits(attributes: tree.types[i].attributes.map(\.baseNameString))
                    .union(TypeTraits(conformances: tree.types[i].inherited)))
            facts.inherits = FileSummary.projectInheritance(tree.types[i].inherited)
            return facts
        }
        // Members are collected per type and sorted once (types with thousands of members stay fast).
        var variables = Array(repeating: [NameTable<MemberFacts>.Element](), count: result.count)
        for v in tree.variables.indices where tree.variables[v].ownerType >= 0 {
            let attributes = MemberAttributes(names: tree.variables[v].attributes.map(\.baseNameString))
            let kind: MemberKind = tree.variables[v].isComputed ? .computed : (tree.variables[v].isVar ? .storedVar : .storedLet)
            let modifiers = tree.variables[v].modifiers
            variables[Int(tree.variables[v].ownerType)].append((tree.variables[v].name, MemberFacts(
                kind: kind, attributes: attributes,
                isStatic: modifiers.contains(.static) || modifiers.contains(.class),
                isPrivate: modifiers.contains(.private) || modifiers.contains(.fileprivate),
                initialValue: tree.variables[v].initializer >= 0 ? .written
                    : tree.variables[v].isVar && !tree.variables[v].attributes.isEmpty && !tree.variables[v].isComputed
                        && tree.isOptional(tree.variables[v].typeRange) ? .implicitNil : .none)))
        }
        // The last declaration of a variable name wins (as before: later `#if` branches override).
        for i in variables.indices where !variables[i].isEmpty {
            result[i].members = NameTable(variables[i]) { _, later in later }
        }
        FileSummary.markMintedIdentities(tree, in: &result)
        return result
    }

    /// Adds each type's methods, and (for the types pass 1 or the late pass wants them for) what its methods,
    /// initializers and getters read or call and what they do; returns the types with an `init` in the file and
    /// the extensions whose uses were not computed.
    static func addFunctionFacts(_ tree: SyntaxTree, to result: inout [TypeFacts], plan: AnalysisPlan,
                                 late: LatePass?) -> (typesWithInit: [String], extensionsWithoutUses: [String]) {
        var typesWithInit: [String] = []
        var extensionsWithoutUses: [String] = []
        var methods = Array(repeating: [NameTable<MemberFacts>.Element](), count: result.count)
        let wantsUses: [Bool] = tree.types.indices.map { i in
            if let late {
                return late.effects.contains(result[i].name) || tree.types[i].kind == .extension && late.extensions.contains(result[i].name)
            }
            return plan.wantsUses(tree, type: i)
        }
        // (The tables of uses and effects only when some type wants them: most files have none.)
        let anyUses = wantsUses.contains(true)
        var methodUses = Array(repeating: [NameTable<[MemberUse]>.Element](), count: anyUses ? result.count : 0)
        // Effects are computed in the late pass, for the types it names.
        let wantsEffects = plan.collects(.initializerEffects) && late != nil
        var memberEffects = Array(repeating: [NameTable<MemberEffects>.Element](), count: anyUses && wantsEffects ? result.count : 0)
        var effectSites = Array(repeating: [NameTable<EffectSite>.Element](), count: anyUses && wantsEffects ? result.count : 0)
        func addEffects(of function: Int, as names: String..., to owner: Int) {
            record(MemberEffects.scan(tree, function: function), as: names, to: owner)
        }
        func addEffects(ofExpression expression: Int32, as name: String, to owner: Int) {
            let scanned = MemberEffects.scan(tree, root: expression)
            if !scanned.effects.isEmpty { record(scanned, as: [name], to: owner) }
        }
        func record(_ scanned: (effects: MemberEffects, first: Int32, firstEffects: MemberEffects), as names: [String], to owner: Int) {
            let (effects, first, firstEffects) = scanned
            for name in names { memberEffects[owner].append((name, effects)) }
            guard first >= 0 else { return }
            let callee = tree.callee(of: first)
            let at = callee >= 0 ? callee : first
            let site = EffectSite(path: tree.file.path, range: tree.byteRange(of: at), callee: EffectSite.shown(tree.text(of: at)), effects: firstEffects)
            for name in names { effectSites[owner].append((name, site)) }
        }
        var seenExtensions = NameDeduplicator()
        var seenInits = NameDeduplicator()
        for i in tree.types.indices where tree.types[i].kind == .extension && !wantsUses[i] {
            if seenExtensions.isNew(result[i].name, among: extensionsWithoutUses) { extensionsWithoutUses.append(result[i].name) }
        }
        let functions = tree.functions
        for index in functions.indices where functions[index].ownerType >= 0 {
            let owner = Int(functions[index].ownerType)
            let functionKind = functions[index].kind
            if functionKind == .initializer && seenInits.isNew(result[owner].name, among: typesWithInit) { typesWithInit.append(result[owner].name) }
            switch functionKind {
            case .function:
                methods[owner].append((functions[index].name, MemberFacts(
                    kind: .method, attributes: MemberAttributes(names: functions[index].attributes.map(\.baseNameString)),
                    isStatic: functions[index].modifiers.contains(.static) || functions[index].modifiers.contains(.class),
                    isPrivate: functions[index].modifiers.contains(.private), initialValue: .none)))
                if wantsUses[owner] { methodUses[owner].append((functions[index].name, FileSummary.uses(in: tree, function: index))) }
                if wantsUses[owner] && wantsEffects { addEffects(of: index, as: functions[index].name, to: owner) }
            case .initializer:
                if tree.types[owner].kind != .extension { result[owner].declaresInit = true }
                if wantsUses[owner] && wantsEffects {
                    // Under `init` (every initializer) and under its labels (`init(preset:)`), so a construction
                    // with those labels is followed into that initializer only.
                    let uses = FileSummary.uses(in: tree, function: index)
                    let signature = FileSummary.initSignature(functions[index].parameters.map { $0.label ?? $0.name })
                    methodUses[owner].append(("init", uses))
                    methodUses[owner].append((signature, uses))
                    addEffects(of: index, as: "init", signature, to: owner)
                }
            case .accessor where functions[index].name.utf8.count == 3 && functions[index].name == "get" && functions[index].ownerVariable >= 0:
                let name = tree.variables[Int(functions[index].ownerVariable)].name
                if wantsUses[owner] { methodUses[owner].append((name, FileSummary.uses(in: tree, function: index))) }
                if wantsUses[owner] && wantsEffects { addEffects(of: index, as: name, to: owner) }
            default:
                break
            }
        }
        if wantsEffects && anyUses {
            // A stored property's initial value runs in every initializer, before its body: its effects
            // are kept as `=name` (no member is named so), which `initializerEffects` always reads.
            for v in tree.variables.indices where tree.variables[v].ownerType >= 0 && tree.variables[v].initializer >= 0
                && !tree.variables[v].isComputed && wantsUses[Int(tree.variables[v].ownerType)] {
                let modifiers = tree.variables[v].modifiers
                guard !modifiers.contains(.static) && !modifiers.contains(.class) && !modifiers.contains(.lazy) else { continue }
                addEffects(ofExpression: tree.variables[v].initializer, as: "=" + tree.variables[v].name, to: Int(tree.variables[v].ownerType))
            }
        }
        for i in result.indices {
            // A variable beats a method of the same name; among overloads the first is kept.
            if !methods[i].isEmpty { result[i].members.merge(NameTable(methods[i]) { first, _ in first }) { variable, _ in variable } }
            if i < methodUses.count && !methodUses[i].isEmpty { result[i].uses = NameTable(methodUses[i]) { FileSummary.union($0, $1) } }
            if i < memberEffects.count && !memberEffects[i].isEmpty { result[i].effects = NameTable(memberEffects[i]) { $0.union($1) } }
            if i < effectSites.count && !effectSites[i].isEmpty { result[i].effectSites = NameTable(effectSites[i], combine: EffectSite.first) }
        }
        return (typesWithInit, extensionsWithoutUses)
    }

    /// Adds the declared (or constructed) type of each stored property of the classes, actors and structs
    /// that conform to something (views).
    static func addMemberTypes(_ tree: SyntaxTree, to result: inout [TypeFacts]) {
        var memberTypes = Array(repeating: [NameTable<String>.Element](), count: result.count)
        // Classes and actors (what their objects hold), and structs that conform to something (views:
        // what they build); other types' members are dropped by compaction anyway.
        let wanted = tree.types.indices.map { i in
            let kind = tree.types[i].kind
            return kind == .class || kind == .actor || kind == .struct && !tree.types[i].inherited.isEmpty
        }
        // (Filtered by index before a declaration is copied.)
        for v in tree.variables.indices where tree.variables[v].ownerType >= 0 && !tree.variables[v].isComputed
            && wanted[Int(tree.variables[v].ownerType)] {
            let variable = tree.variables[v]
            guard let type = tree.declaredType(of: variable), FileSummary.keepsMemberType(type) else { continue }
            memberTypes[Int(variable.ownerType)].append((variable.name, type))
        }
        for i in result.indices where !memberTypes[i].isEmpty {
            result[i].memberTypes = NameTable(memberTypes[i]) { _, later in later }
        }
    }

    /// Gives `TypeTraits.mintsIdentity` to each struct whose values make their own identity: its stored
    /// `id` starts as a new `UUID()`, nothing in the declaration sets it again (a `let`, or a `var` no
    /// `id =` in the body writes), and every other stored instance property is a `let`. Two values with one
    /// id are then copies of one value: a row keyed by that id never sees its element change.
    static func markMintedIdentities(_ tree: SyntaxTree, in result: inout [TypeFacts]) {
        // (Found from the `id` properties, a few per file: no table per type is made for the others.)
        var mutableOwners: Set<Int32>?
        for v in tree.variables.indices where tree.variables[v].ownerType >= 0 && tree.variables[v].name.utf8.count == 2 {
            let owner = Int(tree.variables[v].ownerType)
            guard tree.variables[v].name == "id", !tree.variables[v].isComputed, tree.types[owner].kind == .struct,
                  !tree.variables[v].modifiers.contains(.static), tree.variables[v].initializer >= 0 else { continue }
            let expression = tree[tree.variables[v].initializer]
            guard expression.firstToken >= 0, expression.lastToken == expression.firstToken + 2,
                  tree.token(expression.firstToken, is: "UUID"), tree.tokens[Int(expression.firstToken) + 1].kind == .leftParen,
                  tree.tokens[Int(expression.lastToken)].kind == .rightParen else { continue }
            // Every other stored instance property is a `let` (the types with a stored `var` other than `id`
            // are found in one walk, the first time a candidate needs them: linear in the file).
            if mutableOwners == nil {
                var owners = Set<Int32>()
                for w in tree.variables.indices where tree.variables[w].ownerType >= 0 && tree.variables[w].isVar
                    && !tree.variables[w].isComputed && !tree.variables[w].modifiers.contains(.static)
                    && tree.variables[w].name != "id" {
                    owners.insert(tree.variables[w].ownerType)
                }
                mutableOwners = owners
            }
            if mutableOwners?.contains(Int32(owner)) == true { continue }
            if tree.variables[v].isVar {
                // (`id = other.id`, `self.id = id` in an `init` or a `mutating` method: the id can be set.)
                let body = tree.types[owner]
                guard body.openBrace >= 0, body.closeBrace > body.openBrace else { continue }
                let name = tree.variables[v].nameToken
                var k = body.openBrace + 1
                var written = false
                while k + 1 < body.closeBrace {
                    if k != name, tree.tokens[Int(k)].kind == .identifier, tree.tokens[Int(k)].length == 2,
                       tree.token(k, is: "id"), tree.token(k + 1, is: "=") { written = true; break }
                    k += 1
                }
                if written { continue }
            }
            result[owner].traits.insert(.mintsIdentity)
        }
    }

    /// Whether the bytes in `range` hold `View` (a byte scan: a text search of a `String` costs far more).
    /// Text with non-ASCII bytes, where characters may span bytes, is searched as text.
    static func spellsView(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count, range.count >= 4 else { return false }
        if bytes[range].contains(where: { $0 >= 0x80 }) { return String(decoding: bytes[range], as: UTF8.self).contains("View") }
        var i = range.lowerBound
        while i + 4 <= range.upperBound {
            if bytes[i] == 0x56 && bytes[i + 1] == 0x69 && bytes[i + 2] == 0x65 && bytes[i + 3] == 0x77 { return true }
            i += 1
        }
        return false
    }

    /// The simple names of the types handed to `State` as a new object — the wrapper whose initial value
    /// runs with every view value (`StateObject`'s is an autoclosure): the initial value of a `@State`
    /// property, and the argument of `State(initialValue:)` / `State(wrappedValue:)` (a token scan:
    /// initializer bodies are not parsed in pass 1).
    /// `init(preset:)`, `init(_:)`, `init()`: an initializer's key by its argument labels (`_` for none).
    public static func initSignature(_ labels: [String]) -> String {
        "init(" + labels.map { $0 + ":" }.joined() + ")"
    }

    static func wrappedConstructions(in tree: SyntaxTree, scanningTokens: Bool = true) -> [String] {
        var names: [String] = []
        var seen = Set<Substring>()
        func add(_ written: String) {
            var name = Substring(written)
            if let open = name.firstIndex(of: "<") { name = name[..<open] }
            if let dot = name.lastIndex(of: ".") { name = name[name.index(after: dot)...] }
            if !name.isEmpty && seen.insert(name).inserted { names.append(String(name)) }
        }
        for v in tree.variables.indices where tree.variables[v].ownerType >= 0 && tree.variables[v].initializer >= 0
            && tree.variables[v].attributes.contains(where: { $0.baseName == "State" }) {
            let value = tree.unwrapExpression(tree.variables[v].initializer)
            if value >= 0, tree[value].kind == .call, let type = tree.constructedType(value) { add(type) }
        }
        guard scanningTokens else { return names }
        let tokens = tree.tokens
        // The candidates first (`initialValue:` / `wrappedValue:` after `State(`), in one tight loop.
        var candidates: [Int] = []
        tokens.withUnsafeBufferPointer { t in
            var i = 2
            while i + 3 < t.count {
                if t[i].kind == .identifier && t[i].length == 12 && t[i + 1].kind == .colon && t[i - 1].kind == .leftParen {
                    candidates.append(i)
                }
                i += 1
            }
        }
        for i in candidates {
            let label = tree.text(Int32(i))
            guard label == "initialValue" || label == "wrappedValue", tree.text(Int32(i - 2)) == "State" else { continue }
            // `T(`, `Outer.T(`, `T.init(`, `T<U>(` (the name before any `<`).
            var j = i + 2
            var last = ""
            while j < tokens.count, tokens[j].kind == .identifier {
                let word = tree.text(Int32(j))
                if word != "init" { last = word }
                guard j + 1 < tokens.count, tokens[j + 1].kind == .period else { break }
                j += 2
            }
            if let first = last.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") { add(last) }
        }
        return names
    }

    /// The simple names among `inherited` that may be the project's own protocols or classes: not the
    /// conformances `TypeTraits` knows, not common standard protocols, not generic or composed spellings.
    static func projectInheritance(_ inherited: [String]) -> [String] {
        if inherited.isEmpty { return [] }
        var names: [String] = []
        for var written in inherited {
            // The last component before any generic arguments, as bytes: common names are ruled out by a hash
            // of their bytes, and only the others become strings.
            let name: String? = written.withUTF8 { bytes in
                var end = 0
                while end < bytes.count && bytes[end] != UInt8(ascii: "<") { end += 1 }
                var start = end
                while start > 0 && bytes[start - 1] != UInt8(ascii: ".") { start -= 1 }
                guard start < end, bytes[start] >= UInt8(ascii: "A"), bytes[start] <= UInt8(ascii: "Z") else { return nil }
                let base = UnsafeBufferPointer(rebasing: bytes[start..<end])
                return commonHashes.contains(WordSet.hash(base)) ? nil : String(decoding: base, as: UTF8.self)
            }
            if let name, !names.contains(name) { names.append(name) }
        }
        if names.count > 1 { names.sort() }
        return names
    }

    /// Byte hashes (`WordSet.hash`) of the names `projectInheritance` leaves out.
    static let commonHashes = HashSet64((Array(commonInheritance) + TypeTraits.conformanceNames.map(\.0)).map { WordSet.hash($0.utf8) })

    static let commonInheritance: Set<String> = [
        "Codable", "Decodable", "Encodable", "Hashable", "Equatable", "Comparable", "Identifiable", "Sendable", "CaseIterable",
        "Error", "LocalizedError", "CustomStringConvertible", "CustomDebugStringConvertible", "RawRepresentable", "NSObject",
        "Int", "String", "UInt8", "Int32", "Int64", "UInt", "Double", "AnyObject", "Actor", "OptionSet", "Collection",
        "Sequence", "IteratorProtocol", "ExpressibleByStringLiteral", "ExpressibleByIntegerLiteral", "Transferable",
        "UIViewController", "UIView", "NSViewController", "NSView", "UIViewRepresentable", "NSViewRepresentable",
        "UIViewControllerRepresentable", "NSViewControllerRepresentable", "PreviewProvider", "Shape", "ButtonStyle",
        "LabelStyle", "ToggleStyle", "PrimitiveButtonStyle", "EnvironmentKey", "PreferenceKey", "AppDelegate",
        "UIApplicationDelegate", "NSApplicationDelegate", "UIResponder", "Animatable", "NSCopying", "NSCoding",
    ]

    /// Whether a stored property's declared type is kept in `memberTypes`: not a standard value type, or an
    /// array of elements that are not (`[Warning]`: what a `ForEach` over it makes rows of).
    static func keepsMemberType(_ written: String) -> Bool {
        guard isPlainValueType(written) else { return true }
        var written = written
        return written.withUTF8 { bytes in
            var end = bytes.count
            while end > 0 && (bytes[end - 1] == UInt8(ascii: "?") || bytes[end - 1] == UInt8(ascii: "!")) { end -= 1 }
            // (`[Name]`: a letter A–Z first, no dictionary's `:`, no nested brackets.)
            guard end >= 3, bytes[0] == UInt8(ascii: "["), bytes[end - 1] == UInt8(ascii: "]"),
                  bytes[1] >= UInt8(ascii: "A"), bytes[1] <= UInt8(ascii: "Z") else { return false }
            for k in 1..<(end - 1) where bytes[k] == UInt8(ascii: ":") || bytes[k] == UInt8(ascii: "[") { return false }
            return !isPlainValueType(String(decoding: UnsafeBufferPointer(rebasing: bytes[1..<(end - 1)]), as: UTF8.self))
        }
    }

    /// Standard value types (and collections, tuples, functions, optionals of them): no rule asks about a
    /// member of such a type, so the index does not keep it (a million of them on large trees).
    static func isPlainValueType(_ written: String) -> Bool {
        var written = written
        return written.withUTF8 { bytes in
            var end = bytes.count
            while end > 0 && (bytes[end - 1] == UInt8(ascii: "?") || bytes[end - 1] == UInt8(ascii: "!")) { end -= 1 }
            guard end > 0 else { return plainValueTypes.contains("") }
            if bytes[0] == UInt8(ascii: "[") || bytes[0] == UInt8(ascii: "(") { return true }
            var i = 0
            while i + 1 < end {
                if bytes[i] == UInt8(ascii: "-") && bytes[i + 1] == UInt8(ascii: ">") { return true }
                i += 1
            }
            // A hash of the bytes rules out most names; a match is confirmed on the string.
            let base = UnsafeBufferPointer(rebasing: bytes[0..<end])
            guard plainValueHashes.contains(WordSet.hash(base)) else { return false }
            return plainValueTypes.contains(String(decoding: base, as: UTF8.self))
        }
    }

    /// `WordSet.hash` of each of `plainValueTypes`.
    static let plainValueHashes = HashSet64(plainValueTypes.map { WordSet.hash($0.utf8) })

    public static let plainValueTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "CGFloat", "Bool", "String", "Character", "Substring", "Date", "URL", "UUID", "Data", "Decimal", "TimeInterval",
        "CGSize", "CGPoint", "CGRect", "Color", "Font", "Image", "Text", "Angle", "EdgeInsets", "LocalizedStringKey",
    ]

    /// Two sorted, duplicate-free lists of uses as one.
    static func union(_ a: [MemberUse]?, _ b: [MemberUse]) -> [MemberUse] {
        guard let a, !a.isEmpty else { return b }
        if b.isEmpty { return a }
        var result: [MemberUse] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] < b[j] { result.append(a[i]); i += 1 }
            else if b[j] < a[i] { result.append(b[j]); j += 1 }
            else { result.append(a[i]); i += 1; j += 1 }
        }
        result.append(contentsOf: a[i...])
        result.append(contentsOf: b[j...])
        return result
    }

    /// The names a member body reads or calls synchronously (not in closures that run later), sorted.
    static func uses(in tree: SyntaxTree, function index: Int) -> [MemberUse] {
        let function = tree.functions[index]
        guard function.body >= 0 else { return [] }
        var found = Set<MemberUse>()
        ScopeWalker.walk(tree, root: function.body, parameters: function.parameters.map(\.name)) { node, state in
            if tree[node].kind == .closure && tree.timing(ofClosure: node) == .later { return false }
            // `x`, `self.x`, and `me.x` where `let me = self`.
            guard let (name, reference) = tree.memberReference(node) ?? tree.aliasedMemberReference(node, in: state) else { return true }
            if tree[node].kind == .identifier && state.isLocal(name) { return true }
            switch tree.accessKind(of: reference) {
            case .write, .reference: break
            case .read:
                found.insert(MemberUse(name: name, isCall: false))
                // A method passed to a callee that runs its argument at once (`items.forEach(handle)`) runs now.
                if tree.isPassedToRunNow(reference) { found.insert(MemberUse(name: name, isCall: true)) }
            case .call: found.insert(MemberUse(name: name, isCall: true))
            }
            return true
        }
        return found.sorted()
    }
}

/// Keeps a list of names free of duplicates: a look along the list while it is short (most files declare a
/// few types), a set once it is long (a file of thousands of types stays linear).
struct NameDeduplicator {
    private var set: Set<String>?

    /// Whether `name` is not in `list` yet (the list the caller appends the new names to, in order).
    mutating func isNew(_ name: String, among list: [String]) -> Bool {
        if set == nil {
            if list.count < 16 { return !list.contains(name) }
            set = Set(list)
        }
        return set!.insert(name).inserted
    }
}

extension FileSummary {
    /// The type traits rules ask about (all but `@MainActor` and a minted identity, which only refine others).
    static let checkedTraits = TypeTraits(rawValue: UInt16.max).subtracting([.mainActor, .mintsIdentity])

    /// The frameworks whose use makes a file likely to be checked (`likelyChecked(imports:)`).
    static let ruleFrameworks: Set<String> = ["SwiftUI", "Combine", "Observation"]

    /// Whether pass 2 will probably read the file: it names one of the plan's words, declares a view body,
    /// imports a framework the rules are about, or declares a type with a trait they ask about. A guess
    /// made in pass 1, before the index says which files rules may report in: the engine keeps such files'
    /// tokens for pass 2 while its budget lasts (a wrong guess costs only memory or time).
    public func likelyChecked(imports: [String]) -> Bool {
        !mentionedWords.isEmpty || declaresViewBody || imports.contains(where: FileSummary.ruleFrameworks.contains)
            || types.contains { !$0.traits.isDisjoint(with: FileSummary.checkedTraits) }
    }

    /// Whether pass 2 will probably read the file's tokens: it is likely checked, or its construction notes
    /// leave the site search to ask its names (an untyped `.init(…)`: `ConstructionNames.implicitInit`). The
    /// engine keeps such files' tokens while its budget lasts.
    public func likelyReadAgain(imports: [String]) -> Bool {
        constructions.implicitInit || likelyChecked(imports: imports)
    }
}

/// The token-level facts of a summary, collected in the walk of the file's tokens that
/// `ConstructionNames` makes (or alone): which of the plan's words occur as identifiers, whether the
/// keyword `self` occurs, and whether a `{` opens a closure that may be kept (`opensKeptClosureLiteral`).
struct SummaryTokens: TokenVisitor {
    let tree: SyntaxTree
    let words: [[UInt8]]
    /// The words by first byte: an identifier is compared only with the words it could be.
    let byFirst: [[Int]]
    let prefilter: NamePrefilter
    var found: [Bool]
    var left: Int
    let hints: Bool
    var namesSelf = false
    var keeps = false

    init(tree: SyntaxTree, plan: AnalysisPlan, hints: Bool) {
        self.tree = tree
        words = plan.wordBytes
        byFirst = plan.wordsByFirstByte
        prefilter = plan.wordPrefilter
        found = Array(repeating: false, count: plan.wordBytes.count)
        left = plan.wordBytes.count
        self.hints = hints
    }

    @inline(__always)
    mutating func identifier(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>) {
        guard left > 0 else { return }
        let length = Int(token.length)
        let first = bytes[Int(token.start)]
        guard prefilter.may(start: first, length: length) else { return }
        for k in byFirst[Int(first)] where !found[k] && words[k].count == length
            && UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<token.end]).elementsEqual(words[k]) {
            found[k] = true
            left -= 1
        }
    }

    @inline(__always)
    mutating func keyword(_ token: Token) {
        if hints && !namesSelf && token.keyword == .self { namesSelf = true }
    }

    @inline(__always)
    mutating func leftBrace(_ i: Int, _ tokens: UnsafeBufferPointer<Token>, _ bytes: UnsafeBufferPointer<UInt8>) {
        if hints && !keeps { keeps = tree.opensKeptClosureLiteral(i) }
    }
}
