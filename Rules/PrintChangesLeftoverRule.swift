import StatelintAnalysis
import StatelintSyntax

/// Flags `Self._printChanges()` and `let _ = print(…)` left in a SwiftUI view's `body`.
public struct PrintChangesLeftoverRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "print_changes_leftover",
        name: "PrintChangesLeftover",
        summary: "Flags `Self._printChanges()` and `let _ = print(…)` left in a SwiftUI view's `body`.",
        rationale: """
            `Self._printChanges()` and `let _ = print(…)` are debugging aids for finding out why SwiftUI \
            re-evaluates a view's `body`. Left in, they run on every re-evaluation of `body`: they flood the \
            console in production, cost time on the main thread in the hottest path of the UI, and \
            `_printChanges` is underscored API that may change or disappear.

            **Fix safety**: the fix deletes the statement's line; it is marked safe because the statement \
            has no effect other than printing.
            """,
        badExamples: [
            """
            struct PeachView: View {
                var body: some View {
                    let _ = Self._printChanges() // expect: print_changes_leftover
                    let _ = print("Executing PeachView body") // expect: print_changes_leftover
                    Text("Peach")
                }
            }
            """,
        ],
        goodExamples: [
            """
            struct PeachView: View {
                var body: some View {
                    Button("Peach") { print("tapped") }
                }
            }
            """,
        ],
        defaultSeverity: .warning,
        tags: ["swiftui", "debugging"],
        precision: "very-high")

    public init() {}

    static let printFunctions: Set<String> = ["print", "debugPrint", "dump"]

    public func check(_ context: inout RuleContext) {
        let tree = context.tree
        for function in tree.functions {
            guard let typeName = viewBodyOwner(function, tree: tree, index: context.index), function.body >= 0 else { continue }
            let memberName = function.kind == .accessor && function.ownerVariable >= 0
                ? tree.variables[Int(function.ownerVariable)].name : function.name
            tree.walk(function.body) { node in
                let n = tree[node]
                if n.kind == .typeDecl || n.kind == .functionDecl { return false }
                if n.kind == .call { inspect(call: node, in: "\(typeName).\(memberName)", &context) }
                return true
            }
        }
    }

    /// The owning view type's name when `function` is a view's `body` (or a `@ViewBuilder` member of one).
    func viewBodyOwner(_ function: FunctionDecl, tree: SyntaxTree, index: ProjectIndex) -> String? {
        guard function.ownerType >= 0 else { return nil }
        let typeName = tree.qualifiedName(ofType: function.ownerType)
        let isView = index.isSwiftUIType(typeName)
        if function.kind == .accessor && function.ownerVariable >= 0 {
            let variable = tree.variables[Int(function.ownerVariable)]
            let typeText = variable.typeRange.map { tree.file.text(tree.range(ofTokens: $0.lowerBound, $0.upperBound)) } ?? ""
            let declaresView = typeText.contains("View") || typeText.contains("Scene")
            if variable.name == "body" && (isView || declaresView) { return typeName }
            if variable.hasAttribute("ViewBuilder") && isView { return typeName }
            return nil
        }
        if function.kind == .function && isView && (function.name == "body" || function.hasAttribute("ViewBuilder")) {
            return typeName
        }
        return nil
    }

    func inspect(call: Int32, in owner: String, _ context: inout RuleContext) {
        let tree = context.tree
        let callee = tree.callee(of: call)
        guard callee >= 0 else { return }
        let calleeNode = tree[callee]
        var what: String?
        if calleeNode.kind == .memberAccess {
            let name = tree.text(calleeNode.token)
            let base = calleeNode.firstChild
            if (name == "_printChanges" || name == "_logChanges") && base >= 0 && tree[base].kind == .identifier {
                what = "\(tree.text(tree[base].token)).\(name)()"
            }
        } else if calleeNode.kind == .identifier, PrintChangesLeftoverRule.printFunctions.contains(tree.text(calleeNode.token)) {
            // Only the `let _ = print(…)` idiom: the only way to print from a view builder.
            let sequence = tree[call].parent
            let declaration = sequence >= 0 ? tree[sequence].parent : -1
            if declaration >= 0, tree[declaration].kind == .variableDecl, tree.text(tree[declaration].token) == "_",
               tree.unwrapSequence(sequence) == call {
                what = "let _ = \(tree.text(calleeNode.token))(…)"
            }
        }
        guard let what else { return }
        // The statement to delete: the `let _ = …` declaration or the call's own expression statement.
        var statement = call
        while tree[statement].parent >= 0 {
            let parent = tree[statement].parent
            let kind = tree[parent].kind
            if kind == .codeBlock || kind == .closure || kind == .switchCase { break }
            statement = parent
        }
        let s = tree[statement]
        var fix: Fix?
        if let deletion = tree.lineDeletionRange(first: s.firstToken, last: s.lastToken) {
            fix = Fix(title: "Remove the debugging statement", edits: [TextEdit(range: deletion, replacement: "")], isSafe: true)
        }
        let n = tree[call]
        context.report(
            tree.range(ofTokens: n.firstToken, n.lastToken),
            "'\(what)' left in '\(owner)': it prints every time SwiftUI re-evaluates the view",
            help: "remove it before shipping; to see why a view updates, use a breakpoint or Instruments' SwiftUI template",
            fix: fix)
    }
}
