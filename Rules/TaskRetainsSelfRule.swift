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
            reference for its whole lifetime.

            Tasks that are not stored, that finish (no loop, or a `for await` over a task group's results or \
            a `.prefix(n)`, which end), that capture only the values they need \
            (`[service]`), or that use `[weak self]` with `self?.` inside the loop are fine. In a type with a \
            shared instance (`static let shared`), an app delegate, or a class the project builds once for the app (a `static` or global's initial value, a stored property of the `App` or its delegate, the `App`'s `init`) \
            the finding is `info`, with a note where it is built: that instance lives as long as the app anyway. \
            A cycle another method of the type breaks (it cancels, invalidates, \
            removes or sets to nil what `self` keeps) is `info` too, with a note there: it lasts until that \
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
    public static let projectFacts: Set<ProjectFact> = [.appOwners, .releases]

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
                guard tree.closureArgument(of: closure.call, label: "operation") == closure.node,
                      let kept = context.model.kept(closure, in: body), kept.holder == .task,
                      let finding = TaskRetainsSelfRule.analyze(context.model.captures(of: closure, in: body), tree: tree)
                else { continue }
                let storage = kept.storage
                var notes = finding.strongUses.prefix(3).map {
                    Note(range: tree.byteRange(of: $0), message: "'self' is held strongly here")
                }
                notes.append(Note(range: tree.tokens[Int(tree[finding.loop].firstToken)].range,
                                  message: "this loop keeps the task, and so 'self', alive until its sequence ends"))
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
