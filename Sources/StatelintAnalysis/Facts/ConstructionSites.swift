import StatelintSyntax

// Construction sites: the calls that construct a type, what each argument is (`ArgumentKind`), the identity
// contexts around them, and helper calls in such contexts. The engine collects them in pass 2's first round
// (`SecondRoundSearch`, `SecondRound.swift`) and adds them to the index; `state_injected_value` (through `Callers.swift`),
// `observed_object_owned` and `observable_init_access` read them.

/// What an argument passed at a construction site is, as far as one file can tell.
public enum ArgumentKind: Sendable, Hashable {
    /// A literal (`3`, `"title"` without interpolation, `true`, `nil`, an array or dictionary of literals).
    case literal
    /// A constant: an enum case or static member written with its type (`.compact`, `Layout.compact`,
    /// `Theme.shared`); a global or `static let` written as a bare name is a `member` or `local` here
    /// and can be checked against the index.
    case constant(String)
    /// A parameter of the enclosing function or initializer.
    case parameter(String)
    /// A member of the enclosing type (`title`, `self.title`), or a global: a bare name bound nowhere
    /// in the body.
    case member(String)
    /// A member of the enclosing type that keeps one value for as long as that type's view keeps its
    /// identity: a `@StateObject` (its object is never replaced), or a `@State` no code of the file changes
    /// outside initializers (`SyntaxTree.writes(ofMember:)`) — or, with `ifClass`, changes only through
    /// its members, which keeps the value when that type is a class or actor.
    case fixedState(String, ifClass: String? = nil)
    /// A local of the enclosing body (including closure parameters, such as `ForEach`'s element), or a
    /// member of one (`item.title`).
    case local(String)
    /// A name an enclosing `if` fixes in the branch the call is in (`if isList { Row(isList: isList) }`,
    /// `if mode == .grid { Grid(mode: mode) }`): when it changes, that branch, and the view, go.
    case pinned(String)
    /// A property of a member (`thread.selected`, `self.model.item`), as written without `self.`.
    case memberPath(String)
    /// A property of a `@State` member that no code of the file changes (`entry.title`): the same value
    /// for the type's identity, unless the state holds an object (`holder`: its declared type as written).
    case statePath(String, holder: String?)
    /// A closure literal.
    case closure
    /// A call: a function's result, maybe a new object each time.
    case call
    /// A construction at the call site: `Model(id: id)`, `.init(item)` (`type` as written, empty for
    /// `.init`): a new value, or a new object, each time the call runs. `fromConstants` when every
    /// argument is a literal or constant (`Filter(kind: .all)`): the same value each time. `from`: a local
    /// an argument reads (`RowModel(item: item)` in a `ForEach` row reads the element), the first one.
    case construction(String, fromConstants: Bool, from: String? = nil)
    /// An expression (an operator, a condition, interpolation …) that reads these members of the
    /// enclosing type (or globals), at most four.
    case expression(reads: [String])
    /// Any other expression (a member of another value, an operator, interpolation …).
    case other
}

/// Where a construction site sits with respect to SwiftUI identity: a view created in one of these
/// gets a fresh identity (and fresh state) per presentation, per element or per `.id` value.
public enum IdentityContext: Sendable, Hashable {
    /// The content of `sheet`, `fullScreenCover`, `popover`, `navigationDestination` or
    /// `NavigationLink(destination:)` (the callee's name); `itemKeyed` for `sheet(item:)` and the like.
    case presented(by: String, itemKeyed: Bool)
    /// The content of a `ForEach` (or a `List` of data): keyed by its `id:` argument, or by its data's
    /// `Identifiable` ids when it has none (`keyedBy` is then empty); `data` is the data's source text.
    case forEach(keyedBy: String, data: String)
    /// Carrying `.id(…)` (the argument's source text).
    case id(String)
}

/// A call that constructs a type: `T(…)`, `Outer.T(…)`, `T.init(…)`, or `.init(…)` where a type
/// annotation names the type.
public struct ConstructionSite: Sendable, Hashable {
    /// The constructed type as written (`DetailView`, `Outer.Inner`).
    public var typeName: String
    /// The file and byte range of the call.
    public var path: String
    public var range: Range<Int>
    /// The argument labels in order (`_` for an unlabelled argument or trailing closure).
    public var labels: [String]
    /// What each argument is.
    public var arguments: [ArgumentKind]
    /// The identity contexts around the call inside its member, innermost first.
    public var contexts: [IdentityContext]
    /// The qualified name of the type whose member holds the call, and that member's name (a function,
    /// a property, `init`); nil at file scope.
    public var enclosingType: String?
    public var enclosingMember: String?
    /// The call is the initial value of a `static` stored property or of a global: it runs once, when
    /// the property is first used (a singleton's `static let shared = Model()`).
    public var runsOnce = false
    /// The call is the `rootView:` argument of a call (`UIHostingController(rootView: V())`, a hosting
    /// controller's `super.init(rootView:)`): the controller keeps that one view value, and no SwiftUI
    /// parent makes it again.
    public var isHostingRoot = false
    /// The call replaces an existing hosting controller's root (`host.rootView = V(…)`): the root keeps
    /// its identity and state, so a new value of an input that seeds state is ignored.
    public var reassignsHostingRoot = false
    /// The call is inside a closure that runs on an event, on appearing or later (a `Button` action,
    /// `onAppear`, `Task`, a `sink`): it builds its view when that happens, not when the parent updates.
    public var inAction = false
    /// The enclosing member makes views: a `body`, a `@ViewBuilder`, or a function or computed property
    /// whose declared result names a view (`some View`, `AnyView`, `some ToolbarContent` …).
    public var memberMakesView = false
    /// The enclosing member is `static` (or `class`): a factory, not part of an instance's `body`.
    public var memberIsStatic = false

    /// The call is in code no user of the app reaches: preview scaffolding (inside a `#Preview { }`, a
    /// `previews` property, or any member of a `PreviewProvider`, its helper functions too), or a file of
    /// the project's sample code (a demo, example or playground folder: `inSampleCode`).
    public var isInPreview: Bool {
        inPreviewMacro || inSampleCode || enclosingMember == "previews"
    }
    var inPreviewMacro = false
    /// The call is in a file of the project's sample code (set for each run from the file's path when the
    /// index adds it, never cached: see `ProjectIndex.add(_:isSampleCode:)`).
    public internal(set) var inSampleCode = false

    /// The simple name of the constructed type (`Inner` for `Outer.Inner`).
    public var simpleTypeName: Substring {
        typeName.lastDottedPart
    }
}

/// A call of a member by bare name (`row(item)`, `self.content()`) inside an identity context: the
/// views the member builds inherit the context. In a view-making member of a type that builds wanted
/// views, a call of another member of that type outside any context is kept too: a link of the chain
/// (`body` → `content` → `rows`) along which an ancestor's `.id(…)` reaches the views built at its end.
public struct HelperCall: Sendable, Hashable {
    /// The called member's name.
    public var member: String
    /// The qualified name of the type whose member holds the call.
    public var enclosingType: String?
    public var contexts: [IdentityContext]
    public var path: String
    public var range: Range<Int>
    /// The member that holds the call (nil for a destination's helper call of another type's member).
    public var enclosingMember: String?

    public init(member: String, enclosingType: String?, contexts: [IdentityContext], path: String, range: Range<Int>,
                enclosingMember: String? = nil) {
        self.member = member
        self.enclosingType = enclosingType
        self.contexts = contexts
        self.path = path
        self.range = range
        self.enclosingMember = enclosingMember
    }
}

extension ConstructionSite {
    /// The construction sites and helper calls of a file: in every member body (scope-aware), and in
    /// the initializers of stored properties.
    /// - Parameters:
    ///   - types: simple names of the types whose sites are kept (nil: every type).
    ///   - bodies: when given, only bodies that name one of its words are walked (build it once, from
    ///     `types`, for many files).
    ///   - helperBodies: when given, a body that `bodies` rules out is still walked for helper calls when
    ///     its type (qualified name) is one of `helperTypes` and it names one of these words.
    static let destinationWord = WordSet(["navigationDestination"])

    public static func collect(in tree: SyntaxTree, types: Set<String>? = nil, bodies filter: WordSet? = nil, helperBodies: WordSet? = nil,
                               helperTypes: Set<String> = []) -> (sites: [ConstructionSite], helpers: [HelperCall]) {
        var collector = SiteCollector(tree: tree)
        collector.wantedTypes = types
        collector.namesDestination = !tree.nodes.isEmpty && ConstructionSite.destinationWord.occurs(in: tree, tokens: 0, Int32(max(0, tree.tokens.count - 1)))
        // Each walk's finds are moved out after it: the collector is copied into every walk, and arrays it
        // still held would be copied again on the walk's first append (quadratic in a file of many types).
        var sites: [ConstructionSite] = []
        var helpers: [HelperCall] = []
        var helperOwners = [Bool](repeating: false, count: tree.types.count)
        // Builders declared as views here (and their extensions in this file): their view-making members are
        // walked for the links of helper chains.
        var viewOwners = [Bool](repeating: false, count: tree.types.count)
        if helperBodies != nil {
            var views: Set<String> = []
            for i in tree.types.indices where helperTypes.contains(tree.qualifiedName(ofType: Int32(i))) {
                helperOwners[i] = true
                if tree.types[i].inherited.contains(where: { $0 == "View" || $0 == "SwiftUI.View" }) { views.insert(tree.qualifiedName(ofType: Int32(i))) }
            }
            if !views.isEmpty {
                for i in tree.types.indices where helperOwners[i] && views.contains(tree.qualifiedName(ofType: Int32(i))) { viewOwners[i] = true }
            }
        }
        func mayHold(_ node: Int32, owner: Int32) -> Bool {
            guard let filter else { return true }
            if filter.occurs(in: tree, tokens: tree[node].firstToken, tree[node].lastToken) { return true }
            // `navigationDestination(for: Route.self) { $0.view() }`: a helper call of another type's member.
            if collector.namesDestination && helperBodies != nil
                && ConstructionSite.destinationWord.occurs(in: tree, tokens: tree[node].firstToken, tree[node].lastToken) {
                return true
            }
            guard let helperBodies, owner >= 0, helperOwners[Int(owner)] else { return false }
            return helperBodies.occurs(in: tree, tokens: tree[node].firstToken, tree[node].lastToken)
        }
        func atFileScope(_ node: Int32) -> Bool {
            let parent = tree[node].parent
            return parent >= 0 && tree[parent].kind == .sourceFile
        }
        // The names called (`name(`) in the bodies of the file's instance members, made once when a static
        // member that makes views is first walked.
        var instanceCalls: Set<String>?
        func calledByInstanceMembers() -> Set<String> {
            if let instanceCalls { return instanceCalls }
            var names: Set<String> = []
            for f in tree.functions where f.body >= 0 && !f.modifiers.contains(.static) && !f.modifiers.contains(.class) {
                if f.kind == .accessor && f.ownerVariable >= 0 {
                    let variable = tree.variables[Int(f.ownerVariable)]
                    if variable.modifiers.contains(.static) || variable.modifiers.contains(.class) { continue }
                }
                let first = Int(tree[f.body].firstToken)
                let last = Int(tree[f.body].lastToken)
                guard first >= 0, last < tree.tokens.count else { continue }
                for t in first..<last where tree.tokens[t].kind == .identifier && tree.tokens[t + 1].kind == .leftParen {
                    names.insert(tree.identifierText(Int32(t)))
                }
            }
            instanceCalls = names
            return names
        }
        /// Whether a function (or a property's accessor) is `body`, a `@ViewBuilder` or declares a view result.
        func makesViews(_ function: FunctionDecl) -> Bool {
            if function.kind == .accessor && function.ownerVariable >= 0 {
                let variable = tree.variables[Int(function.ownerVariable)]
                return variable.name == "body" || variable.attributes.contains { $0.baseName == "ViewBuilder" }
                    || variable.typeRange.map { tree.namesViewType(tokens: $0) } ?? false
            }
            return function.hasAttribute("ViewBuilder") || tree.declaresViewResult(function)
        }
        // The names of the members of each type (with its extensions in this file), made in one pass when first asked.
        var membersByType: [String: Set<String>]?
        func ownMembers(of type: Int32) -> Set<String> {
            if membersByType == nil {
                let names = tree.types.indices.map { tree.qualifiedName(ofType: Int32($0)) }
                var table: [String: Set<String>] = [:]
                for f in tree.functions where f.ownerType >= 0 && f.kind == .function { table[names[Int(f.ownerType)], default: []].insert(f.name) }
                for v in tree.variables where v.ownerType >= 0 { table[names[Int(v.ownerType)], default: []].insert(v.name) }
                membersByType = table
            }
            return membersByType?[tree.qualifiedName(ofType: type)] ?? []
        }
        for (index, function) in tree.functions.enumerated() where function.body >= 0 {
            // Members, and functions at file scope; a local function or a local variable's accessor
            // belongs to the body that declares it, and is walked there.
            if function.ownerType < 0 && !atFileScope(function.node) { continue }
            if function.kind == .accessor && function.ownerVariable >= 0 {
                let variable = tree.variables[Int(function.ownerVariable)]
                if variable.ownerType < 0 && !atFileScope(variable.node) { continue }
            }
            // A view-making member of a type that builds wanted views is walked for the links of its helper
            // chains (`content` → `rows`) even when it names nothing the search looks for.
            let linksHelpers = function.ownerType >= 0 && viewOwners[Int(function.ownerType)]
                && !function.modifiers.contains(.static) && makesViews(function)
            guard linksHelpers || mayHold(function.body, owner: function.ownerType) else { continue }
            collector.ownMembers = linksHelpers ? ownMembers(of: function.ownerType) : []
            let member = function.kind == .accessor && function.ownerVariable >= 0
                ? tree.variables[Int(function.ownerVariable)].name : function.name
            collector.owner = (function.ownerType >= 0 ? tree.qualifiedName(ofType: function.ownerType) : nil, member)
            collector.ownerType = function.ownerType
            collector.fileScopeFunction = function.ownerType < 0 && function.kind == .function ? Int32(index) : -1
            collector.parameters = Set(function.parameters.map(\.name))
            if function.kind == .accessor && function.ownerVariable >= 0 {
                let variable = tree.variables[Int(function.ownerVariable)]
                collector.memberMakesView = variable.name == "body" || variable.attributes.contains { $0.baseName == "ViewBuilder" }
                    || variable.typeRange.map { tree.namesViewType(tokens: $0) } ?? false
                collector.memberIsStatic = variable.modifiers.contains(.static) || variable.modifiers.contains(.class)
            } else {
                collector.memberIsStatic = function.modifiers.contains(.static) || function.modifiers.contains(.class)
                collector.memberMakesView = (function.hasAttribute("ViewBuilder") || tree.declaresViewResult(function))
                    // A private static factory of views runs with a parent's update only when an instance member of
                    // the file calls it (`Self.row(for:)` in `body`); one only other static code calls (a model's
                    // call of `View.settingsSection(from:)`) builds its views when that code runs.
                    && !(collector.memberIsStatic && (function.modifiers.contains(.private) || function.modifiers.contains(.fileprivate))
                         && !calledByInstanceMembers().contains(function.name))
            }
            var walker = ScopeWalker(tree: tree, visitor: collector)
            walker.walk(root: function.body, parameters: function.parameters.map(\.name))
            collector = walker.visitor
            collector.takeFound(into: &sites, &helpers)
        }
        // Initializers of stored properties and of variables at file scope.
        collector.ownMembers = []
        for variable in tree.variables where variable.initializer >= 0 && (variable.ownerType >= 0 || atFileScope(variable.node)) {
            guard mayHold(variable.initializer, owner: variable.ownerType) else { continue }
            collector.owner = (variable.ownerType >= 0 ? tree.qualifiedName(ofType: variable.ownerType) : nil, variable.name)
            collector.ownerType = variable.ownerType
            collector.fileScopeFunction = -1
            collector.parameters = []
            collector.runsOnce = variable.ownerType < 0 || variable.modifiers.contains(.static) || variable.modifiers.contains(.class)
            collector.memberIsStatic = variable.modifiers.contains(.static) || variable.modifiers.contains(.class)
            // A stored property's initial value is made once per instance, not per update of a parent.
            collector.memberMakesView = false
            var walker = ScopeWalker(tree: tree, visitor: collector)
            walker.walk(root: variable.initializer, parameters: [])
            collector = walker.visitor
            collector.takeFound(into: &sites, &helpers)
            collector.runsOnce = false
        }
        return (sites, helpers)
    }
}

extension ProjectIndex {
    /// The construction sites of a type, by its qualified or simple name, in path and position order.
    public func constructionSites(of typeName: String) -> [ConstructionSite] {
        var found: [ConstructionSite] = []
        forEachConstructionSite(of: typeName) { found.append($0); return true }
        return found
    }

    /// Whether something in the project builds the type outside previews and sample code (sites are known
    /// only for the types some enabled rule asks them for).
    public func isBuiltOutsidePreviews(_ typeName: String) -> Bool {
        var built = false
        forEachConstructionSite(of: typeName) { site in
            built = !site.isInPreview
            return !built
        }
        return built
    }

    /// Whether every construction of a type (previews aside) runs once per run of the app: the initial
    /// value of a static property or a global (`static let shared = Model()`), or in the `init` or a stored
    /// property's initial value of a type that is itself built only once (`AppState.shared` building its
    /// `Popup`), through at most `depth` such owners. False without any site (sites are known only for
    /// the types some enabled rule asks them for).
    public func isBuiltOnce(_ typeName: String, depth: Int = 3) -> Bool {
        var any = false
        var once = true
        forEachConstructionSite(of: typeName) { site in
            guard site.enclosingMember != "previews", !site.isInPreview else { return true }
            any = true
            if site.runsOnce { return true }
            guard depth > 0, let owner = site.enclosingType, owner != typeName, let member = site.enclosingMember,
                  let facts = facts(for: owner), facts.kind == .class || facts.kind == .actor else {
                once = false
                return false
            }
            let kind = facts.members[member]?.kind
            once = (member == "init" || kind == .storedVar || kind == .storedLet) && isBuiltOnce(owner, depth: depth - 1)
            return once
        }
        return any && once
    }

    /// Calls `body` with each construction site of a type, in place order, until it returns false.
    public func forEachConstructionSite(of typeName: String, _ body: (ConstructionSite) -> Bool) {
        let simple = String(typeName.lastDottedPart)
        let qualified = facts(for: typeName)?.name ?? typeName
        reads?.note(simpleNameOf: simple)
        // A nested type (`Outer.Row`) is built by its simple name inside its outer type and its extensions
        // (`extension Outer { … Row(…) … }`), where Swift finds the inner one first.
        let nested = qualified.utf8.count > simple.utf8.count + 1
        for site in shards[ProjectIndex.shard(of: simple)].sites[simple] ?? [] {
            guard site.typeName == typeName || site.typeName == qualified
                || site.typeName.utf8.count != simple.utf8.count && facts(for: site.typeName)?.name == qualified
                || nested && site.typeName == simple && site.enclosingType.map({ ProjectIndex.isInside($0, outerOf: qualified, simple) }) == true
            else { continue }
            if !body(site) { return }
        }
    }

    /// Whether `enclosing` (`Outer`, `Outer.Section`) is the outer type of nested `qualified` (`Outer.Row`,
    /// whose simple name is `simple`) or a type inside it.
    static func isInside(_ enclosing: String, outerOf qualified: String, _ simple: String) -> Bool {
        let outer = qualified.utf8.prefix(qualified.utf8.count - simple.utf8.count - 1)
        let bytes = enclosing.utf8
        guard bytes.count >= outer.count, bytes.starts(with: outer) else { return false }
        return bytes.count == outer.count || bytes[bytes.index(bytes.startIndex, offsetBy: outer.count)] == UInt8(ascii: ".")
    }

    /// The calls of helper member `member` (of `type`, or of any type when nil) in identity contexts.
    public func helperCalls(of member: String, in type: String?) -> [HelperCall] {
        reads?.note(helper: member)
        return (shards[ProjectIndex.shard(of: member)].helperCalls[member] ?? []).filter { type == nil || $0.enclosingType == type }
    }

    /// The identity contexts of a construction site, with those of the calls of the helper member it is
    /// built in (`var content: some View { Detail() }` called in a sheet), innermost first; further up the
    /// chain of helpers (`body` → `content` → `rows` → the site, four links), only an ancestor's `.id(…)`,
    /// which gives everything under it a new identity when its value changes.
    public func identityContexts(of site: ConstructionSite) -> [IdentityContext] {
        var contexts = site.contexts
        guard let first = site.enclosingMember else { return contexts }
        var frontier = [first]
        var seen: Set<String> = [first]
        for level in 0..<4 where !frontier.isEmpty {
            var next: [String] = []
            for member in frontier {
                for call in helperCalls(of: member, in: site.enclosingType) {
                    if level == 0 {
                        contexts.append(contentsOf: call.contexts)
                    } else {
                        for context in call.contexts { if case .id = context { contexts.append(context) } }
                    }
                    if let up = call.enclosingMember, seen.insert(up).inserted { next.append(up) }
                }
            }
            frontier = next
        }
        return contexts
    }
}

extension ProjectIndex {
    /// Calls `body` with every type's facts, shard by shard.
    public func forEachType(_ body: (TypeFacts) -> Void) {
        for shard in shards { for facts in shard.types.values { body(facts) } }
    }

    /// Adds construction sites and helper calls collected after pass 1 (in place, sorted by place).
    public mutating func addSites(_ sites: [ConstructionSite], helpers: [HelperCall]) {
        var shards = takeShards()
        for site in sites {
            let simple = String(site.simpleTypeName)
            shards[ProjectIndex.shard(of: simple)].sites[simple, default: []].append(site)
        }
        for call in helpers {
            shards[ProjectIndex.shard(of: call.member)].helperCalls[call.member, default: []].append(call)
        }
        for k in shards.indices { shards[k].sortSites() }
        self = ProjectIndex(shards: shards)
    }
}
