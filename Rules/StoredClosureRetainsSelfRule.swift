import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// Flags a closure literal kept on `self` (or held by a timer, observer token, work item or dispatch
/// source `self` keeps) that holds `self` strongly: a retain cycle, so the object is never released.
public struct StoredClosureRetainsSelfRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "stored_closure_retains_self",
        name: "StoredClosureRetainsSelf",
        summary: "Flags a closure kept on `self` (a stored property, a `lazy var`, a stored collection, a child object's callback, a kept `Timer`, observer token, work item or dispatch source) that holds `self` strongly.",
        rationale: """
            A closure holds what it captures. When `self` keeps the closure — `onChange = { self.reload() }`, \
            `lazy var handler = { self.reload() }`, `handlers.append { … }`, `child.onEvent = { … }`, or a \
            `Timer`, `NotificationCenter` observer token, `DispatchWorkItem`, key-value observation or \
            `DispatchSource` handler it stores — and the closure uses `self` strongly, the two keep each \
            other alive: the object is never released, its `deinit` never runs, and the clean-up written \
            there (`timer?.invalidate()`, `removeObserver`) is dead code. A nested closure's `[weak self]` does \
            not help: the outer closure must capture `self` strongly to build the inner capture list. \
            `NotificationCenter` keeps an observer block until the observer is removed, so a block that \
            holds `self` keeps it alive whether or not the token is kept (without the token it can never \
            be removed); AppKit does the same with an event monitor's block \
            (`NSEvent.addLocalMonitorForEvents(matching:handler:)`) until `NSEvent.removeMonitor` runs, and a \
            dropped monitor also goes on handling every event. Likewise the run loop keeps a repeating `Timer.scheduledTimer` until it is \
            invalidated: one that is not kept, and whose block does not invalidate it, holds `self` forever. \
            Closures one method keeps in one object `self` owns, or in one collection, close the same cycle: \
            they are one finding, with a note at each of the others.

            Closures that run once and are released (`DispatchQueue.main.async`, `withAnimation`, `map`, a \
            `Timer.scheduledTimer(…, repeats: false)`, which lets go of its block when it fires), observers \
            added to a new `NotificationCenter()` held in a local, \
            closures kept only in locals, `static` storage, `[weak self]` / `[unowned self]` capture lists, \
            closures that use only their parameters or captured values, closures nested in a `[weak self]` \
            closure (they capture the weak variable), and callbacks that release themselves \
            (`self.handler = nil`, `self.timer?.invalidate()` inside) are fine. In a type with a shared \
            instance (`static let shared`), an app delegate, or a class the project builds once for the app (a `static` or global's initial value, a stored property of the `App` or its delegate, the `App`'s `init`, a delegate's launch method such as `scene(_:willConnectTo:options:)`, a dependency container's singleton, cached or application scope, the `@State` or `@StateObject` of a scene's root view such as `WindowGroup { Root() }` but not a `DocumentGroup`'s or a `WindowGroup(for:)`'s; a preview does not count as building it) \
            the finding is `info`, with a note where it is built: that instance lives as long as the app anyway. A cycle another method of the type breaks (it cancels, invalidates, \
            removes or sets to nil what `self` keeps, and does not then keep a new closure that holds `self` there) is `info` too, with a note there: it lasts until that \
            method runs. A `Task` kept on `self` is `task_retains_self`'s, a Combine \
            subscription `subscription_retains_self`'s.
            """,
        badExamples: [
            """
            final class PlayerModel {
                private let player = Player()
                private var timer: Timer?
                var position = 0.0
                init() {
                    timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in // expect: stored_closure_retains_self
                        self.position = self.player.currentTime
                    }
                }
                deinit { timer?.invalidate() }
            }
            """,
        ],
        goodExamples: [
            """
            final class PlayerModel {
                private let player = Player()
                private var timer: Timer?
                var position = 0.0
                init() {
                    timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [weak self] _ in
                        guard let self else { return }
                        self.position = self.player.currentTime
                    }
                }
                deinit { timer?.invalidate() }
            }
            """,
        ],
        defaultSeverity: .warning,
        tags: ["memory", "lifetime"],
        precision: "high")

    public init() {}

    public static var projectFacts: Set<ProjectFact> { [.closureAssignments, .appOwners, .releases, .constructionSites] }
    /// The sites of classes with a shared instance: built elsewhere too, their other instances leak.
    public static func wantsConstructionSites(of type: TypeFacts, in index: ProjectIndex) -> Bool { RetainCycle.wantsSites(of: type, in: index) }

    /// Names of the calls whose result holds the closure passed to them (`FileModel.kept`).
    public static let requiredWords = ["scheduledTimer", "Timer", "addObserver", "observe", "DispatchWorkItem", "setEventHandler",
                                       "setCancelHandler", "setRegistrationHandler", "addLocalMonitorForEvents", "addGlobalMonitorForEvents"]

    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool {
        declaresClassOrActor(file, index: index)
            && (file.mayKeepClosure || file.namesSelf && requiredWords.contains { file.mentions($0) })
    }

    /// Whether the file declares or extends a class or an actor (where `self` can be kept alive).
    static func declaresClassOrActor(_ file: FileSummary, index: ProjectIndex) -> Bool {
        file.typeNames.contains { name in
            guard let kind = index.outline(of: name)?.kind else { return false }
            return kind == .class || kind == .actor
        }
    }

    static let cleanUp: Set<String> = ["invalidate", "cancel", "removeAll", "removeValue"]

    public func check(_ context: RuleContext) {
        let tree = context.tree
        let holders = StoredClosureRetainsSelfRule.requiredWords.map { Array($0.utf8) }
        for member in RetainCycle.instanceBodies(context, where: { tree.mayKeepClosure(in: $0, holders: holders) }) {
            let (i, typeName, facts, body) = (member.index, member.typeName, member.facts, member.body)
            var found: [(kept: KeptClosure, uses: [Int32], captures: ClosureCaptures)] = []
            for closure in body.closures {
                guard let kept = context.model.kept(closure, in: body), kept.holder != .subscription, kept.holder != .task,
                      !tree.releasesStorage(kept.storage.member, within: closure.node, cancelKeepsIt: kept.holder == .workItem)
                else { continue }
                let captures = context.model.captures(of: closure, in: body)
                guard let uses = captures.strongHolds(of: closure.node, in: tree) else { continue }
                found.append((kept, uses, captures))
            }
            // One root cause, one finding: closures this member stores in one object `self` owns
            // (`messageView.getBorderColor = {…}`, `messageView.getBgColor = {…}`) or in one collection close
            // the same cycle; the first is reported, with a note for each of the others.
            var cycles: [String: [Int]] = [:]
            for (k, closure) in found.enumerated() {
                if let key = StoredClosureRetainsSelfRule.cycleKey(closure.kept) { cycles[key, default: []].append(k) }
            }
            for (k, first) in found.enumerated() {
                var sameCycle: [Note] = []
                if let key = StoredClosureRetainsSelfRule.cycleKey(first.kept), let members = cycles[key] {
                    guard members.first == k else { continue }
                    sameCycle = members.dropFirst().map { j in
                        Note(range: tree.tokens[Int(RetainCycle.anchor(found[j].kept, tree: tree))].range,
                             message: "the closure stored in '\(RetainCycle.storageName(found[j].kept, tree: tree))' closes the same cycle")
                    }
                }
                report(first.kept, uses: first.uses, captures: first.captures, typeName: typeName, facts: facts, ownerType: member.ownerType,
                       function: i, sameCycle: sameCycle, context: context)
            }
        }
        // `lazy var handler = { self.reload() }` (not `{ … }()`, which runs once and is not kept).
        for variable in tree.variables where variable.ownerType >= 0 && variable.modifiers.contains(.lazy) && variable.initializer >= 0
            && !variable.modifiers.contains(.static) {
            let value = tree.unwrapExpression(variable.initializer)
            guard value >= 0, tree[value].kind == .closure else { continue }
            let (typeName, owner) = context.owner(variable.ownerType)
            guard let facts = owner, facts.kind == .class || facts.kind == .actor else { continue }
            let captures = context.model.captures(ofMemberInitializer: value, in: variable.ownerType)
            guard let uses = captures.strongHolds(of: value, in: tree) else { continue }
            let kept = KeptClosure(holder: .itself, storage: SelfStorage(member: variable.name, kind: .property, target: -1),
                                   holderNode: value)
            var notes = [RetainCycle.cycleNote(RetainCycle.chain(kept, tree: tree), at: variable.nameToken, tree: tree)]
            notes += uses.prefix(3).map { RetainCycle.strongNote($0, tree: tree) }
            let outcome = RetainCycle.outcome(variable.name, typeName: typeName, facts: facts, storingFunction: -1, context: context)
            if let note = outcome.note { notes.append(note) }
            notes += RetainCycle.lifetimeNote(outcome.lifetime, at: variable.nameToken, tree: tree)
            context.report(
                token: variable.nameToken,
                "Closure stored in lazy var '\(variable.name)' holds 'self' strongly: \(outcome.text)",
                help: RetainCycle.captureHelp(captures, facts: facts),
                notes: notes, advisory: outcome.advisory)
        }
    }

    /// NotificationCenter keeps an observer block until the observer is removed, and AppKit an event monitor's
    /// until `NSEvent.removeMonitor` runs: the chain starts there, and the token (kept or not) is what removal needs.
    private func reportObserver(_ kept: KeptClosure, uses: [Int32], captures: ClosureCaptures, typeName: String, facts: TypeFacts,
                                ownerType: Int32, function: Int, context: RuleContext) {
        let tree = context.tree
        let shortName = RetainCycle.shortName(typeName)
        var notes = RetainCycle.notes(kept, strongUses: uses, ownerType: ownerType, cleanUp: [], context: context)
        var managed = false
        if let release = RetainCycle.releaseElsewhere(kept.storage.member, typeName: typeName, storingFunction: function, removalOnly: true,
                                                      context: context) {
            notes.append(Note(range: release.range, message: "the \(kept.holder == .eventMonitor ? "monitor" : "observer") is removed here: 'self' is held until this runs",
                              path: release.path))
            managed = true
        }
        let monitor = kept.holder == .eventMonitor
        let why: String
        if kept.storage.member.isEmpty {
            why = "its token is not kept, so it can never be removed"
        } else {
            let place = RetainCycle.storageName(kept, tree: tree)
            why = monitor ? "AppKit keeps it until NSEvent.removeMonitor('\(place)') runs" : "the center keeps it until removeObserver('\(place)') runs"
            for call in context.model.deinitCalls([monitor ? "removeMonitor" : "removeObserver"], passing: kept.storage.member, in: ownerType) {
                notes.append(Note(range: tree.byteRange(of: call), message: "this never runs: deinit cannot run while \(monitor ? "AppKit" : "the center") holds 'self'"))
            }
        }
        let anchor = kept.storage.member.isEmpty ? tree[tree.callee(of: kept.holderNode)].token : RetainCycle.anchor(kept, tree: tree)
        let lifetime = RetainCycle.appLifetime(of: typeName, facts: facts, context: context)
        let token = anchor >= 0 ? anchor : tree[kept.holderNode].firstToken
        notes.insert(RetainCycle.cycleNote(monitor
                                           ? "NSEvent → event monitor → closure → 'self' (AppKit keeps the block until NSEvent.removeMonitor runs)"
                                           : "NotificationCenter → observer → closure → 'self' (the center keeps the block until the observer is removed)",
                                           at: token, tree: tree), at: 0)
        notes += RetainCycle.lifetimeNote(lifetime, at: token, tree: tree)
        context.report(
            token: token,
            "\(monitor ? "NSEvent monitor" : "NotificationCenter observer") block holds 'self' strongly: \(why); \(kept.storage.member.isEmpty && !managed ? "'\(shortName)' is never released" : "'\(shortName)' lives until then")",
            help: RetainCycle.captureHelp(captures, facts: facts),
            notes: notes, advisory: RetainCycle.spares(lifetime) || managed)
    }

    /// What closures that close one cycle share: a closure itself kept in one object `self` owns, or in one
    /// collection or dictionary member (nil for any other storage: each is its own cycle).
    static func cycleKey(_ kept: KeptClosure) -> String? {
        guard kept.holder == .itself, !kept.storage.member.isEmpty else { return nil }
        switch kept.storage.kind {
        case .ownedObject, .collection, .subscripted: return kept.storage.member
        default: return nil
        }
    }

    private func report(_ kept: KeptClosure, uses: [Int32], captures: ClosureCaptures, typeName: String, facts: TypeFacts,
                        ownerType: Int32, function: Int, sameCycle: [Note] = [], context: RuleContext) {
        let tree = context.tree
        let place = RetainCycle.storageName(kept, tree: tree)
        let what: String
        switch kept.holder {
        case .itself: what = "Closure stored in '\(place)' holds"
        case .timer where kept.storage.member.isEmpty:
            // Not kept: the run loop holds the repeating timer.
            let token = tree[tree.callee(of: kept.holderNode)].token >= 0 ? tree[tree.callee(of: kept.holderNode)].token : tree[kept.holderNode].firstToken
            let lifetime = RetainCycle.appLifetime(of: typeName, facts: facts, context: context)
            let notes = [RetainCycle.cycleNote("RunLoop → Timer → closure → 'self' (the run loop keeps a repeating timer until it is invalidated)",
                                               at: token, tree: tree)]
                + uses.prefix(3).map { RetainCycle.strongNote($0, tree: tree) }
                + RetainCycle.lifetimeNote(lifetime, at: token, tree: tree)
            context.report(
                token: token,
                "Repeating timer holds 'self' strongly and is not kept, so nothing can invalidate it: '\(RetainCycle.shortName(typeName))' is never released",
                help: RetainCycle.captureHelp(captures, facts: facts) + "; keep the timer to invalidate it",
                notes: notes, advisory: RetainCycle.spares(lifetime))
            return
        case .timer: what = "Timer stored in '\(place)' holds"
        case .observer, .eventMonitor:
            return reportObserver(kept, uses: uses, captures: captures, typeName: typeName, facts: facts,
                                  ownerType: ownerType, function: function, context: context)
        case .keyValueObservation: what = "Key-value observation stored in '\(place)' holds"
        case .workItem: what = "DispatchWorkItem stored in '\(place)' holds"
        case .dispatchSource: what = "Handler set on the dispatch source '\(place)' holds"
        case .subscription, .task: return
        }
        let through = kept.holder == .itself || kept.holder == .dispatchSource ? "" : " through its closure"
        RetainCycle.report(kept, uses: uses, typeName: typeName, facts: facts, ownerType: ownerType, function: function,
                           cleanUp: StoredClosureRetainsSelfRule.cleanUp, help: RetainCycle.captureHelp(captures, facts: facts),
                           sameCycle: sameCycle, context: context) { "\(what) 'self' strongly\(through): \($0)" }
    }
}
