import StatelintSyntax

/// Where a value ends up kept on `self`: the answer to "does `self` hold this?" that every
/// retains-self rule asks.
public struct SelfStorage: Sendable, Equatable {
    /// How the value is kept.
    public enum Kind: Sendable, Equatable {
        /// `member = value`, `self.member = value`.
        case property
        /// `member[key] = value`.
        case subscripted
        /// `member.append(value)`, `member.insert(value, at:)`, `member.updateValue(value, forKey:)`,
        /// `member.formUnion(value)`.
        case collection
        /// `value.store(in: &member)` (Combine).
        case storeIn
        /// `child.property = value`, where `child` is a stored property of `self` (an object `self` owns).
        case ownedObject
    }

    /// The stored property of `self` that (directly or through an object it holds) keeps the value.
    public var member: String
    /// How.
    public var kind: Kind
    /// The node of the target as written (`tasks[k]`, `child.onChange`, `&cancellables`).
    public var target: Int32
    /// The method of `self` that returns the value, when a caller stores what it returns
    /// (`watchdog = makeWatchdog()`; `target` is then in the caller).
    public var returnedBy: String?

    public init(member: String, kind: Kind, target: Int32, returnedBy: String? = nil) {
        self.member = member
        self.kind = kind
        self.target = target
        self.returnedBy = returnedBy
    }
}

extension SyntaxTree {
    /// Where the value of expression `value` is kept on `self`, if it is: assigned to a stored property
    /// (also through a subscript or an object the property holds), added to a stored collection, or
    /// stored with Combine's `.store(in: &member)`.
    /// - Parameters:
    ///   - isLocal: whether a bare name is bound locally at the value (then it is not a member).
    ///   - member: the facts of an instance member of the enclosing type, by name.
    public func storageOnSelf(of value: Int32, isLocal: (String) -> Bool,
                              member: (String) -> MemberFacts?) -> SelfStorage? {
        func stored(_ root: Int32, kind: SelfStorage.Kind) -> SelfStorage? {
            guard root >= 0, let (name, reference) = rootMember(of: root) else { return nil }
            if nodes[Int(reference)].kind == .identifier && isLocal(name) { return nil }
            guard let facts = member(name), facts.kind == .storedVar || facts.kind == .storedLet, !facts.isStatic else { return nil }
            var kind = kind
            if kind == .property {
                let n = nodes[Int(unwrapSequence(root))]
                if n.kind == .subscriptCall { kind = .subscripted }
                else if n.kind == .memberAccess && reference != unwrapSequence(root) { kind = .ownedObject }
            }
            return SelfStorage(member: name, kind: kind, target: root)
        }
        var current = value
        // Climb through wrappers: a one-element sequence, `try`, `await`.
        while true {
            let parent = nodes[Int(current)].parent
            guard parent >= 0 else { return nil }
            let p = nodes[Int(parent)]
            switch p.kind {
            case .sequence, .tryExpr, .awaitExpr:
                if p.kind == .sequence && p.firstChild != current { return nil }
                current = parent
            case .assignment:
                let (lhs, rhs) = assignmentSides(parent)
                guard rhs.contains(current) else { return nil }
                return stored(lhs, kind: .property)
            case .argument:
                // `tasks.append(Task {})`, `tasks.insert(Task {}, at: 0)`
                let outer = p.parent
                guard outer >= 0, nodes[Int(outer)].kind == .call else { return nil }
                let name = calleeName(outer)
                guard name == "append" || name == "insert" || name == "updateValue" || name == "formUnion" else { return nil }
                let callee = callee(of: outer)
                guard nodes[Int(callee)].kind == .memberAccess else { return nil }
                return stored(nodes[Int(callee)].firstChild, kind: .collection)
            case .memberAccess where p.firstChild == current && p.token >= 0 && text(p.token) == "store":
                // `publisher.sink { … }.store(in: &cancellables)`
                let call = p.parent
                guard call >= 0, nodes[Int(call)].kind == .call, nodes[Int(call)].firstChild == parent else { return nil }
                for argument in children(of: call) where nodes[Int(argument)].kind == .argument {
                    guard nodes[Int(argument)].token >= 0, text(nodes[Int(argument)].token) == "in" else { continue }
                    let target = unwrapSequence(nodes[Int(argument)].firstChild)
                    guard target >= 0, nodes[Int(target)].kind == .inoutExpr else { return nil }
                    return stored(nodes[Int(target)].firstChild, kind: .storeIn)
                }
                return nil
            default:
                return nil
            }
        }
    }
}
