import StatelintSyntax

/// How a reference to a property is used.
public enum AccessKind: Sendable, Equatable {
    /// The whole target of a plain `=`: only the setter runs.
    case write
    /// A read: get, `_modify` (compound assignment, mutating call, subscript write, member chain), or `&x`.
    case read
    /// The callee of a call: `f()` or `self.f()`.
    case call
    /// Named, not used: `#selector(reload)`, `#keyPath(name)` (nothing runs, nothing is read).
    case reference
}

/// What a read (`AccessKind.read`) does with the value: only gets it, or changes it in place.
public enum ReadUse: Sendable, Equatable {
    /// Only gets it: `print(count)`, `items.count`, `items[0]`, `name.isEmpty`.
    case value
    /// Changes it in place (`_modify`): `count += 1`, `items[0] = x`, `point.x = 1`, `&count`.
    case mutation
    /// The base of a method call, which may be `mutating` (`items.append(x)`, `items.sort()`): the call
    /// is named.
    case methodCall(String)

    /// Only a get: reading the backing storage instead does the same (no setter, no observers skipped).
    public var isPureRead: Bool { self == .value }
}

/// When a closure runs relative to the code that creates it.
public enum ClosureTiming: Sendable, Equatable {
    /// Synchronously, before the enclosing statement finishes (`forEach`, `map`, `{ … }()`).
    case now
    /// Later, or stored: `Task { }`, `DispatchQueue.main.async { }`, assigned to a property, unknown callees.
    case later
}

extension SyntaxTree {
    /// A reference to an instance member: a bare identifier, or `self.name` (`me.name` through an alias of
    /// `self` needs the walk's scopes: `aliasedMemberReference(_:in:)`).
    /// - Returns: the member name and the node that stands for the whole reference, or nil.
    public func memberReference(_ node: Int32) -> (name: String, reference: Int32)? {
        let n = nodes[Int(node)]
        switch n.kind {
        case .identifier:
            // Not the name part of `self.x` (that is the memberAccess), and not `$0`/`_`.
            let name = identifierText(n.token)
            if name.hasPrefix("$") || name == "_" || tokens[Int(n.token)].kind == .operator { return nil }
            return (name, node)
        case .memberAccess:
            let base = n.firstChild
            guard base >= 0, nodes[Int(base)].kind == .selfExpr else { return nil }
            return (identifierText(n.token), node)
        default:
            return nil
        }
    }

    /// `me.name` where `me` is bound to `self` where the walk stands (`let me = self`, `guard let strong =
    /// self`; see `selfAliasVariables(boundBy:)`): a reference to member `name`, as `self.name` is.
    /// - Returns: the member name and the node that stands for the whole reference, or nil.
    public func aliasedMemberReference(_ node: Int32, in state: ScopeState) -> (name: String, reference: Int32)? {
        guard !state.selfAliasBindings.isEmpty else { return nil }
        let n = nodes[Int(node)]
        guard n.kind == .memberAccess, n.firstChild >= 0, nodes[Int(n.firstChild)].kind == .identifier,
              state.isSelfAlias(identifierText(nodes[Int(n.firstChild)].token)) else { return nil }
        return (identifierText(n.token), node)
    }

    /// Whether `node` is the first child (base or callee) of its parent.
    func isFirstChild(_ node: Int32) -> Bool {
        let parent = nodes[Int(node)].parent
        return parent >= 0 && nodes[Int(parent)].firstChild == node
    }

    /// Classifies a member reference (`x` or `self.x`) as a plain write, a read or a call.
    public func accessKind(of reference: Int32) -> AccessKind {
        let parent = nodes[Int(reference)].parent
        guard parent >= 0 else { return .read }
        if isNamedByMacro(reference) { return .reference }
        let p = nodes[Int(parent)]
        switch p.kind {
        case .call where isFirstChild(reference):
            return .call
        case .assignment:
            // Is the reference the whole left-hand side of a plain `=`?
            guard p.flags.contains(.plainAssignment), p.firstChild == reference else { return .read }
            let next = nodes[Int(reference)].nextSibling
            if next >= 0 && nodes[Int(next)].kind == .binaryOperator && nodes[Int(next)].token == p.token { return .write }
            return .read
        case .argument:
            // `(a, b) = (x, y)`: a tuple on the left of `=` is written.
            let tuple = p.parent
            if tuple >= 0 && nodes[Int(tuple)].kind == .tuple {
                let assignment = nodes[Int(tuple)].parent
                if assignment >= 0 && nodes[Int(assignment)].kind == .assignment
                    && nodes[Int(assignment)].flags.contains(.plainAssignment) && nodes[Int(assignment)].firstChild == tuple {
                    return .write
                }
            }
            return .read
        case .sequence:
            // `(x) = v` is rare; a one-element sequence inside a tuple element of an assignment target.
            if nodes[Int(parent)].firstChild == reference && nodes[Int(reference)].nextSibling < 0 {
                let argument = p.parent
                if argument >= 0 && nodes[Int(argument)].kind == .argument { return accessKind(of: parent) }
            }
            return .read
        default:
            return .read
        }
    }

    /// What a read reference (`x` or `self.x`) does with the value: the chain of member accesses and
    /// subscripts it starts ends in an assignment's target (`items[0] = v`, `count += 1`), under `&`, in a
    /// method call (`items.append(x)`), or as a plain value.
    public func readUse(of reference: Int32) -> ReadUse {
        var node = reference
        for _ in 0..<256 {
            let parent = nodes[Int(node)].parent
            guard parent >= 0 else { return .value }
            let p = nodes[Int(parent)]
            switch p.kind {
            case .memberAccess where p.firstChild == node:
                let grand = p.parent
                if grand >= 0 && nodes[Int(grand)].kind == .call && nodes[Int(grand)].firstChild == parent {
                    return .methodCall(identifierText(p.token))
                }
                node = parent
            case .subscriptCall where p.firstChild == node:
                node = parent
            case .assignment where p.firstChild == node:
                return .mutation
            case .inoutExpr:
                return .mutation
            default:
                return .value
            }
        }
        return .value
    }

    /// Whether a reference is the argument of `#selector(…)` or `#keyPath(…)`.
    func isNamedByMacro(_ reference: Int32) -> Bool {
        var current = nodes[Int(reference)].parent
        var steps = 0
        while current >= 0 && steps < 3 {
            let n = nodes[Int(current)]
            if n.kind == .call {
                let callee = n.firstChild
                guard callee >= 0, nodes[Int(callee)].kind == .macroExpansion, nodes[Int(callee)].token >= 0 else { return false }
                let name = text(nodes[Int(callee)].token)
                return name == "selector" || name == "keyPath"
            }
            guard n.kind == .sequence || n.kind == .argument else { return false }
            current = n.parent
            steps += 1
        }
        return false
    }
}
