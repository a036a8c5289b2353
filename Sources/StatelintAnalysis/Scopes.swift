import StatelintSyntax

extension SyntaxTree {
    /// The indices in `variables` of the names a declaration, binding, loop, case or catch node binds.
    public func boundVariables(of node: Int32) -> Range<Int> {
        let first = Int(nodes[Int(node)].info)
        guard first >= 0, first <= variables.count else { return 0..<0 }
        var end = first
        while end < variables.count && variables[end].node == node { end += 1 }
        return first..<end
    }

    /// The names a closure binds: its parameters and capture-list names.
    public func closureBoundNames(_ closure: Int32) -> [String] {
        var names: [String] = []
        for child in children(of: closure) {
            switch nodes[Int(child)].kind {
            case .closureParameter:
                names.append(identifierText(nodes[Int(child)].token))
            case .captureList:
                for item in children(of: child) where nodes[Int(item)].token >= 0 {
                    names.append(identifierText(nodes[Int(item)].token))
                }
            default: break
            }
        }
        return names
    }

    /// The variables (indices in `variables`) a declaration or condition binding binds to `self` itself:
    /// `let me = self`, `var strong = self`, `guard let strong = self`, `if let me = self` (not `guard let
    /// self`, which binds `self` again). The one notion of a name bound to `self`: every scope walk tracks
    /// them (`ScopeState.isSelfAlias`), so a walk that sees `self.x` sees `me.x` too.
    public func selfAliasVariables(boundBy node: Int32) -> [Int] {
        guard isStrongSelfRebinding(node) else { return [] }
        return boundVariables(of: node).filter { variables[$0].name != "self" }
    }

    /// Whether a node is one of the statements of a closure (not its parameters or capture list).
    public func isClosureStatement(_ node: Int32) -> Bool {
        let k = nodes[Int(node)].kind
        return k != .closureParameter && k != .captureList
    }
}

/// What the walker knows at a node: which names are local (and which of them are bound to `self`), and
/// which closures enclose it.
public struct ScopeState: Sendable {
    /// Names bound locally, innermost frame last.
    var frames: [[String]] = [[]]
    /// The bindings in `frames` that name `self` (`let me = self`): frame and position in it. Usually empty.
    var selfAliasBindings: [(frame: Int32, slot: Int32)] = []
    /// Enclosing closures, innermost last.
    public internal(set) var closures: [Int32] = []
    /// Enclosing loops (for, while, repeat), innermost last.
    public internal(set) var loops: [Int32] = []

    /// Whether `name` is bound by a parameter, local, closure parameter or pattern in scope.
    public func isLocal(_ name: String) -> Bool {
        for frame in frames.reversed() where frame.contains(name) { return true }
        return false
    }

    /// Whether `name` here refers to a binding of `self` (`let me = self`, `guard let strong = self`): a
    /// later local of the same name that is not `self` (`let me = other`, a closure parameter) hides it.
    public func isSelfAlias(_ name: String) -> Bool { selfAliasFrame(of: name) != nil }

    /// The frame (0 is the outermost) of the binding `name` refers to here, when that binding is an alias
    /// of `self`; nil otherwise.
    func selfAliasFrame(of name: String) -> Int? {
        guard !selfAliasBindings.isEmpty else { return nil }
        for f in frames.indices.reversed() {
            guard let slot = frames[f].lastIndex(of: name) else { continue }
            return selfAliasBindings.contains { $0.frame == Int32(f) && $0.slot == Int32(slot) } ? f : nil
        }
        return nil
    }

    mutating func bind(_ name: String, isSelfAlias: Bool = false) {
        if isSelfAlias { selfAliasBindings.append((Int32(frames.count - 1), Int32(frames[frames.count - 1].count))) }
        frames[frames.count - 1].append(name)
    }
    mutating func push(_ names: [String] = []) { frames.append(names) }
    mutating func pop() {
        guard frames.count > 1 else { return }
        frames.removeLast()
        if !selfAliasBindings.isEmpty { selfAliasBindings.removeAll { $0.frame >= Int32(frames.count) } }
    }
}

/// What a scope walk calls: `visit` before a node's children (return false to skip them), `leave` after.
/// A visitor is a value the walker owns and mutates in place (no escaping closure, no boxed state).
public protocol ScopeVisitor {
    mutating func visit(_ node: Int32, _ state: ScopeState) -> Bool
    mutating func leave(_ node: Int32)
}

extension ScopeVisitor {
    public mutating func leave(_ node: Int32) {}
}

/// A visitor made of a closure, for short walks.
public struct ClosureVisitor: ScopeVisitor {
    let body: (Int32, ScopeState) -> Bool
    public mutating func visit(_ node: Int32, _ state: ScopeState) -> Bool { body(node, state) }
}

extension ScopeWalker where Visitor == ClosureVisitor {
    /// Walks `root` with `parameters` bound.
    public static func walk(_ tree: SyntaxTree, root: Int32, parameters: [String],
                            visit: @escaping (Int32, ScopeState) -> Bool) {
        var walker = ScopeWalker(tree: tree, visitor: ClosureVisitor(body: visit))
        walker.state.push(parameters)
        walker.walkNode(root)
    }

    /// Walks `root` continuing from the scopes of an enclosing walk (its locals stay visible).
    public static func walk(_ tree: SyntaxTree, root: Int32, continuing outer: ScopeState,
                            visit: @escaping (Int32, ScopeState) -> Bool) {
        var walker = ScopeWalker(tree: tree, visitor: ClosureVisitor(body: visit))
        walker.state = outer
        walker.walkNode(root)
    }
}

/// Walks a member body in source order, keeping track of scopes (locals, parameters, closure
/// parameters, `if let`/`guard let` bindings, loop and case patterns) and of enclosing closures and loops.
/// Nested type declarations are not entered; nested functions are walked with their own parameters.
public struct ScopeWalker<Visitor: ScopeVisitor> {
    public let tree: SyntaxTree
    public private(set) var state = ScopeState()
    /// The visitor, owned by the walk; read it back after `walk(root:parameters:)`.
    public private(set) var visitor: Visitor

    public init(tree: SyntaxTree, visitor: Visitor) {
        self.tree = tree
        self.visitor = visitor
    }

    /// Walks `root` with `parameters` bound.
    public mutating func walk(root: Int32, parameters: [String]) {
        state.push(parameters)
        walkNode(root)
        state.pop()
    }

    mutating func walkChildren(_ node: Int32) {
        // Sibling links directly: a `ChildSequence` per node retained the node array each time.
        var child = tree.nodes[Int(node)].firstChild
        while child >= 0 {
            walkNode(child)
            child = tree.nodes[Int(child)].nextSibling
        }
    }

    mutating func bindVariables(of node: Int32) {
        let aliases = tree.selfAliasVariables(boundBy: node)
        for i in tree.boundVariables(of: node) { state.bind(tree.variables[i].name, isSelfAlias: aliases.contains(i)) }
    }

    mutating func walkNode(_ node: Int32) {
        let n = tree[node]
        if n.kind == .typeDecl { return }
        guard visitor.visit(node, state) else { return }
        defer { visitor.leave(node) }
        switch n.kind {
        case .variableDecl:
            // The initializer sees the outer names (`let x = x`); the name is bound after it.
            walkChildren(node)
            bindVariables(of: node)
        case .functionDecl:
            if n.token >= 0 { state.bind(tree.identifierText(n.token)) }
            let fn = n.info >= 0 ? tree.functions[Int(n.info)] : nil
            state.push(fn?.parameters.map(\.name) ?? [])
            walkChildren(node)
            state.pop()
        case .accessor:
            let fn = n.info >= 0 ? tree.functions[Int(n.info)] : nil
            var names = fn?.parameters.map(\.name) ?? []
            if let fn, fn.parameters.isEmpty {
                if fn.name == "set" || fn.name == "willSet" { names.append("newValue") }
                if fn.name == "didSet" { names.append("oldValue") }
            }
            state.push(names)
            walkChildren(node)
            state.pop()
        case .codeBlock, .doStmt, .deferStmt, .repeatStmt:
            state.push()
            if n.kind == .repeatStmt { state.loops.append(node) }
            walkChildren(node)
            if n.kind == .repeatStmt { state.loops.removeLast() }
            state.pop()
        case .conditionBinding:
            walkChildren(node)
            bindVariables(of: node)
        case .ifStmt, .whileStmt:
            // Condition bindings are visible in the body, not in `else`.
            state.push()
            if n.kind == .whileStmt { state.loops.append(node) }
            var sawBody = false
            for child in tree.children(of: node) {
                let kind = tree[child].kind
                if kind == .codeBlock && sawBody || kind == .ifStmt && sawBody {
                    state.pop()
                    state.push()
                }
                walkNode(child)
                if kind == .codeBlock { sawBody = true }
            }
            if n.kind == .whileStmt { state.loops.removeLast() }
            state.pop()
        case .guardStmt:
            // Bindings stay in scope after the guard (they go to the enclosing frame).
            walkChildren(node)
        case .forStmt:
            state.loops.append(node)
            var bound = false
            for child in tree.children(of: node) {
                if tree[child].kind == .codeBlock && !bound {
                    state.push()
                    bindVariables(of: node)
                    bound = true
                    walkNode(child)
                    state.pop()
                } else {
                    walkNode(child)
                }
            }
            state.loops.removeLast()
        case .switchCase, .catchClause:
            state.push()
            bindVariables(of: node)
            if n.kind == .catchClause && tree.boundVariables(of: node).isEmpty { state.bind("error") }
            walkChildren(node)
            state.pop()
        case .closure:
            // Capture-list initializers are evaluated outside the closure.
            for child in tree.children(of: node) where tree[child].kind == .captureList { walkNode(child) }
            state.closures.append(node)
            state.push(tree.closureBoundNames(node))
            for child in tree.children(of: node) where tree.isClosureStatement(child) { walkNode(child) }
            state.pop()
            state.closures.removeLast()
        default:
            walkChildren(node)
        }
    }
}
