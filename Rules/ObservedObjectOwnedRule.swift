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
            a new object. That finding is at the property, with the parents' calls as witnesses. So is an \
            object built straight into the environment in a body (`.environmentObject(Settings())`, \
            `.environment(Library())`): each time the body runs, the views below are handed a new one. That \
            finding needs a witness that the body runs again: a state, binding or environment value it reads \
            as it runs (not `$x`, not in an action or a closure another view calls later), or an object the \
            view observes; a view only previews build, content made inert (`.allowsHitTesting(false)`), a \
            member only an action or a presentation uses, and a class without state are spared.

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

    public static let requiredWords = ["ObservedObject", "Bindable", "environmentObject", "environment"]

    public static let projectFacts: Set<ProjectFact> = [.memberTypes, .constructionSites, .forwardedState, .appOwners]

    /// Sites are needed for the views that may create what they observe (to spare hosting roots).
    public static func wantsConstructionSites(of type: TypeFacts, in index: ProjectIndex) -> Bool {
        guard Ownership.isView(type) else { return false }
        return type.members.contains { entry in
            let m = entry.value
            return m.kind == .storedVar && !m.isStatic && (m.attributes.contains(.observedObject) || m.attributes.contains(.bindable))
        }
    }

    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool {
        (file.mentions("ObservedObject") || file.mentions("Bindable") || file.mentions("environmentObject") || file.mentions("environment"))
            && file.touchesSwiftUIType(index)
    }

    public func check(_ context: RuleContext) {
        checkOwnInitialValues(context)
        checkObjectsBuiltByCallers(context)
        checkEnvironmentObjects(context)
    }

    /// The dynamic properties whose change runs a view's body again: an observed object (every change it
    /// publishes, read or not), or a value the body reads.
    static let observing: MemberAttributes = [.stateObject, .observedObject, .environmentObject]
    static let readState: MemberAttributes = [.state, .binding, .environment, .bindable]

    /// `.environmentObject(Settings())`, `.environment(Model())` in a view's `body` (or a member building its
    /// content): each time the body runs it hands the views below a new object, and what the old one held
    /// is gone. The witness is what runs the body again: an object the view observes, or a state, binding or
    /// environment value the body reads. (Needs no construction sites: it may run in either round.)
    func checkEnvironmentObjects(_ context: RuleContext) {
        let tree = context.tree
        // (Per file, made on first need: the functions and the first observed object of each type.)
        var functionsByType: [Int32: [Int]]?
        var observedByType: [Int32: Int]?
        var reachedByType: [Int32: Set<String>] = [:]
        for (i, function) in tree.functions.enumerated() where function.ownerType >= 0 && function.body >= 0
            && function.kind != .initializer && !function.modifiers.contains(.static) {
            let (typeName, owner) = context.owner(function.ownerType)
            guard let facts = owner, Ownership.isView(facts), !tree.isPreviewScaffolding(function.ownerType, includingItself: true),
                  tree.names(ObservedObjectOwnedRule.environmentWords, in: function.body),
                  // A view only previews build (`WrapperForPreview`): no user sees it.
                  context.index.mayBeBuiltOutsidePreviews(typeName) != false else { continue }
            if functionsByType == nil {
                var table: [Int32: [Int]] = [:]
                for (k, f) in tree.functions.enumerated() where f.ownerType >= 0 && f.body >= 0 && f.kind != .initializer { table[f.ownerType, default: []].append(k) }
                functionsByType = table
            }
            // Only what the body builds: not a member only an action, a sheet or an image renderer uses.
            let member = ObservedObjectOwnedRule.memberName(of: function, tree: tree)
            if reachedByType[function.ownerType] == nil {
                reachedByType[function.ownerType] = ObservedObjectOwnedRule.reachedFromBody(functionsByType![function.ownerType] ?? [], context: context)
            }
            guard reachedByType[function.ownerType]!.contains(member) else { continue }
            let body = context.body(i)
            var witness: (range: Range<Int>, name: String, observed: Bool)??
            for call in body.calls where !call.position.inLocalFunction && !ObservedObjectOwnedRule.isOutsideBody(call.position, in: body) {
                let name = tree.calleeName(call.node)
                guard name == "environmentObject" || name == "environment", tree[tree.callee(of: call.node)].kind == .memberAccess else { continue }
                let arguments = tree.children(of: call.node).filter { tree[$0].kind == .argument }
                guard arguments.count == 1, tree[arguments[0]].token < 0,
                      let (type, made) = Ownership.construction(tree[arguments[0]].firstChild, tree: tree),
                      let model = Ownership.facts(of: String(Substring(type).baseTypeName), in: typeName, index: context.index),
                      model.kind == .class || model.kind == .actor, Ownership.statefulReason(model, index: context.index) != nil,
                      !ObservedObjectOwnedRule.isInert(call.node, tree: tree) else { continue }
                if witness == nil {
                    if observedByType == nil {
                        var table: [Int32: Int] = [:]
                        for (v, variable) in tree.variables.enumerated() where variable.ownerType >= 0 && table[variable.ownerType] == nil
                            && !variable.modifiers.contains(.static) {
                            guard let found = context.owner(variable.ownerType).facts?.members[variable.name],
                                  !found.attributes.isDisjoint(with: ObservedObjectOwnedRule.observing) else { continue }
                            table[variable.ownerType] = v
                        }
                        observedByType = table
                    }
                    witness = .some(ObservedObjectOwnedRule.rerunWitness(of: body, view: facts, observed: observedByType![function.ownerType],
                                                                         tree: tree))
                }
                guard let found = witness ?? nil else { continue }
                let shortView = Ownership.shortName(typeName)
                let shortType = Ownership.shortName(type)
                let written = tree.text(of: made).filter { $0 != "\n" }
                let shown = written.count <= 40 ? written : shortType + "(…)"
                let owning = name == "environmentObject" ? "@StateObject" : "@State"
                let property = String(shortType.prefix(1)).lowercased() + shortType.dropFirst()
                let note = found.observed
                    ? "each change '\(found.name)' publishes runs the view's body again, and a new '\(shortType)' is made"
                    : "this reads '\(found.name)': each change runs it again, and a new '\(shortType)' is made"
                context.report(
                    Ownership.calleeRange(made, tree: tree),
                    "'.\(name)(\(shown))' in '\(shortView).\(member)' makes a new '\(shortType)' each time it runs: the views below lose what the old one held",
                    help: "keep it where it lives: '\(owning) private var \(property) = \(shortType)()' in '\(shortView)' (or in the App), passed as '.\(name)(\(property))'",
                    notes: [Note(range: found.range, message: note)])
            }
        }
    }

    /// The name a member function goes by: an accessor's property (`body`), else the function's name.
    static func memberName(of function: FunctionDecl, tree: SyntaxTree) -> String {
        function.kind == .accessor && function.ownerVariable >= 0 ? tree.variables[Int(function.ownerVariable)].name : function.name
    }

    /// Whether code at a position runs apart from the body's evaluation: in an action, a lifecycle or later
    /// closure, or presented content (a view builder's content, `ForEach` rows and unknown callees run with it).
    static func isOutsideBody(_ position: BodyModel.Position, in body: BodyModel) -> Bool {
        body.isInClosure(position) { $0.role.map { $0.isAction || $0 == .presents } ?? false }
    }

    /// The members of a view its `body` builds with: `body`, and the members it (and they, in turn) use as it
    /// runs, in this file; not those only actions or presented content use.
    static func reachedFromBody(_ members: [Int], context: RuleContext) -> Set<String> {
        let tree = context.tree
        var functions: [String: [Int]] = [:]
        for i in members { functions[memberName(of: tree.functions[i], tree: tree), default: []].append(i) }
        var reached: Set<String> = ["body"]
        var queue = ["body"]
        while let name = queue.popLast() {
            for i in functions[name] ?? [] {
                let body = context.body(i)
                for reference in body.references where !reference.isLocal && functions[reference.name] != nil
                    && !isOutsideBody(reference.position, in: body) && !isHandedOff(reference.node, tree: tree)
                    && reached.insert(reference.name).inserted {
                    queue.append(reference.name)
                }
            }
        }
        return reached
    }

    /// Containers that call their content closure as they are made, while the body runs (a `ForEach` or a
    /// `Binding(get:)` calls its closure later, from another view's update).
    static let eagerContainers: Set<String> = StateInjectedValueRule.alwaysPresentContainers.union(
        ["List", "Section", "TabView", "Grid", "GridRow", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Menu", "HSplitView", "VSplitView"])

    /// Whether a read happens while the body itself runs (so a change of what it reads runs the body again):
    /// directly, in a branch, or in the content of a container that builds it at once.
    static func isReadAsBodyRuns(_ node: Int32, tree: SyntaxTree) -> Bool {
        ViewState.runsWithItsMember(node, tree: tree, containers: eagerContainers, allowingBranches: true)
    }

    /// Whether a member is passed by name to something that runs it apart from the body
    /// (`.sheet(isPresented: $shown, content: makeSheet)`, `Button(action: save)`).
    static func isHandedOff(_ reference: Int32, tree: SyntaxTree) -> Bool {
        var value = reference
        var argument = tree[value].parent
        while argument >= 0, tree[argument].kind == .sequence, tree[argument].firstChild == value, tree[value].nextSibling < 0 {
            value = argument
            argument = tree[value].parent
        }
        guard argument >= 0, tree[argument].kind == .argument, tree[argument].firstChild == value else { return false }
        let call = tree[argument].parent
        guard call >= 0, tree[call].kind == .call else { return false }
        if tree[argument].token >= 0, ["action", "perform"].contains(tree.identifierText(tree[argument].token)) { return true }
        return CalleeRole.table[tree.calleeName(call)].map { $0.isAction || $0 == .presents } ?? false
    }

    /// Whether the modifier chain a call is a link of makes its content inert (`.allowsHitTesting(false)`,
    /// `.disabled(true)`): a stand-in object handed to a preview nobody can touch loses nothing.
    static func isInert(_ call: Int32, tree: SyntaxTree) -> Bool {
        var links: [Int32] = []
        // Down the chain (`content.a().b()`: each call's callee is a member access on the one before) ...
        var current = call
        while current >= 0, tree[current].kind == .call, links.count < 256 {
            links.append(current)
            let callee = tree.callee(of: current)
            guard callee >= 0, tree[callee].kind == .memberAccess else { break }
            current = tree.unwrapSequence(tree[callee].firstChild)
        }
        // ... and up it.
        current = call
        while links.count < 512 {
            let parent = tree[current].parent
            guard parent >= 0, tree[parent].kind == .memberAccess, tree[parent].firstChild == current else { break }
            let outer = tree[parent].parent
            guard outer >= 0, tree[outer].kind == .call, tree.callee(of: outer) == parent else { break }
            links.append(outer)
            current = outer
        }
        return links.contains { link in
            let name = tree.calleeName(link)
            guard name == "allowsHitTesting" || name == "disabled" else { return false }
            guard let argument = tree.children(of: link).first(where: { tree[$0].kind == .argument }) else { return false }
            return tree.text(of: tree.unwrapExpression(tree[argument].firstChild)) == (name == "disabled" ? "true" : "false")
        }
    }

    static let environmentWords: [[UInt8]] = ["environmentObject", "environment"].map { Array($0.utf8) }

    /// What runs a view member's body again: the first read of a state, binding, environment value or bindable
    /// the body makes as it runs, else an object the view observes (`observed`, a variable index: its
    /// declaration). Where it is, its name, and whether it is the observed object.
    static func rerunWitness(of body: BodyModel, view: TypeFacts, observed: Int?, tree: SyntaxTree) -> (range: Range<Int>, name: String, observed: Bool)? {
        for reference in body.references where !reference.isLocal && reference.access == .read && !reference.position.inLocalFunction
            && isReadAsBodyRuns(reference.node, tree: tree) {
            guard let member = view.members[reference.name], !member.isStatic, !member.attributes.isDisjoint(with: readState) else { continue }
            return (tree.byteRange(of: reference.node), reference.name, false)
        }
        guard let observed else { return nil }
        let variable = tree.variables[observed]
        return (tree.range(ofTokens: variable.keywordToken, variable.nameToken), variable.name, true)
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
            guard let facts = owner, Ownership.isView(facts), !tree.isPreviewScaffolding(Int32(typeIndex), includingItself: false) else { continue }
            let storedNames = Set(variables.filter { $0.isStored && !$0.modifiers.contains(.static) }.map(\.name))
            // The argument that sets each observed property: its own label in the memberwise initializer, or
            // the parameter a declared initializer keeps in it (`init(model: M) { viewModel = model }`).
            var queries: [(VariableDecl, ArgumentQuery)] = []
            // (What each initializer keeps, found once per initializer, not per property.)
            let initializers = facts.declaresInit
                ? context.model.functions(ofTypeNamed: typeName).filter { tree.functions[$0].kind == .initializer && tree.functions[$0].body >= 0 }
                    .map { ($0, Self.parametersKept(by: $0, context: context)) }
                : []
            for variable in variables where variable.isStored && variable.initializer < 0 && !variable.modifiers.contains(.static) {
                guard let wrapper = Ownership.wrapper(of: variable), wrapper.baseName == "ObservedObject" || wrapper.baseName == "Bindable"
                else { continue }
                if !facts.declaresInit {
                    guard !variable.modifiers.contains(.private) && !variable.modifiers.contains(.fileprivate) else { continue }
                    queries.append((variable, ArgumentQuery(label: variable.name, acceptedLabels: storedNames)))
                    continue
                }
                for (function, kept) in initializers {
                    guard let parameter = kept[variable.name] else { continue }
                    queries.append((variable, ViewInputs.query(for: parameter, in: tree.functions[function], tree: tree)))
                }
            }
            for (variable, query) in queries {
                guard let wrapper = Ownership.wrapper(of: variable) else { continue }
                let annotated = Ownership.annotation(variable, tree: tree).map(Ownership.baseTypeName)
                var sites: [(ConstructionSite, String)] = []
                context.index.forEachCaller(of: typeName, passing: query) { use in
                    guard case .construction(let written, _, _)? = use.argument, !use.site.isInPreview, !use.site.isHostingRoot,
                          context.index.isRebuiltWithParent(use.site), !facts.declaresInit || Self.updatesItself(use.site, index: context.index),
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

    /// Whether the code a site is in runs again by itself: a member of a view (or an `App`, a scene) that holds
    /// a dynamic property whose change runs its body again (a state, binding, environment value, or an object
    /// it observes); not a `static` helper. A view with only plain inputs (`let sheetType`) runs again only
    /// when its own parent does.
    static func updatesItself(_ site: ConstructionSite, index: ProjectIndex) -> Bool {
        guard !site.memberIsStatic, let type = site.enclosingType, let facts = index.facts(for: type) else { return false }
        return facts.members.contains { !$0.value.isStatic && !$0.value.attributes.isDisjoint(with: dynamicProperties) }
    }

    static let dynamicProperties = observing.union(readState)

    /// The parameters an initializer keeps as they are, by the property they are kept in: `property = model`,
    /// `self.property = model`, `_property = ObservedObject(wrappedValue: model)` (or `Bindable(model)`,
    /// `.init(wrappedValue: model)`); the first write of a property counts.
    static func parametersKept(by function: Int, context: RuleContext) -> [String: String] {
        let tree = context.tree
        let parameters = Set(tree.functions[function].parameters.map(\.name))
        var kept: [String: String] = [:]
        for assignment in context.body(function).assignments where assignment.isPlain && !assignment.targetIsLocal && assignment.rhs.count == 1 {
            guard let (written, _) = assignment.target else { continue }
            let property = written.hasPrefix("_") ? String(written.dropFirst()) : written
            guard kept[property] == nil else { continue }
            guard let value = StateInjectedValueRule.unwrappedValue(assignment.rhs, tree: tree, wrappers: ["ObservedObject", "Bindable"]),
                  tree[value].kind == .identifier else { continue }
            let name = tree.identifierText(tree[value].token)
            if parameters.contains(name) { kept[property] = name }
        }
        return kept
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
