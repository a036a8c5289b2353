import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// Flags a closure stored in `@State` that captures the view itself.
public struct StateClosureCapturesViewRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "state_closure_captures_view",
        name: "StateClosureCapturesView",
        summary: "Flags a closure assigned to a `@State` property that captures the view (`self`, explicitly or through its members).",
        rationale: """
            A closure that uses a view's member (`handler = { _ = myObject }`) captures the whole view \
            value, and the view value contains the location of its `@State` storage — which holds the \
            closure. That is a reference cycle SwiftUI cannot break: everything the closure reaches (here \
            `myObject`) is never released after the view goes away.

            The same holds for a closure handed to an object the view keeps in `@State` when the object \
            keeps it (`model = FollowModel(onChange: { isFollowing = $0 })`, where `FollowModel` stores \
            `onChange`): the state holds the object, the object the closure, the closure the view.

            Capture only what the closure needs, by value: `handler = { [myObject] in _ = myObject }`.

            **Fix safety**: the suggested capture list changes when the captured values are read (at \
            assignment instead of at call), so it is offered but never applied automatically.
            """,
        badExamples: [
            """
            struct LeakyView: View {
                let myObject = MyObject()
                @State private var handler: (() -> Void)?
                var body: some View {
                    Text("Hello")
                        .onAppear {
                            handler = { _ = myObject } // expect: state_closure_captures_view
                        }
                }
            }
            """,
        ],
        goodExamples: [
            """
            struct TidyView: View {
                let myObject = MyObject()
                @State private var handler: (() -> Void)?
                var body: some View {
                    Text("Hello")
                        .onAppear {
                            handler = { [myObject] in _ = myObject }
                        }
                }
            }
            """,
        ],
        defaultSeverity: .warning,
        tags: ["swiftui", "memory", "lifetime"],
        precision: "high")

    public init() {}

    /// A state's declared type names the object an `.init(…)` builds.
    public static let projectFacts: Set<ProjectFact> = [.memberTypes]

    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool {
        file.touchesSwiftUIType(index)
    }

    /// One stored closure that captures the view.
    struct Capture {
        var assignment: Int32
        var target: String
        var named: [String]
        var uses: [Int32]
        var edit: TextEdit?
        var properties: [String]
        /// Set when the closure is handed to an object the state keeps (`vm = Model(onChange: { … })`): the
        /// object's type and the property that keeps the closure.
        var via: (type: String, property: String)?
        /// The captured properties the closure writes (`x = …`, `x += …`, `&x`, `$x`, a method called on a
        /// value): a by-value capture cannot stand for them.
        var written: [String] = []
        /// The members the closure uses as `$x` (each reaches the view's storage).
        var projected: [String] = []
        /// The state that keeps the closure, when the closure uses it (`model.onChange = { model.reload() }`).
        var holder: String?
    }

    public func check(_ context: RuleContext) {
        let tree = context.tree
        for (i, function) in tree.functions.enumerated() where function.ownerType >= 0 && function.body >= 0 {
            let (typeName, owner) = context.owner(function.ownerType)
            guard let facts = owner, facts.isSwiftUIType else { continue }
            let shortName = String(typeName.lastDottedPart)
            let body = context.body(i)
            // The closures of this member, by the state that keeps them: several stored in one state (an object's
            // callbacks set in one `onAppear`) are one cycle, reported once.
            var byState: [(root: String, captures: [Capture])] = []
            var slot: [String: Int] = [:]
            var closureAt: [Int32: Int]?
            var starts: [(start: Int32, index: Int)]?
            for assignment in body.assignments where assignment.isPlain && assignment.rhs.count == 1 && !assignment.rootIsLocal {
                guard let (root, _) = assignment.root, let member = facts.members[root], member.attributes.contains("State"),
                      !member.isStatic else { continue }
                var node = tree.unwrapExpression(assignment.rhs[0])
                // An object the state keeps, built with a closure it keeps in a property of its own
                // (`followModel = .init(onUpdate: { self.relationship = $0 })`): the state holds the closure too.
                var via: (type: String, property: String)?
                if node >= 0, tree[node].kind == .call,
                   let (type, property, closure) = StateClosureCapturesViewRule.closureKept(byObjectBuiltIn: node, state: root, view: facts, context: context) {
                    node = closure
                    via = (type, property)
                }
                guard node >= 0, tree[node].kind == .closure else { continue }
                // (The body's closures by node, made once: a body of many stored closures stays linear.)
                if closureAt == nil {
                    var table: [Int32: Int] = [:]
                    for (k, c) in body.closures.enumerated() where table[c.node] == nil { table[c.node] = k }
                    closureAt = table
                }
                guard let k = closureAt![node] else { continue }
                let closure = body.closures[k]
                let uses = context.model.captures(of: closure, in: body)
                // [weak self] and [unowned self] are not possible on a struct; only strong captures matter.
                guard uses.selfCapture == .strong || (uses.selfCapture == .implicit && !uses.selfUses.isEmpty) else { continue }
                let properties = uses.memberNames.filter { facts.members[$0].map { $0.kind != .method } ?? false }
                // A by-value capture list is no fix when the closure writes one of the values (a captured value is
                // a constant: the edit would not compile), or uses the state that keeps the closure (captured
                // strongly, the object still holds the closure that holds it: the same cycle).
                if starts == nil { starts = StateClosureCapturesViewRule.assignmentStarts(body, tree: tree) }
                let (written, projected) = StateClosureCapturesViewRule.writes(of: properties, in: node, body: body, byStart: starts!,
                                                                               view: facts, context: context)
                let holder = properties.contains(root) ? root : nil
                let edit = !uses.usesSelfExplicitly && properties.count == uses.memberNames.count && !properties.isEmpty
                    && written.isEmpty && projected.isEmpty && holder == nil
                    ? StateClosureCapturesViewRule.captureListEdit(node, names: properties, tree: tree) : nil
                let capture = Capture(assignment: assignment.node, target: tree.text(of: assignment.lhs), named: uses.memberNames,
                                      uses: (uses.selfCaptureItem >= 0 ? [uses.selfCaptureItem] : []) + uses.selfUses,
                                      edit: edit, properties: properties, via: via, written: written, projected: projected, holder: holder)
                if let k = slot[root] {
                    byState[k].captures.append(capture)
                } else {
                    slot[root] = byState.count
                    byState.append((root, [capture]))
                }
            }
            for (root, captures) in byState { report(captures, root: root, view: shortName, context: context) }
        }
    }

    /// One finding for the closures one state keeps: at the first, with a note at each other one.
    func report(_ captures: [Capture], root: String, view: String, context: RuleContext) {
        let tree = context.tree
        let first = captures[0]
        var notes = first.uses.prefix(3).map { Note(range: tree.byteRange(of: $0), message: "this captures the view") }
        for other in captures.dropFirst() {
            notes.append(Note(range: tree.range(ofTokens: tree[other.assignment].firstToken, tree[other.assignment].lastToken),
                              message: "the closure stored in '\(other.target)' captures the view too: the same cycle"))
        }
        let edits = captures.compactMap(\.edit)
        var names: [String] = []
        var seen: Set<String> = []
        for capture in captures { for name in capture.named where seen.insert(name).inserted { names.append(name) } }
        let named = names.isEmpty ? "'self'" : names.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (names.count > 3 ? ", …" : "")
        let message = captures.count == 1
            ? first.via.map { "closure kept by '\($0.type).\($0.property)' in @State '\(first.target)' uses \(named): the '\(view)' view it captures holds it, a cycle never released" }
                ?? "closure stored in @State '\(first.target)' uses \(named), so it captures the '\(view)' view, whose state holds the closure: a cycle that is never released"
            : "\(captures.count) closures stored in @State '\(root)' use \(named), so they capture the '\(view)' view, whose state holds them: a cycle that is never released"
        var fix: Fix?
        if edits.count == captures.count {
            fix = Fix(title: captures.count == 1 ? "Capture [\(first.properties.joined(separator: ", "))] by value" : "Capture the values each closure uses by value",
                      edits: edits, isSafe: false)
        }
        let properties = captures.count == 1 ? first.properties : []
        var help = captures.count > 1
            ? "capture only the values each closure needs, by value, in a capture list ({ [state] in … })"
            : properties.isEmpty
                ? "capture only the values the closure needs, by value, in a capture list"
                : "capture only what the closure needs, by value: { [\(properties.joined(separator: ", "))] in … }"
        // What a by-value list cannot do, said where it applies (the fix is withheld then).
        if captures.count == 1 && (first.holder != nil || !first.written.isEmpty || !first.projected.isEmpty) {
            var items = first.properties.map { name in
                name == first.holder ? "weak \(name)" : first.written.contains(name) ? "\(name) = $\(name)" : name
            }
            let bindings = first.projected.filter { !first.written.contains($0) }
            items += bindings.map { "\($0) = $\($0)" }
            var then: [String] = []
            if let holder = first.holder {
                then.append("reach '\(holder)' through '\(holder)?.' (it keeps the closure: captured strongly, it closes the same cycle)")
            }
            let changed = first.written.filter { $0 != first.holder }
            if !changed.isEmpty {
                then.append("write " + changed.prefix(3).map { "'\($0).wrappedValue'" }.joined(separator: ", ")
                    + " (a value captured by value cannot be changed)")
            }
            if !bindings.isEmpty {
                then.append("use " + bindings.prefix(3).map { "'\($0)' for '$\($0)'" }.joined(separator: ", "))
            }
            help = "capture only what the closure needs: { [\(items.joined(separator: ", "))] in … }, then " + then.joined(separator: " and ")
        } else if captures.count > 1 && captures.contains(where: { $0.holder != nil || !$0.written.isEmpty || !$0.projected.isEmpty }) {
            help += "; a closure that changes a state captures its binding ([x = $x]) and writes 'x.wrappedValue', and one that uses "
                + "the state keeping it captures that weakly"
        }
        context.report(
            tree.range(ofTokens: tree[first.assignment].firstToken, tree[first.assignment].lastToken),
            message, help: help, notes: notes, fix: fix)
    }

    /// A closure argument of a call that builds a class or actor (`Model(onUpdate: { … })`, or `.init(…)` of
    /// the state's declared type) into state `state`, when the object keeps it: the argument's label names a
    /// stored instance property of the type. The type's short name, that property, and the closure's node.
    static func closureKept(byObjectBuiltIn call: Int32, state: String, view: TypeFacts,
                            context: RuleContext) -> (String, String, Int32)? {
        let tree = context.tree
        var written = tree.text(of: tree.callee(of: call)).filter { !$0.isWhitespace }
        if written.hasSuffix(".init") { written = String(written.dropLast(5)) }
        if written.isEmpty, let declared = view.memberTypes[state] { written = declared }
        let name = String(Substring(written).baseTypeName)
        guard !name.isEmpty, name.first?.isUppercase == true, let object = context.index.facts(for: name),
              object.kind == .class || object.kind == .actor else { return nil }
        for argument in tree.children(of: call) where tree[argument].kind == .argument && tree[argument].token >= 0 {
            let closure = tree.unwrapExpression(argument)
            guard closure >= 0, tree[closure].kind == .closure else { continue }
            let label = tree.identifierText(tree[argument].token)
            guard let member = object.members[label], member.kind == .storedLet || member.kind == .storedVar, !member.isStatic else { continue }
            return (String(name.lastDottedPart), label, closure)
        }
        return nil
    }

    /// The members of `names` the closure changes: the root of an assignment in it (`x = …`, `x += …`,
    /// `x[k] = …`, `x.y = …`), an argument passed `&x`, and a method called straight on a member that does not
    /// hold an object of the project (`items.append(…)` may be mutating); and the members used as `$x` (a
    /// binding to the view's storage, captured with the view). In order of first use.
    static func writes(of names: [String], in closure: Int32, body: BodyModel, byStart: [(start: Int32, index: Int)], view: TypeFacts,
                       context: RuleContext) -> (written: [String], projected: [String]) {
        let tree = context.tree
        let first = tree[closure].firstToken
        let last = tree[closure].lastToken
        guard first >= 0, last >= first else { return ([], []) }
        var found: [String] = []
        var projected: [String] = []
        func add(_ name: String) { if !found.contains(name) { found.append(name) } }
        // The assignments inside the closure, found by their first token in the body's assignments sorted
        // once per body (a body of many closures stays linear).
        var low = 0
        var high = byStart.count
        while low < high {
            let mid = (low + high) / 2
            if byStart[mid].start <= first { low = mid + 1 } else { high = mid }
        }
        var k = low
        while k < byStart.count && byStart[k].start < last {
            let assignment = body.assignments[byStart[k].index]
            if !assignment.rootIsLocal, let (root, _) = assignment.root, names.contains(root) { add(root) }
            k += 1
        }
        var t = first + 1
        while t < last {
            defer { t += 1 }
            let k = t
            let token = tree.tokens[Int(k)]
            guard token.kind == .identifier else { continue }
            var name = tree.identifierText(k)
            if name.hasPrefix("$") {
                // (`$flag` reaches the view's storage whether or not the closure names `flag` otherwise.)
                name.removeFirst()
                if view.members[name] != nil && !(k > 0 && tree.tokens[Int(k - 1)].kind == .period) && !projected.contains(name) {
                    projected.append(name)
                }
                continue
            }
            guard names.contains(name) else { continue }
            // (`other.x` is another value's member; `self.x` is this one.)
            if k > 0, tree.tokens[Int(k - 1)].kind == .period, !(k > 1 && tree.token(k - 2, is: "self")) { continue }
            if k > 0, tree.token(k - 1, is: "&") { add(name); continue }
            if k + 3 <= last, tree.tokens[Int(k + 1)].kind == .period, tree.tokens[Int(k + 2)].kind == .identifier,
               tree.tokens[Int(k + 3)].kind == .leftParen {
                let holdsObject = view.memberTypes[name].flatMap { context.index.facts(for: String(Substring($0).baseTypeName)) }
                    .map { $0.kind == .class || $0.kind == .actor } ?? false
                if !holdsObject { add(name) }
            }
        }
        return (found, projected)
    }

    /// The body's assignments by first token, sorted.
    static func assignmentStarts(_ body: BodyModel, tree: SyntaxTree) -> [(start: Int32, index: Int)] {
        body.assignments.indices.map { (start: tree[body.assignments[$0].node].firstToken, index: $0) }.sorted { $0.start < $1.start }
    }

    /// Inserts `[a, b] in` (or `[a, b]` before existing parameters) after the closure's `{`.
    static func captureListEdit(_ closure: Int32, names: [String], tree: SyntaxTree) -> TextEdit? {
        var hasSignature = false
        for child in tree.children(of: closure) {
            switch tree[child].kind {
            case .captureList: return nil
            case .closureParameter: hasSignature = true
            default: break
            }
        }
        let open = tree.tokens[Int(tree[closure].firstToken)]
        let list = "[" + names.joined(separator: ", ") + "]"
        return TextEdit(range: open.end..<open.end, replacement: hasSignature ? " \(list)" : " \(list) in")
    }
}
