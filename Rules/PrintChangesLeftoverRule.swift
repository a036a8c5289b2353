import StatelintAnalysis
import StatelintDiagnostics
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

            **Fix safety**: the fix deletes the statement's line. It is marked safe when the arguments only \
            read values (names, members, literals, interpolation of those), so the statement has no effect \
            other than printing; when an argument calls a function, subscripts, assigns, or uses `try` or \
            `await` (`let _ = print(model.increment())`), the fix is only suggested. A line whose trailing \
            block comment runs on to later lines gets no fix.
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
        precision: "very-high",
        options: [printFunctions.declaration, allowInDebug.declaration])

    /// The functions whose `let _ = f(…)` is a leftover.
    public static let printFunctions = TypedOption<[String]>.list(
        "print_functions", default: ["print", "debugPrint", "dump"],
        summary: "Functions whose `let _ = f(…)` in a view's body is flagged; add your own logging helpers.")
    /// Whether code under `#if DEBUG` is spared.
    public static let allowInDebug = TypedOption<Bool>.bool(
        "allow_in_debug", default: true,
        summary: "Spare code inside `#if DEBUG` (it never ships); set to false to flag it too.")

    public init() {}

    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool {
        file.declaresViewBody || file.touchesSwiftUIType(index)
    }

    public func check(_ context: RuleContext) {
        let tree = context.tree
        let printFunctions = Set(context[Self.printFunctions])
        let allowInDebug = context[Self.allowInDebug]
        var regions: ConditionalRegions?
        // Members the bodies reach (by owner type): `Self._printChanges()` there runs with the body too.
        var reached: [Int32: Set<String>] = [:]
        // Names newly reached, in order: the work list of the reachability pass below.
        var pending: [(owner: Int32, name: String)] = []
        // Helpers matter only where the file names an aid (`Self._printChanges()` in a helper the body calls).
        let namesChangesAid = !tree.nodes.isEmpty && tree.names(PrintChangesLeftoverRule.changesAidWords, in: 0)
        var bodyLike = Set<Int>()
        // A body that names none of the print functions (nor an aid, which the file would name) has no call
        // to report and no helper to follow: its model is not built. (Names spelled like a keyword are not
        // identifier tokens: with one of those configured, every body is modelled.)
        let printWords = printFunctions.map { Array($0.utf8) }
        let prefilters = printFunctions.allSatisfy { Keyword(spelling: $0) == .none }
        func scan(_ i: Int, typeName: String, changesOnly: Bool) {
            let function = tree.functions[i]
            if prefilters && !namesChangesAid && !tree.names(printWords, in: function.body) { return }
            let memberName = function.kind == .accessor && function.ownerVariable >= 0
                ? tree.variables[Int(function.ownerVariable)].name : function.name
            let body = context.body(i)
            // What runs while SwiftUI evaluates the body: not local functions, not actions (event handlers,
            // lifecycle callbacks, tasks), whose printing is ordinary code. (The callee's name first: it is
            // cheap, and rules out nearly every call.)
            for call in body.calls where !call.position.inLocalFunction && mayPrint(call.node, changesOnly ? [] : printFunctions) {
                if body.isInClosure(call.position, where: { $0.role?.isAction == true }) { continue }
                // Code under `#if DEBUG` never ships: leaving the aid there is a choice, not a leftover.
                if allowInDebug {
                    if regions == nil { regions = ConditionalRegions(tree) }
                    if regions?.isDebugOnly(tree[call.node].firstToken) == true { continue }
                }
                inspect(call: call.node, in: (typeName, memberName), printing: changesOnly ? [] : printFunctions, context)
            }
            guard namesChangesAid else { return }
            for reference in body.references where !reference.isLocal && reference.access != .write
                && !body.isInClosure(reference.position, where: { $0.role?.isAction == true }) {
                if reached[function.ownerType, default: []].insert(reference.name).inserted {
                    pending.append((function.ownerType, reference.name))
                }
            }
        }
        /// Whether a call's callee is `X._printChanges` / `X._logChanges`, or one of `printing`.
        func mayPrint(_ call: Int32, _ printing: Set<String>) -> Bool {
            let callee = tree.callee(of: call)
            guard callee >= 0, tree[callee].token >= 0 else { return false }
            switch tree[callee].kind {
            case .memberAccess: return PrintChangesLeftoverRule.changesAids.contains(tree.text(tree[callee].token))
            case .identifier: return printing.contains(tree.text(tree[callee].token))
            default: return false
            }
        }
        for (i, function) in tree.functions.enumerated() {
            guard function.body >= 0, let typeName = viewBodyOwner(function, context) else { continue }
            bodyLike.insert(i)
            scan(i, typeName: typeName, changesOnly: false)
        }
        // Members reached from a body (and from members reached), in this file: only the
        // `_printChanges()` / `_logChanges()` aids count there (a `print` in a helper may be ordinary code).
        // A work list over the members by owner and name: each member is scanned once, when a body or a
        // member already reached first names it (a pass over every function per newly reached member was
        // quadratic in a chain of helpers).
        guard !pending.isEmpty else { return }
        var members: [Int32: [String: [Int]]] = [:]
        for i in tree.functions.indices where !bodyLike.contains(i) {
            let function = tree.functions[i]
            guard function.body >= 0, function.ownerType >= 0, function.kind != .accessor || function.name == "get" else { continue }
            let name = function.kind == .accessor && function.ownerVariable >= 0
                ? tree.variables[Int(function.ownerVariable)].name : function.name
            members[function.ownerType, default: [:]][name, default: []].append(i)
        }
        var visited = Set<Int>()
        var next = 0
        while next < pending.count {
            let (owner, name) = pending[next]
            next += 1
            for i in members[owner]?[name] ?? [] where visited.insert(i).inserted {
                scan(i, typeName: context.owner(owner).name, changesOnly: true)
            }
        }
    }

    /// SwiftUI's debugging aids that print why a view updates.
    static let changesAids: Set<String> = ["_printChanges", "_logChanges"]
    static let changesAidWords = changesAids.map { Array($0.utf8) }

    /// The owning view type's name when `function` is a view's `body` (or a `@ViewBuilder` member of one).
    /// (The cheap tests on names come first: this runs for every function and accessor of the file.)
    /// A local type's body is not checked: pass 1 cannot see it, so whether the file is checked would
    /// depend on unrelated code.
    func viewBodyOwner(_ function: FunctionDecl, _ context: RuleContext) -> String? {
        let tree = context.tree
        guard function.ownerType >= 0 else { return nil }
        if function.kind == .accessor && function.ownerVariable >= 0 {
            let variable = tree.variables[Int(function.ownerVariable)]
            let isBody = variable.name == "body"
            guard isBody || variable.hasAttribute("ViewBuilder"), !tree.isLocalType(function.ownerType) else { return nil }
            let (typeName, facts) = context.owner(function.ownerType)
            if facts?.isSwiftUIType == true { return typeName }
            guard isBody, let range = variable.typeRange else { return nil }
            let typeText = tree.file.text(tree.range(ofTokens: range.lowerBound, range.upperBound))
            return typeText.contains("View") || typeText.contains("Scene") ? typeName : nil
        }
        guard function.kind == .function, function.name == "body" || function.hasAttribute("ViewBuilder") else { return nil }
        let (typeName, facts) = context.owner(function.ownerType)
        return facts?.isSwiftUIType == true ? typeName : nil
    }

    /// Expressions whose evaluation may do more than read values: calls, subscripts, closures, writes,
    /// `&x`, `try`, `await`, macros, and anything the parser did not understand.
    static let effectKinds: Set<NodeKind> = [
        .call, .subscriptCall, .closure, .assignment, .inoutExpr, .tryExpr, .awaitExpr, .macroExpansion, .unknown,
    ]

    /// Whether deleting the print call could delete an effect of evaluating its arguments.
    static func argumentsMayHaveEffects(_ call: Int32, tree: SyntaxTree) -> Bool {
        var effect = false
        for argument in tree.children(of: call) where argument != tree.callee(of: call) {
            tree.walk(argument) { node in
                if effectKinds.contains(tree[node].kind) { effect = true }
                return !effect
            }
        }
        return effect
    }

    func inspect(call: Int32, in owner: (type: String, member: String), printing printFunctions: Set<String>, _ context: RuleContext) {
        let tree = context.tree
        let callee = tree.callee(of: call)
        guard callee >= 0 else { return }
        let calleeNode = tree[callee]
        var what: String?
        if calleeNode.kind == .memberAccess {
            let name = tree.text(calleeNode.token)
            let base = calleeNode.firstChild
            if PrintChangesLeftoverRule.changesAids.contains(name) && base >= 0 && tree[base].kind == .identifier {
                what = "\(tree.text(tree[base].token)).\(name)()"
            }
        } else if calleeNode.kind == .identifier, printFunctions.contains(tree.text(calleeNode.token)) {
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
        // `let _ = print(model.increment())`: deleting the line would delete the call's effect too.
        let pure = !PrintChangesLeftoverRule.argumentsMayHaveEffects(call, tree: tree)
        let title = pure ? "Remove the debugging statement" : "Remove the debugging statement (its arguments run code: keep what must still run)"
        if PrintChangesLeftoverRule.isOnlyStatementOfCase(statement, tree: tree) {
            // A `case` needs a statement: the call becomes `break`, which a view builder does not accept
            // (there it would be `EmptyView()`), so the fix is offered, not applied by --fix.
            fix = Fix(title: "Replace the debugging statement with 'break' (in a view builder, use 'EmptyView()')",
                      edits: [TextEdit(range: tree.range(ofTokens: s.firstToken, s.lastToken), replacement: "break")], isSafe: false)
        } else if let deletion = tree.lineDeletionRange(first: s.firstToken, last: s.lastToken) {
            fix = Fix(title: title, edits: [TextEdit(range: deletion, replacement: "")], isSafe: pure)
        }
        let n = tree[call]
        context.report(
            tree.range(ofTokens: n.firstToken, n.lastToken),
            "'\(what)' left in '\(owner.type).\(owner.member)': it prints every time SwiftUI re-evaluates the view",
            help: "remove it before shipping; to see why a view updates, use a breakpoint or Instruments' SwiftUI template",
            fix: fix)
    }

    /// Whether `statement` is the only statement of a `switch` case (`case .a: print(x)`): between the
    /// case's `:` and the next `case`, `default`, `@unknown`, `#if` or the switch's `}`.
    static func isOnlyStatementOfCase(_ statement: Int32, tree: SyntaxTree) -> Bool {
        let parent = tree[statement].parent
        guard parent >= 0, tree[parent].kind == .switchCase else { return false }
        let first = Int(tree[statement].firstToken)
        let after = Int(tree[statement].lastToken) + 1
        guard first > 0, tree.tokens[first - 1].kind == .colon else { return false }
        guard after < tree.tokens.count else { return true }
        let next = tree.tokens[after]
        return next.kind == .rightBrace || next.kind == .atSign || next.kind == .directive
            || next.keyword == .case || next.keyword == .default
    }
}
