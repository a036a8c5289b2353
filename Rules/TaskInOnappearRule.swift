import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// Flags a `Task { }` started directly in an `.onAppear { }` closure: it is not cancelled when the view
/// disappears, as `.task { }` is.
public struct TaskInOnappearRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "task_in_onappear",
        name: "TaskInOnappear",
        summary: "Flags a `Task { }` started directly in `.onAppear { }`: it keeps running after the view disappears; `.task { }` is cancelled then.",
        rationale: """
            An advisory rule: its findings are `info`, except where the task's own code shows it outliving \
            the view — a `for await` over a sequence that does not end, or a loop that sleeps and polls — \
            which is a `warning`, with the loop named (unless the configuration sets the rule's severity). \
            Such a loop is followed into the view's own methods too: `onAppear { loadStream() }`, where \
            `loadStream()` (or a method it calls, three deep) starts a task it does not keep whose loop never \
            ends, is a warning at the call. A task kept in a property that no code of the view cancels counts as \
            not kept. The same holds for a method that `.task { }` calls: the `Task { }` it starts is not part of \
            the modifier's work, so the cancellation SwiftUI sends when the view disappears does not reach it \
            (`.task { observeSettings() }` where `observeSettings()` sets `observer = Task { for await … }`).


            `.onAppear { Task { await model.load() } }` starts an unstructured task that nothing cancels: \
            when the view disappears (the user navigates back, a sheet closes, a row scrolls away) the task \
            runs on, keeps what it captured alive, and may write results into a screen that is gone. Each \
            appearance starts another one. SwiftUI's `.task { await model.load() }` runs the same code when \
            the view appears and cancels it when it disappears (and `.task(id:)` restarts it when the id \
            changes).

            A task started in an action inside `onAppear` (a `Button`, a completion handler), `.task { }` \
            itself, tasks in `.onDisappear`, and a task whose handle is stored and cancelled in \
            `.onDisappear` are fine. So is an `onAppear` on a row of a `ForEach` or `List`: it triggers \
            pagination or prefetching, work that should go on when the row scrolls away (`.task` would \
            cancel a page load half-way); the same holds for a sentinel view placed directly in a `List` or a \
            lazy stack's content after its `ForEach`. A task that never suspends (no `await`: a hop to the \
            main actor, or `await`s only inside the completion handlers it hands on) has nothing to cancel \
            and is not flagged.

            **Fix safety**: `.onAppear { Task { body } }` → `.task { body }` is offered when the closure \
            holds nothing but the task; it is not marked safe: the work is now cancelled on disappear, and \
            code that must finish (saving) should not move. Where the shape differs (more work in the \
            closure, a `Task(priority:)`, `onAppear(perform:)`), the help says why no fix is offered.
            """,
        badExamples: [
            """
            struct ProfileView: View {
                let model: ProfileModel
                var body: some View {
                    Text(model.name)
                        .onAppear {
                            Task { await model.load() } // expect: task_in_onappear
                        }
                }
            }
            """,
        ],
        goodExamples: [
            """
            struct ProfileView: View {
                let model: ProfileModel
                var body: some View {
                    Text(model.name)
                        .task { await model.load() }
                }
            }
            """,
        ],
        defaultSeverity: .info,
        tags: ["swiftui", "concurrency", "lifetime"],
        precision: "high")

    public init() {}

    public static let requiredWords = ["onAppear", "Task"]

    /// (`.task { helper() }` is in a SwiftUI type's code: no more words noted for it.)
    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool {
        file.mentions("Task") && (file.mentions("onAppear") || file.touchesSwiftUIType(index))
    }

    /// The modifiers whose closure starts the helpers' tasks: `.onAppear { … }`, and `.task { … }`, whose
    /// cancellation does not reach an unstructured `Task { }` started in it.
    static let triggers: Set<String> = ["onAppear", "task"]

    public func check(_ context: RuleContext) {
        let tree = context.tree
        var helpers = HelperTasks()
        for (i, function) in tree.functions.enumerated() where function.body >= 0 {
            let body = context.body(i)
            guard body.closures.contains(where: { TaskInOnappearRule.triggers.contains($0.callee) }) else { continue }
            var writes: [Int32: Set<String>]?
            for closure in body.closures where closure.call >= 0 && tree.isTaskCreation(closure.call)
                && tree.closureArgument(of: closure.call, label: "operation") == closure.node {
                guard let appear = body.appearClosure(around: closure.position) else { continue }
                if TaskInOnappearRule.cancelledOnDisappear(closure.call, in: body, tree: tree) != nil { continue }
                // A row's onAppear (in ForEach or List content) is a pagination or prefetch trigger: its work
                // should go on when the row scrolls away, which `.task` would cancel.
                if tree.identityContexts(of: appear.call).contains(where: { if case .forEach = $0 { return true } else { return false } }) {
                    continue
                }
                // A pagination sentinel: a view directly in a List's or a lazy stack's content (after its
                // ForEach) loads the next page when it scrolls into view; that load should finish even if it
                // scrolls away again, which `.task` would cancel.
                if appear.position.closure >= 0,
                   TaskInOnappearRule.lazyContainers.contains(body.closures[Int(appear.position.closure)].callee) { continue }
                // A one-shot trigger: the closure sets a state an `if` around the view tests (`if loadingMore {
                // … } else { Spacer().onAppear { loadingMore = true; Task { … } } }`), so the view leaves as its
                // work starts; that work must outlive it, which `.task` would cancel.
                if TaskInOnappearRule.isOneShotTrigger(appear, in: body, writes: &writes, tree: tree) { continue }
                // A task that never suspends (a hop to the main actor, a synchronous call) has nothing to
                // cancel: `.task` would change nothing.
                if !TaskInOnappearRule.suspends(closure.node, tree: tree) { continue }
                let owner = function.ownerType >= 0 ? context.owner(function.ownerType).name : ""
                let place = owner.isEmpty ? "" : " in '\(owner.split(separator: ".").last.map(String.init) ?? owner)'"
                var notes = [Note(range: TaskInOnappearRule.nameRange(of: appear.call, tree: tree), message: "started from this onAppear")]
                // The witness: a loop that waits on a sequence or sleeps, which goes on after the view is gone.
                let loop = TaskInOnappearRule.outlivingLoop(in: closure.node, tree: tree)
                if let loop {
                    notes.append(Note(range: tree.tokens[Int(tree[loop].firstToken)].range,
                                      message: "this loop goes on after the view disappears: nothing cancels the task"))
                }
                // The fix where the shape allows it; elsewhere the help says why there is none.
                let offer = TaskInOnappearRule.fix(task: closure, appear: appear, tree: tree)
                let noFix = offer.whyNot.map { "; no automatic fix: \($0)" } ?? ""
                context.report(
                    token: tree[tree.callee(of: closure.call)].firstToken,
                    "Task started in .onAppear\(place) is not cancelled when the view disappears: it runs on, and each appearance starts another",
                    help: "move the work into .task { }, which runs it on appear and cancels it on disappear (or .task(id:) to restart it when a value changes)" + noFix,
                    notes: notes,
                    fix: offer.fix, witnessed: loop != nil)
            }
            // A task a method of the view starts, called from the onAppear (`onAppear { loadStream() }`, whose
            // task starts another that loops over a player's status): reported when its loop outlives the view.
            if function.ownerType >= 0 {
                let typeName = context.owner(function.ownerType).name
                for appear in body.closures where TaskInOnappearRule.triggers.contains(appear.callee) && appear.call >= 0 {
                    TaskInOnappearRule.reportHelperTasks(from: appear, typeName: typeName, memo: &helpers, context: context)
                }
            }
        }
    }

    /// What the helper search found in a file: the methods of each type by name, and for each method the
    /// unkept looping task it (or a method it calls, three deep) starts, so each method is searched once
    /// however many onAppear closures call it.
    struct HelperTasks {
        var methods: [String: [String: Int]] = [:]
        /// By method and search depth (`function * 4 + depth`).
        var witnesses: [Int: (task: Int32, loop: Int32, keptIn: String?)?] = [:]
        /// Whether a method of the view cancels what a property keeps, by `Type.property`.
        var cancelled: [String: Bool] = [:]
    }

    /// Reports an unkept task with a loop that outlives the view, started by a method of the view (`typeName`)
    /// that the onAppear closure calls, followed through the methods they call (three deep).
    static func reportHelperTasks(from appear: ClosureFact, typeName: String, memo: inout HelperTasks, context: RuleContext) {
        let tree = context.tree
        // Most onAppear closures call no method of the view (`Task { … }`, `model.load()`): nothing more is built.
        var callsOwnMethod = false
        tree.walk(appear.node) { node in
            if callsOwnMethod || node != appear.node && tree[node].kind == .closure { return false }
            if tree[node].kind == .call {
                let callee = tree.callee(of: node)
                if callee >= 0, tree[callee].token >= 0, tree[callee].kind == .identifier
                    || tree[callee].kind == .memberAccess && tree[callee].firstChild >= 0 && tree[tree[callee].firstChild].kind == .selfExpr {
                    let first = tree.file.bytes[Int(tree.tokens[Int(tree[callee].token)].start)]
                    if first &- UInt8(ascii: "a") < 26 || first == UInt8(ascii: "_") { callsOwnMethod = true }
                }
            }
            return true
        }
        guard callsOwnMethod else { return }
        if memo.methods[typeName] == nil {
            var byName: [String: Int] = [:]
            for f in context.model.functions(ofTypeNamed: typeName) where tree.functions[f].body >= 0 && tree.functions[f].kind == .function {
                if byName[tree.functions[f].name] == nil { byName[tree.functions[f].name] = f }
            }
            memo.methods[typeName] = byName
        }
        let methods = memo.methods[typeName]!
        guard !methods.isEmpty else { return }
        /// The methods of the view a node calls by bare name or on `self`, outside nested closures.
        func calledMethods(in root: Int32) -> [(call: Int32, function: Int)] {
            var found: [(Int32, Int)] = []
            tree.walk(root) { node in
                if node != root && (tree[node].kind == .closure || tree[node].kind == .functionDecl) { return false }
                guard tree[node].kind == .call else { return true }
                let callee = tree.callee(of: node)
                guard callee >= 0 else { return true }
                var name: String?
                if tree[callee].kind == .identifier, tree[callee].token >= 0 {
                    name = tree.identifierText(tree[callee].token)
                } else if tree[callee].kind == .memberAccess, tree[callee].firstChild >= 0, tree[tree[callee].firstChild].kind == .selfExpr,
                          tree[callee].token >= 0 {
                    name = tree.identifierText(tree[callee].token)
                }
                if let name, let f = methods[name] { found.append((node, f)) }
                return true
            }
            return found
        }
        /// Visits the task creations `f`'s call runs: in its body, in those tasks' operations, and in closures a
        /// known callee runs now or schedules (`forEach`, `DispatchQueue.main.async`); not in other closures (a
        /// callback it stores or hands to an unknown callee starts its task later, if ever) or local functions.
        func forEachTask(of f: Int, _ visit: (_ call: Int32, _ operation: Int32) -> Bool) {
            let fbody = tree.functions[f].body
            var operations: Set<Int32> = []
            var stop = false
            tree.walk(fbody) { node in
                if stop { return false }
                let kind = tree[node].kind
                if node != fbody && kind == .functionDecl { return false }
                if node != fbody && kind == .closure && !operations.contains(node) {
                    let role = tree.role(ofClosure: node)
                    if role != .runsNow && role != .later { return false }
                }
                guard kind == .call, tree.isTaskCreation(node), let operation = tree.closureArgument(of: node, label: "operation") else { return true }
                operations.insert(operation)
                if !visit(node, operation) { stop = true }
                return !stop
            }
        }
        /// The looping task `f` starts itself (nested ones included) that nothing cancels: a statement, not
        /// stored, or stored in a property of the view that no method of it cancels (`observer = Task { for await
        /// … }`, never `observer?.cancel()`).
        func ownWitness(_ f: Int) -> (task: Int32, loop: Int32, keptIn: String?)? {
            var witness: (task: Int32, loop: Int32, keptIn: String?)?
            forEachTask(of: f) { node, operation in
                var value = node
                while tree[value].parent >= 0, [.sequence, .tryExpr, .awaitExpr].contains(tree[tree[value].parent].kind) {
                    value = tree[value].parent
                }
                let parent = tree[value].parent
                guard parent >= 0 else { return true }
                var keptIn: String?
                if tree[parent].kind == .assignment {
                    let (lhs, rhs) = tree.assignmentSides(parent)
                    guard rhs.count == 1, rhs[0] == value, let (member, reference) = tree.rootMember(of: lhs),
                          tree[reference].kind != .identifier || !isLocal(member, in: f),
                          !isCancelled(member) else { return true }
                    keptIn = member
                } else if tree[parent].kind != .codeBlock && tree[parent].kind != .closure {
                    return true
                }
                if let loop = outlivingLoop(in: operation, tree: tree) { witness = (node, loop, keptIn) }
                return witness == nil
            }
            return witness
        }
        /// Whether `name` is bound in `f` (a parameter or a local), not a property of the view.
        func isLocal(_ name: String, in f: Int) -> Bool {
            if tree.functions[f].parameters.contains(where: { $0.name == name }) { return true }
            return context.body(f).locals.contains { binding in
                tree.boundVariables(of: binding.node).contains { tree.variables[$0].name == name }
            }
        }
        /// Whether code of the view (a method, its body's `.onDisappear`) cancels or otherwise releases what
        /// property `member` keeps.
        func isCancelled(_ member: String) -> Bool {
            if let known = memo.cancelled["\(typeName).\(member)"] { return known }
            let found = context.model.typeIndices(named: typeName).contains { t in
                tree.types[Int(t)].node >= 0 && tree.releasesStorage(member, within: tree.types[Int(t)].node)
            }
            memo.cancelled["\(typeName).\(member)"] = found
            return found
        }
        /// The methods `f` calls, in its body and in its tasks' closures.
        func callees(_ f: Int) -> [Int] {
            var next = calledMethods(in: tree.functions[f].body).map(\.function)
            forEachTask(of: f) { _, operation in
                next += calledMethods(in: operation).map(\.function)
                return true
            }
            return next
        }
        /// The witness of `f`, memoised: its own, else the first of its callees' (`depth` more levels).
        func witness(_ f: Int, depth: Int) -> (task: Int32, loop: Int32, keptIn: String?)? {
            let key = f &* 4 &+ depth
            if let known = memo.witnesses[key] { return known }
            var found = depth > 0 ? witness(f, depth: 0) : ownWitness(f)
            if found == nil && depth > 0 {
                for g in callees(f) where g != f {
                    if let w = witness(g, depth: depth - 1) { found = w; break }
                }
            }
            memo.witnesses[key] = .some(found)
            return found
        }
        let trigger = appear.callee
        for (call, first) in calledMethods(in: appear.node) {
            guard let witness = witness(first, depth: 2) else { continue }
            let method = tree.functions[first].name
            let view = String(typeName.lastDottedPart)
            let help = trigger == "task"
                // (`.task` cancels its own work, not an unstructured `Task { }` started in it.)
                ? "a Task started in .task { } is not part of it, so its cancellation does not reach it: run the loop in .task itself (make '\(method)' async and await the loop there), or cancel the kept Task in .onDisappear"
                : "start the work from .task { } (make '\(method)' async and await it there), which cancels it on disappear; or keep the Task in a @State and cancel it in .onDisappear"
            context.report(
                tree.byteRange(of: call),
                "'\(method)()', called in .\(trigger) in '\(view)', starts a Task that outlives the view: its loop runs on, and each appearance starts another",
                help: help,
                notes: [
                    Note(range: nameRange(of: appear.call, tree: tree), message: "called from this \(trigger)"),
                    Note(range: nameRange(of: witness.task, tree: tree),
                         message: witness.keptIn.map { "this task is kept in '\($0)', which nothing in '\(view)' cancels" } ?? "this task is not kept, so nothing cancels it"),
                    Note(range: tree.tokens[Int(tree[witness.loop].firstToken)].range, message: "this loop goes on after the view disappears"),
                ],
                witnessed: true)
        }
    }

    /// Whether the onAppear closure writes a name that the condition of an `if` around its view reads: the
    /// view is removed (or replaced) by its own trigger, and appears again only when that state is reset.
    /// (`writes`: what each closure of the body writes, nested closures included; made once per body.)
    static func isOneShotTrigger(_ appear: ClosureFact, in body: BodyModel, writes: inout [Int32: Set<String>]?, tree: SyntaxTree) -> Bool {
        if writes == nil {
            var table: [Int32: Set<String>] = [:]
            for assignment in body.assignments where !assignment.rootIsLocal {
                guard let name = assignment.root?.name else { continue }
                var index = assignment.position.closure
                while index >= 0 {
                    table[body.closures[Int(index)].node, default: []].insert(name)
                    index = body.closures[Int(index)].position.closure
                }
            }
            writes = table
        }
        guard let written = writes?[appear.node], !written.isEmpty else { return false }
        var node = appear.call >= 0 ? tree[appear.call].parent : -1
        while node >= 0 {
            let kind = tree[node].kind
            if kind == .functionDecl || kind == .accessor || kind == .typeDecl { break }
            if kind == .ifStmt {
                // The conditions: the children before the first block.
                var child = tree[node].firstChild
                while child >= 0 && tree[child].kind != .codeBlock {
                    if tree.firstNode(in: child, where: { tree[$0].kind == .identifier && written.contains(tree.identifierText(tree[$0].token)) }) != nil {
                        return true
                    }
                    child = tree[child].nextSibling
                }
            }
            node = tree[node].parent
        }
        return false
    }

    /// A loop of the task (not of a nested closure) that outlives the view: a `for await` over a sequence not
    /// known to end, or a `while` / `repeat` loop that sleeps (`Task.sleep`) — polling until cancelled.
    static func outlivingLoop(in closure: Int32, tree: SyntaxTree) -> Int32? {
        tree.firstNode(in: closure, skipping: { tree[$0].kind == .closure && $0 != closure || tree[$0].kind == .functionDecl }) { node in
            switch tree[node].kind {
            case .forStmt:
                return tree[node].flags.contains(.awaitLoop) && !tree.isFiniteAwaitLoop(node)
            case .whileStmt, .repeatStmt:
                return tree.firstNode(in: node, skipping: { tree[$0].kind == .closure }) { inner in
                    tree[inner].kind == .call && tree.calleeName(inner) == "sleep"
                } != nil
            default:
                return false
            }
        }
    }

    /// Containers whose content is built as it scrolls into view.
    static let lazyContainers: Set<String> = ["List", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid"]

    /// Whether the task's closure can suspend (an `await` in it, `for await` included): only then can
    /// cancellation stop it.
    /// (An `await` inside a nested closure, a completion handler the task hands on, is not the task's own.)
    static func suspends(_ closure: Int32, tree: SyntaxTree) -> Bool {
        let first = Int(tree[closure].firstToken)
        let last = Int(tree[closure].lastToken)
        guard first >= 0, last >= first else { return true }
        // (Most tasks nest no closure: their first `await` decides.)
        guard (first...last).contains(where: { tree.tokens[$0].kind == .keyword && tree.tokens[$0].keyword == .await }) else { return false }
        if !((first + 1)..<max(first + 1, last)).contains(where: { tree.tokens[$0].kind == .leftBrace }) { return true }
        // The token ranges of the closures nested in it (the outermost ones), in source order.
        var nested: [ClosedRange<Int>] = []
        tree.walk(closure) { node in
            guard node != closure, tree[node].kind == .closure else { return true }
            if tree[node].firstToken >= 0 && tree[node].lastToken >= tree[node].firstToken {
                nested.append(Int(tree[node].firstToken)...Int(tree[node].lastToken))
            }
            return false
        }
        var k = 0
        for i in first...last where tree.tokens[i].kind == .keyword && tree.tokens[i].keyword == .await {
            while k < nested.count && nested[k].upperBound < i { k += 1 }
            if k < nested.count && nested[k].contains(i) { continue }
            return true
        }
        return false
    }

    /// The callee's name (`onAppear` in `Text("a").onAppear`).
    static func nameRange(of call: Int32, tree: SyntaxTree) -> Range<Int> {
        let callee = tree.callee(of: call)
        let token = tree[callee].token
        return token >= 0 ? tree.tokens[Int(token)].range : tree.byteRange(of: callee)
    }

    /// The cancel of the task's stored handle in an `.onDisappear` of the same body (`handle = Task { … }`
    /// here, `handle?.cancel()` there), if there is one.
    static func cancelledOnDisappear(_ task: Int32, in body: BodyModel, tree: SyntaxTree) -> Int32? {
        var value = task
        while tree[value].parent >= 0, [.sequence, .tryExpr, .awaitExpr].contains(tree[tree[value].parent].kind) {
            value = tree[value].parent
        }
        let parent = tree[value].parent
        guard parent >= 0, tree[parent].kind == .assignment else { return nil }
        let (lhs, _) = tree.assignmentSides(parent)
        guard let (name, _) = tree.rootMember(of: lhs) else { return nil }
        for disappear in body.closures where disappear.callee == "onDisappear" {
            if let release = tree.release(of: name, within: disappear.node) { return release }
        }
        return nil
    }

    /// `.onAppear { Task { body } }` → `.task { body }`, when the `onAppear` closure is trailing and holds
    /// nothing but a plain `Task { }`.
    /// Otherwise no fix, and why: the help says it, so that a finding without a fix is not a puzzle.
    static func fix(task: ClosureFact, appear: ClosureFact, tree: SyntaxTree) -> (fix: Fix?, whyNot: String?) {
        let byHand = "move the task's body into .task { } by hand"
        guard tree.calleePath(task.call) == "Task" else {
            return (nil, "'\(tree.calleePath(task.call))' is not a plain Task { } (\(byHand) if it should be cancelled)")
        }
        guard appear.label == nil else { return (nil, "onAppear(perform:) is not a trailing closure; \(byHand)") }
        // `Task` takes only the trailing closure; `onAppear` only its trailing closure.
        guard tree.children(of: task.call).filter({ tree[$0].kind == .argument }).count == 1 else {
            return (nil, "the Task has arguments (a priority?) that .task { } spells differently; \(byHand)")
        }
        guard tree.children(of: appear.call).filter({ tree[$0].kind == .argument }).count == 1 else {
            return (nil, "this onAppear has arguments; \(byHand)")
        }
        // The onAppear closure's only statement is the task.
        let statements = Array(tree.children(of: appear.node))
        var only = statements.count == 1 ? statements[0] : -1
        while only >= 0, tree[only].kind == .sequence, tree[only].firstChild >= 0, tree[tree[only].firstChild].nextSibling < 0 {
            only = tree[only].firstChild
        }
        guard only == task.call else {
            return (nil, "the onAppear closure does more than start this task, and that work should still run on every appearance; \(byHand)")
        }
        let name = tree[tree.callee(of: appear.call)].token
        guard name >= 0 else { return (nil, nil) }
        return (Fix(title: "Use .task { } (cancelled on disappear)", edits: [
            TextEdit(range: tree.tokens[Int(name)].range, replacement: "task"),
            TextEdit(range: tree.byteRange(of: appear.node), replacement: tree.file.text(tree.byteRange(of: task.node))),
        ], isSafe: false), nil)
    }
}
