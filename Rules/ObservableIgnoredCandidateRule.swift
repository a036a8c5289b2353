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

            **Fix safety**: adding `@ObservationIgnored` only stops the notifications for the handle; it is \
            marked safe. (If a view does show whether the handle is set, keep that as a separate tracked \
            property such as `isLoading`.)
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
        file.typeNames.contains { index.facts(for: $0).map { $0.isObservable && $0.kind == .class } ?? false }
    }

    public func check(_ context: RuleContext) {
        let tree = context.tree
        for variable in tree.variables where variable.ownerType >= 0 && variable.isVar && !variable.isComputed
            && !variable.modifiers.contains(.static) && !variable.modifiers.contains(.class) {
            guard !variable.attributes.contains(where: { $0.baseName == "ObservationIgnored" }),
                  let facts = context.owner(variable.ownerType).facts, facts.isObservable, facts.kind == .class,
                  let handle = ObservableIgnoredCandidateRule.handle(of: variable, tree: tree) else { continue }
            let typeName = context.owner(variable.ownerType).name.split(separator: ".").last.map(String.init) ?? ""
            let start = tree.tokens[Int(tree[variable.node].firstToken)].range.lowerBound
            context.report(
                token: variable.nameToken,
                "'\(variable.name)' in @Observable '\(typeName)' holds \(handle.first.map { "aeiou".contains($0) } == true ? "an" : "a") \(handle) no view reads, yet every assignment to it is tracked and notifies observers; mark it @ObservationIgnored",
                help: "add @ObservationIgnored before the declaration",
                fix: Fix(title: "Add @ObservationIgnored", edits: [TextEdit(range: start..<start, replacement: "@ObservationIgnored ")],
                         isSafe: true))
        }
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
