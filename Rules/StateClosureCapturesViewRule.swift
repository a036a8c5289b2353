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

    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool {
        file.touchesSwiftUIType(index)
    }

    public func check(_ context: RuleContext) {
        let tree = context.tree
        for (i, function) in tree.functions.enumerated() where function.ownerType >= 0 && function.body >= 0 {
            let (typeName, owner) = context.owner(function.ownerType)
            guard let facts = owner, facts.isSwiftUIType else { continue }
            let shortName = String(typeName.lastDottedPart)
            let body = context.body(i)
            for assignment in body.assignments where assignment.isPlain && assignment.rhs.count == 1 && !assignment.rootIsLocal {
                guard let (root, _) = assignment.root, let member = facts.members[root], member.attributes.contains("State"),
                      !member.isStatic else { continue }
                let node = tree.unwrapExpression(assignment.rhs[0])
                guard node >= 0, tree[node].kind == .closure, let closure = body.closure(at: node) else { continue }
                let uses = context.model.captures(of: closure, in: body)
                // [weak self] and [unowned self] are not possible on a struct; only strong captures matter.
                guard uses.selfCapture == .strong || (uses.selfCapture == .implicit && !uses.selfUses.isEmpty) else { continue }
                let target = tree.text(of: assignment.lhs)
                let notes = ((uses.selfCaptureItem >= 0 ? [uses.selfCaptureItem] : []) + uses.selfUses).prefix(3).map { Note(range: tree.byteRange(of: $0), message: "this captures the view") }
                var fix: Fix?
                let properties = uses.memberNames.filter { facts.members[$0].map { $0.kind != .method } ?? false }
                if !uses.usesSelfExplicitly && properties.count == uses.memberNames.count && !properties.isEmpty,
                   let edit = StateClosureCapturesViewRule.captureListEdit(node, names: properties, tree: tree) {
                    fix = Fix(title: "Capture [\(properties.joined(separator: ", "))] by value", edits: [edit], isSafe: false)
                }
                let named = uses.memberNames.isEmpty ? "'self'" : uses.memberNames.map { "'\($0)'" }.joined(separator: ", ")
                context.report(
                    tree.range(ofTokens: tree[assignment.node].firstToken, tree[assignment.node].lastToken),
                    "closure stored in @State '\(target)' uses \(named), so it captures the '\(shortName)' view, whose state holds the closure: a cycle that is never released",
                    help: properties.isEmpty
                        ? "capture only the values the closure needs, by value, in a capture list"
                        : "capture only what the closure needs, by value: { [\(properties.joined(separator: ", "))] in … }",
                    notes: notes, fix: fix)
            }
        }
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
