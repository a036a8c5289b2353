import StatelintSyntax

// MARK: - Construction sites

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
    /// A call: a construction (`Model(id: id)`) or a function's result, maybe a new object each time.
    case call
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
    /// The call is inside a closure that runs on an event, on appearing or later (a `Button` action,
    /// `onAppear`, `Task`, a `sink`): it builds its view when that happens, not when the parent updates.
    public var inAction = false
    /// The enclosing member makes views: a `body`, a `@ViewBuilder`, or a function or computed property
    /// whose declared result names a view (`some View`, `AnyView`, `some ToolbarContent` …).
    public var memberMakesView = false
    /// The enclosing member is `static` (or `class`): a factory, not part of an instance's `body`.
    public var memberIsStatic = false

    /// The call is preview scaffolding: inside a `#Preview { }`, a `previews` property, or any member of a
    /// `PreviewProvider` (its helper functions too).
    public var isInPreview: Bool {
        inPreviewMacro || enclosingMember == "previews"
    }
    var inPreviewMacro = false

    /// The simple name of the constructed type (`Inner` for `Outer.Inner`).
    public var simpleTypeName: Substring {
        typeName.split(separator: ".").last ?? Substring(typeName)
    }
}

/// A call of a member by bare name (`row(item)`, `self.content()`) inside an identity context: the
/// views the member builds inherit the context.
public struct HelperCall: Sendable, Hashable {
    /// The called member's name.
    public var member: String
    /// The qualified name of the type whose member holds the call.
    public var enclosingType: String?
    public var contexts: [IdentityContext]
    public var path: String
    public var range: Range<Int>
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
        if helperBodies != nil {
            for i in tree.types.indices where helperTypes.contains(tree.qualifiedName(ofType: Int32(i))) { helperOwners[i] = true }
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
        for function in tree.functions where function.body >= 0 {
            // Members, and functions at file scope; a local function or a local variable's accessor
            // belongs to the body that declares it, and is walked there.
            if function.ownerType < 0 && !atFileScope(function.node) { continue }
            if function.kind == .accessor && function.ownerVariable >= 0 {
                let variable = tree.variables[Int(function.ownerVariable)]
                if variable.ownerType < 0 && !atFileScope(variable.node) { continue }
            }
            guard mayHold(function.body, owner: function.ownerType) else { continue }
            let member = function.kind == .accessor && function.ownerVariable >= 0
                ? tree.variables[Int(function.ownerVariable)].name : function.name
            collector.owner = (function.ownerType >= 0 ? tree.qualifiedName(ofType: function.ownerType) : nil, member)
            collector.ownerType = function.ownerType
            collector.parameters = Set(function.parameters.map(\.name))
            if function.kind == .accessor && function.ownerVariable >= 0 {
                let variable = tree.variables[Int(function.ownerVariable)]
                collector.memberMakesView = variable.name == "body" || variable.attributes.contains { $0.baseName == "ViewBuilder" }
                    || variable.typeRange.map { tree.namesViewType(tokens: $0) } ?? false
                collector.memberIsStatic = variable.modifiers.contains(.static) || variable.modifiers.contains(.class)
            } else {
                collector.memberMakesView = function.hasAttribute("ViewBuilder") || tree.declaresViewResult(function)
                collector.memberIsStatic = function.modifiers.contains(.static) || function.modifiers.contains(.class)
            }
            var walker = ScopeWalker(tree: tree, visitor: collector)
            walker.walk(root: function.body, parameters: function.parameters.map(\.name))
            collector = walker.visitor
            collector.takeFound(into: &sites, &helpers)
        }
        // Initializers of stored properties and of variables at file scope.
        for variable in tree.variables where variable.initializer >= 0 && (variable.ownerType >= 0 || atFileScope(variable.node)) {
            guard mayHold(variable.initializer, owner: variable.ownerType) else { continue }
            collector.owner = (variable.ownerType >= 0 ? tree.qualifiedName(ofType: variable.ownerType) : nil, variable.name)
            collector.ownerType = variable.ownerType
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

/// The scope walk that finds construction sites.
struct SiteCollector: ScopeVisitor {
    let tree: SyntaxTree
    var owner: (type: String?, member: String) = (nil, "")
    /// The declaration of `owner.type` in this file (-1 at file scope).
    var ownerType: Int32 = -1
    var parameters: Set<String> = []
    var sites: [ConstructionSite] = []
    var helpers: [HelperCall] = []
    var wantedTypes: Set<String>?
    /// The walk is in the initial value of a static stored property or a global.
    var runsOnce = false
    /// The walked member makes views, is static (`ConstructionSite.memberMakesView`, `memberIsStatic`).
    var memberMakesView = false
    var memberIsStatic = false
    /// What `member(_:)` looked up, once per file (files with thousands of sites stay linear).
    let memo = MemberMemo()
    /// The file names `navigationDestination` (else no call is a destination's helper call).
    var namesDestination = false

    final class MemberMemo {
        /// Stored variables by owner type and name (the first declaration).
        var variables: [Int32: [String: Int]]?
        var writes: [String: MemberWrites]?
    }

    init(tree: SyntaxTree) { self.tree = tree }

    /// Moves what the last walk found to the caller's lists.
    mutating func takeFound(into allSites: inout [ConstructionSite], _ allHelpers: inout [HelperCall]) {
        allSites.append(contentsOf: sites)
        allHelpers.append(contentsOf: helpers)
        sites = []
        helpers = []
    }

    mutating func visit(_ node: Int32, _ state: ScopeState) -> Bool {
        let kind = tree[node].kind
        if kind == .identifier || kind == .memberAccess {
            // A helper property as a statement of content: `.sheet(isPresented: $shows) { help }`.
            var parent = tree[node].parent
            if parent >= 0 && tree[parent].kind == .sequence && tree[parent].firstChild == node && tree[node].nextSibling < 0 {
                parent = tree[parent].parent
            }
            if parent >= 0 && tree[parent].kind == .closure, let member = helperName(reference: node, state) {
                let contexts = tree.identityContexts(of: node)
                if !contexts.isEmpty {
                    helpers.append(HelperCall(member: member, enclosingType: owner.type, contexts: contexts,
                                              path: tree.file.path, range: tree.byteRange(of: node)))
                }
            }
            return true
        }
        guard kind == .call else { return true }
        if let type = tree.constructedType(node) {
            if let wantedTypes, !wantedTypes.contains(String(type.split(separator: ".").last ?? Substring(type))) { return true }
            var labels: [String] = []
            var arguments: [ArgumentKind] = []
            for child in tree.children(of: node) where tree[child].kind == .argument {
                labels.append(tree[child].token >= 0 ? tree.identifierText(tree[child].token) : "_")
                arguments.append(argumentKind(tree[child].firstChild, state))
            }
            // (A closure in the initial value may run later, and many times; `{ … }()` runs now.)
            let once = runsOnce && state.closures.allSatisfy { tree.timing(ofClosure: $0) == .now }
            sites.append(ConstructionSite(
                typeName: type, path: tree.file.path, range: tree.byteRange(of: node), labels: labels, arguments: arguments,
                contexts: tree.identityContexts(of: node), enclosingType: owner.type, enclosingMember: owner.member, runsOnce: once,
                isHostingRoot: tree.isHostingRoot(node),
                inAction: state.closures.contains { tree.role(ofClosure: $0)?.isAction ?? false },
                memberMakesView: memberMakesView, memberIsStatic: memberIsStatic,
                inPreviewMacro: tree.isInPreviewMacro(node) || ownerType >= 0 && tree.isPreviewScaffolding(ownerType, includingItself: true)))
        } else if let member = helperName(node, state) {
            let contexts = tree.identityContexts(of: node)
            if !contexts.isEmpty {
                helpers.append(HelperCall(member: member, enclosingType: owner.type, contexts: contexts,
                                          path: tree.file.path, range: tree.byteRange(of: node)))
            }
        } else if namesDestination, let (member, type) = tree.destinationMemberCall(node) {
            // `navigationDestination(for: Route.self) { route in route.view() }`: `Route.view` builds its
            // views a destination at a time.
            helpers.append(HelperCall(member: member, enclosingType: type, contexts: tree.identityContexts(of: node),
                                      path: tree.file.path, range: tree.byteRange(of: node)))
        }
        return true
    }

    /// `name(…)` or `self.name(…)` with a lowercase name not bound locally.
    func helperName(_ call: Int32, _ state: ScopeState) -> String? {
        let callee = tree.callee(of: call)
        return callee >= 0 ? helperName(reference: callee, state) : nil
    }

    /// `name` or `self.name` with a lowercase name not bound locally.
    func helperName(reference node: Int32, _ state: ScopeState) -> String? {
        guard let (name, reference) = tree.memberReference(node) else { return nil }
        if tree[reference].kind == .identifier && state.isLocal(name) { return nil }
        guard let first = name.utf8.first, first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") || first == UInt8(ascii: "_") else {
            return nil
        }
        return name
    }

    func argumentKind(_ argument: Int32, _ state: ScopeState) -> ArgumentKind {
        let value = tree.unwrapExpression(argument)
        guard value >= 0 else { return .other }
        let n = tree[value]
        switch n.kind {
        case .literal:
            return .literal
        case .stringLiteral:
            // Interpolation segments are child expressions.
            return n.firstChild < 0 ? .literal : expression(value, state)
        case .collection:
            for child in tree.children(of: value) where argumentKind(child, state) != .literal { return .other }
            return .literal
        case .implicitMember:
            return .constant(tree.text(of: value))
        case .memberAccess:
            let base = n.firstChild
            if base >= 0 && tree[base].kind == .selfExpr { return pinnedOr(member(tree.identifierText(n.token)), at: value) }
            if base >= 0 && tree.isTypeLikeChain(base) { return .constant(tree.text(of: value)) }
            // `item.name`: derived from a local (a ForEach element).
            var root = base
            var plain = true
            while root >= 0 && (tree[root].kind == .memberAccess || tree[root].kind == .call) {
                if tree[root].kind == .call { plain = false }
                root = tree[root].firstChild
            }
            if root >= 0 && tree[root].kind == .identifier, state.isLocal(tree.identifierText(tree[root].token)) {
                return .local(tree.identifierText(tree[root].token))
            }
            // `thread.selected`, `self.model.item`: a property path from a member.
            if plain && root >= 0 && (tree[root].kind == .selfExpr || tree[root].kind == .identifier) {
                var text = tree.text(of: value).filter { !$0.isWhitespace }
                if text.hasPrefix("self.") { text.removeFirst(5) }
                let head = String(text.prefix { $0 != "." && $0 != "?" && $0 != "!" && $0 != "[" })
                if tree[root].kind == .identifier, state.isLocal(head) { return .other }
                if case .fixedState(_, ifClass: nil) = member(head), !isStateObject(head) {
                    // A property of a `@State` nothing changes: the same value, unless the state holds an object.
                    return .statePath(text, holder: stateType(head))
                }
                return .memberPath(text)
            }
            return expression(value, state)
        case .subscriptCall:
            // `items[index]` with a local index (a ForEach element's position): derived from the element.
            for child in tree.children(of: value) where tree[child].kind == .argument {
                let index = tree.unwrapExpression(tree[child].firstChild)
                if index >= 0 && tree[index].kind == .identifier, state.isLocal(tree.identifierText(tree[index].token)) {
                    return .local(tree.identifierText(tree[index].token))
                }
            }
            return expression(value, state)
        case .identifier:
            let name = tree.identifierText(n.token)
            if state.isLocal(name) {
                return pinnedOr(parameters.contains(name) && state.isParameter(name) ? .parameter(name) : .local(name), at: value)
            }
            return pinnedOr(member(name), at: value)
        case .closure:
            return .closure
        case .call:
            // `Model()`, `Filter(kind: .all)`: a construction from constants builds the same value every time.
            if tree.constructedType(value) != nil {
                var constant = true
                for child in tree.children(of: value) where child != tree.callee(of: value) {
                    guard tree[child].kind == .argument, !tree[child].flags.contains(.trailingClosure) else { constant = false; break }
                    switch argumentKind(child, state) {
                    case .literal, .constant: continue
                    default: constant = false
                    }
                    if !constant { break }
                }
                if constant { return .constant(tree.text(of: value)) }
            }
            // `item.hasPrefix("x")`, `item.title.uppercased()`: computed from a local (a ForEach element).
            var root = tree.callee(of: value)
            while root >= 0 && (tree[root].kind == .memberAccess || tree[root].kind == .call) { root = tree[root].firstChild }
            if root >= 0 && tree[root].kind == .identifier, state.isLocal(tree.identifierText(tree[root].token)),
               tree[tree.callee(of: value)].kind == .memberAccess {
                return .local(tree.identifierText(tree[root].token))
            }
            return .call
        default:
            return expression(value, state)
        }
    }

    /// `.expression` with the members an expression reads (`theme.activeTheme == current`, `"\(count)"`),
    /// at most four, or `.other` when it reads none: bare names not bound locally and `self.x`, outside
    /// closures.
    func expression(_ value: Int32, _ state: ScopeState) -> ArgumentKind {
        var reads: [String] = []
        tree.walk(value) { node in
            guard reads.count < 4 else { return false }
            let n = tree[node]
            switch n.kind {
            case .closure:
                return false
            case .identifier:
                let name = tree.identifierText(n.token)
                let bare = name.hasPrefix("$") ? String(name.dropFirst()) : name
                if let first = bare.first, first.isLowercase, !state.isLocal(name), !reads.contains(bare), !isFixedValue(bare) { reads.append(bare) }
            case .memberAccess where n.firstChild >= 0 && tree[n.firstChild].kind == .selfExpr && n.token >= 0:
                let name = tree.identifierText(n.token)
                if !reads.contains(name), !isFixedValue(name) { reads.append(name) }
            default:
                break
            }
            return true
        }
        return reads.isEmpty ? .other : .expression(reads: reads)
    }

    /// Whether a member of the enclosing type is a `@State` value that no code of the file changes.
    func isFixedValue(_ name: String) -> Bool {
        guard case .fixedState(_, ifClass: nil) = member(name) else { return false }
        return !isStateObject(name)
    }

    /// Whether a member of the enclosing type is a `@StateObject` (its object stays; its properties change).
    func isStateObject(_ name: String) -> Bool {
        guard ownerType >= 0, let i = memo.variables?[ownerType]?[name] else { return false }
        return tree.variables[i].attributes.contains { $0.baseName == "StateObject" }
    }

    /// The declared type of a `@State` member of the enclosing type.
    func stateType(_ name: String) -> String? {
        guard ownerType >= 0, let i = memo.variables?[ownerType]?[name] else { return nil }
        return tree.declaredType(of: tree.variables[i])
    }

    /// `kind`, or `pinned` when an enclosing `if` fixes the name in this branch.
    func pinnedOr(_ kind: ArgumentKind, at node: Int32) -> ArgumentKind {
        let name: String
        switch kind {
        case .parameter(let n), .member(let n), .local(let n), .fixedState(let n, _): name = n
        default: return kind
        }
        return tree.isPinned(name, at: node) ? .pinned(name) : kind
    }

    /// A member of the enclosing type, as `fixedState` when it keeps one value for the type's identity.
    func member(_ name: String) -> ArgumentKind {
        guard ownerType >= 0 else { return .member(name) }
        if memo.variables == nil {
            var table: [Int32: [String: Int]] = [:]
            for (i, variable) in tree.variables.enumerated() where variable.ownerType >= 0 && !variable.isComputed
                && table[variable.ownerType]?[variable.name] == nil {
                table[variable.ownerType, default: [:]][variable.name] = i
            }
            memo.variables = table
        }
        guard let i = memo.variables?[ownerType]?[name] else { return .member(name) }
        let variable = tree.variables[i]
        let attributes = variable.attributes.map(\.baseName)
        if attributes.contains("StateObject") { return .fixedState(name) }
        // (`@State` storage belongs to the view: only its own code, in this file or an extension, can
        // change it; an extension elsewhere that does is not seen.)
        guard attributes.contains("State") else { return .member(name) }
        if memo.writes == nil {
            // Every `@State` of the file at once: one pass over its tokens.
            memo.writes = tree.writes(ofMembers: Set(tree.variables.lazy.filter { $0.attributes.contains { $0.baseName == "State" } }.map(\.name)))
        }
        switch memo.writes?[name] ?? MemberWrites.none {
        case .none: return .fixedState(name)
        case .throughMembers:
            // Changed through its members: the same value only if it holds an object (the index knows).
            guard let type = tree.declaredType(of: variable) else { return .member(name) }
            return .fixedState(name, ifClass: type)
        case .reassigned: return .member(name)
        }
    }
}

/// How the code of a file changes a member (`SyntaxTree.writes(ofMember:)`).
public enum MemberWrites: Sendable, Equatable {
    /// Nothing outside initializers changes it.
    case none
    /// Only through its own members (`x.a = …`, `x.load()`, `x?.a = …`): the reference stays when it
    /// holds an object.
    case throughMembers
    /// Assigned, passed `inout`, projected (`$x`) or reached through its storage (`_x`).
    case reassigned
}

extension SyntaxTree {
    /// Whether the member chain after the name at token `name` (`.a`, `?`, `!`, `[i]`) ends in an
    /// assignment or a call: `x.a = v`, `x.items[0] += 1`, `x.load()`; a chain that is only read
    /// (`Text(x.title)`, `x.items[i].name`) does not change it.
    func membersChanged(after name: Int) -> Bool {
        var t = name + 1
        while t < tokens.count {
            let token = tokens[t]
            switch token.kind {
            case .period:
                t += 1
                guard t < tokens.count, tokens[t].kind == .identifier || tokens[t].kind == .keyword || tokens[t].kind == .integerLiteral else { return true }
                t += 1
            case .leftBracket:
                // A subscript: skip to its closing bracket.
                var depth = 0
                while t < tokens.count {
                    if tokens[t].kind == .leftBracket { depth += 1 }
                    if tokens[t].kind == .rightBracket { depth -= 1; if depth == 0 { break } }
                    t += 1
                }
                t += 1
            case .operator:
                let op = text(Int32(t))
                if op == "?" || op == "!" { t += 1; continue }
                return op.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(op)
            case .leftParen, .leftBrace:
                // A method call, or a trailing closure of one.
                return true
            default:
                return false
            }
        }
        return false
    }

    /// Whether an enclosing `if` (inside the same member) fixes `name` in the branch `node` is in: a
    /// condition `name` or `!name` (either branch), `name == constant` (its first branch) or
    /// `name != constant` (its else branch); `self.name` counts as `name`.
    public func isPinned(_ name: String, at node: Int32) -> Bool {
        var current = node
        var steps = 0
        while steps < 10_000 {
            steps += 1
            let parent = nodes[Int(current)].parent
            guard parent >= 0 else { return false }
            switch nodes[Int(parent)].kind {
            case .functionDecl, .accessor, .typeDecl, .closure:
                return false
            case .ifStmt:
                let condition = nodes[Int(parent)].firstChild
                if condition != current, condition >= 0, nodes[Int(condition)].kind != .codeBlock,
                   nodes[Int(condition)].nextSibling >= 0, nodes[Int(nodes[Int(condition)].nextSibling)].kind == .codeBlock {
                    let inThen = nodes[Int(condition)].nextSibling == current
                    if pins(condition, name, inThen: inThen) { return true }
                }
            default:
                break
            }
            current = parent
        }
        return false
    }

    /// Whether a condition fixes `name` in one of its branches.
    func pins(_ condition: Int32, _ name: String, inThen: Bool) -> Bool {
        func isName(_ n: Int32) -> Bool {
            guard n >= 0 else { return false }
            let node = nodes[Int(n)]
            if node.kind == .identifier { return node.token >= 0 && identifierText(node.token) == name }
            if node.kind == .memberAccess, node.firstChild >= 0, nodes[Int(node.firstChild)].kind == .selfExpr {
                return node.token >= 0 && identifierText(node.token) == name
            }
            return false
        }
        func isConstant(_ n: Int32) -> Bool {
            guard n >= 0 else { return false }
            let kind = nodes[Int(n)].kind
            return kind == .literal || kind == .implicitMember || kind == .memberAccess && nodes[Int(n)].firstChild >= 0
                && isTypeLikeChain(nodes[Int(n)].firstChild)
        }
        let parts = nodes[Int(condition)].kind == .sequence ? Array(children(of: condition)) : [condition]
        switch parts.count {
        case 1:
            let only = parts[0]
            if isName(only) { return true }
            if nodes[Int(only)].kind == .prefixOperator, nodes[Int(only)].token >= 0, text(nodes[Int(only)].token) == "!" {
                return isName(nodes[Int(only)].firstChild)
            }
            return false
        case 3:
            guard nodes[Int(parts[1])].kind == .binaryOperator, nodes[Int(parts[1])].token >= 0 else { return false }
            let op = text(nodes[Int(parts[1])].token)
            guard op == "==" && inThen || op == "!=" && !inThen else { return false }
            return isName(parts[0]) && isConstant(parts[2]) || isName(parts[2]) && isConstant(parts[0])
        default:
            return false
        }
    }

    /// Whether only code in this file can set a property declared here: it is `private` or
    /// `fileprivate`, or its setter is (`private(set)`, `fileprivate(set)`).
    public func hasFileScopedSetter(_ variable: VariableDecl) -> Bool {
        if variable.modifiers.contains(.private) || variable.modifiers.contains(.fileprivate) { return true }
        guard variable.modifiers.contains(.setterAccess), variable.keywordToken >= 3 else { return false }
        // `private(set) var`: the access word, `(`, `set`, `)` before the keyword (other modifiers may follow).
        var i = Int(variable.keywordToken) - 1
        while i >= 3 && i >= Int(variable.keywordToken) - 8 {
            if tokens[i].kind == .rightParen, text(Int32(i - 1)) == "set", tokens[i - 2].kind == .leftParen {
                let access = text(Int32(i - 3))
                return access == "private" || access == "fileprivate"
            }
            i -= 1
        }
        return false
    }

    /// How code outside initializers and declarations changes a member, by a token scan over the whole file: a token of
    /// the name that is assigned to (`x = …`, `x += …`, `self.x = …`), passed `inout` (`&x`), projected
    /// (`$x`) or reached through its storage (`_x`) reassigns it; one followed by `.`, `?` or `[` may
    /// change it through its members. Initializers only seed it. A same-named member of another type
    /// counts against it (never the other way round).
    public func writes(ofMember name: String) -> MemberWrites {
        writes(ofMembers: [name])[name] ?? MemberWrites.none
    }

    /// `writes(ofMember:)` for several names, in one pass over the file's tokens.
    public func writes(ofMembers names: Set<String>) -> [String: MemberWrites] {
        var found: [String: MemberWrites] = [:]
        guard !names.isEmpty else { return found }
        var initializers: [ClosedRange<Int32>] = []
        for function in functions where function.kind == .initializer && function.body >= 0 {
            initializers.append(nodes[Int(function.body)].firstToken...nodes[Int(function.body)].lastToken)
        }
        initializers.sort { $0.lowerBound < $1.lowerBound }
        // Declarations (`var x = …`) give the initial value.
        var declared = Set<Int32>()
        for variable in variables where names.contains(variable.name) { declared.insert(variable.nameToken) }
        // A cheap test first: a name's length and first byte (most identifiers are none of the names).
        var keys = Set<Int>()
        for name in names { if let first = name.utf8.first { keys.insert(name.utf8.count << 8 | Int(first)) } }
        let bytes = file.bytes
        var nextInitializer = 0
        for i in tokens.indices where tokens[i].kind == .identifier {
            let start = Int(tokens[i].start)
            let length = Int(tokens[i].length)
            let head = bytes[start]
            let prefixedKey = length > 1 && (head == UInt8(ascii: "$") || head == UInt8(ascii: "_")) ? (length - 1) << 8 | Int(bytes[start + 1]) : -1
            guard keys.contains(length << 8 | Int(head)) || keys.contains(prefixedKey) else { continue }
            // Initializers only seed (their token ranges are sorted; nested ones lie inside outer ones).
            while nextInitializer < initializers.count && initializers[nextInitializer].upperBound < Int32(i) { nextInitializer += 1 }
            if nextInitializer < initializers.count && initializers[nextInitializer].contains(Int32(i)) { continue }
            if declared.contains(Int32(i)) { continue }
            let text = identifierText(Int32(i))
            var name = Substring(text)
            let prefixed = name.first == "$" || name.first == "_"
            if prefixed { name = name.dropFirst() }
            let key = String(name)
            guard names.contains(key), found[key] != .reassigned else { continue }
            if prefixed { found[key] = .reassigned; continue }
            // `other.x` names another value's member; `self.x` is this one.
            if i >= 2, tokens[i - 1].kind == .period, !(tokens[i - 2].kind == .keyword && tokens[i - 2].keyword == .self) { continue }
            if i >= 1, tokens[i - 1].kind == .operator, self.text(Int32(i - 1)) == "&" { found[key] = .reassigned; continue }
            guard i + 1 < tokens.count else { continue }
            let next = tokens[i + 1]
            if next.kind == .period || next.kind == .leftBracket || next.kind == .operator && (self.text(Int32(i + 1)) == "?" || self.text(Int32(i + 1)) == "!") {
                // `x.a`, `x?.a.b`, `x[i]` only read it; `x.a = …`, `x[i] += …`, `x.load()` may change it.
                if membersChanged(after: i) { found[key] = .throughMembers }
            } else if next.kind == .operator {
                let op = self.text(Int32(i + 1))
                if op.hasSuffix("="), !["==", "!=", "<=", ">=", "===", "!=="].contains(op) {
                    found[key] = .reassigned
                } else if op == "?" || op == "!" {
                    found[key] = .throughMembers
                }
            }
        }
        return found
    }
}

extension SyntaxTree {
    /// The type a call constructs, as written, or nil when the call is not a construction: the callee is
    /// an uppercase name or dotted chain of them (`T`, `Outer.T`), `T.init`, or `.init` where the
    /// declaration's type annotation names the type.
    public func constructedType(_ call: Int32, genericArguments: Bool = false) -> String? {
        let callee = callee(of: call)
        guard callee >= 0 else { return nil }
        let c = nodes[Int(callee)]
        switch c.kind {
        case .identifier, .memberAccess:
            if c.kind == .memberAccess && c.token >= 0 && text(c.token) == "init" {
                return c.firstChild >= 0 && isTypeLikeChain(c.firstChild) ? text(of: c.firstChild) : nil
            }
            guard isTypeLikeChain(callee) else { return nil }
            // `Editor<Focus>(…)`: the generic type's name (with its arguments when asked: `Set<AnyCancellable>`).
            let written = text(of: callee)
            if !genericArguments, let open = written.firstIndex(of: "<") { return String(written[..<open]) }
            return written
        case .implicitMember:
            guard c.token >= 0, text(c.token) == "init" else { return nil }
            // `let x: T = .init(…)`, `@State private var x: T = .init(…)`
            var current = call
            while true {
                let parent = nodes[Int(current)].parent
                guard parent >= 0 else { return nil }
                switch nodes[Int(parent)].kind {
                case .sequence, .tryExpr, .awaitExpr:
                    current = parent
                case .variableDecl:
                    guard nodes[Int(parent)].firstChild == current else { return nil }
                    let bound = boundVariables(of: parent)
                    guard let first = bound.first, let range = variables[first].typeRange else { return nil }
                    let written = file.text(self.range(ofTokens: range.lowerBound, range.upperBound))
                    return written.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ? written : nil
                default:
                    return nil
                }
            }
        default:
            return nil
        }
    }

    /// Whether an expression is the argument labelled `label` of a call (through `try`, `await` and
    /// parentheses).
    public func isArgument(_ node: Int32, labeled label: String) -> Bool {
        var current = node
        for _ in 0..<16 {
            let parent = nodes[Int(current)].parent
            guard parent >= 0 else { return false }
            switch nodes[Int(parent)].kind {
            case .sequence, .tryExpr, .awaitExpr:
                guard nodes[Int(parent)].firstChild == current, nodes[Int(current)].nextSibling < 0 else { return false }
                current = parent
            case .argument:
                let outer = nodes[Int(parent)].parent
                return nodes[Int(parent)].token >= 0 && text(nodes[Int(parent)].token) == label && outer >= 0 && nodes[Int(outer)].kind == .call
            default:
                return false
            }
        }
        return false
    }

    /// Whether the view a call builds becomes a hosting controller's root: the call, with any modifiers
    /// applied to it (`V().environmentObject(x)`), is a `rootView:` argument, or the initial value of a
    /// local the same block passes as `rootView:` and uses nowhere else.
    public func isHostingRoot(_ call: Int32) -> Bool {
        // `V(…).modifier(…).other(…)`: the outermost modified value.
        var top = call
        while true {
            let access = nodes[Int(top)].parent
            guard access >= 0, nodes[Int(access)].kind == .memberAccess, nodes[Int(access)].firstChild == top else { break }
            let modifier = nodes[Int(access)].parent
            guard modifier >= 0, nodes[Int(modifier)].kind == .call, nodes[Int(modifier)].firstChild == access else { break }
            top = modifier
        }
        return isArgument(top, labeled: "rootView") || isLocalPassedAsHostingRoot(top)
    }

    /// Whether a node is inside a `#Preview { }` macro.
    public func isInPreviewMacro(_ node: Int32) -> Bool {
        var current = nodes[Int(node)].parent
        var steps = 0
        while current >= 0 && steps < 10_000 {
            steps += 1
            let n = nodes[Int(current)]
            if n.kind == .macroExpansion && n.token >= 0 && text(n.token) == "Preview" { return true }
            if n.kind == .typeDecl || n.kind == .functionDecl { return false }
            current = n.parent
        }
        return false
    }

    /// Whether an expression is the initial value of a local (`let view = V(…)`, or a `var` whose members the
    /// block sets first: `view.onSelect = …`) that the same block passes as `rootView: view` and uses
    /// nowhere else.
    func isLocalPassedAsHostingRoot(_ call: Int32) -> Bool {
        var decl = nodes[Int(call)].parent
        while decl >= 0 && (nodes[Int(decl)].kind == .sequence || nodes[Int(decl)].kind == .tryExpr) { decl = nodes[Int(decl)].parent }
        guard decl >= 0, nodes[Int(decl)].kind == .variableDecl, nodes[Int(decl)].firstChild >= 0 else { return false }
        let bound = boundVariables(of: decl)
        guard bound.count == 1, variables[bound.lowerBound].ownerType < 0 else { return false }
        let name = variables[bound.lowerBound].name
        let block = nodes[Int(decl)].parent
        guard block >= 0, [.codeBlock, .switchCase, .closure].contains(nodes[Int(block)].kind) else { return false }
        let first = Int(nodes[Int(decl)].lastToken) + 1
        let last = Int(nodes[Int(block)].lastToken)
        guard first <= last else { return false }
        var asRoot = false
        for i in first...last where tokens[i].kind == .identifier && identifierText(Int32(i)) == name {
            // `name.handler = …` configures the value before it becomes the root.
            if i + 3 <= last, tokens[i + 1].kind == .period, tokens[i + 2].kind == .identifier, tokens[i + 3].kind == .operator,
               text(Int32(i + 3)) == "=", !(i >= 1 && tokens[i - 1].kind == .period) {
                continue
            }
            // Otherwise `rootView: name` and nothing else: any other use may build more views from it.
            guard i >= 2, tokens[i - 1].kind == .colon, tokens[i - 2].kind == .identifier, text(Int32(i - 2)) == "rootView",
                  i + 1 > last || tokens[i + 1].kind == .rightParen || tokens[i + 1].kind == .comma else { return false }
            asRoot = true
        }
        return asRoot
    }

    /// `T`, `Outer.T`: identifiers joined by dots, the last one starting with an uppercase letter.
    func isTypeLikeChain(_ node: Int32) -> Bool {
        let n = nodes[Int(node)]
        switch n.kind {
        case .identifier:
            guard n.token >= 0, let first = identifierText(n.token).utf8.first else { return false }
            return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
        case .memberAccess:
            guard n.token >= 0, let first = identifierText(n.token).utf8.first,
                  first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z"), n.firstChild >= 0 else { return false }
            return isTypeLikeChain(n.firstChild)
        default:
            return false
        }
    }

    /// `value.member(…)` directly in the content of `navigationDestination(for: T.self) { value in … }`
    /// (the closure's parameter, or `$0`): the member called and `T` as written.
    public func destinationMemberCall(_ call: Int32) -> (member: String, type: String)? {
        let callee = callee(of: call)
        guard callee >= 0, nodes[Int(callee)].kind == .memberAccess, nodes[Int(callee)].token >= 0 else { return nil }
        let base = nodes[Int(callee)].firstChild
        guard base >= 0, nodes[Int(base)].kind == .identifier, nodes[Int(base)].token >= 0,
              let first = identifierText(nodes[Int(base)].token).utf8.first,
              first == UInt8(ascii: "$") || first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") else { return nil }
        // The nearest closure around the call, and the call it is passed to.
        var current = nodes[Int(call)].parent
        var steps = 0
        while current >= 0 && nodes[Int(current)].kind != .closure && steps < 64 {
            if [.functionDecl, .accessor, .typeDecl].contains(nodes[Int(current)].kind) { return nil }
            current = nodes[Int(current)].parent
            steps += 1
        }
        guard current >= 0, nodes[Int(current)].kind == .closure, let taking = callTaking(closure: current),
              calleeName(taking) == "navigationDestination" else { return nil }
        for argument in children(of: taking) where nodes[Int(argument)].kind == .argument && nodes[Int(argument)].token >= 0
            && text(nodes[Int(argument)].token) == "for" {
            let value = unwrapExpression(nodes[Int(argument)].firstChild)
            guard value >= 0, nodes[Int(value)].kind == .memberAccess, nodes[Int(value)].token >= 0, text(nodes[Int(value)].token) == "self",
                  nodes[Int(value)].firstChild >= 0, isTypeLikeChain(nodes[Int(value)].firstChild) else { return nil }
            return (identifierText(nodes[Int(callee)].token), text(of: nodes[Int(value)].firstChild))
        }
        return nil
    }

    /// The identity contexts around a call inside its member, innermost first: the presentation or
    /// `ForEach` closures it is built in, `NavigationLink(destination:)`, and `.id(…)` applied to it
    /// (through other modifiers).
    public func identityContexts(of call: Int32) -> [IdentityContext] {
        var contexts: [IdentityContext] = []
        var current = call
        var steps = 0
        while steps < 10_000 {
            steps += 1
            let parent = nodes[Int(current)].parent
            guard parent >= 0 else { break }
            let p = nodes[Int(parent)]
            switch p.kind {
            case .functionDecl, .accessor, .typeDecl:
                return contexts
            case .variableDecl where p.parent >= 0 && (nodes[Int(p.parent)].kind == .typeDecl || nodes[Int(p.parent)].kind == .sourceFile):
                // A stored property's initializer: the member ends here.
                return contexts
            case .memberAccess where p.firstChild == current && p.token >= 0 && text(p.token) == "id":
                // `view.id(x)`: the modifier's call is the member access's parent.
                let modifier = p.parent
                if modifier >= 0, nodes[Int(modifier)].kind == .call, nodes[Int(modifier)].firstChild == parent {
                    for argument in children(of: modifier) where nodes[Int(argument)].kind == .argument {
                        contexts.append(.id(text(of: argument)))
                        break
                    }
                }
            case .argument:
                let outer = p.parent
                if outer >= 0, nodes[Int(outer)].kind == .call, p.token >= 0, text(p.token) == "destination",
                   calleeName(outer) == "NavigationLink" {
                    contexts.append(.presented(by: "NavigationLink", itemKeyed: false))
                }
            default:
                break
            }
            if nodes[Int(current)].kind == .closure, let context = identityContext(ofClosure: current) {
                contexts.append(context)
            }
            current = parent
        }
        return contexts
    }

    /// The identity context a closure's content gets from the call it is passed to.
    func identityContext(ofClosure closure: Int32) -> IdentityContext? {
        guard let call = callTaking(closure: closure) else { return nil }
        let name = calleeName(call)
        // `List(data, id:) { row in … }` builds its rows like a `ForEach`.
        let listOfData = name == "List" && children(of: call).contains { argument in
            nodes[Int(argument)].kind == .argument && nodes[Int(argument)].token < 0 && unwrapExpression(argument) != closure
                && nodes[Int(unwrapExpression(argument))].kind != .closure
        }
        if name == "ForEach" || listOfData {
            var data: String?
            var key = ""
            for argument in children(of: call) where nodes[Int(argument)].kind == .argument && argument != closure {
                let label = nodes[Int(argument)].token >= 0 ? text(nodes[Int(argument)].token) : nil
                if label == "id" { key = text(of: nodes[Int(argument)].firstChild) }
                if data == nil && label == nil && unwrapExpression(argument) != closure {
                    data = text(of: nodes[Int(argument)].firstChild)
                }
            }
            return .forEach(keyedBy: key, data: data ?? "")
        }
        guard role(ofClosure: closure) == .presents else { return nil }
        var itemKeyed = false
        for argument in children(of: call) where nodes[Int(argument)].kind == .argument {
            if nodes[Int(argument)].token >= 0 && text(nodes[Int(argument)].token) == "item" { itemKeyed = true }
        }
        return .presented(by: name, itemKeyed: itemKeyed)
    }

    /// Whether a function's declared result names a view (`-> some View`, `-> AnyView`,
    /// `-> some ToolbarContent`, `-> Scene`): the `->` after its parameters, up to its body.
    public func declaresViewResult(_ function: FunctionDecl) -> Bool {
        guard function.nameToken >= 0 else { return false }
        let end = function.body >= 0 ? nodes[Int(function.body)].firstToken : Int32(tokens.count)
        var depth = 0
        var t = function.nameToken + 1
        while t < end && Int(t) < tokens.count {
            switch tokens[Int(t)].kind {
            case .leftParen, .leftBracket: depth += 1
            case .rightParen, .rightBracket: depth -= 1
            case .arrow where depth == 0: return namesViewType(tokens: (t + 1)...(end - 1))
            default: break
            }
            t += 1
        }
        return false
    }

    /// Whether a type as written names a view: an identifier ending in `View` or `Content`, or `Scene`.
    public func namesViewType(tokens range: ClosedRange<Int32>) -> Bool {
        guard range.lowerBound >= 0, range.upperBound >= range.lowerBound else { return false }
        for t in range where Int(t) < tokens.count {
            let kind = tokens[Int(t)].kind
            guard kind == .identifier || kind == .keyword else { continue }
            let name = text(t)
            // (`where` starts a generic clause: its constraints are not the result.)
            if name == "where" { return false }
            if kind == .identifier && (name.hasSuffix("View") || name.hasSuffix("Content") || name == "Scene") { return true }
        }
        return false
    }

    /// A stored property's type as written in its annotation, else the type its initializer constructs.
    public func declaredType(of variable: VariableDecl) -> String? {
        if let range = variable.typeRange {
            return file.text(self.range(ofTokens: range.lowerBound, range.upperBound))
        }
        guard variable.initializer >= 0 else { return nil }
        let value = unwrapExpression(variable.initializer)
        guard value >= 0, nodes[Int(value)].kind == .call else { return nil }
        return constructedType(value, genericArguments: true)
    }
}

extension ScopeState {
    /// Whether `name` is bound by the walk's parameters (the first frame pushed) and not shadowed since.
    public func isParameter(_ name: String) -> Bool {
        guard frames.count > 1 else { return false }
        for frame in frames.dropFirst(2).reversed() where frame.contains(name) { return false }
        return frames[1].contains(name)
    }
}

// MARK: - Initializer effects

/// What a member's body does that an initializer should not do eagerly.
public struct MemberEffects: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Starts a `Task`.
    public static let startsTask = MemberEffects(rawValue: 1 << 0)
    /// Prints or logs (`print`, `debugPrint`, `dump`, `NSLog`, `os_log`, a logger's methods).
    public static let logs = MemberEffects(rawValue: 1 << 1)
    /// Registers an observer or a timer (`addObserver`, `Timer.scheduledTimer`, `Timer.publish`, `sink`).
    public static let registersObserver = MemberEffects(rawValue: 1 << 2)
    /// Does file, network or defaults I/O (`FileManager`, `URLSession`, `UserDefaults`, `contentsOf:`).
    public static let doesIO = MemberEffects(rawValue: 1 << 3)

    /// The effects in words, for messages.
    public var descriptions: [String] {
        var words: [String] = []
        if contains(.startsTask) { words.append("starts a Task") }
        if contains(.logs) { words.append("prints or logs") }
        if contains(.registersObserver) { words.append("registers an observer or timer") }
        if contains(.doesIO) { words.append("does I/O") }
        return words
    }

    static let logFunctions: Set<String> = ["print", "debugPrint", "dump", "NSLog", "os_log"]
    static let logMethods: Set<String> = ["log", "trace", "debug", "info", "notice", "warning", "error", "critical", "fault"]
    static let observerCallees: Set<String> = [
        "addObserver", "scheduledTimer", "addPeriodicTimeObserver", "addBoundaryTimeObserver", "sink", "publish",
        "observe",
    ]
    static let ioRoots: Set<String> = ["FileManager", "URLSession", "UserDefaults", "FileHandle", "NSUbiquitousKeyValueStore"]
    static let ioLabels: Set<String> = ["contentsOf", "contentsOfFile", "atPath", "toFile"]

    /// The effects of one member body (with the closures it runs now or schedules: not one it stores or
    /// hands to an unknown callee), and the first call that has one, in source order.
    static func scan(_ tree: SyntaxTree, function: Int) -> (effects: MemberEffects, first: Int32, firstEffects: MemberEffects) {
        let body = tree.functions[function].body
        guard body >= 0 else { return ([], -1, []) }
        var found: MemberEffects = []
        var first: Int32 = -1
        var firstEffects: MemberEffects = []
        tree.walk(body) { node in
            let n = tree[node]
            if n.kind == .typeDecl { return false }
            // A closure runs with the member only when it is passed to a callee that runs it now or
            // schedules it (`forEach`, `Task`, `DispatchQueue…async`); one stored for later
            // (`continuation.onTermination = { … }`), an event handler or an unknown callee's may never run.
            if n.kind == .closure {
                let role = tree.role(ofClosure: node)
                return role == .runsNow || role == .later
            }
            guard n.kind == .call else { return true }
            var call: MemberEffects = []
            if tree.isTaskCreation(node) { call.insert(.startsTask) }
            let name = tree.calleeName(node)
            let path = tree.calleePath(node)
            let root = path.split(separator: ".").first.map(String.init) ?? ""
            if MemberEffects.logFunctions.contains(name) && !path.contains(".") { call.insert(.logs) }
            if MemberEffects.logMethods.contains(name) && path.contains(".") && root.lowercased().contains("log") { call.insert(.logs) }
            if MemberEffects.observerCallees.contains(name) && (name != "publish" || path.contains("Timer")) {
                call.insert(.registersObserver)
            }
            if MemberEffects.ioRoots.contains(root) { call.insert(.doesIO) }
            for argument in tree.children(of: node) where tree[argument].kind == .argument && tree[argument].token >= 0 {
                if MemberEffects.ioLabels.contains(tree.text(tree[argument].token)) { call.insert(.doesIO) }
            }
            if first < 0 && !call.isEmpty { (first, firstEffects) = (node, call) }
            found.formUnion(call)
            return true
        }
        return (found, first, firstEffects)
    }
}

/// Where a member's first side effect is: the call, for a related location.
public struct EffectSite: Sendable, Hashable {
    public var path: String
    /// The callee of the call (`print`, `Task`, `URLSession.shared.dataTask`).
    public var range: Range<Int>
    /// The callee as written, for messages.
    public var callee: String
    /// What this call does (the member may do more elsewhere).
    public var effects: MemberEffects = []

    /// A callee as a message shows it: on one line, and a long chain by its last call
    /// (`NotificationCenter.default.publisher(for: .x)\n    .sink` → `….sink`).
    static func shown(_ callee: String) -> String {
        let line = callee.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard line.count > 60, let close = line.lastIndex(of: ")") else { return line }
        var tail = line[line.index(after: close)...]
        while tail.first == " " || tail.first == "." { tail = tail.dropFirst() }
        return tail.isEmpty ? line : "…." + tail
    }

    /// The earlier of two sites (a member declared in several `#if` branches or files): order-independent.
    static func first(_ a: EffectSite, _ b: EffectSite) -> EffectSite {
        (a.path, a.range.lowerBound) <= (b.path, b.range.lowerBound) ? a : b
    }
}

// MARK: - Queries

/// A presentation of a view: the `sheet` / `fullScreenCover` / `popover` whose content builds it
/// (directly, or through a helper member called in the content).
public struct Presentation: Sendable, Hashable {
    /// `sheet`, `fullScreenCover` or `popover`.
    public var modifier: String
    public var path: String
    /// The construction site, or the helper call in the presentation's content.
    public var range: Range<Int>
}

extension ProjectIndex {
    /// The construction sites of a type, by its qualified or simple name, in path and position order.
    public func constructionSites(of typeName: String) -> [ConstructionSite] {
        var found: [ConstructionSite] = []
        forEachConstructionSite(of: typeName) { found.append($0); return true }
        return found
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
        let simple = typeName.split(separator: ".").last.map(String.init) ?? typeName
        let qualified = facts(for: typeName)?.name ?? typeName
        reads?.note(simpleNameOf: simple)
        for site in shards[ProjectIndex.shard(of: simple)].sites[simple] ?? [] {
            guard site.typeName == typeName || site.typeName == qualified
                || site.typeName.utf8.count != simple.utf8.count && facts(for: site.typeName)?.name == qualified else { continue }
            if !body(site) { return }
        }
    }

    /// The calls of helper member `member` (of `type`, or of any type when nil) in identity contexts.
    public func helperCalls(of member: String, in type: String?) -> [HelperCall] {
        reads?.note(helper: member)
        return (shards[ProjectIndex.shard(of: member)].helperCalls[member] ?? []).filter { type == nil || $0.enclosingType == type }
    }

    /// The identity contexts of a construction site, with those of the calls of the helper member it is
    /// built in (one level: `var content: some View { Detail() }` called in a sheet), innermost first.
    public func identityContexts(of site: ConstructionSite) -> [IdentityContext] {
        var contexts = site.contexts
        if let member = site.enclosingMember {
            for call in helperCalls(of: member, in: site.enclosingType) { contexts.append(contentsOf: call.contexts) }
        }
        return contexts
    }

    /// Where a view is presented with `sheet`, `fullScreenCover` or `popover`, in any file: its
    /// construction sites in such content, and calls of the helper members that build it there.
    public func presentations(of typeName: String) -> [Presentation] {
        let modifiers: Set<String> = ["sheet", "fullScreenCover", "popover"]
        var found: [Presentation] = []
        for site in constructionSites(of: typeName) {
            for case .presented(let by, _) in site.contexts where modifiers.contains(by) {
                found.append(Presentation(modifier: by, path: site.path, range: site.range))
            }
            guard let member = site.enclosingMember else { continue }
            for call in helperCalls(of: member, in: site.enclosingType) {
                for case .presented(let by, _) in call.contexts where modifiers.contains(by) {
                    found.append(Presentation(modifier: by, path: call.path, range: call.range))
                }
            }
        }
        return Array(Set(found)).sorted { ($0.path, $0.range.lowerBound) < ($1.path, $1.range.lowerBound) }
    }

    /// What a class's `init` does, through the methods and computed properties of `self` it calls
    /// (breadth first, across files and extensions), with the member that does it and where.
    /// With `labels` (a construction's argument labels, `_` for none), only the initializer those labels
    /// call is followed (`Model()` runs `init()`, not `init(preset:)`), when the project declares one with
    /// exactly those labels; otherwise (default arguments, an unknown initializer) every `init`.
    public func initializerEffects(of typeName: String, labels: [String]? = nil) -> [(effects: MemberEffects, member: String, site: EffectSite?)] {
        guard let type = facts(for: typeName) else { return [] }
        var found: [(MemberEffects, String, EffectSite?)] = []
        var start = "init"
        if let labels {
            let signature = FileSummary.initSignature(labels)
            if type.uses[signature] != nil || type.effects[signature] != nil { start = signature }
        }
        var queue = [start]
        var seen: Set<String> = [start, "init"]
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            if let effects = type.effects[current], !effects.isEmpty { found.append((effects, current, type.effectSites[current])) }
            for use in type.uses[current] ?? [] where !seen.contains(use.name) {
                guard let m = type.members[use.name], m.runs(by: use) else { continue }
                seen.insert(use.name)
                queue.append(use.name)
            }
        }
        return found
    }
}

// MARK: - Finding the files to collect sites in

/// A set of identifiers, and a byte scan that tells whether a file may use one of them: most files
/// name none of the types sites are wanted for, and are never parsed for them. (Words in comments and
/// strings count too; that only costs a parse.)
public struct WordSet: Sendable {
    public let words: Set<String>
    /// FNV-1a hashes of the words' bytes: an identifier is turned into a string only when its hash is
    /// one of these.
    private let hashes: Set<UInt64>
    /// The words' hashes as `ConstructionNames` keeps them, sorted.
    let shortHashes: [UInt32]
    /// Rules out most identifiers before they are hashed.
    let prefilter: NamePrefilter

    public init(_ words: Set<String>) {
        self.words = words
        let hashes = Set(words.map { WordSet.hash($0.utf8) })
        self.hashes = hashes
        shortHashes = Set(hashes.map { UInt32(truncatingIfNeeded: $0) }).sorted()
        prefilter = NamePrefilter(words)
    }

    public var isEmpty: Bool { words.isEmpty }

    @inline(__always) static func hash<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }

    /// Whether a significant token of `tree` between `first` and `last` (inclusive) is one of the words.
    func occurs(in tree: SyntaxTree, tokens first: Int32, _ last: Int32) -> Bool {
        guard !words.isEmpty, first >= 0, last >= first, Int(last) < tree.tokens.count else { return false }
        return tree.file.bytes.withUnsafeBufferPointer { bytes in
            for t in Int(first)...Int(last) {
                let token = tree.tokens[t]
                guard token.kind == .identifier, prefilter.mayContain(bytes, Int(token.start), Int(token.length)) else { continue }
                let range = Int(token.start)..<token.end
                if hashes.contains(WordSet.hash(bytes[range])) && words.contains(tree.file.text(range)) { return true }
            }
            return false
        }
    }

    /// Whether an identifier in `bytes` is one of the words.
    public func occurs(in bytes: [UInt8]) -> Bool {
        guard !words.isEmpty else { return false }
        return bytes.withUnsafeBufferPointer { b in
            var i = 0
            let n = b.count
            while i < n {
                let c = b[i]
                guard WordSet.isIdentifierStart(c) else { i += 1; continue }
                let start = i
                guard prefilter.mayStartWith(c) else {
                    while i < n && WordSet.isIdentifierByte(b[i]) { i += 1 }
                    continue
                }
                var h: UInt64 = 0xcbf2_9ce4_8422_2325
                while i < n && WordSet.isIdentifierByte(b[i]) {
                    h = (h ^ UInt64(b[i])) &* 0x100_0000_01b3
                    i += 1
                }
                if start > 0 && WordSet.isIdentifierByte(b[start - 1]) { continue }
                guard prefilter.mayHaveLength(i - start) else { continue }
                if hashes.contains(h) && words.contains(String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)) {
                    return true
                }
            }
            return false
        }
    }

    @inline(__always) static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || c == UInt8(ascii: "_") || c >= 0x80
    }

    @inline(__always) static func isIdentifierByte(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }
}

/// Which first bytes and lengths a set of names has: most identifiers are not one of the names, and this
/// rules them out without hashing or making a string. (Never says no for a name in the set; a name in
/// backticks is tested without them.)
public struct NamePrefilter: Sendable {
    private var firstBytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var lengths: UInt64 = 0

    public init<S: Sequence>(_ names: S) where S.Element == String {
        for name in names {
            guard let first = name.utf8.first else { continue }
            let bit = UInt64(1) << UInt64(first & 63)
            switch first >> 6 {
            case 0: firstBytes.0 |= bit
            case 1: firstBytes.1 |= bit
            case 2: firstBytes.2 |= bit
            default: firstBytes.3 |= bit
            }
            lengths |= 1 << UInt64(min(name.utf8.count, 63))
        }
    }

    @inline(__always) func mayStartWith(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return firstBytes.0 & bit != 0
        case 1: return firstBytes.1 & bit != 0
        case 2: return firstBytes.2 & bit != 0
        default: return firstBytes.3 & bit != 0
        }
    }

    @inline(__always) func mayHaveLength(_ length: Int) -> Bool { lengths & (1 << UInt64(min(length, 63))) != 0 }

    /// Whether the identifier of `length` bytes at `start` (maybe in backticks) may be one of the names.
    @inline(__always) func mayContain(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Bool {
        var start = start
        var length = length
        if length >= 2 && bytes[start] == UInt8(ascii: "`") { start += 1; length -= 2 }
        return length > 0 && mayHaveLength(length) && mayStartWith(bytes[start])
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

/// What pass 1 notes of a file for the construction-site search, from its tokens: the names that may be
/// constructed in it (an uppercase identifier followed by `(`, by a trailing closure's `{`, or by
/// `.init`), whether it calls `.init(…)` without a type (the type is then in an annotation), and whether
/// it names an identity context (a helper called in one builds views with that identity). A few dozen
/// bytes per file, so the search parses only the files that may hold a wanted site.
public struct ConstructionNames: Sendable, Equatable {
    /// Hashes (the low 32 bits of `WordSet.hash`) of the names, without duplicates.
    public internal(set) var hashes: [UInt32] = []
    /// The file calls `.init(…)` on an implicit type.
    public internal(set) var implicitInit = false
    /// The file names `sheet`, `fullScreenCover`, `popover`, `navigationDestination`, `NavigationLink`,
    /// `ForEach` or `List`, or calls `.id(…)`.
    public internal(set) var identityContexts = false
    /// Hashes (as `hashes`) of the types named in `navigationDestination(for: T.self)`, without duplicates:
    /// a call of `route.view()` in that content builds views a destination at a time.
    public internal(set) var destinationTypes: [UInt32] = []

    /// Nothing noted (the plan collects no sites, or the file was not indexed).
    public static let none = ConstructionNames()

    init() {}

    /// The names that make an identity context (`id` as the modifier `.id(…)`).
    public static let contextNames: Set<String> = ["sheet", "fullScreenCover", "popover", "navigationDestination",
                                                   "NavigationLink", "ForEach", "List", "id"]

    /// Whether the bytes spell one of the names that make an identity context.
    @inline(__always) static func isContextWord(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Bool {
        func spells(_ word: StaticString) -> Bool {
            let p = word.utf8Start
            for k in 1..<length where b[start + k] != p[k] { return false }
            return true
        }
        switch (length, b[start]) {
        case (2, UInt8(ascii: "i")): return b[start + 1] == UInt8(ascii: "d")
        case (4, UInt8(ascii: "L")): return spells("List")
        case (5, UInt8(ascii: "s")): return spells("sheet")
        case (7, UInt8(ascii: "p")): return spells("popover")
        case (7, UInt8(ascii: "F")): return spells("ForEach")
        case (14, UInt8(ascii: "N")): return spells("NavigationLink")
        case (15, UInt8(ascii: "f")): return spells("fullScreenCover")
        case (21, UInt8(ascii: "n")): return spells("navigationDestination")
        default: return false
        }
    }

    public init(_ tree: SyntaxTree) {
        var found: [UInt32] = []
        tree.file.bytes.withUnsafeBufferPointer { b in tree.tokens.withUnsafeBufferPointer { tokens in
            for i in tokens.indices {
                let token = tokens[i]
                guard token.kind == .identifier || token.kind == .keyword else { continue }
                var start = Int(token.start)
                var end = start + Int(token.length)
                if end - start >= 2 && b[start] == UInt8(ascii: "`") { start += 1; end -= 1 }
                guard start < end else { continue }
                let first = b[start]
                let length = end - start
                if token.kind == .identifier && first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") && i + 1 < tokens.count {
                    let next = tokens[i + 1]
                    // (`struct T {` declares, `-> T {` is a return type; `T {` elsewhere may be a call with a
                    // trailing closure.)
                    var after = i + 1
                    // `Editor<Focus>(…)`: past the generic arguments.
                    if next.kind == .operator && next.length == 1 && b[Int(next.start)] == UInt8(ascii: "<") {
                        after = ConstructionNames.endOfGenericArguments(from: i + 1, tokens, b)
                    }
                    let following = after < tokens.count ? tokens[after] : next
                    var constructs = after < tokens.count && (following.kind == .leftParen
                        || following.kind == .leftBrace && !(i > 0 && (tokens[i - 1].kind == .keyword || tokens[i - 1].kind == .arrow)))
                    if !constructs && next.kind == .period && i + 2 < tokens.count {
                        constructs = ConstructionNames.isInit(tokens[i + 2], b)
                    }
                    if constructs {
                        found.append(UInt32(truncatingIfNeeded: WordSet.hash(UnsafeBufferPointer(rebasing: b[start..<end]))))
                    }
                } else if length == 4 && i > 0 && tokens[i - 1].kind == .period && ConstructionNames.isInit(token, b) {
                    // `.init(…)` with nothing before the dot (not `T.init`, `self.init`, `x.init`, `f().init`).
                    if i < 2 { implicitInit = true; continue }
                    let before = tokens[i - 2]
                    let isBase = before.kind == .identifier || before.kind == .keyword || before.kind == .rightParen
                        || before.kind == .rightBracket || before.kind == .rightBrace
                        || (before.kind == .operator && before.flags.contains(.leftBound))
                    if !isBase { implicitInit = true }
                }
                if length == 21 && token.kind == .identifier && first == UInt8(ascii: "n"),
                   let type = ConstructionNames.destinationType(at: i, tokens, b) {
                    destinationTypes.append(type)
                }
                if !identityContexts && token.kind == .identifier && ConstructionNames.isContextWord(b, start, length) {
                    // `id` only as the modifier `.id(…)` (every model has an `id`).
                    identityContexts = length != 2
                        || (i > 0 && tokens[i - 1].kind == .period && i + 1 < tokens.count && tokens[i + 1].kind == .leftParen)
                }
            }
        } }
        // Sorted, without duplicates, and without framework names (a merge with their sorted hashes).
        found.sort()
        let framework = ConstructionNames.frameworkHashes
        var kept = 0
        var f = 0
        for k in found.indices where k == 0 || found[k] != found[k - 1] {
            let h = found[k]
            while f < framework.count && framework[f] < h { f += 1 }
            if f < framework.count && framework[f] == h { continue }
            found[kept] = h
            kept += 1
        }
        hashes = Array(found[..<kept])
        destinationTypes = Array(Set(destinationTypes)).sorted()
    }

    /// Framework types nearly every file constructs (`Text(…)`, `VStack {`, `Date()`): not noted, to keep
    /// the notes small. A project type of such a name is searched for in every file (`SiteSearch`).
    public static let frameworkNames: Set<String> = [
        "Text", "Image", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "GridItem",
        "Grid", "GridRow", "Spacer", "Divider", "Button", "Label", "Toggle", "TextField", "SecureField", "TextEditor",
        "Picker", "Slider", "Stepper", "DatePicker", "ProgressView", "ScrollView", "ScrollViewReader", "List", "ForEach",
        "Section", "Form", "Group", "GroupBox", "NavigationStack", "NavigationView", "NavigationLink", "NavigationSplitView",
        "TabView", "Tab", "Menu", "Link", "ShareLink", "Color", "Font", "Circle", "Rectangle", "RoundedRectangle", "Capsule",
        "Ellipse", "GeometryReader", "AsyncImage", "ContentUnavailableView", "EmptyView", "AnyView", "Binding", "State",
        "Task", "Date", "URL", "UUID", "String", "Int", "Double", "Float", "CGFloat", "CGSize", "CGPoint", "CGRect", "Array",
        "Set", "Dictionary", "Data", "Result", "Error", "NSError", "Published", "Just", "Timer", "Animation", "EdgeInsets",
        "Angle", "LinearGradient", "RadialGradient", "Gradient", "Path", "ToolbarItem", "ToolbarItemGroup", "Logger",
        "Locale", "Calendar", "DateFormatter", "NumberFormatter", "Decimal", "IndexSet", "Bool", "Range", "UIColor",
        "NSColor", "UIImage", "NSImage", "UIFont", "NSFont", "Alert", "AttributedString", "LocalizedStringKey",
        "NSPredicate", "NSSortDescriptor", "JSONDecoder", "JSONEncoder", "PassthroughSubject", "CurrentValueSubject",
        "AnyCancellable", "DispatchQueue", "Duration", "Measurement", "Selection", "SortDescriptor", "Environment",
    ]
    static let frameworkHashes = Set(frameworkNames.map { UInt32(truncatingIfNeeded: WordSet.hash($0.utf8)) }).sorted()

    /// The token after the `>` that closes the generic arguments opened by the `<` at `open`, or `open`
    /// itself when they do not close within a few tokens (then it is a comparison).
    static func endOfGenericArguments(from open: Int, _ tokens: UnsafeBufferPointer<Token>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        var depth = 0
        var k = open
        while k < tokens.count && k < open + 32 {
            let t = tokens[k]
            if t.kind == .operator {
                for offset in 0..<Int(t.length) {
                    switch b[Int(t.start) + offset] {
                    case UInt8(ascii: "<"): depth += 1
                    case UInt8(ascii: ">"): depth -= 1
                    case UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "."), UInt8(ascii: "&"): break
                    default: return open
                    }
                }
                if depth == 0 { return k + 1 }
            } else if !(t.kind == .identifier || t.kind == .keyword || t.kind == .comma || t.kind == .period || t.kind == .colon
                        || t.kind == .leftBracket || t.kind == .rightBracket || t.kind == .leftParen || t.kind == .rightParen) {
                return open
            }
            k += 1
        }
        return open
    }

    @inline(__always) static func isInit(_ token: Token, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let s = Int(token.start)
        return token.length == 4 && b[s] == UInt8(ascii: "i") && b[s + 1] == UInt8(ascii: "n") && b[s + 2] == UInt8(ascii: "i")
            && b[s + 3] == UInt8(ascii: "t")
    }

    /// The hash of `T` when the tokens at `i` read `navigationDestination(for: T.self` (or `Outer.T.self`).
    static func destinationType(at i: Int, _ tokens: UnsafeBufferPointer<Token>, _ b: UnsafeBufferPointer<UInt8>) -> UInt32? {
        func spells(_ k: Int, _ word: String) -> Bool {
            guard k < tokens.count, Int(tokens[k].length) == word.utf8.count else { return false }
            return b[Int(tokens[k].start)..<tokens[k].end].elementsEqual(word.utf8)
        }
        guard spells(i, "navigationDestination"), i + 5 < tokens.count, tokens[i + 1].kind == .leftParen, spells(i + 2, "for"),
              tokens[i + 3].kind == .colon else { return nil }
        var k = i + 4
        var last = -1
        while k + 1 < tokens.count && tokens[k].kind == .identifier && tokens[k + 1].kind == .period {
            last = k
            k += 2
        }
        guard last >= 0, k < tokens.count, tokens[k].kind == .keyword, tokens[k].keyword == .self else { return nil }
        return UInt32(truncatingIfNeeded: WordSet.hash(UnsafeBufferPointer(rebasing: b[Int(tokens[last].start)..<tokens[last].end])))
    }

    /// Whether one of `types` is used as a navigation destination's data in the file.
    public func usesAsDestination(any types: WordSet) -> Bool {
        !destinationTypes.isEmpty && destinationTypes.contains { types.shortHashes.contains($0) }
    }

    /// Whether the file may construct one of `types` (or builds a `.init(…)` whose type only a scan can tell).
    public func mayConstruct(any types: WordSet) -> Bool {
        // Both sorted: a merge.
        let wanted = types.shortHashes
        var i = 0
        var j = 0
        while i < hashes.count && j < wanted.count {
            if hashes[i] == wanted[j] { return true }
            if hashes[i] < wanted[j] { i += 1 } else { j += 1 }
        }
        return false
    }
}
