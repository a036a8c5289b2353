import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// Flags an observer or handler registered in `.onAppear { }` that nothing removes: each appearance adds
/// one more, and every one of them runs on each event.
public struct ObserverInOnappearRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "observer_in_onappear",
        name: "ObserverInOnappear",
        summary: "Flags an observer or handler registered in `.onAppear { }` that nothing removes: each appearance adds another, and every one runs on each event.",
        rationale: """
            `.onAppear` runs each time the view appears: when the user comes back to a screen, switches tabs, \
            closes a sheet over it, or opens another window. A registration made there — \
            `NotificationCenter.default.addObserver(forName:object:queue:using:)`, or a project's own \
            `events.addHandler { … }` — adds one more observer on every appearance. When the token the \
            registration returns is dropped (`_ = center.addObserver(…)`, or not kept at all), or kept but \
            never removed, nothing ever unregisters it: the observers pile up, each one runs the handler on \
            every event (a state change applied twice, a request sent twice), and each keeps what its closure \
            captured alive after the view is gone. The dropped or never-removed token is the witness, so the \
            finding is a warning.

            Registrations whose token is kept and removed (`token = center.addObserver(…)` with \
            `center.removeObserver(token)` or a `remove…(token)` call anywhere in the view, typically in \
            `.onDisappear`), registrations made once behind a flag the closure sets (`guard !didSubscribe \
            else { return }; didSubscribe = true`), and registrations in actions that run later (a `Button` \
            inside the closure) are not flagged. SwiftUI's `.onReceive(center.publisher(for: name))` and \
            `.task { for await note in center.notifications(named: name) { … } }` subscribe for exactly \
            the view's lifetime and need no removal.
            """,
        badExamples: [
            """
            struct InboxView: View {
                @State private var unread = 0
                var body: some View {
                    Text("\\(unread)")
                        .onAppear {
                            _ = NotificationCenter.default.addObserver(forName: .newMessage, object: nil, queue: .main) { _ in // expect: observer_in_onappear
                                unread += 1
                            }
                        }
                }
            }
            """,
        ],
        goodExamples: [
            """
            struct InboxView: View {
                @State private var unread = 0
                var body: some View {
                    Text("\\(unread)")
                        .onReceive(NotificationCenter.default.publisher(for: .newMessage)) { _ in
                            unread += 1
                        }
                }
            }
            """,
        ],
        defaultSeverity: .warning,
        tags: ["swiftui", "lifetime"],
        precision: "high")

    public init() {}

    public static let requiredWords = ["onAppear"]

    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool {
        file.mentions("onAppear")
    }

    public func check(_ context: RuleContext) {
        let tree = context.tree
        var onceGuards: [Int32: Int32] = [:]
        // Whether the type removes a kept token, by type, member and registration (asked once each).
        var removals: [String: Bool] = [:]
        for (i, function) in tree.functions.enumerated() where function.body >= 0 {
            let body = context.body(i)
            guard body.closures.contains(where: { $0.callee == "onAppear" }) else { continue }
            for handler in body.closures where handler.call >= 0 && ObserverInOnappearRule.isRegistration(handler.call, tree: tree) {
                guard let appear = body.appearClosure(around: handler.position) else { continue }
                // (The once-guard of each appear closure is found once: a closure with many registrations is
                // walked once, not once per registration.)
                if onceGuards[appear.node] == nil { onceGuards[appear.node] = ObserverInOnappearRule.onceGuard(in: appear.node, tree: tree) ?? -1 }
                let once = onceGuards[appear.node]!
                guard let kept = ObserverInOnappearRule.token(of: handler.call, tree: tree),
                      !(once >= 0 && once < tree[handler.call].firstToken) else { continue }
                let registration = tree.calleeName(handler.call)
                var notes = [Note(range: TaskInOnappearRule.nameRange(of: appear.call, tree: tree), message: "registered from this onAppear, which runs on every appearance")]
                switch kept {
                case .dropped:
                    notes.append(Note(range: tree.byteRange(of: handler.call),
                                      message: "the token '\(registration)' returns is dropped: nothing can remove this observer"))
                case .member(let name):
                    let key = "\(function.ownerType) \(name) \(registration)"
                    if removals[key] == nil {
                        removals[key] = function.ownerType >= 0
                            && ObserverInOnappearRule.isRemoved(name, by: "remove" + registration.dropFirst(3), inType: function.ownerType, context: context)
                    }
                    if removals[key]! { continue }
                    notes.append(Note(range: tree.byteRange(of: handler.call),
                                      message: "kept in '\(name)', which nothing removes: the next appearance overwrites it and the observer stays registered"))
                }
                let owner = function.ownerType >= 0 ? context.owner(function.ownerType).name : ""
                let place = owner.isEmpty ? "" : " in '\(owner.split(separator: ".").last.map(String.init) ?? owner)'"
                context.report(
                    token: tree[tree.callee(of: handler.call)].firstToken,
                    "'\(registration)' in .onAppear\(place) registers an observer that is never removed: each appearance adds another, and every one runs on each event",
                    help: "subscribe for the view's lifetime with .onReceive(NotificationCenter.default.publisher(for:)) or .task { for await … in notifications(named:) }; or keep the token in @State and remove it in .onDisappear",
                    notes: notes)
            }
        }
    }

    /// Whether `call` registers the closure passed to it as an observer until a token it returns is removed:
    /// `addObserver(forName:object:queue:using:)`, or a method named `add…Handler`, `add…Listener`,
    /// `add…Observer` (a project's event bus: `gateway.onEvent.addHandler { … }`).
    static func isRegistration(_ call: Int32, tree: SyntaxTree) -> Bool {
        let name = tree.calleeName(call)
        guard name.hasPrefix("add") else { return false }
        if name == "addObserver" {
            return tree.children(of: call).contains { tree[$0].kind == .argument && tree[$0].token >= 0 && tree.text(tree[$0].token) == "forName" }
        }
        return ["Handler", "Listener", "Observer"].contains { name.count >= 3 + $0.count && name.hasSuffix($0) }
    }

    enum Kept: Equatable {
        /// Discarded (`_ = …`, or the call as a statement).
        case dropped
        /// Assigned to a stored property (`token = …`, `self.token = …`).
        case member(String)
    }

    /// What happens to the token the registration returns; nil when it goes somewhere this rule does not
    /// follow (a local, an argument, a return value).
    static func token(of call: Int32, tree: SyntaxTree) -> Kept? {
        var value = call
        while tree[value].parent >= 0, [.sequence, .tryExpr, .awaitExpr].contains(tree[tree[value].parent].kind) {
            value = tree[value].parent
        }
        let parent = tree[value].parent
        guard parent >= 0 else { return nil }
        switch tree[parent].kind {
        case .closure, .codeBlock:
            return .dropped
        case .assignment:
            let (lhs, rhs) = tree.assignmentSides(parent)
            guard rhs.count == 1, lhs >= 0 else { return nil }
            if tree[lhs].kind == .identifier, tree[lhs].token >= 0, tree.text(tree[lhs].token) == "_" { return .dropped }
            return tree.rootMember(of: lhs).map { .member($0.name) }
        default:
            return nil
        }
    }

    /// The first token of the first guard or if of the appear closure that makes what follows it run once: a
    /// test of a flag the closure sets (`guard !subscribed else { return }; subscribed = true`, `if !didLoad {
    /// didLoad = true; … }`), or a test that something is not set yet (`guard gateway.socket == nil else {
    /// return }` before connecting). A registration after it is made once.
    static func onceGuard(in appear: Int32, tree: SyntaxTree) -> Int32? {
        // Members the closure sets to `true`.
        var flags: Set<String> = []
        _ = tree.firstNode(in: appear) { node in
            if tree[node].kind == .assignment {
                let (lhs, rhs) = tree.assignmentSides(node)
                if rhs.count == 1, tree[rhs[0]].kind == .literal, tree[rhs[0]].token >= 0, tree.text(tree[rhs[0]].token) == "true",
                   let (name, _) = tree.rootMember(of: lhs) {
                    flags.insert(name)
                }
            }
            return false
        }
        // A guard or if of the closure, before the registration, whose condition names one of them or tests
        // for nil.
        return tree.firstNode(in: appear) { node in
            guard tree[node].kind == .guardStmt || tree[node].kind == .ifStmt else { return false }
            for part in tree.children(of: node) where tree[part].kind != .codeBlock {
                let first = Int(tree[part].firstToken), last = Int(tree[part].lastToken)
                guard first >= 0, last >= first else { continue }
                for t in first...last {
                    if tree.tokens[t].kind == .identifier && flags.contains(String(tree.text(Int32(t)))) { return true }
                    if t + 1 <= last && tree.text(Int32(t)) == "==" && tree.text(Int32(t + 1)) == "nil" { return true }
                }
            }
            return false
        }.map { tree[$0].firstToken }
    }

    /// Whether a member of the view's type removes the token kept in `member`: `removeObserver(token)`,
    /// `remove…(…: token)`, `token.cancel()` / `token.invalidate()`, or a call of the registration's
    /// counterpart (`removeHandler` for `addHandler`), whatever it is passed (`guard let id = handlerID …
    /// bus.removeHandler(handler: id)`).
    static func isRemoved(_ member: String, by counterpart: String, inType type: Int32, context: RuleContext) -> Bool {
        let tree = context.tree
        for i in context.model.functions(ofTypeNamed: context.owner(type).name) {
            let function = tree.functions[i]
            guard function.body >= 0 else { continue }
            if tree.release(of: member, within: function.body) != nil { return true }
            let removes = tree.firstNode(in: function.body) { node in
                tree[node].kind == .call && (tree.calleeName(node) == counterpart
                    || tree.calleeName(node).hasPrefix("remove") && tree.isCall(node, passing: member))
            }
            if removes != nil { return true }
        }
        return false
    }
}
