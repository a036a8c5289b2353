import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// Flags a `Task` kept on `self` whose closure holds `self` strongly while a long-lived loop runs.
public struct TaskRetainsSelfRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "task_retains_self",
        name: "TaskRetainsSelf",
        summary: "Flags a `Task` stored on `self` whose closure holds `self` strongly while it runs a long-lived loop.",
        rationale: """
            A `Task` closure may use `self` implicitly, so `task = Task { for await v in stream { count = v } }` \
            captures `self` strongly for as long as the loop runs — usually as long as the stream lives. The \
            object holds the task and the task holds the object: it is never released, its `deinit` never \
            runs, and a `task?.cancel()` in `deinit` is dead code. `[weak self]` followed by \
            `guard let self else { return }` before the loop does not help: the loop then holds a strong \
            reference for its whole lifetime. Nor does `[weak self]` around a call to a method of the type \
            (in the same file) that runs the loop: `await self?.observe()` holds `self` strongly until \
            `observe()` returns. A task nobody keeps is flagged when its loop waits on a sequence of \
            `self`'s own (`$flag.values` of a `@Published` property, a subject or stream `self` creates): \
            that sequence ends only when `self` goes, and nobody can cancel the task.

            Other tasks that are not stored, tasks that finish (no loop, or a `for await` over a task group's results or \
            a `.prefix(n)`, which end), that capture only the values they need \
            (`[service]`), or that use `[weak self]` with `self?.` inside the loop are fine. In a type with a \
            shared instance (`static let shared`), an app delegate, or a class the project builds once for the app (a `static` or global's initial value, a stored property of the `App` or its delegate, the `App`'s `init`, a delegate's launch method such as `scene(_:willConnectTo:options:)`, a dependency container's singleton, cached or application scope, the `@State` or `@StateObject` of a scene's root view such as `WindowGroup { Root() }` but not a `DocumentGroup`'s or a `WindowGroup(for:)`'s; a preview does not count as building it) \
            the finding is `info`, with a note where it is built: that instance lives as long as the app anyway. \
            A cycle another method of the type breaks (it cancels, invalidates, \
            removes or sets to nil what `self` keeps, and does not then keep a new closure that holds `self` there) is `info` too, with a note there: it lasts until that \
            method runs.
            """,
        badExamples: [
            """
            @MainActor @Observable final class ContentModel {
                private let service = CountService()
                @ObservationIgnored private var task: Task<Void, Never>?
                var count = 0
                init() {
                    task = Task { // expect: task_retains_self
                        for await value in await service.countStream() {
                            count = value
                        }
                    }
                }
                deinit { task?.cancel() }
            }
            """,
        ],
        goodExamples: [
            """
            @MainActor @Observable final class ContentModel {
                private let service = CountService()
                @ObservationIgnored private var task: Task<Void, Never>?
                var count = 0
                init() {
                    task = Task { [weak self, service] in
                        for await value in await service.countStream() {
                            self?.count = value
                        }
                    }
                }
                deinit { task?.cancel() }
            }
            """,
        ],
        defaultSeverity: .warning,
        tags: ["concurrency", "memory", "lifetime"],
        precision: "high")

    public init() {}

    /// Objects built once for the app: a cycle through one of them is reported at info.
    public static let projectFacts: Set<ProjectFact> = [.appOwners, .releases, .constructionSites]
    /// The sites of classes with a shared instance: built elsewhere too, their other instances leak.
    public static func wantsConstructionSites(of type: TypeFacts, in index: ProjectIndex) -> Bool { RetainCycle.wantsSites(of: type, in: index) }

    public static let requiredWords = ["Task"]

    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool {
        file.mentions("Task")
    }

    /// The name every task creation spells (`Task { }`, `Task.detached { }`, `_Concurrency.Task { }`).
    static let taskWord: [[UInt8]] = [Array("Task".utf8)]

    public func check(_ context: RuleContext) {
        let tree = context.tree
        // Only bodies that name `Task` can create one (`isTaskCreation`): the others' models are not built.
        for member in RetainCycle.instanceBodies(context, where: { tree.names(TaskRetainsSelfRule.taskWord, in: $0) }) {
            let (i, typeName, facts, body) = (member.index, member.typeName, member.facts, member.body)
            for closure in body.closures where closure.call >= 0 && tree.isTaskCreation(closure.call) {
                guard tree.closureArgument(of: closure.call, label: "operation") == closure.node else { continue }
                guard let kept = context.model.kept(closure, in: body), kept.holder == .task else {
                    // Nobody keeps the task: only a loop over a sequence of `self`'s own holds it forever.
                    if tree.isDiscarded(closure.call), tree.firstNode(in: closure.node, where: { tree[$0].kind == .forStmt || tree[$0].kind == .call }) != nil {
                        let captures = context.model.captures(of: closure, in: body)
                        // The loop in the task, or one call down (`await self?.observe()`), over a sequence of `self`'s.
                        if let finding = TaskRetainsSelfRule.analyze(captures, tree: tree)
                            ?? TaskRetainsSelfRule.loopOneCallDown(captures, closure: closure.node, ownerType: member.ownerType, context: context),
                           let own = TaskRetainsSelfRule.ownSequence(finding.loop, function: finding.methodIndex ?? i, facts: facts, tree: tree) {
                            reportUnkept(closure, finding: finding, own: own, member: member, context: context)
                        }
                    }
                    continue
                }
                let captures = context.model.captures(of: closure, in: body)
                guard let finding = TaskRetainsSelfRule.analyze(captures, tree: tree)
                        ?? TaskRetainsSelfRule.loopOneCallDown(captures, closure: closure.node, ownerType: member.ownerType, context: context)
                else { continue }
                let storage = kept.storage
                var notes = finding.strongUses.prefix(3).map { RetainCycle.strongNote($0, tree: tree) }
                if let method = finding.method {
                    notes.append(Note(range: tree.byteRange(of: finding.call),
                                      message: "'self' is held strongly for as long as '\(method)()' runs: the weak capture is made strong for the call"))
                    notes.append(Note(range: tree.tokens[Int(tree[finding.loop].firstToken)].range,
                                      message: "'\(method)()' runs this loop: it keeps 'self' alive until its sequence ends"))
                } else {
                    notes.append(Note(range: tree.tokens[Int(tree[finding.loop].firstToken)].range,
                                      message: "this loop keeps the task, and so 'self', alive until its sequence ends"))
                }
                for cancel in context.model.deinitCalls(["cancel"], on: storage.member, in: member.ownerType) {
                    notes.append(Note(range: tree.byteRange(of: cancel),
                                      message: "this cancel never runs: deinit cannot run while the task holds 'self'"))
                }
                if let method = storage.returnedBy {
                    notes.append(Note(range: tree.byteRange(of: storage.target), message: "the task '\(method)()' returns is stored here"))
                }
                if kept.viaLocal >= 0 {
                    notes.append(Note(range: tree.byteRange(of: storage.target),
                                      message: "the local is kept on 'self' here, in '\(storage.member)'"))
                }
                let loopWord = TaskRetainsSelfRule.loopDescription(finding.loop, tree: tree)
                let place = RetainCycle.storageName(kept, tree: tree)
                let what = storage.returnedBy.map { "Task returned by '\($0)()' and stored in '\(place)'" } ?? "Task stored in '\(place)'"
                let outcome = RetainCycle.outcome(storage.member, typeName: typeName, facts: facts, storingFunction: i,
                                                  storedAt: storage.target, context: context)
                if let note = outcome.note { notes.append(note) }
                let token = tree[tree.callee(of: closure.call)].firstToken
                notes.insert(RetainCycle.cycleNote(RetainCycle.chain(kept, tree: tree), at: token, tree: tree), at: 0)
                notes += RetainCycle.lifetimeNote(outcome.lifetime, at: token, tree: tree)
                context.report(
                    token: token,
                    "\(what) holds 'self' strongly while its \(loopWord) runs: \(outcome.text)",
                    help: "cancel the task from onDisappear, run the loop in SwiftUI's .task { } modifier (cancelled automatically), or capture [weak self] plus the values the loop needs (e.g. [weak self, service]) and use self?. inside the loop",
                    notes: notes, advisory: outcome.advisory)
            }
        }
    }

    struct Finding {
        var loop: Int32
        var strongUses: [Int32]
        /// The loop runs in this method of the type, which the task calls through a weak `self`
        /// (`await self?.observe()`), at `call`.
        var method: String? = nil
        var call: Int32 = -1
        var methodIndex: Int? = nil
    }

    /// `Task { for await v in $flag.values { self.apply(v) } }` kept by nobody: the sequence belongs to
    /// `self` (a member, its projected publisher, or a value read from one), so it ends only when `self` goes,
    /// and the task holds `self`: neither ever ends.
    func reportUnkept(_ closure: ClosureFact, finding: Finding, own: String, member: RetainCycle.InstanceBody, context: RuleContext) {
        let tree = context.tree
        let token = tree[tree.callee(of: closure.call)].firstToken
        let short = RetainCycle.shortName(member.typeName)
        var notes = finding.strongUses.prefix(3).map { RetainCycle.strongNote($0, tree: tree) }
        notes.insert(RetainCycle.cycleNote("'self' → '\(own)' → the loop's sequence → Task → closure → 'self'", at: token, tree: tree), at: 0)
        if let method = finding.method {
            notes.append(Note(range: tree.byteRange(of: finding.call),
                              message: "'self' is held strongly for as long as '\(method)()' runs: the weak capture is made strong for the call"))
        }
        notes.append(Note(range: tree.tokens[Int(tree[finding.loop].firstToken)].range,
                          message: "this loop waits on '\(own)', which ends only when '\(short)' is released; nobody keeps the task, so nobody can cancel it"))
        let lifetime = RetainCycle.appLifetime(of: member.typeName, facts: member.facts, context: context)
        notes += RetainCycle.lifetimeNote(lifetime, at: token, tree: tree)
        context.report(
            token: token,
            "Task loops over '\(own)' of 'self' and holds 'self' strongly: '\(short)' is never released, and nothing can cancel the task",
            help: "keep the task and cancel it when the object is done (or run the loop in SwiftUI's .task { }), or capture [weak self] and read self?. inside the loop",
            notes: notes, advisory: RetainCycle.spares(lifetime))
    }

    /// The member of `self` a loop's sequence is read from (`$flag.values` → `$flag`, `self.events`,
    /// `stream.map { … }`), when it is one: not a parameter or local of the enclosing function.
    static func ownSequence(_ loop: Int32, function: Int, facts: TypeFacts, tree: SyntaxTree) -> String? {
        guard tree[loop].kind == .forStmt, tree[loop].flags.contains(.awaitLoop) else { return nil }
        var sequence: Int32 = -1
        for child in tree.children(of: loop) {
            if tree[child].kind == .codeBlock { break }
            sequence = child
        }
        guard sequence >= 0 else { return nil }
        var root = tree.unwrapExpression(sequence)
        // Whether the sequence is read from an object `self` holds (`storage.updates`), not the member itself.
        var throughObject = false
        while root >= 0, tree[root].kind == .memberAccess || tree[root].kind == .call || tree[root].kind == .postfixOperator {
            let first = tree[root].firstChild
            if tree[root].kind == .memberAccess, first >= 0, tree[first].kind == .selfExpr { break }
            // (A property read, not a method: `stream.map { … }` is still the stream handed in.)
            let parent = tree[root].parent
            let isCallee = parent >= 0 && tree[parent].kind == .call && tree[parent].firstChild == root
            if tree[root].kind == .memberAccess, !isCallee, tree[root].token >= 0, tree.identifierText(tree[root].token) != "values" {
                throughObject = true
            }
            root = first
        }
        guard root >= 0 else { return nil }
        let name: String
        switch tree[root].kind {
        case .memberAccess where tree[root].token >= 0: name = tree.identifierText(tree[root].token)
        case .identifier: name = tree.identifierText(tree[root].token)
        default: return nil
        }
        let projected = name.hasPrefix("$")
        let plain = projected ? String(name.dropFirst()) : name
        // `self`'s own: the projection of a property wrapper (`$flag`: a `@Published` property's publisher),
        // a subject or stream `self` makes itself (an initial value), or a sequence an object `self` holds
        // produces (`storage.updates`: `self` keeps its producer alive). A stream handed in
        // (`init(stream:)`) ends when its producer, elsewhere, finishes it.
        guard let declared = facts.members[plain], !declared.isStatic, declared.kind == .storedVar || declared.kind == .storedLet,
              projected ? !declared.attributes.isEmpty : declared.hasInitializer || throughObject else { return nil }
        if tree[root].kind == .identifier {
            // A bare name: not when a parameter or local of the function (or the closure) binds it.
            let f = tree.functions[function]
            if f.parameters.contains(where: { $0.name == name }) { return nil }
            if tree.firstNode(in: f.body, skipping: { _ in false }, where: { node in
                switch tree[node].kind {
                case .variableDecl: return tree.boundVariables(of: node).contains { tree.variables[$0].name == name }
                // `guard let events = incoming`: another sequence under the member's name. (`guard let events`
                // and `if let events = self.events` unwrap the member itself: still `self`'s own.)
                case .conditionBinding: return tree[node].token >= 0 && tree.identifierText(tree[node].token) == name
                    && !TaskRetainsSelfRule.unwrapsMember(name, binding: node, tree: tree)
                default: return false
                }
            }) != nil { return nil }
        }
        return name
    }

    /// Whether an `if let`/`guard let` binding of `name` unwraps the member of that name: written without a
    /// value (`guard let events`), or as `events`, `self.events`.
    static func unwrapsMember(_ name: String, binding: Int32, tree: SyntaxTree) -> Bool {
        let value = tree.unwrapExpression(tree[binding].firstChild)
        guard value >= 0 else { return true }
        switch tree[value].kind {
        case .identifier: return tree[value].token >= 0 && tree.identifierText(tree[value].token) == name
        case .memberAccess:
            let base = tree[value].firstChild
            return base >= 0 && tree[base].kind == .selfExpr && tree[value].token >= 0 && tree.identifierText(tree[value].token) == name
        default: return false
        }
    }

    /// `Task { [weak self] in await self?.observe() }` where `observe()`, a method of the type in this file,
    /// loops over an async sequence: the call makes `self` strong until the method returns.
    static func loopOneCallDown(_ captures: ClosureCaptures, closure: Int32, ownerType: Int32, context: RuleContext) -> Finding? {
        let tree = context.tree
        guard captures.selfCapture == .weak || captures.selfCapture == .unowned, captures.longLivedLoops.isEmpty else { return nil }
        var found: Finding?
        _ = tree.firstNode(in: closure, skipping: { tree[$0].kind == .closure && $0 != closure }) { node in
            guard tree[node].kind == .call, let name = TaskRetainsSelfRule.calledMethodOnSelf(node, tree: tree) else { return false }
            for f in tree.functions.indices where tree.functions[f].ownerType == ownerType && tree.functions[f].name == name
                && tree.functions[f].body >= 0 && tree.functions[f].kind != .initializer {
                if let loop = TaskRetainsSelfRule.endlessAwaitLoop(in: tree.functions[f].body, tree: tree) {
                    found = Finding(loop: loop, strongUses: [], method: name, call: node, methodIndex: f)
                    return true
                }
            }
            return false
        }
        return found
    }

    /// `observe` for `self?.observe()`, `self.observe()` (through a weak or unowned capture).
    static func calledMethodOnSelf(_ call: Int32, tree: SyntaxTree) -> String? {
        let callee = tree.callee(of: call)
        guard callee >= 0, tree[callee].kind == .memberAccess, tree[callee].token >= 0 else { return nil }
        var base = tree[callee].firstChild
        while base >= 0, tree[base].kind == .postfixOperator { base = tree[base].firstChild }
        guard base >= 0, tree[base].kind == .selfExpr else { return nil }
        return tree.identifierText(tree[callee].token)
    }

    /// A `for await` loop of a body (not in a closure or nested task) whose sequence is not known to end.
    static func endlessAwaitLoop(in body: Int32, tree: SyntaxTree) -> Int32? {
        tree.firstNode(in: body, skipping: { tree[$0].kind == .closure || tree[$0].kind == .functionDecl }) { node in
            tree[node].kind == .forStmt && tree[node].flags.contains(.awaitLoop) && !tree.isFiniteAwaitLoop(node)
        }
    }

    /// Whether the task closure holds `self` strongly around a long-lived loop.
    static func analyze(_ captures: ClosureCaptures, tree: SyntaxTree) -> Finding? {
        for loop in captures.longLivedLoops where captures.holdsSelfStrongly(around: loop, in: tree) {
            switch captures.selfCapture {
            case .weak:
                let rebinding = captures.strongRebindings.first { tree.rebindingScope($0, encloses: loop) }
                return Finding(loop: loop, strongUses: rebinding.map { [$0] } ?? [])
            case .strong:
                return Finding(loop: loop, strongUses: [captures.selfCaptureItem] + captures.selfUses)
            default:
                return Finding(loop: loop, strongUses: captures.selfUses)
            }
        }
        return nil
    }

    static func loopDescription(_ loop: Int32, tree: SyntaxTree) -> String {
        switch tree[loop].kind {
        case .forStmt:
            if !tree[loop].flags.contains(.awaitLoop) { return "endless 'for' loop" }
            let first = tree[loop].firstToken
            return tree.text(first + 1) == "try" ? "'for try await' loop" : "'for await' loop"
        case .whileStmt: return "'while' loop"
        default: return "'repeat' loop"
        }
    }
}
