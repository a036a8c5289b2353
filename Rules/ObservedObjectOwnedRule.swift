import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// Flags `@ObservedObject var x = X(…)` and `@Bindable var x = X(…)` in a view: the view creates an object
/// it does not own, so every update of its parent makes a new one and its state is lost.
public struct ObservedObjectOwnedRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "observed_object_owned",
        name: "ObservedObjectOwned",
        summary: "Flags `@ObservedObject` or `@Bindable` properties of a view that create their own object (`= Model()`, `= .init()`, or in the view's `init`).",
        rationale: """
            `@ObservedObject` and `@Bindable` only watch an object; they do not keep it. SwiftUI re-creates a \
            view value every time its parent's body runs, and each new value runs the property's initial \
            value again: a new object is made and watched, and whatever the old one held (text typed, a \
            loaded page, a selection) is gone: `@StateObject` keeps the object for the view's lifetime; \
            `@ObservedObject` has no initial value of its own and does not keep the object. \
            The same is true of an object created in the view's `init` and assigned to such a property, and \
            of one a parent builds straight into the property (`Row(model: .init(item))`, \
            `Row(model: RowModel(item))` in a `body` or a `ForEach`): each update of the parent hands the row \
            a new object. That finding is at the property, with the parents' calls as witnesses.

            A view that owns its model declares it `@StateObject private var` (an `ObservableObject`) or \
            `@State private var` (an `@Observable` class): SwiftUI creates it once per view identity and \
            keeps it. References to existing instances — `Model.shared`, a parameter, an environment \
            value, a value returned by a factory — are not flagged, nor are objects without state (a \
            class with only `let`s and computed properties, one that only forwards another object's \
            changes), nor views the project only builds once per call: as a hosting controller's root \
            (`UIHostingController(rootView: V())`: the controller keeps that one view value), in an action \
            or `onAppear` closure, in a class's code or a static factory. The witness, named in a note, is a \
            parent whose updates build the view again; a view the project never builds is reported at info.

            **Fix safety**: the fix (`@StateObject private var` / `@State private var`) changes who may pass \
            the object in, so it is offered in editors but not applied by `--fix`.
            """,
        badExamples: [
            """
            struct CounterView: View {
                @ObservedObject var model = CounterModel() // expect: observed_object_owned
                var body: some View {
                    Button("\\(model.count)") { model.count += 1 }
                }
            }

            final class CounterModel: ObservableObject {
                @Published var count = 0
            }
            """,
        ],
        goodExamples: [
            """
            struct CounterView: View {
                @StateObject private var model = CounterModel()
                var body: some View {
                    Button("\\(model.count)") { model.count += 1 }
                }
            }

            struct CounterRow: View {
                @ObservedObject var model: CounterModel
                var body: some View { Text("\\(model.count)") }
            }

            final class CounterModel: ObservableObject {
                @Published var count = 0
            }
            """,
        ],
        defaultSeverity: .warning,
        tags: ["swiftui", "state", "ownership"],
        precision: "very-high")

    public init() {}

    public static let requiredWords = ["ObservedObject", "Bindable"]

    public static let projectFacts: Set<ProjectFact> = [.memberTypes, .constructionSites, .forwardedState]

    /// Sites are needed for the views that may create what they observe (to spare hosting roots).
    public static func wantsConstructionSites(of type: TypeFacts, in index: ProjectIndex) -> Bool {
        guard Ownership.isView(type) else { return false }
        return type.members.contains { entry in
            let m = entry.value
            return m.kind == .storedVar && !m.isStatic && (m.attributes.contains(.observedObject) || m.attributes.contains(.bindable))
        }
    }

    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool {
        (file.mentions("ObservedObject") || file.mentions("Bindable")) && file.touchesSwiftUIType(index)
    }

    public func check(_ context: RuleContext) {
        checkOwnInitialValues(context)
        checkObjectsBuiltByCallers(context)
    }

    /// `Row(model: .init(item))`, `Row(model: RowModel(item))` in a parent's `body` or `ForEach`: a property
    /// the memberwise initializer sets is handed a new object each time the parent updates. Reported at the
    /// property (its declaration says who keeps the object), with the parents' calls as witnesses.
    func checkObjectsBuiltByCallers(_ context: RuleContext) {
        let tree = context.tree
        // Members by owner type, once (per type would be quadratic in the types of a file).
        var variablesOf = [[VariableDecl]](repeating: [], count: tree.types.count)
        for variable in tree.variables where variable.ownerType >= 0 && Int(variable.ownerType) < tree.types.count {
            variablesOf[Int(variable.ownerType)].append(variable)
        }
        for (typeIndex, decl) in tree.types.enumerated() where decl.kind == .struct {
            let variables = variablesOf[typeIndex]
            guard variables.contains(where: { Ownership.wrapper(of: $0).map { $0.baseName == "ObservedObject" || $0.baseName == "Bindable" } == true })
            else { continue }
            let (typeName, owner) = context.owner(Int32(typeIndex))
            guard let facts = owner, Ownership.isView(facts), !facts.declaresInit,
                  !tree.isPreviewScaffolding(Int32(typeIndex), includingItself: false) else { continue }
            let storedNames = Set(variables.filter { $0.isStored && !$0.modifiers.contains(.static) }.map(\.name))
            for variable in variables where variable.isStored && variable.initializer < 0 && !variable.modifiers.contains(.static)
                && !variable.modifiers.contains(.private) && !variable.modifiers.contains(.fileprivate) {
                guard let wrapper = Ownership.wrapper(of: variable), wrapper.baseName == "ObservedObject" || wrapper.baseName == "Bindable"
                else { continue }
                let annotated = Ownership.annotation(variable, tree: tree).map(Ownership.baseTypeName)
                var sites: [(ConstructionSite, String)] = []
                context.index.forEachCaller(of: typeName, passing: ArgumentQuery(label: variable.name, acceptedLabels: storedNames)) { use in
                    guard case .construction(let written, _)? = use.argument, !use.site.isInPreview, !use.site.isHostingRoot,
                          context.index.isRebuiltWithParent(use.site),
                          let made = written.isEmpty ? annotated : written else { return true }
                    // A project class without state loses nothing when it is made again; a type the
                    // project does not declare is taken for a model only when the property names it.
                    let model = context.index.facts(for: String(Substring(made).baseTypeName))
                        ?? use.site.enclosingType.flatMap { context.index.type(named: $0 + "." + made) }
                    if let model {
                        guard model.kind == .class || model.kind == .actor, Ownership.statefulReason(model, index: context.index) != nil else { return true }
                    } else if made != annotated {
                        return true
                    }
                    sites.append((use.site, made))
                    return sites.count < 3
                }
                guard let (first, made) = sites.first else { continue }
                let view = Ownership.shortName(typeName)
                let shortType = Ownership.shortName(made)
                let notes = sites.map { site, made -> Note in
                    let caller = site.enclosingType.map { "'\($0).\(site.enclosingMember ?? "")'" } ?? "this code"
                    return Note(range: site.range, message: "\(caller) builds a new '\(Ownership.shortName(made))' here each time it updates, and '\(view)' observes the new one",
                                path: site.path)
                }
                let owning = wrapper.baseName == "ObservedObject" ? "@StateObject" : "@State"
                let caller = first.enclosingType.map { "'\(Ownership.shortName($0))'" } ?? "its caller"
                context.report(
                    tree.range(ofTokens: wrapper.atToken, variable.nameToken),
                    "'@\(wrapper.baseName) var \(variable.name)' in '\(view)' is given a new '\(shortType)' each time \(caller) updates: the object, and what it holds, is replaced",
                    help: "keep the object where it lives: in the parent's \(owning) (or a model the parent keeps, such as an array of row models), passed in as it is; or let '\(view)' own it with '\(owning) private var \(variable.name)' seeded in its init",
                    notes: notes)
            }
        }
    }

    func checkOwnInitialValues(_ context: RuleContext) {
        let tree = context.tree
        var reported = Set<String>()
        // A default argument builds the object only for the callers that leave it out (`init(model: Model =
        // Model())`): those are the witnesses, and without one there is no finding.
        let values = Ownership.initialValues(in: context).map { ($0.view, $0.value, String?.none) }
            + Ownership.defaultArguments(in: context).map { ($0.view, $0.value, Optional($0.label)) }
        for (view, initial, omitted) in values {
            let variable = initial.variable
            guard let wrapper = Ownership.wrapper(of: variable), wrapper.baseName == "ObservedObject" || wrapper.baseName == "Bindable",
                  let (type, call) = Ownership.construction(initial.expression, tree: tree, annotated: Ownership.annotation(variable, tree: tree))
            else { continue }
            // A project class without state (only `let`s, computed properties, forwarded changes) loses
            // nothing when it is made again. (A framework type is assumed to have state.)
            if let model = Ownership.facts(of: String(Substring(type).baseTypeName), in: view, index: context.index),
               model.kind == .class || model.kind == .actor, Ownership.statefulReason(model, index: context.index) == nil { continue }
            // One finding per property (an init may assign it in several branches); none in a view only
            // built once per call (a hosting controller's root, an action, a class's code).
            guard reported.insert(view + "." + variable.name).inserted else { continue }
            // The witness: a call site a parent's update runs again. None in the project: info.
            let rebuilding = Ownership.rebuilding(of: view, index: context.index, omitting: omitted)
            if case .onlyOnce = rebuilding { continue }
            if omitted != nil, case .noSite = rebuilding { continue }
            var witness: [Note] = []
            if case .rebuilt(let site) = rebuilding {
                witness.append(Ownership.rebuiltNote(site, view: Ownership.shortName(view), made: Ownership.shortName(type),
                                                     omitting: omitted))
            }
            let observed = wrapper.baseName == "ObservedObject"
            let owning = observed ? "@StateObject" : "@State"
            let shortView = Ownership.shortName(view)
            let shortType = Ownership.shortName(type)
            let place = omitted.map { " as its init's default '\($0):'" } ?? (initial.assignment == nil ? "" : " in its init")
            var fix: Fix?
            if initial.assignment == nil {
                // `@ObservedObject var x = X()` → `@StateObject private var x = X()`.
                var edits = [TextEdit(range: tree.range(ofTokens: wrapper.atToken, wrapper.lastToken), replacement: owning)]
                let access: Modifiers = [.private, .fileprivate, .internal, .public, .open, .package]
                if variable.modifiers.isDisjoint(with: access) {
                    let start = tree.tokens[Int(variable.keywordToken)].start
                    edits.append(TextEdit(range: Int(start)..<Int(start), replacement: "private "))
                }
                fix = Fix(title: "Own it: '\(owning) private var \(variable.name)'", edits: edits, isSafe: false)
            }
            context.report(
                Ownership.calleeRange(call, tree: tree),
                "'@\(wrapper.baseName) var \(variable.name)' in '\(shortView)' creates '\(shortType)'\(place) and does not keep it: each parent update makes a new one",
                help: omitted != nil
                    ? "let the view own it: '\(owning) private var \(variable.name) = \(shortType)(…)' (and drop the parameter), or have every caller pass an object it keeps"
                    : initial.assignment == nil
                    ? "let the view own it: '\(owning) private var \(variable.name) = \(shortType)(…)'; or pass an existing instance in and keep '@\(wrapper.baseName) var \(variable.name): \(shortType)'"
                    : "pass an existing '\(shortType)' in; or let the view own it: '_\(variable.name) = \(owning == "@State" ? "State" : "StateObject")(wrappedValue: \(shortType)(…))' in init, with '.id(…)' on the view at the call site if it must start over when its input changes",
                notes: (initial.assignment == nil ? [] : [Note(range: tree.range(ofTokens: wrapper.atToken, variable.nameToken), message: "declared here")])
                    + witness,
                fix: fix, advisory: witness.isEmpty)
        }
    }

}
