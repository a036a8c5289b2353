import StatelintSyntax

/// Generic questions about the tree that rules and the analysis ask: unwrapping, callees, assignment
/// sides, member roots. (One place for them; no rule keeps its own copy.)
extension SyntaxTree {
    /// The node itself, or the only element of a one-element sequence.
    public func unwrapSequence(_ node: Int32) -> Int32 { unwrap(node, expressions: false) }

    /// The callee node of a call.
    public func callee(of call: Int32) -> Int32 { nodes[Int(call)].firstChild }

    /// Strips one-element sequences, parentheses, arguments and `try`/`await` to the expression inside.
    public func unwrapExpression(_ node: Int32) -> Int32 { unwrap(node, expressions: true) }

    /// The one loop behind `unwrapSequence` (sequences only) and `unwrapExpression` (`expressions`).
    func unwrap(_ node: Int32, expressions: Bool) -> Int32 {
        var current = node
        var steps = 0
        while current >= 0 && steps < 256 {
            steps += 1
            let n = nodes[Int(current)]
            switch n.kind {
            case .sequence, .tryExpr, .awaitExpr, .argument:
                guard n.kind == .sequence || expressions else { return current }
                guard n.firstChild >= 0, nodes[Int(n.firstChild)].nextSibling < 0 else { return current }
                current = n.firstChild
            case .tuple:
                guard expressions, n.firstChild >= 0, nodes[Int(n.firstChild)].nextSibling < 0, nodes[Int(n.firstChild)].token < 0 else {
                    return current
                }
                current = n.firstChild
            default:
                return current
            }
        }
        return current
    }

    /// The first node of the subtree at `root` (itself included), in source order, that passes `test`;
    /// subtrees whose root passes `skip` (never `root` itself) are not entered.
    public func firstNode(in root: Int32, skipping skip: (Int32) -> Bool = { _ in false }, where test: (Int32) -> Bool) -> Int32? {
        var stack: [Int32] = [root]
        var children: [Int32] = []
        while let node = stack.popLast() {
            if test(node) { return node }
            children.removeAll(keepingCapacity: true)
            var child = nodes[Int(node)].firstChild
            while child >= 0 {
                if !skip(child) { children.append(child) }
                child = nodes[Int(child)].nextSibling
            }
            stack.append(contentsOf: children.reversed())
        }
        return nil
    }

    /// Whether `node` lies inside `ancestor` (or is it).
    public func isDescendant(_ node: Int32, of ancestor: Int32) -> Bool {
        var current = node
        while current >= 0 {
            if current == ancestor { return true }
            current = nodes[Int(current)].parent
        }
        return false
    }

    /// The callee's last name: `Task` for `Task {}`, `async` for `DispatchQueue.main.async {}`.
    public func calleeName(_ call: Int32) -> String {
        let callee = callee(of: call)
        guard callee >= 0 else { return "" }
        let c = nodes[Int(callee)]
        switch c.kind {
        case .identifier, .memberAccess, .implicitMember:
            return c.token >= 0 ? identifierText(c.token) : ""
        default:
            return ""
        }
    }

    /// The callee's full dotted path when it is a chain of names (`DispatchQueue.main.async`).
    public func calleePath(_ call: Int32) -> String {
        var parts: [String] = []
        var current = nodes[Int(call)].firstChild
        while current >= 0 {
            let c = nodes[Int(current)]
            switch c.kind {
            case .identifier:
                parts.append(identifierText(c.token))
                current = -1
            case .memberAccess:
                parts.append(identifierText(c.token))
                current = c.firstChild
            case .selfExpr:
                parts.append("self")
                current = -1
            case .call:
                current = c.firstChild
            default:
                current = -1
            }
        }
        return SyntaxTree.dottedPath(reversed: parts)
    }

    /// Parts gathered from the innermost out (`["async", "main", "DispatchQueue"]`) as one dotted path,
    /// appended into one string of the right size (a `joined` of the reversed parts costs several times more).
    static func dottedPath(reversed parts: [String]) -> String {
        switch parts.count {
        case 0: return ""
        case 1: return parts[0]
        default:
            var result = ""
            result.reserveCapacity(parts.reduce(parts.count - 1) { $0 + $1.utf8.count })
            for k in parts.indices.reversed() {
                if k != parts.count - 1 { result.append(".") }
                result.append(parts[k])
            }
            return result
        }
    }

    /// The call a closure is an argument of (trailing or not), or nil when it is not an argument.
    public func callTaking(closure: Int32) -> Int32? {
        var current = closure
        // The closure may sit in a one-element sequence inside the argument.
        while true {
            let parent = nodes[Int(current)].parent
            guard parent >= 0 else { return nil }
            switch nodes[Int(parent)].kind {
            case .sequence:
                current = parent
            case .argument:
                let call = nodes[Int(parent)].parent
                guard call >= 0, nodes[Int(call)].kind == .call else { return nil }
                return call
            case .call where nodes[Int(parent)].flags.contains(.immediatelyApplied):
                return parent
            default:
                return nil
            }
        }
    }

    /// Whether type declaration `type` is preview scaffolding: it (with `includingItself`) or a type around
    /// it conforms to `PreviewProvider`.
    public func isPreviewScaffolding(_ type: Int32, includingItself: Bool) -> Bool {
        var current = includingItself ? type : types[Int(type)].parentType
        var steps = 0
        while current >= 0 && steps < 64 {
            steps += 1
            if types[Int(current)].inherited.contains(where: { $0 == "PreviewProvider" || $0.hasSuffix(".PreviewProvider") }) { return true }
            current = types[Int(current)].parentType
        }
        return false
    }

    /// The functions (methods, inits, deinits, accessors) whose owner is type declaration `index`.
    public func members(ofType index: Int32) -> [FunctionDecl] {
        functions.filter { $0.ownerType == index }
    }

    /// The root member name of an assignment target: `x`, `self.x`, `x.y.z`, `self.x[k]` → `x`.
    /// - Returns: the name and the node of the root reference (identifier or `self.x`).
    public func rootMember(of target: Int32) -> (name: String, reference: Int32)? {
        var current = target
        var steps = 0
        while current >= 0 && steps < 256 {
            steps += 1
            if let found = memberReference(current) { return found }
            let n = nodes[Int(current)]
            switch n.kind {
            case .memberAccess, .subscriptCall, .call, .postfixOperator:
                current = n.firstChild
            case .sequence where n.firstChild >= 0 && nodes[Int(n.firstChild)].nextSibling < 0:
                current = n.firstChild
            default:
                return nil
            }
        }
        return nil
    }

    /// The left-hand side (first child) and right-hand side elements of an assignment.
    public func assignmentSides(_ assignment: Int32) -> (lhs: Int32, rhs: [Int32]) {
        var rhs: [Int32] = []
        var pastOperator = false
        for child in children(of: assignment) {
            if pastOperator { rhs.append(child); continue }
            if nodes[Int(child)].kind == .binaryOperator && nodes[Int(child)].token == nodes[Int(assignment)].token {
                pastOperator = true
            }
        }
        return (nodes[Int(assignment)].firstChild, rhs)
    }

    /// The closure passed as the last trailing closure or as the argument labeled `label`.
    public func closureArgument(of call: Int32, label: String? = nil) -> Int32? {
        var found: Int32?
        for child in children(of: call) where nodes[Int(child)].kind == .argument {
            let argument = nodes[Int(child)]
            let inner = unwrapExpression(argument.firstChild)
            guard inner >= 0, nodes[Int(inner)].kind == .closure else { continue }
            if let label {
                if argument.token >= 0 && text(argument.token) == label { return inner }
                if argument.flags.contains(.trailingClosure) && argument.token < 0 { found = inner }
            } else {
                found = inner
            }
        }
        return found
    }
}

extension SyntaxTree {
    /// Whether the value of `node` is what the function whose body is `body` returns: the operand of a
    /// `return` directly in that body (not in a closure or a nested function), or the body's single
    /// expression (an implicit return).
    public func isReturned(_ node: Int32, fromBody body: Int32) -> Bool {
        guard body >= 0 else { return false }
        var current = node
        while true {
            let parent = nodes[Int(current)].parent
            guard parent >= 0 else { return false }
            switch nodes[Int(parent)].kind {
            case .sequence, .tryExpr, .awaitExpr:
                if nodes[Int(parent)].kind == .sequence && nodes[Int(parent)].firstChild != current { return false }
                current = parent
            case .returnStmt:
                // The `return` must sit in the body's own statements (or in `if`/`switch` branches of them).
                var up = nodes[Int(parent)].parent
                while up >= 0 && up != body {
                    switch nodes[Int(up)].kind {
                    case .closure, .functionDecl, .accessor, .typeDecl: return false
                    default: up = nodes[Int(up)].parent
                    }
                }
                return up == body
            case .codeBlock:
                return parent == body && nodes[Int(body)].firstChild == current && nodes[Int(current)].nextSibling < 0
            default:
                return false
            }
        }
    }
}

extension Substring {
    /// The text without trailing `?` and `!` (`Store??!` → `Store`), in one backward pass over its UTF-8
    /// (dropping one character at a time recounts the whole string each time: 40,000 `?` took seconds).
    public var withoutOptionalMarks: Substring {
        var end = utf8.endIndex
        while end > utf8.startIndex {
            let before = utf8.index(before: end)
            guard utf8[before] == UInt8(ascii: "?") || utf8[before] == UInt8(ascii: "!") else { break }
            end = before
        }
        return self[..<end]
    }

    /// The type's name as written without optional marks and generic arguments (`Store<S, A>?` → `Store`).
    public var baseTypeName: Substring {
        let plain = withoutOptionalMarks
        guard let open = plain.firstIndex(of: "<") else { return plain }
        return plain[..<open]
    }
}

extension SyntaxTree {
    static let wrappedValueWord: [[UInt8]] = [Array("wrappedValue".utf8)]

    /// Whether the identifier at token `i` is followed by `.wrappedValue`, past any `?`/`!` marks
    /// (`name.wrappedValue`, `name?.wrappedValue`, `name!.wrappedValue`): the value of a binding is read,
    /// not the binding handed on. Tokens past `limit` are not looked at. Pass 1 (on tokens, without bodies)
    /// and the rules (on the tree) both ask this one question.
    public func readsWrappedValue(afterIdentifier i: Int, limit: Int? = nil) -> Bool {
        let last = min(limit ?? tokens.count - 1, tokens.count - 1)
        var j = i + 1
        while j <= last, tokens[j].kind == .operator, tokens[j].length == 1 {
            let mark = file.bytes[Int(tokens[j].start)]
            guard mark == UInt8(ascii: "?") || mark == UInt8(ascii: "!") else { break }
            j += 1
        }
        guard j + 1 <= last, tokens[j].kind == .period, tokens[j + 1].kind == .identifier, tokens[j + 1].length == 12 else { return false }
        // (Compared here, not through `isIdentifier`: one more caller of it made the compiler stop inlining it
        // in `opensKeptClosureLiteral`.)
        let start = Int(tokens[j + 1].start)
        return file.bytes[start..<(start + 12)].elementsEqual(SyntaxTree.wrappedValueWord[0])
    }

    /// Whether a written type is optional: `T?`, `T!`, `(() -> Void)?`, `Optional<T>` (`Swift.Optional<T>`).
    public func isOptional(_ type: ClosedRange<Int32>?) -> Bool {
        guard let type, type.lowerBound >= 0, Int(type.upperBound) < tokens.count else { return false }
        let last = tokens[Int(type.upperBound)]
        if last.kind == .operator && last.length == 1 {
            let mark = text(type.upperBound)
            if mark == "?" || mark == "!" { return true }
        }
        var first = type.lowerBound
        if first + 2 <= type.upperBound, text(first) == "Swift", tokens[Int(first) + 1].kind == .period { first += 2 }
        return tokens[Int(first)].kind == .identifier && text(first) == "Optional"
    }
}
