import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// Flags `@State private var vm = VM(…)` where `VM`'s initializer has side effects: the initial value
/// runs every time the view value is created, although SwiftUI keeps only the first instance.
public struct StateEagerObjectInitRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "state_eager_object_init",
        name: "StateEagerObjectInit",
        summary: "Flags `@State var x = Model(…)` where `Model`'s initializer (with its stored properties' initial values and the methods it calls, in any file) starts a `Task`, prints or logs, registers an observer, a timer or a monitor, or does I/O.",
        rationale: """
            `State.init(wrappedValue:)` takes its value, not a closure: the initial-value expression of \
            `@State private var viewModel = ViewModel()` runs every time the view value is created — on \
            every update of the parent — although SwiftUI keeps only the instance it stored the first \
            time and throws the others away (a model whose init prints prints "init" twice for one view). When that \
            initializer does work — starts a `Task`, logs, registers an observer or a timer, reads files \
            or the network — the work is repeated for objects nobody uses, and a task or observer they \
            started may outlive them. The side effects are followed through the methods and computed \
            properties of `self` the initializer calls, across files and extensions, and through the \
            initial values of its stored properties, which every initializer runs (not those of `lazy` \
            or `static` ones); a note points at the first of each kind. Starting a monitor \
            (`NWPathMonitor.start(queue:)`, location updates) counts as registering an observer; making \
            a `URLSession`, a `UserDefaults` suite or a `FileManager` is not I/O by itself.

            `@StateObject` is not flagged: `StateObject.init(wrappedValue:)` takes an `@autoclosure`, and \
            SwiftUI documents that it "creates a new instance of the object only once for each instance \
            of the structure that declares the object" — the expression is evaluated when SwiftUI \
            installs the state, not when the view value is made. \
            The run-time test `StateEagerObjectInitTests` shows the difference with stand-in wrappers of \
            the two shapes. The same holds for an `_x = State(initialValue: Model())` written in the \
            view's `init`, which is flagged too.

            Keep the initializer cheap and start the work in `.task { }`, or create the model there \
            (`@State private var viewModel: ViewModel?` and `.task { viewModel = ViewModel() }`).
            """,
        badExamples: [
            """
            struct FeedView: View {
                @State private var model = FeedModel() // expect: state_eager_object_init
                var body: some View { List(model.items, id: \\.self) { Text($0) } }
            }

            @Observable final class FeedModel {
                var items: [String] = []
                init() {
                    print("FeedModel.init")
                }
            }
            """,
        ],
        goodExamples: [
            """
            struct FeedView: View {
                @State private var model = FeedModel()
                var body: some View {
                    List(model.items, id: \\.self) { Text($0) }
                        .task { await model.load() }
                }
            }

            @Observable final class FeedModel {
                var items: [String] = []
                func load() async {
                    print("loading")
                }
            }
            """,
        ],
        defaultSeverity: .info,
        tags: ["swiftui", "state", "ownership", "performance"],
        precision: "high")

    public init() {}

    public static let projectFacts: Set<ProjectFact> = [.initializerEffects]

    public static let requiredWords = ["State"]

    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool {
        file.mentions("State") && file.touchesSwiftUIType(index)
    }

    public func check(_ context: RuleContext) {
        let tree = context.tree
        for (view, initial) in Ownership.initialValues(in: context) {
            let variable = initial.variable
            // `@State var x = …` at the declaration, or `_x = State(initialValue: …)` in init (a plain
            // `x = …` in init is `state_write_in_init`'s or a seed, and creates nothing twice).
            guard Ownership.wrapper(of: variable)?.baseName == "State", initial.assignment == nil || initial.throughStorage,
                  let (written, call) = Ownership.construction(initial.expression, tree: tree, annotated: Ownership.annotation(variable, tree: tree)),
                  let model = Ownership.facts(of: written, in: view, index: context.index),
                  model.kind == .class || model.kind == .actor else { continue }
            // The initializer the call's labels select (`Model()` runs `init()`, not `init(preset:)`).
            let labels = tree.children(of: call).filter { tree[$0].kind == .argument }.map { tree[$0].token >= 0 ? tree.text(tree[$0].token) : "_" }
            let effects = context.index.initializerEffects(of: model.name, labels: labels)
            guard !effects.isEmpty else { continue }
            let shortView = Ownership.shortName(view)
            let shortType = Ownership.shortName(model.name)
            let all = effects.reduce(MemberEffects()) { $0.union($1.effects) }.descriptions
            let what = all.count > 1 ? all.dropLast().joined(separator: ", ") + " and " + all.last! : all.joined()
            // A note where each kind of effect first happens (the members reached from init, breadth first).
            var notes: [Note] = []
            var shown = MemberEffects()
            for entry in effects {
                guard let site = entry.site, !site.effects.isEmpty, !shown.isSuperset(of: site.effects) else { continue }
                shown.formUnion(site.effects)
                let member = entry.member.hasPrefix("init") ? "'\(shortType).init'"
                    : entry.member.hasPrefix("=") ? "the initial value of '\(shortType).\(entry.member.dropFirst())'"
                    : "'\(shortType).\(entry.member)' (called from init)"
                notes.append(Note(range: site.range, message: "\(member) \(site.effects.descriptions.joined(separator: ", ")) here: '\(site.callee)'",
                                  path: site.path == tree.file.path ? nil : site.path))
            }
            context.report(
                Ownership.calleeRange(call, tree: tree),
                "'@State var \(variable.name)' in '\(shortView)' runs '\(shortType)(…)' on every parent update; its init \(what)",
                help: "SwiftUI keeps only the first instance, but builds a new one each time the view value is made: keep '\(shortType).init' cheap and start the work in '.task { }'; or create the model there ('@State private var \(variable.name): \(shortType)?' set in '.task { }')",
                notes: notes)
        }
    }
}
