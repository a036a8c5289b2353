import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// Flags a plain write to a `@State` property in a view's `init` that SwiftUI discards.
public struct StateWriteInInitRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "state_write_in_init",
        name: "StateWriteInInit",
        summary: "Flags a plain write to a `@State` property with an initial value (or an optional one, which starts as nil) in a view's `init`: SwiftUI discards the value.",
        rationale: """
            In a view's `init`, `self.count = count` only initializes the state when `count` has no \
            initial value: Swift then turns the write into `_count = State(wrappedValue: count)`. When the \
            property is declared with a default (`@State private var count = 0`), the storage already \
            exists and the write goes through `State`'s setter. SwiftUI has not installed the state yet, so \
            the setter drops the value: the view shows the default, never the value passed in, and nothing \
            warns. An optional without a default (`@State private var draft: Int?`) has one all the same: \
            Swift makes its wrapper with `nil` before the init runs, so a write there is dropped too. (In an initializer that delegates with `self.init(…)`, Swift re-initializes the wrapper \
            instead: such writes are seeds.)

            Initialize the storage instead: `_count = State(initialValue: count)`. If the view should follow \
            the parent's value, do not keep it in `@State` at all (a `let`, or `@Binding`). A write of the \
            same literal or constant as the initial value (`isDirty = false` for `@State var isDirty = false`) \
            is discarded too, but loses nothing: it is reported at info. So is a write in a view nothing in \
            the app builds (previews and sample code aside), unless the view is public: no user reaches it.

            **Fix safety**: replacing the write with `_count = State(initialValue: …)` makes the value \
            passed in the state's initial value, which is what the write meant; it is marked safe.
            """,
        badExamples: [
            """
            struct CounterView: View {
                @State private var count = 0
                init(start: Int) {
                    self.count = start // expect: state_write_in_init
                }
                var body: some View { Text("\\(count)") }
            }
            """,
        ],
        goodExamples: [
            """
            struct CounterView: View {
                @State private var count = 0
                init(start: Int) {
                    _count = State(initialValue: start)
                }
                var body: some View { Text("\\(count)") }
            }
            """,
        ],
        defaultSeverity: .error,
        tags: ["swiftui", "state"],
        precision: "very-high")

    public init() {}

    /// Construction sites say whether anything in the app builds the view.
    public static let projectFacts: Set<ProjectFact> = [.constructionSites]

    /// The sites of views that declare an `init` and have a `@State` property (those `state_injected_value`
    /// asks about too: with both rules on, neither changes which sites the other sees).
    public static func wantsConstructionSites(of type: TypeFacts, in index: ProjectIndex) -> Bool {
        type.kind == .struct && type.isSwiftUIType && type.declaresInit
            && type.members.contains { $0.value.kind == .storedVar && !$0.value.isStatic && $0.value.attributes.contains(.state) }
    }

    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool {
        !file.typesWithInit.isEmpty && file.touchesSwiftUIType(index)
    }

    public func check(_ context: RuleContext) {
        let tree = context.tree
        var initialValues: [Int32: [String: Int32]]?
        for (i, function) in tree.functions.enumerated() where function.kind == .initializer && function.ownerType >= 0 && function.body >= 0 {
            let (typeName, owner) = context.owner(function.ownerType)
            guard let facts = owner, facts.isSwiftUIType, facts.kind == .struct else { continue }
            let shortName = typeName.split(separator: ".").last.map(String.init) ?? typeName
            let body = context.body(i)
            let delegation = ViewState.delegation(in: body, tree: tree)
            for assignment in body.assignments where assignment.isPlain && !assignment.position.isDeferred && !assignment.targetIsLocal {
                guard let (name, reference) = assignment.target, !name.hasPrefix("_"),
                      let member = facts.members[name], member.kind == .storedVar, !member.isStatic,
                      member.attributes.contains(.state),
                      case .discarded = ViewState.initWrite(assignment, member: member, delegation: delegation)
                else { continue }
                // `self.count = count` in an init without a parameter or local `count`: the property written
                // to itself, a no-op (no value passed in is dropped).
                if StateWriteInInitRule.writesItself(assignment, name: name, function: function, body: body, tree: tree) { continue }
                var fix: Fix?
                // (An `if` or `switch` expression is a value only directly after `=`: wrapped in a call it does
                // not type-check, so it gets no fix.)
                if let rhs = assignment.rhs.first, let last = assignment.rhs.last,
                   !["if", "switch"].contains(tree.text(tree[rhs].firstToken)) {
                    let nameToken = tree[reference].token
                    let start = tree.tokens[Int(tree[rhs].firstToken)].start
                    let end = tree.tokens[Int(tree[last].lastToken)].end
                    fix = Fix(title: "Initialize the storage: '_\(name) = State(initialValue: …)'", edits: [
                        TextEdit(range: tree.tokens[Int(nameToken)].range, replacement: tree.backingStorageSpelling(nameToken)),
                        TextEdit(range: Int(start)..<Int(start), replacement: "State(initialValue: "),
                        TextEdit(range: end..<end, replacement: ")"),
                    ], isSafe: true)
                }
                // The same constant as the initial value (`isPlaying = false` for `@State var isPlaying = false`):
                // discarded, but nothing the view shows is lost.
                if initialValues == nil {
                    // Once per file: the initial values of stored properties, by owner and name.
                    var table: [Int32: [String: Int32]] = [:]
                    for variable in tree.variables where variable.ownerType >= 0 && variable.initializer >= 0 {
                        table[variable.ownerType, default: [:]][variable.name] = variable.initializer
                    }
                    initialValues = table
                }
                // The write as written, its value cut short when long (the message stays one line).
                let text = tree.text(of: assignment.node)
                let written = text.count <= 40 ? text : (text.firstIndex(of: "=").map { String(text[...$0]) + " …" } ?? String(text.prefix(40)) + "…")
                // A wrapped optional without an initial value starts as nil: writing nil loses nothing either.
                let startsAsNil = !member.hasInitializer && member.isImplicitlyNil
                let writesNil = startsAsNil && assignment.rhs.count == 1 && tree.text(of: tree.unwrapExpression(assignment.rhs[0])) == "nil"
                if writesNil || (initialValues?[function.ownerType]?[name]).map({ StateWriteInInitRule.writes(assignment, $0, tree: tree) }) == true {
                    context.report(
                        tree.range(ofTokens: tree[assignment.node].firstToken, tree[assignment.node].lastToken),
                        "'\(written)' in '\(shortName).init' writes the initial value of '@State var \(name)' again: the write is discarded, and nothing is lost",
                        help: "remove the line, or initialize the storage: '_\(name) = State(initialValue: …)'", fix: fix, advisory: true)
                    continue
                }
                // A view nothing in the app builds (previews and sample code aside) is not reached, unless others
                // may build it (a public view of a library): info, saying so.
                let declaration = tree.types[Int(function.ownerType)]
                // (Sites are known only of the views asked about: an `init` declared in an extension is not.)
                let reached = !declaration.modifiers.isDisjoint(with: [.public, .open, .package])
                    || !StateWriteInInitRule.wantsConstructionSites(of: facts, in: context.index)
                    || context.index.isBuiltOutsidePreviews(typeName)
                let unreached = reached ? [] : [Note(range: tree.tokens[Int(declaration.nameToken)].range,
                                                     message: "nothing in the app builds '\(shortName)' (previews and sample code aside): no user reaches this view")]
                context.report(
                    tree.range(ofTokens: tree[assignment.node].firstToken, tree[assignment.node].lastToken),
                    startsAsNil
                        ? "'\(written)' in '\(shortName).init' is discarded: '@State var \(name)' is optional, so it starts as nil, which the view shows instead"
                        : "'\(written)' in '\(shortName).init' is discarded: '@State var \(name)' has an initial value, which the view shows instead",
                    help: "the write goes through the setter of state SwiftUI has not installed yet; initialize the storage instead: '_\(name) = State(initialValue: …)'; or, if the view should follow the parent's value, make it a 'let' or '@Binding'",
                    notes: unreached, fix: fix, advisory: !reached)
            }
        }
    }

    /// Whether the value written is the property itself (`self.count = count`, `count = self.count`) with no
    /// parameter or local of that name in the initializer.
    static func writesItself(_ assignment: AssignmentFact, name: String, function: FunctionDecl, body: BodyModel, tree: SyntaxTree) -> Bool {
        guard assignment.rhs.count == 1 else { return false }
        let value = tree.unwrapExpression(assignment.rhs[0])
        guard value >= 0 else { return false }
        let spelled = tree.text(of: value).filter { !$0.isWhitespace }
        guard spelled == name || spelled == "self." + name else { return false }
        if function.parameters.contains(where: { $0.name == name }) { return false }
        return !body.references.contains { $0.name == name && $0.isLocal }
    }

    /// Whether a write assigns a literal or a constant (`false`, `0`, `.idle`) that is, as written, the
    /// property's initial value (`initial`, the declaration's initializer node).
    static func writes(_ assignment: AssignmentFact, _ initial: Int32, tree: SyntaxTree) -> Bool {
        guard assignment.rhs.count == 1 else { return false }
        let value = tree.unwrapExpression(assignment.rhs[0])
        guard value >= 0, tree[value].kind == .literal || tree[value].kind == .implicitMember else { return false }
        func spelled(_ node: Int32) -> String { tree.text(of: node).filter { !$0.isWhitespace } }
        return spelled(value) == spelled(tree.unwrapExpression(initial))
    }
}
