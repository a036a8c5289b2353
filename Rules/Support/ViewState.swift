import StatelintDiagnostics
import StatelintAnalysis
import StatelintSyntax

/// What the view-state rules (`state_injected_value`, `state_write_in_init`) share: how a write to a
/// `@State` property inside a view's `init` behaves.
enum ViewState {
    /// Whether code at `node` runs as the member it is in runs: climbing to the member, each closure on the
    /// way is the content of a call in `containers` (one that builds its content as it is made, or is always
    /// there with the view); with `allowingBranches` false, an `if`, `guard`, `switch`, loop or ternary on the
    /// way says no (that part runs only when its branch is taken).
    static func runsWithItsMember(_ node: Int32, tree: SyntaxTree, containers: Set<String>, allowingBranches: Bool) -> Bool {
        var current = node
        var steps = 0
        while steps < 10_000 {
            steps += 1
            let parent = tree[current].parent
            guard parent >= 0 else { return true }
            switch tree[parent].kind {
            case .functionDecl, .accessor, .typeDecl:
                return true
            case .ifStmt, .guardStmt, .switchStmt, .switchCase, .forStmt, .whileStmt, .repeatStmt, .ternary:
                if !allowingBranches { return false }
            case .closure:
                var holder = tree[parent].parent
                if holder >= 0, tree[holder].kind == .argument { holder = tree[holder].parent }
                guard holder >= 0, tree[holder].kind == .call, containers.contains(tree.calleeName(holder)) else { return false }
            default:
                break
            }
            current = parent
        }
        return false
    }

    /// What a plain write `x = v` / `self.x = v` to a wrapped property does in an initializer.
    enum InitWrite {
        /// Initializes the storage: `State(wrappedValue: v)`, a seed the view shows. So is every write in
        /// an initializer that delegates (`self.init(…)` first): Swift re-initializes the wrapper there,
        /// even when the property has an initial value (run-time proof in `StateWriteInInitTests`).
        case seeds
        /// Goes through the setter of storage the initial value created already: before SwiftUI
        /// installs the state, the value is discarded.
        case discarded
    }

    /// The source order of the first `self.init(…)` that runs during the initializer, if any.
    static func delegation(in body: BodyModel, tree: SyntaxTree) -> Int32? {
        body.calls.first { !$0.position.isDeferred && tree.calleePath($0.node) == "self.init" }?.position.order
    }

    /// How a plain write to `member` (not `_member`) at `assignment` behaves.
    static func initWrite(_ assignment: AssignmentFact, member: MemberFacts, delegation: Int32?) -> InitWrite {
        if delegation != nil { return .seeds }
        // (A wrapped optional without one starts as `nil` all the same: `@State var x: Int?`.)
        return member.hasInitializer || member.isImplicitlyNil ? .discarded : .seeds
    }
}

/// What a view does with the values passed to it: who constructs it and how (from the project's
/// construction sites), and whether it follows a new value itself.
struct ViewInputs {
    let typeIndex: Int32
    let typeName: String
    let context: RuleContext

    /// What the call sites of a view do with one of its inputs.
    struct Stale {
        /// One note per call site that may pass a new value while the view keeps its identity (at most
        /// three), the witnessed ones first.
        var notes: [Note]
        /// Every such call site passes a value that already exists (a parameter, member or local of the
        /// caller, or a member of one) rather than a call that may build one.
        var passesExisting: Bool
        /// Some call site passes a value the project shows changing (the caller's `@State`, `@Binding`, an
        /// observed property …): the finding has its witness.
        var witnessed: Bool
        /// Something in the project (previews aside) builds the view.
        var hasCaller = true
    }

    /// The call sites that pass a value that can change while the view keeps its identity, or nil when
    /// the seed cannot go stale: no caller passes it, every caller passes a constant, builds the view
    /// once (in an action, a class's code, a factory) or gives it a fresh identity per value, the view
    /// re-syncs it, or its name says it is a seed. With no call site in the project, no notes (reported
    /// without a witness) unless `requireCaller`.
    func staleUses(property: String, parameter: String, query: ArgumentQuery, requireCaller: Bool) -> Stale? {
        for name in [property, parameter] where name.hasPrefix("initial") || name.hasPrefix("default") { return nil }
        if resyncs(property, from: parameter) { return nil }
        // Previews are not callers.
        var anyCaller = false
        var witnessed: [CallerUse] = []
        var unwitnessed: [CallerUse] = []
        context.index.forEachCaller(of: typeName, passing: query) { use in
            guard !use.site.isInPreview else { return true }
            anyCaller = true
            guard use.passing.isChanging, !isConstantMember(use) else { return true }
            if use.passing.witness != nil { witnessed.append(use) } else { unwitnessed.append(use) }
            // (Three witnessed sites are enough to name.)
            return witnessed.count < 3
        }
        if !anyCaller { return requireCaller ? nil : Stale(notes: [], passesExisting: false, witnessed: false, hasCaller: false) }
        let changing = witnessed + unwitnessed
        if changing.isEmpty { return nil }
        let existing = changing.allSatisfy {
            switch $0.argument {
            case .parameter?, .member?, .local?, .fixedState?, .memberPath?, .statePath?, .pinned?, .other?, .expression?: return true
            default: return false
            }
        }
        let label = query.label == "_" ? parameter : query.label
        let notes = changing.prefix(3).map { use -> Note in
            let caller = use.site.enclosingType.map { "'\($0).\(use.site.enclosingMember ?? "")'" } ?? "this call site"
            if use.site.reassignsHostingRoot {
                return Note(range: use.site.range, message: "\(caller) sets a new root view on a hosting controller here, with a new '\(label)': the root keeps its identity and state, so the new value is ignored",
                            path: use.site.path)
            }
            if let witness = use.passing.witness {
                // (A witness that already says "which …" is not followed by a second "which".)
                let tail = witness.hasSuffix(", which it changes") ? "" : witness.contains(", which ") ? "; that changes" : ", which changes"
                var builds = false
                if case .construction(_, fromConstants: false, _)? = use.argument { builds = true }
                return Note(range: use.site.range, message: "\(caller) \(builds ? "builds a new '\(label)' from" : "sets '\(label)' from") \(witness)\(tail) while this view keeps its identity",
                            path: use.site.path)
            }
            return Note(range: use.site.range, message: "\(caller) builds the view here with '\(label)' on each update; nothing in the project shows that value changing",
                        path: use.site.path)
        }
        return Stale(notes: Array(notes), passesExisting: existing, witnessed: !witnessed.isEmpty)
    }

    /// A bare name that is a `static let` of the type the call site is in (a constant).
    func isConstantMember(_ use: CallerUse) -> Bool {
        guard case .member(let name)? = use.argument, let type = use.site.enclosingType,
              let member = context.index.facts(for: type)?.members[name] else { return false }
        return member.isStatic && member.kind == .storedLet
    }

    /// The argument to look for at call sites for an init parameter.
    static func query(for parameter: String, in function: FunctionDecl, tree: SyntaxTree) -> ArgumentQuery {
        var accepted = Set<String>()
        for p in function.parameters { accepted.insert(p.label ?? p.name) }
        // Labels without a default value: a call without one calls another initializer (`init(seed:)` and
        // `init(seed:preset:)` are told apart by `preset:`).
        var requiredLabels = Set<String>()
        for p in function.parameters where (p.label ?? p.name) != "_" {
            // (A closure may be passed as a trailing closure, without its label.)
            guard let type = p.typeRange, !type.contains(where: { Int($0) < tree.tokens.count && tree.tokens[Int($0)].kind == .arrow }) else { continue }
            let next = type.upperBound + 1
            let defaulted = Int(next) < tree.tokens.count && tree.tokens[Int(next)].kind == .operator && tree.text(next) == "="
            if !defaulted { requiredLabels.insert(p.label ?? p.name) }
        }
        guard let k = function.parameters.firstIndex(where: { $0.name == parameter }) else {
            return ArgumentQuery(label: parameter, acceptedLabels: accepted, requiredLabels: requiredLabels)
        }
        let label = function.parameters[k].label ?? parameter
        let position = function.parameters[..<k].filter { $0.label == "_" }.count
        return ArgumentQuery(label: label, unlabeledPosition: position, acceptedLabels: accepted, requiredLabels: requiredLabels)
    }

    /// The view's member functions in this file (its initializers excluded when `initializers` is false).
    func functions(initializers: Bool) -> [Int] {
        // (The view's own declaration and its extensions in this file: `extension Screen.Content { var body … }`.)
        context.model.functions(ofTypeNamed: typeName).filter {
            let f = context.tree.functions[$0]
            return f.body >= 0 && (initializers || f.kind != .initializer)
        }
    }

    /// Whether the view follows the input: an `onChange(of:)` or `task(id:)` whose value names a property
    /// the view keeps the input in (of the parameter's name, or one the init sets from it: `_committed =
    /// key`) writes the state property.
    func resyncs(_ property: String, from parameter: String) -> Bool {
        let tree = context.tree
        // The view must keep the input itself (`let value`, or `_committed = key` for a `@Binding`), apart
        // from the state: watching the state (`onChange(of: text)` where `text` is the @State) is not
        // following the input.
        let facts = context.owner(typeIndex).facts
        func isInput(_ name: String) -> Bool {
            guard let input = facts?.members[name], input.kind == .storedLet || input.kind == .storedVar else { return false }
            return !input.attributes.contains(.state) && !input.attributes.contains(.stateObject)
        }
        var inputs = Set<String>()
        if isInput(parameter) { inputs.insert(parameter) }
        for i in functions(initializers: true) where tree.functions[i].kind == .initializer {
            for assignment in context.body(i).assignments where assignment.isPlain && !assignment.targetIsLocal {
                // `_committed = key`, `_binding = collapsed ?? .constant(true)`: kept from the parameter.
                guard let (target, _) = assignment.target,
                      StateInjectedValueRule.parameterUse(in: assignment.rhs, parameters: [parameter], tree: tree) == parameter else { continue }
                let member = target.hasPrefix("_") ? String(target.dropFirst()) : target
                if member != property && isInput(member) { inputs.insert(member) }
            }
        }
        guard !inputs.isEmpty else { return false }
        for i in functions(initializers: false) {
            let body = context.body(i)
            // `onChange(of:)`, `task(id:)`, `onReceive(…)` (a publisher, a notification): a handler whose
            // arguments or code name an input and that writes the state re-seeds it.
            for closure in body.closures where ViewInputs.resyncCallees.contains(closure.callee) && closure.call >= 0 {
                let arguments = tree.children(of: closure.call).filter { tree[$0].kind == .argument }
                if closure.callee == "task" && !arguments.contains(where: { tree[$0].token >= 0 && tree.text(tree[$0].token) == "id" }) { continue }
                var words = Set<String>()
                for argument in arguments {
                    for word in tree.text(of: argument).split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
                        words.insert(String(word))
                    }
                }
                guard !words.isDisjoint(with: inputs) else { continue }
                for assignment in body.assignments where assignment.root.map({ $0.name == property || $0.name == "_" + property }) == true
                    && !assignment.rootIsLocal && body.isInClosure(assignment.position, where: { $0.node == closure.node }) {
                    return true
                }
                // An object the state holds, told the new input (`renderer.updateServer(server)`).
                for call in body.calls where body.isInClosure(call.position, where: { $0.node == closure.node }) {
                    let callee = tree.callee(of: call.node)
                    guard callee >= 0, tree[callee].kind == .memberAccess,
                          let (name, reference) = tree.memberReference(tree.unwrapSequence(tree[callee].firstChild)), name == property,
                          tree[reference].kind != .identifier || !closure.scope.isLocal(name),
                          StateInjectedValueRule.parameterUse(in: tree.children(of: call.node).filter { tree[$0].kind == .argument },
                                                              parameters: inputs.union([parameter]), tree: tree) != nil else { continue }
                    return true
                }
            }
        }
        return false
    }

    static let resyncCallees: Set<String> = ["onChange", "task", "onReceive"]

    /// Whether the view changes the property after init: assigns it (or a part of it), calls a method on
    /// it, passes `$property` or `&property`.
    func isWritten(_ property: String) -> Bool {
        let tree = context.tree
        for i in functions(initializers: false) {
            let body = context.body(i)
            if body.assignments.contains(where: { !$0.rootIsLocal && $0.root?.name == property }) { return true }
            for reference in body.references where reference.name == property && !reference.isLocal {
                let parent = tree[reference.node].parent
                guard parent >= 0 else { continue }
                if tree[parent].kind == .inoutExpr { return true }
                if tree[parent].kind == .memberAccess, tree[parent].firstChild == reference.node {
                    let call = tree[parent].parent
                    if call >= 0 && tree[call].kind == .call && tree[call].firstChild == parent { return true }
                }
            }
        }
        let decl = tree.types[Int(typeIndex)]
        guard decl.openBrace >= 0, decl.closeBrace > decl.openBrace else { return true }
        let projected = "$" + property
        for t in decl.openBrace...decl.closeBrace where tree.tokens[Int(t)].kind == .identifier && tree.text(t) == projected { return true }
        return false
    }
}
