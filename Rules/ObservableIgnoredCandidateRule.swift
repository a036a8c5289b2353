import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// Flags a stored property of an `@Observable` class that holds a handle no view reads (a `Task`, a
/// Combine cancellable, a timer, an observer token) and is not `@ObservationIgnored`.
public struct ObservableIgnoredCandidateRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "observable_ignored_candidate",
        name: "ObservableIgnoredCandidate",
        summary: "Flags a stored property of an `@Observable` class that holds a `Task`, a Combine cancellable, a timer or an observer token and is not `@ObservationIgnored`.",
        rationale: """
            `@Observable` tracks every stored property: each assignment goes through the observation \
            registrar, and every view that read the property is invalidated. A `Task` handle, an \
            `AnyCancellable` or a set of them, a `Timer`, an observer token or a key-value observation is \
            bookkeeping no view shows: tracking it costs a notification on every assignment, and a view that \
            touches it (`if model.task != nil`) re-renders each time the task is replaced. Mark such \
            properties `@ObservationIgnored`.

            Computed properties, `let`s (not tracked), properties of classes that are not `@Observable`, \
            properties already `@ObservationIgnored`, and a property named `task` whose type is not one of \
            these handles are fine.

            A handle the model's own code reads as a value (`var isLoading: Bool { task != nil }`) is state \
            views may follow, and is not flagged.

            **Fix safety**: adding `@ObservationIgnored` stops the notifications for the handle. For a \
            `private` or `fileprivate` handle no view can read, it is marked safe; for any other, a view \
            elsewhere may show whether it is set (`if loader.task != nil`) and would stop updating, so the \
            fix is offered but not applied by `--fix` (keep such state in a tracked property like `isLoading`).
            """,
        badExamples: [
            """
            @Observable final class ContentModel {
                var count = 0
                private var task: Task<Void, Never>? // expect: observable_ignored_candidate
            }
            """,
        ],
        goodExamples: [
            """
            @Observable final class ContentModel {
                var count = 0
                @ObservationIgnored private var task: Task<Void, Never>?
            }
            """,
        ],
        defaultSeverity: .info,
        tags: ["observation", "performance"],
        precision: "high")

    public init() {}

    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool {
        file.typeNames.contains { index.outline(of: $0).map { $0.isObservable && $0.kind == .class } ?? false }
    }

    public func check(_ context: RuleContext) {
        let tree = context.tree
        for variable in tree.variables where variable.ownerType >= 0 && variable.isVar && !variable.isComputed
            && !variable.modifiers.contains(.static) && !variable.modifiers.contains(.class) {
            guard !variable.attributes.contains(where: { $0.baseName == "ObservationIgnored" }),
                  let facts = context.owner(variable.ownerType).facts, facts.isObservable, facts.kind == .class,
                  let handle = ObservableIgnoredCandidateRule.handle(of: variable, tree: tree) else { continue }
            let qualified = context.owner(variable.ownerType).name
            let typeName = qualified.split(separator: ".").last.map(String.init) ?? ""
            // The model's own code uses the handle as state (`var isLoading: Bool { task != nil }`): views
            // that read that follow it, and ignoring it would stop them updating.
            if ObservableIgnoredCandidateRule.isReadAsValue(variable.name, ofTypeNamed: qualified, context: context) { continue }
            // Only a handle no other file can name is known to be read by no view: then the fix is safe.
            let isFilePrivate = variable.modifiers.contains(.private) || variable.modifiers.contains(.fileprivate)
            let article = handle.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            let start = tree.tokens[Int(tree[variable.node].firstToken)].range.lowerBound
            context.report(
                token: variable.nameToken,
                isFilePrivate
                    ? "'\(variable.name)' in @Observable '\(typeName)' holds \(article) \(handle) no view reads, yet Observation tracks every assignment to it"
                    : "'\(variable.name)' in @Observable '\(typeName)' holds \(article) \(handle): every assignment to it re-renders the views that read it",
                help: isFilePrivate
                    ? "mark it @ObservationIgnored (add it before the declaration)"
                    : "mark it @ObservationIgnored (add it before the declaration); if a view shows whether it is set ('model.\(variable.name) != nil'), keep that as a tracked property such as 'isLoading' first",
                fix: Fix(title: "Add @ObservationIgnored", edits: [TextEdit(range: start..<start, replacement: "@ObservationIgnored ")],
                         isSafe: isFilePrivate))
        }
    }

    /// Whether a member of the type (in this file) reads the handle as a value (`task != nil`, `let t =
    /// task`), not only to assign or cancel it (`task?.cancel()`).
    static func isReadAsValue(_ name: String, ofTypeNamed type: String, context: RuleContext) -> Bool {
        for i in context.model.functions(ofTypeNamed: type) where context.tree.functions[i].body >= 0 {
            for reference in context.body(i).references where reference.name == name && !reference.isLocal && reference.access == .read {
                if context.tree.readUse(of: reference.node) == .value { return true }
            }
        }
        return false
    }

    /// What kind of handle the property holds, from its type annotation or, without one, from its
    /// initializer (`Set<AnyCancellable>()`, `Task { … }`); nil when it is none.
    static func handle(of variable: VariableDecl, tree: SyntaxTree) -> String? {
        var written = ""
        if let range = variable.typeRange {
            written = tree.file.text(Int(tree.tokens[Int(range.lowerBound)].start)..<tree.tokens[Int(range.upperBound)].end)
        } else if variable.initializer >= 0 {
            let value = tree.unwrapExpression(variable.initializer)
            guard value >= 0, tree[value].kind == .call else { return nil }
            let first = tree[tree.callee(of: value)].firstToken
            let last = tree[tree.callee(of: value)].lastToken
            guard first >= 0, last >= first else { return nil }
            written = tree.file.text(tree.range(ofTokens: first, last))
        } else {
            return nil
        }
        return HandleKind.of(written: written)?.description
    }
}
