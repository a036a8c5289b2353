import StatelintSyntax

/// A reference to a member of the body's owner type (as the project index knows its members): a bare
/// name (`count`) or `self.count`.
public struct MemberReferenceFact: Sendable {
    /// The node that stands for the whole reference (the identifier, or the `self.x` member access).
    public var node: Int32
    /// The member name.
    public var name: String
    /// The token of the name.
    public var nameToken: Int32
    /// Plain write, read (get or modify), or call.
    public var access: AccessKind
    /// Whether the bare name is bound locally here (a parameter, local or pattern), so not a member.
    public var isLocal: Bool
    /// Where it sits (see `BodyModel.Position`).
    public var position: BodyModel.Position

    /// The use as member bodies record it in the index (`FileSummary.uses`): a call, or a read — where a
    /// read passed to a callee that runs its argument at once (`items.forEach(handle)`) calls it.
    public func use(in tree: SyntaxTree) -> MemberUse {
        MemberUse(name: name, isCall: access == .call || access == .read && tree.isPassedToRunNow(node))
    }
}

/// A call inside a body.
public struct CallFact: Sendable {
    /// The call node.
    public var node: Int32
    public var position: BodyModel.Position
}

/// A closure literal inside a body.
public struct ClosureFact: Sendable {
    /// The closure node.
    public var node: Int32
    /// The call it is passed to (or that applies it immediately), or -1.
    public var call: Int32
    /// That call's callee name, or "".
    public var callee: String
    /// The argument label it is passed with, or nil (unlabelled or trailing).
    public var label: String?
    /// What the callee does with it, or nil when unknown.
    public var role: CalleeRole?
    /// The scopes around the closure (for captures on demand).
    public var scope: ScopeState
    public var position: BodyModel.Position

    /// When it runs: now only when its callee runs it synchronously.
    public var timing: ClosureTiming { role?.timing ?? .later }
}

/// An assignment (`=` or a compound operator) inside a body.
public struct AssignmentFact: Sendable {
    /// The assignment node.
    public var node: Int32
    /// The left-hand side, and the elements of the right-hand side.
    public var lhs: Int32
    public var rhs: [Int32]
    /// A plain `=` (not `+=` …).
    public var isPlain: Bool
    /// The left-hand side when it is itself a member reference (`x`, `self.x`), with whether the bare
    /// name is local.
    public var target: (name: String, reference: Int32)?
    /// The root member of the left-hand side (`x` in `self.x[k].y`), with whether it is local.
    public var root: (name: String, reference: Int32)?
    /// Whether the bare name of `target` / `root` is bound locally here.
    public var targetIsLocal: Bool
    public var rootIsLocal: Bool
    public var position: BodyModel.Position
}

/// A local `let`/`var` with an initializer inside a body.
public struct LocalBindingFact: Sendable {
    /// The declaration node (its names are `tree.boundVariables(of: node)`).
    public var node: Int32
    /// The initializer expression.
    public var initializer: Int32
    public var position: BodyModel.Position
}

/// What one member body (a method, initializer, accessor …) contains, from one scope walk: the facts
/// rules filter instead of walking the body themselves.
public struct BodyModel: Sendable {
    /// Where a fact sits in the body.
    public struct Position: Sendable {
        /// Its rank in source order among all facts of the body (merging lists keeps source order).
        public var order: Int32
        /// The innermost closure literal around it (an index in `closures`; its capture list counts as
        /// inside it), or -1.
        public var closure: Int32
        /// Whether some closure around it runs later (or at an unknown time), so it does not run during
        /// the body's own execution.
        public var isDeferred: Bool
        /// Whether it is inside a function declared in the body (a local function).
        public var inLocalFunction: Bool
    }

    /// The function (index in `tree.functions`) whose body this is.
    public let function: Int
    public internal(set) var references: [MemberReferenceFact] = []
    public internal(set) var calls: [CallFact] = []
    public internal(set) var closures: [ClosureFact] = []
    public internal(set) var assignments: [AssignmentFact] = []
    public internal(set) var locals: [LocalBindingFact] = []
    /// Names bound to `self` (`let me = self`, `guard let strong = self`).
    public internal(set) var selfAliases: [String] = []

    /// The closure fact of closure node `node`, if it is in this body.
    public func closure(at node: Int32) -> ClosureFact? { closures.first { $0.node == node } }

    /// The `.onAppear { }` (or `onAppear(perform:)`) closure that code at `position` runs in, past closures
    /// that run on the spot (`withAnimation { }`); nil when the nearest closure that runs later is another.
    public func appearClosure(around position: Position) -> ClosureFact? {
        var around = position.closure
        while around >= 0 && closures[Int(around)].timing == .now { around = closures[Int(around)].position.closure }
        guard around >= 0, closures[Int(around)].callee == "onAppear",
              closures[Int(around)].label == nil || closures[Int(around)].label == "perform" else { return nil }
        return closures[Int(around)]
    }

    /// Whether some closure around a position satisfies `test` (innermost first).
    public func isInClosure(_ position: Position, where test: (ClosureFact) -> Bool) -> Bool {
        var index = position.closure
        while index >= 0 {
            let closure = closures[Int(index)]
            if test(closure) { return true }
            index = closure.position.closure
        }
        return false
    }
}

/// The semantic model of one file: owner types resolved once, and a `BodyModel` for each member body,
/// built on first request (one scope walk per body) and shared by every rule.
public final class FileModel {
    public let tree: SyntaxTree
    public let index: ProjectIndex
    private var owners: [Int32: (name: String, facts: TypeFacts?)] = [:]
    private var bodies: [Int: BodyModel] = [:]
    private var memberFilters: [Int32: NameFilter] = [:]
    private var storedParameterCache: [Int: Set<String>] = [:]

    public init(tree: SyntaxTree, index: ProjectIndex) {
        self.tree = tree
        self.index = index
    }

    /// The file's functions and member variables by owner, built once: a rule that looks up one type's
    /// members costs that type's members, not every declaration of the file (a scan per finding made a
    /// file with a finding per type quadratic). By type index first (cheap); by qualified name (a type and
    /// its extensions in this file) only when a rule asks by name.
    struct Declarations {
        /// Function indices by owner type index, in source order.
        var functionsByType: [[Int]]
        /// Member variable indices by owner type index, in source order.
        var variablesByType: [[Int]]
    }
    private var declarationsCache: Declarations?
    private var typeIndicesByName: [String: [Int32]]?

    private var declarations: Declarations {
        if let known = declarationsCache { return known }
        let count = tree.types.count
        var built = Declarations(functionsByType: Array(repeating: [], count: count), variablesByType: Array(repeating: [], count: count))
        for i in tree.functions.indices {
            let owner = Int(tree.functions[i].ownerType)
            if owner >= 0 && owner < count { built.functionsByType[owner].append(i) }
        }
        for i in tree.variables.indices {
            let owner = Int(tree.variables[i].ownerType)
            if owner >= 0 && owner < count { built.variablesByType[owner].append(i) }
        }
        declarationsCache = built
        return built
    }

    /// The type indices whose qualified name is `name`, in file order.
    public func typeIndices(named name: String) -> [Int32] {
        if typeIndicesByName == nil {
            var byName: [String: [Int32]] = [:]
            for i in tree.types.indices { byName[owner(Int32(i)).name, default: []].append(Int32(i)) }
            typeIndicesByName = byName
        }
        return typeIndicesByName?[name] ?? []
    }

    /// The functions (indices into `tree.functions`) whose owner is the type at `type`, in source order.
    public func functions(ofType type: Int32) -> [Int] {
        type >= 0 && Int(type) < tree.types.count ? declarations.functionsByType[Int(type)] : []
    }

    /// The functions whose owner has the qualified name `name` (the type and its extensions in this file),
    /// in source order.
    public func functions(ofTypeNamed name: String) -> [Int] {
        let types = typeIndices(named: name)
        if types.count == 1 { return functions(ofType: types[0]) }
        return types.flatMap { functions(ofType: $0) }.sorted()
    }

    /// The member variables (indices into `tree.variables`) of the types named `name` in this file, in
    /// source order.
    public func memberVariables(ofTypeNamed name: String) -> [Int] {
        let types = typeIndices(named: name)
        if types.count == 1 { return declarations.variablesByType[Int(types[0])] }
        return types.flatMap { declarations.variablesByType[Int($0)] }.sorted()
    }

    /// The qualified name and project facts of the type at `type` in this file's type table, looked up once.
    /// A local type (declared in a function or closure body) has no facts: the project index never sees
    /// it (pass 1 skips bodies), and its simple name must not resolve to another file's nested type.
    public func owner(_ type: Int32) -> (name: String, facts: TypeFacts?) {
        if let known = owners[type] { return known }
        let name = tree.qualifiedName(ofType: type)
        let found = (name: name, facts: tree.isLocalType(type) ? nil : index.facts(for: name))
        owners[type] = found
        return found
    }

    /// The model of function `function`'s body (empty when it has none).
    public func body(_ function: Int) -> BodyModel {
        if let known = bodies[function] { return known }
        let built = build(function)
        bodies[function] = built
        return built
    }

    /// What a closure of body `body` captures of the instance (`self`, its members).
    public func captures(of closure: ClosureFact, in body: BodyModel) -> ClosureCaptures {
        let ownerType = tree.functions[body.function].ownerType
        let facts = ownerType >= 0 ? owner(ownerType).facts : nil
        return tree.captures(of: closure.node, continuing: closure.scope) { name in
            facts?.members[name].map { !$0.isStatic } ?? false
        }
    }

    /// Where closure `closure` of body `body` is itself kept on `self` (`handler = { … }`,
    /// `handlers.append { … }`), if it is.
    public func storage(of closure: ClosureFact, in body: BodyModel) -> SelfStorage? {
        storage(ofValue: closure.node, scope: closure.scope, in: body)
    }

    /// Where the value of the call `closure` is passed to is kept on `self` (`task = Task { … }`,
    /// `publisher.sink { … }.store(in: &cancellables)`, `timer = Timer.scheduledTimer(…) { … }`), if it is.
    /// A value a method returns counts where its caller keeps it: `watchdog = makeWatchdog()` in a
    /// member of the same type in this file, where `makeWatchdog()` returns `Task { … }` (one level).
    public func storageOfCall(taking closure: ClosureFact, in body: BodyModel) -> SelfStorage? {
        guard closure.call >= 0 else { return nil }
        if let direct = storage(ofValue: closure.call, scope: closure.scope, in: body) { return direct }
        let function = tree.functions[body.function]
        guard function.kind == .function, function.ownerType >= 0, !function.modifiers.contains(.static),
              tree.isReturned(closure.call, fromBody: function.body) else { return nil }
        return storageOfResult(ofMethod: function.name, in: function.ownerType)
    }

    /// Where a caller in this file keeps the result of `self`'s method `name` (a plain assignment to a
    /// stored property of `self` in a member of the same type), if one does.
    func storageOfResult(ofMethod name: String, in type: Int32) -> SelfStorage? {
        guard let facts = owner(type).facts else { return nil }
        for i in functions(ofType: type) where tree.functions[i].body >= 0 && !tree.functions[i].modifiers.contains(.static) {
            for assignment in body(i).assignments where assignment.isPlain && !assignment.rootIsLocal && assignment.rhs.count == 1 {
                let value = tree.unwrapExpression(assignment.rhs[0])
                guard value >= 0, tree[value].kind == .call else { continue }
                let callee = tree.callee(of: value)
                guard callee >= 0, let (called, _) = tree.memberReference(callee), called == name else { continue }
                if var stored = tree.storageOnSelf(of: value, isLocal: { _ in assignment.rootIsLocal }, member: { facts.members[$0] }) {
                    stored.returnedBy = name
                    return stored
                }
            }
        }
        return nil
    }

    private func storage(ofValue value: Int32, scope: ScopeState, in body: BodyModel) -> SelfStorage? {
        let ownerType = tree.functions[body.function].ownerType
        guard ownerType >= 0, let facts = owner(ownerType).facts else { return nil }
        let aliases = storedParameters(of: body, facts: facts)
        return tree.storageOnSelf(of: value, isLocal: { scope.isLocal($0) && !(aliases.contains($0) && scope.isParameter($0)) },
                                  member: { facts.members[$0] })
    }

    /// The parameters of an initializer that it stores in the stored `let` of the same name (`self.pipe =
    /// pipe`): the object the parameter names is the one `self` keeps, so `pipe.readabilityHandler = { … }`
    /// keeps the closure in an object `self` owns. Empty for other bodies.
    func storedParameters(of body: BodyModel, facts: TypeFacts) -> Set<String> {
        let function = tree.functions[body.function]
        guard function.kind == .initializer else { return [] }
        // (Once per body: asked for each closure it keeps.)
        if let known = storedParameterCache[body.function] { return known }
        var found: Set<String> = []
        defer { storedParameterCache[body.function] = found }
        for assignment in body.assignments where assignment.isPlain && !assignment.targetIsLocal && assignment.rhs.count == 1 {
            guard let (name, reference) = assignment.target, tree[reference].kind == .memberAccess,
                  facts.members[name]?.kind == .storedLet, function.parameters.contains(where: { $0.name == name }) else { continue }
            let value = tree.unwrapExpression(assignment.rhs[0])
            if value >= 0, tree[value].kind == .identifier, tree[value].token >= 0, tree.identifierText(tree[value].token) == name {
                found.insert(name)
            }
        }
        return found
    }

    private func build(_ index: Int) -> BodyModel {
        let function = tree.functions[index]
        guard function.body >= 0 else { return BodyModel(function: index) }
        let facts = function.ownerType >= 0 ? owner(function.ownerType).facts : nil
        var filter = NameFilter.empty
        if let facts {
            if let known = memberFilters[function.ownerType] {
                filter = known
            } else {
                filter = facts.memberPrefilter.map { NameFilter($0, in: tree.file) } ?? NameFilter(facts.members.keys, in: tree.file)
                memberFilters[function.ownerType] = filter
            }
        }
        var walker = ScopeWalker(tree: tree, visitor: BodyBuilder(tree: tree, facts: facts, memberNames: filter,
                                                                  model: BodyModel(function: index)))
        walker.walk(root: function.body, parameters: function.parameters.map(\.name))
        return walker.visitor.model
    }
}

/// The one scope walk that fills a `BodyModel`.
struct BodyBuilder: ScopeVisitor {
    let tree: SyntaxTree
    let facts: TypeFacts?
    var model: BodyModel
    /// The enclosing closures (indices in `model.closures`), how many of them run later, and how many
    /// local functions enclose the current node.
    var closureStack: [Int32] = []
    var deferredDepth = 0
    var localFunctions = 0
    var order: Int32 = 0

    /// A quick test on an identifier's bytes before its name is made and looked up.
    let memberNames: NameFilter

    init(tree: SyntaxTree, facts: TypeFacts?, memberNames: NameFilter, model: BodyModel) {
        self.tree = tree
        self.facts = facts
        self.memberNames = memberNames
        self.model = model
    }

    mutating func position() -> BodyModel.Position {
        order += 1
        return BodyModel.Position(order: order, closure: closureStack.last ?? -1, isDeferred: deferredDepth > 0,
                                  inLocalFunction: localFunctions > 0)
    }

    mutating func visit(_ node: Int32, _ state: ScopeState) -> Bool {
        let n = tree[node]
        switch n.kind {
        case .identifier, .memberAccess:
            // Member references: only names the owner type has as members (the others cannot be).
            // Through an alias of `self` (`let me = self; me.items`): a member reference too.
            if let facts, let (name, _) = tree.aliasedMemberReference(node, in: state) {
                if facts.members[name] != nil {
                    model.references.append(MemberReferenceFact(
                        node: node, name: name, nameToken: n.token, access: tree.accessKind(of: node), isLocal: false,
                        position: position()))
                }
                return true
            }
            if let facts, n.kind == .memberAccess || memberNames.mayContain(tree.tokens[Int(n.token)]),
               let (name, reference) = tree.memberReference(node), facts.members[name] != nil {
                model.references.append(MemberReferenceFact(
                    node: node, name: name, nameToken: n.kind == .identifier ? n.token : tree[reference].token,
                    access: tree.accessKind(of: reference), isLocal: n.kind == .identifier && state.isLocal(name),
                    position: position()))
            }
        case .closure:
            let call = tree.callTaking(closure: node) ?? -1
            let role = tree.role(ofClosure: node)
            var label: String?
            if call >= 0, let argument = tree.argumentNode(ofClosure: node, in: call), tree[argument].token >= 0 {
                label = tree.text(tree[argument].token)
            }
            model.closures.append(ClosureFact(
                node: node, call: call, callee: call >= 0 ? tree.calleeName(call) : "", label: label, role: role,
                scope: state, position: position()))
            closureStack.append(Int32(model.closures.count - 1))
            if (role?.timing ?? .later) == .later { deferredDepth += 1 }
        case .functionDecl:
            localFunctions += 1
        case .call:
            model.calls.append(CallFact(node: node, position: position()))
        case .assignment:
            let (lhs, rhs) = tree.assignmentSides(node)
            let target = tree.memberReference(lhs)
            let root = tree.rootMember(of: lhs)
            model.assignments.append(AssignmentFact(
                node: node, lhs: lhs, rhs: rhs, isPlain: n.flags.contains(.plainAssignment), target: target, root: root,
                targetIsLocal: target.map { tree[$0.reference].kind == .identifier && state.isLocal($0.name) } ?? false,
                rootIsLocal: root.map { tree[$0.reference].kind == .identifier && state.isLocal($0.name) } ?? false,
                position: position()))
        case .variableDecl:
            if n.firstChild >= 0 {
                model.locals.append(LocalBindingFact(node: node, initializer: n.firstChild, position: position()))
                for i in tree.selfAliasVariables(boundBy: node) { model.selfAliases.append(tree.variables[i].name) }
            }
        case .conditionBinding:
            // `guard let n = item.name`, `if let x = f()`: a local like `let`, for rules that follow values.
            if n.firstChild >= 0 {
                model.locals.append(LocalBindingFact(node: node, initializer: n.firstChild, position: position()))
            }
            for i in tree.selfAliasVariables(boundBy: node) { model.selfAliases.append(tree.variables[i].name) }
        default:
            break
        }
        return true
    }

    mutating func leave(_ node: Int32) {
        switch tree[node].kind {
        case .closure:
            let index = Int(closureStack.removeLast())
            if model.closures[index].timing == .later { deferredDepth -= 1 }
        case .functionDecl:
            localFunctions -= 1
        default:
            break
        }
    }
}

/// A `NamePrefilter` of a type's member names, for tokens of one file: most identifiers in a body are
/// not members, and this rules them out without making a string.
struct NameFilter {
    private let prefilter: NamePrefilter
    private let bytes: [UInt8]

    static let empty = NameFilter([], in: SourceFile(path: "", bytes: []))

    init<S: Sequence>(_ names: S, in file: SourceFile) where S.Element == String {
        prefilter = NamePrefilter(names)
        bytes = file.bytes
    }

    init(_ prefilter: NamePrefilter, in file: SourceFile) {
        self.prefilter = prefilter
        bytes = file.bytes
    }

    /// Whether the token (an identifier, maybe in backticks) may be one of the names.
    func mayContain(_ token: Token) -> Bool {
        bytes.withUnsafeBufferPointer { prefilter.mayContain($0, Int(token.start), Int(token.length)) }
    }
}
