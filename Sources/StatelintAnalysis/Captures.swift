import StatelintSyntax

/// How a closure's capture list treats `self`.
public enum SelfCapture: Sendable, Equatable {
    /// `self` is not in the capture list: uses of `self` capture it strongly.
    case implicit
    /// `[self]`: captured strongly on purpose.
    case strong
    /// `[weak self]`.
    case weak
    /// `[unowned self]`: no retain.
    case unowned
}

/// What a closure captures of the instance it is written in.
public struct ClosureCaptures: Sendable {
    /// How the capture list treats `self`.
    public var selfCapture: SelfCapture = .implicit
    /// The `self` entry of the capture list, if any.
    public var selfCaptureItem: Int32 = -1
    /// Uses of the instance inside the closure: explicit `self`, implicit members, and nested
    /// closures' `self` capture entries (handing `self` to a nested closure captures it here too).
    public var selfUses: [Int32] = []
    /// Instance member names used without `self.` or through `self.`, in order of first use.
    public var memberNames: [String] = []
    /// Whether `self` is written explicitly (`self.x`, `[self]`, `self?.x`).
    public var usesSelfExplicitly = false
    /// Strong re-bindings of a weak `self`: `guard let self`, `if let self = self`, `let strong = self`.
    public var strongRebindings: [Int32] = []
    /// Long-lived loops (`for await`, `for try await`, `while`, `repeat`) that run in this closure,
    /// not inside a nested `Task`.
    public var longLivedLoops: [Int32] = []

    /// Whether the closure holds `self` strongly for as long as `loop` runs.
    public func holdsSelfStrongly(around loop: Int32, in tree: SyntaxTree) -> Bool {
        switch selfCapture {
        case .unowned: return false
        case .strong: return true
        case .implicit: return !selfUses.isEmpty
        case .weak: return strongRebindings.contains { tree.rebindingScope($0, encloses: loop) }
        }
    }
}

extension SyntaxTree {
    /// Whether a call creates a task: `Task { }`, `Task.detached { }`, `Task(priority:) { }`.
    public func isTaskCreation(_ call: Int32) -> Bool {
        guard nodes[Int(call)].kind == .call else { return false }
        let path = calleePath(call)
        return path == "Task" || path == "Task.detached" || path == "_Concurrency.Task"
    }

    /// Analyses what a closure captures of the instance whose members are `members`.
    /// - Parameters:
    ///   - outer: the scopes around the closure, so locals of the enclosing body are not taken for members;
    ///     a use of a name they bind to `self` (`let me = self`, `ScopeState.isSelfAlias`) that the closure
    ///     does not bind again is a use of `self`.
    ///   - isMember: whether a bare name is an instance member of the enclosing type.
    public func captures(of closure: Int32, continuing outer: ScopeState,
                         isMember: @escaping (String) -> Bool) -> ClosureCaptures {
        var result = ClosureCaptures()
        if let entry = selfCaptureEntry(of: closure) {
            result.selfCaptureItem = entry.item
            result.selfCapture = entry.capture
            if entry.capture == .strong { result.usesSelfExplicitly = true }
        } else if let inherited = inheritedSelfCapture(of: closure) {
            result.selfCapture = inherited
        }
        let tree = self
        // Frames below this one are the enclosing body's: an alias bound there is the captured object.
        let outerFrames = outer.frames.count
        var usesAlias = false
        ScopeWalker.walk(self, root: closure, continuing: outer) { node, state in
            let n = tree.nodes[Int(node)]
            switch n.kind {
            case .functionDecl:
                return false
            case .captureList where n.parent == closure:
                // Its initializers (`[title = self.title]`) run where the closure is created, not inside it.
                return false
            case .forStmt where (n.flags.contains(.awaitLoop) && !tree.isFiniteAwaitLoop(node)) || tree.isUnboundedForLoop(node),
                 .whileStmt, .repeatStmt:
                if !tree.isInsideNestedTask(node, closure: closure) { result.longLivedLoops.append(node) }
            case .selfExpr:
                result.selfUses.append(node)
                result.usesSelfExplicitly = true
                let parent = n.parent
                if parent >= 0, tree.nodes[Int(parent)].kind == .memberAccess, tree.nodes[Int(parent)].firstChild == node {
                    let name = tree.identifierText(tree.nodes[Int(parent)].token)
                    if !result.memberNames.contains(name) { result.memberNames.append(name) }
                }
            case .captureItem where n.token >= 0 && tree.text(n.token) == "self" && tree.ancestor(of: node, kind: .closure) != closure:
                result.selfUses.append(node)
            case .identifier:
                let name = tree.identifierText(n.token)
                if let frame = state.selfAliasFrame(of: name) {
                    if frame < outerFrames {
                        result.selfUses.append(node)
                        usesAlias = true
                    }
                } else if !state.isLocal(name) && isMember(name) {
                    result.selfUses.append(node)
                    if !result.memberNames.contains(name) { result.memberNames.append(name) }
                }
            case .conditionBinding, .variableDecl:
                if tree.isStrongSelfRebinding(node) { result.strongRebindings.append(node) }
            default:
                break
            }
            return true
        }
        if usesAlias { result.selfUses.sort() }
        return result
    }

    /// How `self` reaches a closure whose capture list does not name it, when an enclosing closure's does:
    /// inside `{ [weak self] in … { self?.x } }` the inner closure captures the weak variable, not the
    /// object, unless a strong re-binding (`guard let self`) in between encloses it. Nil when `self` is
    /// the object itself (no enclosing closure weakens it, or a re-binding or `[self]` makes it strong).
    func inheritedSelfCapture(of closure: Int32) -> SelfCapture? {
        // The enclosing closures up to the first with a `self` entry in its capture list (none: nothing is
        // inherited, and no closure's body is walked: a body of many closures stays linear).
        var enclosing: [Int32] = []
        var entry: SelfCapture?
        var current = nodes[Int(closure)].parent
        search: while current >= 0 {
            switch nodes[Int(current)].kind {
            case .functionDecl, .accessor, .typeDecl:
                break search
            case .closure:
                enclosing.append(current)
                if let found = selfCaptureEntry(of: current) { entry = found.capture; break search }
            default:
                break
            }
            current = nodes[Int(current)].parent
        }
        guard let entry else { return nil }
        // A strong re-binding of `self` on the way (`guard let self`) makes it strong again.
        for outer in enclosing where strongSelfRebinding(in: outer, enclosing: closure) { return nil }
        return entry == .strong ? nil : entry
    }

    /// Whether closure `outer` re-binds `self` strongly (`guard let self`, `if let self = self`) in a scope
    /// that encloses `inner` (nested closures of `outer` left out: their re-bindings are their own).
    private func strongSelfRebinding(in outer: Int32, enclosing inner: Int32) -> Bool {
        firstNode(in: outer, skipping: { nodes[Int($0)].kind == .closure || nodes[Int($0)].kind == .functionDecl }) { node in
            let kind = nodes[Int(node)].kind
            return (kind == .conditionBinding || kind == .variableDecl) && isStrongSelfRebinding(node)
                && boundVariables(of: node).contains(where: { variables[$0].name == "self" }) && rebindingScope(node, encloses: inner)
        } != nil
    }

    /// The `self` entry of a closure's capture list (not `[x = self.y]`), and how it captures.
    /// Whether a closure's capture list takes `name` weakly or unowned (`[weak itemRef]`).
    public func capturesWeakly(_ name: String, in closure: Int32) -> Bool {
        for child in children(of: closure) where nodes[Int(child)].kind == .captureList {
            for item in children(of: child) where nodes[Int(item)].token >= 0 && text(nodes[Int(item)].token) == name {
                let flags = nodes[Int(item)].flags
                if !flags.contains(.hasInitializer) && (flags.contains(.weak) || flags.contains(.unowned)) { return true }
            }
        }
        return false
    }

    func selfCaptureEntry(of closure: Int32) -> (item: Int32, capture: SelfCapture)? {
        // (The capture list opens the closure: its statements, however many, are not looked at.)
        for child in children(of: closure) {
            guard nodes[Int(child)].kind == .captureList else { break }
            for item in children(of: child) where nodes[Int(item)].token >= 0 && text(nodes[Int(item)].token) == "self" {
                let flags = nodes[Int(item)].flags
                if flags.contains(.hasInitializer) { continue }
                return (item, flags.contains(.weak) ? .weak : flags.contains(.unowned) ? .unowned : .strong)
            }
        }
        return nil
    }

    /// Whether a `for … in` loop runs over a range without an end: `0...`, `1..<Int.max`, `0...Int.max`.
    public func isUnboundedForLoop(_ loop: Int32) -> Bool {
        guard nodes[Int(loop)].kind == .forStmt else { return false }
        var sequence: Int32 = -1
        var body: Int32 = -1
        for child in children(of: loop) {
            if nodes[Int(child)].kind == .codeBlock { body = child; break }
            sequence = child
        }
        guard sequence >= 0, body >= 0 else { return false }
        let first = nodes[Int(sequence)].firstToken
        let last = nodes[Int(body)].firstToken - 1
        guard first >= 0, last >= first else { return false }
        let written = file.text(range(ofTokens: first, last)).filter { !$0.isWhitespace }
        if written.hasSuffix("...") { return true }
        // A range whose upper bound is a type's `.max`.
        return (written.contains("..<") || written.contains("...")) && written.hasSuffix(".max")
    }

    /// Whether a `for await` loop runs over a sequence known to end: the group of an enclosing
    /// `withTaskGroup { group in … }` (its child tasks are finite), or a `.prefix(n)` of anything.
    public func isFiniteAwaitLoop(_ loop: Int32) -> Bool {
        var sequence: Int32 = -1
        for child in children(of: loop) {
            if nodes[Int(child)].kind == .codeBlock { break }
            sequence = child
        }
        guard sequence >= 0 else { return false }
        let first = nodes[Int(sequence)].firstToken
        let last = nodes[Int(sequence)].lastToken
        guard first >= 0, last >= first else { return false }
        let written = file.text(range(ofTokens: first, last)).filter { !$0.isWhitespace }
        if written.hasSuffix(")"), let open = written.ranges(of: ".prefix(").last,
           Int(written[open.upperBound..<written.index(before: written.endIndex)]) != nil { return true }
        // The loop's sequence is the parameter of an enclosing task-group closure.
        var current = nodes[Int(loop)].parent
        while current >= 0 {
            if nodes[Int(current)].kind == .closure {
                let parameters = children(of: current).filter { nodes[Int($0)].kind == .closureParameter }
                if let group = parameters.first, nodes[Int(group)].token >= 0, identifierText(nodes[Int(group)].token) == written {
                    var call = nodes[Int(current)].parent
                    while call >= 0 && nodes[Int(call)].kind == .argument { call = nodes[Int(call)].parent }
                    return call >= 0 && nodes[Int(call)].kind == .call && calleeName(call).hasSuffix("TaskGroup")
                }
            }
            current = nodes[Int(current)].parent
        }
        return false
    }

    /// Whether a node lies inside a `Task { }` nested in `closure`.
    public func isInsideNestedTask(_ node: Int32, closure: Int32) -> Bool {
        var current = nodes[Int(node)].parent
        while current >= 0 && current != closure {
            if nodes[Int(current)].kind == .call && isTaskCreation(current) { return true }
            current = nodes[Int(current)].parent
        }
        return false
    }

    /// `guard let self`, `if let self = self`, `let strongSelf = self`, `guard let strong = self`.
    public func isStrongSelfRebinding(_ node: Int32) -> Bool {
        let n = nodes[Int(node)]
        guard n.kind == .conditionBinding || n.kind == .variableDecl else { return false }
        let initializer = n.firstChild >= 0 ? unwrapExpression(n.firstChild) : -1
        if initializer < 0 { return n.kind == .conditionBinding && n.token >= 0 && text(n.token) == "self" }
        return nodes[Int(initializer)].kind == .selfExpr
    }

    /// Whether the scope a strong re-binding creates contains `loop`: an `if let`'s body, or the rest
    /// of the block after a `guard let` or `let`.
    public func rebindingScope(_ rebind: Int32, encloses loop: Int32) -> Bool {
        let statement = nodes[Int(rebind)].kind == .conditionBinding ? nodes[Int(rebind)].parent : rebind
        guard statement >= 0 else { return false }
        switch nodes[Int(statement)].kind {
        case .ifStmt, .whileStmt:
            for child in children(of: statement) where nodes[Int(child)].kind == .codeBlock {
                return isDescendant(loop, of: child)
            }
            return false
        default:
            let block = nodes[Int(statement)].parent
            guard block >= 0, isDescendant(loop, of: block) else { return false }
            return nodes[Int(loop)].firstToken > nodes[Int(statement)].lastToken
        }
    }
}
