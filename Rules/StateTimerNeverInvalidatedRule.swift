import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// Flags a repeating `Timer` a view keeps in `@State` that no code of the view invalidates.
public struct StateTimerNeverInvalidatedRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "state_timer_never_invalidated",
        name: "StateTimerNeverInvalidated",
        summary: "Flags a repeating `Timer.scheduledTimer` kept in a view's `@State` that nothing in the view invalidates.",
        rationale: """
            The run loop keeps a scheduled repeating `Timer`, and fires it, until `invalidate()` is called. \
            Keeping it in `@State` does not tie it to the view: when the view goes away the timer (and the \
            state its block captures) goes on firing, and each `onAppear` that schedules a new one adds a \
            timer, because setting the property again, or to `nil`, does not stop the one it held. A timer \
            scheduled in the property's initial value is worse: SwiftUI keeps the first value, but each time \
            the view value is built, another timer is scheduled.

            Invalidate it where the view goes away (`.onDisappear { timer?.invalidate() }`) and before \
            scheduling a new one, or use `Timer.publish(every:on:in:).autoconnect()` with `.onReceive`, \
            which stops with the view. Timers that invalidate themselves in their block, one-shot timers \
            (`repeats: false`) and timers kept outside `@State` are not flagged. A finding is witnessed (the \
            view schedules the repeating timer and nothing invalidates it), so it is a `warning` unless the \
            configuration sets the rule's severity.
            """,
        badExamples: [
            """
            struct ClockView: View {
                @State private var now = Date()
                @State private var ticker: Timer?
                var body: some View {
                    Text(now, style: .time)
                        .onAppear {
                            ticker = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in now = Date() } // expect: state_timer_never_invalidated
                        }
                }
            }
            """,
        ],
        goodExamples: [
            """
            struct ClockView: View {
                @State private var now = Date()
                @State private var ticker: Timer?
                var body: some View {
                    Text(now, style: .time)
                        .onAppear {
                            ticker?.invalidate()
                            ticker = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in now = Date() }
                        }
                        .onDisappear { ticker?.invalidate() }
                }
            }
            """,
        ],
        defaultSeverity: .info,
        tags: ["swiftui", "lifetime", "performance"],
        precision: "high")

    public init() {}

    public static let requiredWords = ["scheduledTimer"]
    static let timerWords = requiredWords.map { Array($0.utf8) }

    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool {
        file.mentions("scheduledTimer") && file.touchesSwiftUIType(index)
    }

    /// Where a repeating timer is scheduled into the property: the node to point at, and whether it is the
    /// property's initial value.
    private struct Site {
        /// What the finding points at: the property's name, or the assignment's target.
        var anchor: Range<Int>
        var timer: Int32
        var isInitialValue: Bool
    }

    public func check(_ context: RuleContext) {
        let tree = context.tree
        var done = Set<String>()
        for (typeIndex, _) in tree.types.enumerated() {
            let (typeName, owner) = context.owner(Int32(typeIndex))
            guard let facts = owner, facts.isSwiftUIType, done.insert(typeName).inserted else { continue }
            let functions = context.model.functions(ofTypeNamed: typeName).filter { tree.functions[$0].body >= 0 }
            var sites: [String: [Site]] = [:]
            var order: [String] = []
            func add(_ property: String, _ site: Site) {
                if sites[property] == nil { order.append(property) }
                sites[property, default: []].append(site)
            }
            for v in context.model.memberVariables(ofTypeNamed: typeName) {
                let variable = tree.variables[v]
                guard facts.members[variable.name]?.attributes.contains(.state) == true, !variable.modifiers.contains(.static),
                      variable.initializer >= 0 else { continue }
                let value = tree.unwrapExpression(variable.initializer)
                if value >= 0 && tree.schedulesRepeatingTimer(value) {
                    add(variable.name, Site(anchor: tree.tokens[Int(variable.nameToken)].range, timer: value, isInitialValue: true))
                }
            }
            for i in functions where tree.names(Self.timerWords, in: tree.functions[i].body) {
                for assignment in context.body(i).assignments where assignment.isPlain && assignment.rhs.count == 1 && !assignment.targetIsLocal {
                    guard let (name, _) = assignment.target, let member = facts.members[name], member.attributes.contains(.state),
                          !member.isStatic else { continue }
                    let value = tree.unwrapExpression(assignment.rhs[0])
                    if value >= 0 && tree.schedulesRepeatingTimer(value) {
                        add(name, Site(anchor: tree.byteRange(of: assignment.lhs), timer: value, isInitialValue: false))
                    }
                }
            }
            for property in order {
                guard let found = sites[property], let first = found.first else { continue }
                // Invalidated somewhere in the view (`.onDisappear { timer?.invalidate() }`), or by its own block.
                if functions.contains(where: { tree.invalidation(of: property, within: tree.functions[$0].body) != nil }) { continue }
                if found.contains(where: { Self.invalidatesItself($0.timer, tree: tree) }) { continue }
                report(property, view: typeName, sites: found, first: first, context: context)
            }
        }
    }

    private func report(_ property: String, view typeName: String, sites: [Site], first: Site, context: RuleContext) {
        let tree = context.tree
        let view = typeName.split(separator: ".").last.map(String.init) ?? typeName
        let range = first.anchor
        var notes = [Note(range: Self.calleeRange(first.timer, tree: tree),
                          message: "the run loop fires a scheduled repeating Timer until invalidate() is called: setting '\(property)' again, or to nil, does not stop it")]
        for site in sites.dropFirst().prefix(3) {
            notes.append(Note(range: site.anchor, message: "another repeating Timer is kept in '\(property)' here; the one it replaces keeps firing"))
        }
        let message = first.isInitialValue
            ? "'@State var \(property)' in '\(view)' schedules a repeating Timer in its initial value: each new view value starts another, and none is invalidated"
            : "'@State var \(property)' in '\(view)' holds a repeating Timer nothing invalidates: it keeps firing after the view is gone, and each new one adds another"
        let help = first.isInitialValue
            ? "declare '@State private var \(property): Timer?', schedule it in .onAppear and call \(property)?.invalidate() in .onDisappear; or use Timer.publish(every:on:in:).autoconnect() with .onReceive, which stops with the view"
            : "call \(property)?.invalidate() in .onDisappear and before scheduling a new one; or use Timer.publish(every:on:in:).autoconnect() with .onReceive, which stops with the view"
        // Witnessed: the view schedules a repeating timer and no code of it invalidates it.
        context.report(range, message, help: help, notes: notes, witnessed: true)
    }

    /// Whether the timer's own block invalidates it (`{ timer in … timer.invalidate() }`): it stops itself.
    static func invalidatesItself(_ call: Int32, tree: SyntaxTree) -> Bool {
        tree.firstNode(in: call) { node in tree[node].kind == .call && tree.calleeName(node) == "invalidate" } != nil
    }

    /// The range of `scheduledTimer` in the call.
    static func calleeRange(_ call: Int32, tree: SyntaxTree) -> Range<Int> {
        let callee = tree.callee(of: call)
        if callee >= 0 && tree[callee].token >= 0 { return tree.tokens[Int(tree[callee].token)].range }
        return tree.byteRange(of: call)
    }
}
