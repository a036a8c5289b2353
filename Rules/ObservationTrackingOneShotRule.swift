import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// Flags `withObservationTracking { } onChange: { }` whose `onChange` never registers again: it observes
/// one change only.
public struct ObservationTrackingOneShotRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "observation_tracking_one_shot",
        name: "ObservationTrackingOneShot",
        summary: "Flags `withObservationTracking { } onChange: { }` whose `onChange` does not register again: it observes one change only.",
        rationale: """
            `withObservationTracking` calls `onChange` once, at the first change of a property its `apply` \
            closure read, and then forgets the observation. Code that means to follow a model (UIKit views, \
            a bridge to another system) must register again from `onChange` — call the observing function \
            again, usually on the main actor after the change lands (`Task { @MainActor in observe() }`), as \
            a UIKit controller that observes a model does. Without it the first change is seen and every later one is \
            silently missed.

            An `onChange` that calls the enclosing function, another function of the file that calls \
            `withObservationTracking`, or `withObservationTracking` itself (directly, or in a `Task` / \
            `DispatchQueue` closure inside it) is fine; so is one that resumes a continuation (awaiting the \
            next change is one-shot by design), one that asks UIKit or AppKit to call the view's update \
            method again (`setNeedsLayout()`, `needsDisplay = true`), an `onChange` passed as a function \
            reference, which statelint does not follow, a call inside a loop, which registers again on \
            every pass, and an `onChange` that yields into an `AsyncStream` whose consuming loop \
            (`for await _ in changes { track() }`) registers again. On iOS 26, macOS 26 and later, the `Observations` async \
            sequence observes continuously.
            """,
        badExamples: [
            """
            final class CounterLabel {
                let model: CounterModel
                var text = ""
                init(model: CounterModel) { self.model = model }
                func observe() {
                    withObservationTracking { // expect: observation_tracking_one_shot
                        text = "\\(model.count)"
                    } onChange: {
                        print("changed")
                    }
                }
            }
            """,
        ],
        goodExamples: [
            """
            final class CounterLabel {
                let model: CounterModel
                var text = ""
                init(model: CounterModel) { self.model = model }
                func observe() {
                    withObservationTracking {
                        text = "\\(model.count)"
                    } onChange: { [weak self] in
                        Task { @MainActor in self?.observe() }
                    }
                }
            }
            """,
        ],
        defaultSeverity: .info,
        tags: ["observation"],
        precision: "high")

    public init() {}

    public static let requiredWords = ["withObservationTracking"]

    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool {
        file.mentions("withObservationTracking")
    }

    /// Whether a call sits in the body of a `while`, `repeat` or `for` loop of its function.
    static func isInLoop(_ call: Int32, tree: SyntaxTree) -> Bool {
        var current = tree[call].parent
        var steps = 0
        while current >= 0 && steps < 10_000 {
            steps += 1
            switch tree[current].kind {
            case .whileStmt, .repeatStmt, .forStmt: return true
            case .functionDecl, .accessor, .typeDecl: return false
            default: current = tree[current].parent
            }
        }
        return false
    }

    public func check(_ context: RuleContext) {
        let tree = context.tree
        // The functions of the file that register (their body calls withObservationTracking).
        // A body's calls include those of its local functions, which are functions too: each call is
        // kept with the innermost function around it (the one with the deepest body).
        var innermost: [Int32: Int] = [:]
        for (i, function) in tree.functions.enumerated() where function.body >= 0 {
            for call in context.body(i).calls where tree.calleeName(call.node) == "withObservationTracking" {
                if let known = innermost[call.node], tree.functions[known].body > function.body { continue }
                innermost[call.node] = i
            }
        }
        guard !innermost.isEmpty else { return }
        let tracking = innermost.map { (function: $0.value, call: $0.key) }.sorted { $0.call < $1.call }
        var registering = Set(tracking.map { tree.functions[$0.function].name })
        registering.formUnion(ObservationTrackingOneShotRule.registersAgain)
        for (i, call) in tracking {
            // The innermost function around the call is the one onChange must call again.
            guard let onChange = ObservationTrackingOneShotRule.onChangeClosure(of: call, tree: tree) else { continue }
            if ObservationTrackingOneShotRule.calls(registering, within: onChange, tree: tree) { continue }
            // In a loop, each pass registers again (`while !Task.isCancelled { withObservationTracking { … } … }`).
            if ObservationTrackingOneShotRule.isInLoop(call, tree: tree) { continue }
            // onChange yields into an AsyncStream whose consumer loop registers again
            // (`for await _ in changes { track() }`).
            if ObservationTrackingOneShotRule.calls(["yield"], within: onChange, tree: tree),
               ObservationTrackingOneShotRule.aLoopRegisters(registering, tree: tree) { continue }
            let function = tree.functions[i]
            let name = function.name.isEmpty || function.kind != .function ? "the observing function" : "'\(function.name)()'"
            var help = "register again from onChange: call \(name) again (e.g. Task { @MainActor in \(function.kind == .function && !function.name.isEmpty ? function.name + "()" : "…") })"
            if context.deploymentTarget.guarantees("ios", atLeast: OSVersion(26)) || context.deploymentTarget.guarantees("macos", atLeast: OSVersion(26)) {
                help += ", or iterate the Observations sequence, which observes every change"
            } else {
                help += "; from iOS 26 and macOS 26 on, the Observations sequence observes every change"
            }
            context.report(
                token: tree[tree.callee(of: call)].firstToken,
                "withObservationTracking observes one change only: its onChange does not register again, so every later change is missed",
                help: help,
                notes: [Note(range: tree.byteRange(of: onChange), message: "this onChange runs once and registers nothing")])
        }
    }

    /// Whether a `for` loop of the file (`for await _ in changes { … }`) calls one of `registering` in its body:
    /// the consumer of what `onChange` yields registers again for each change.
    static func aLoopRegisters(_ registering: Set<String>, tree: SyntaxTree) -> Bool {
        tree.firstNode(in: 0) { node in
            tree[node].kind == .forStmt && calls(registering, within: node, tree: tree)
        } != nil
    }

    /// Calls in `onChange` that register again or hand over on purpose: `withObservationTracking` itself;
    /// a continuation's `resume` (awaiting the next change is one-shot by design); and the UIKit / AppKit
    /// invalidations after which the framework calls the view's update method again, which tracks again
    /// (`setNeedsLayout()`, `needsDisplay = true`).
    static let registersAgain: Set<String> = [
        "withObservationTracking", "resume", "setNeedsLayout", "setNeedsDisplay", "setNeedsUpdateConstraints",
        "setNeedsUpdateConfiguration", "setNeedsUpdateProperties", "invalidateIntrinsicContentSize", "layoutIfNeeded",
    ]
    /// Properties whose assignment in `onChange` asks AppKit to call the view's update method again.
    static let invalidatingProperties: Set<String> = ["needsLayout", "needsDisplay", "needsUpdateConstraints"]

    /// The closure literal passed as `onChange:` (in parentheses or as a labelled trailing closure); nil
    /// when `onChange` is a function reference or missing.
    static func onChangeClosure(of call: Int32, tree: SyntaxTree) -> Int32? {
        for argument in tree.children(of: call) where tree[argument].kind == .argument && tree[argument].token >= 0
            && tree.text(tree[argument].token) == "onChange" {
            let value = tree.unwrapExpression(tree[argument].firstChild)
            return value >= 0 && tree[value].kind == .closure ? value : nil
        }
        return nil
    }

    /// The last name of a member access (`needsLayout` in `view.needsLayout`).
    static func memberName(_ node: Int32, tree: SyntaxTree) -> String? {
        let n = tree[tree.unwrapSequence(node)]
        return n.kind == .memberAccess && n.token >= 0 ? tree.identifierText(n.token) : nil
    }

    /// Whether code inside `root` calls one of `names` (`observe()`, `self.observe()`, `withObservationTracking`).
    static func calls(_ names: Set<String>, within root: Int32, tree: SyntaxTree) -> Bool {
        tree.firstNode(in: root) { node in
            if tree[node].kind == .call { return names.contains(tree.calleeName(node)) }
            guard tree[node].kind == .assignment else { return false }
            let lhs = tree.assignmentSides(node).lhs
            guard let name = tree.memberReference(lhs)?.name ?? memberName(lhs, tree: tree) else { return false }
            return invalidatingProperties.contains(name)
        } != nil
    }
}
