import StatelintAnalysis
import StatelintSyntax

extension SyntaxTree {
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
