import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// Flags `@State` / `@StateObject` properties that receive a value from outside the view.
public struct StateInjectedValueRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "state_injected_value",
        name: "StateInjectedValue",
        summary: "Flags `@State` and `@StateObject` properties that are set from an initializer parameter or the memberwise initializer.",
        rationale: """
            SwiftUI ties `@State` and `@StateObject` storage to the view's identity in the render tree, \
            which does not exist yet when the view's `init` runs. The value given at creation is used only \
            the first time; while the view keeps its identity, later values passed by the parent are \
            silently ignored. So `self.model = model` or `_value = State(initialValue: value)` in `init`, \
            and a non-private `@State var x: T` without a default (which the memberwise initializer sets; an \
            optional `T?` only when a caller passes a value), \
            show stale data after the parent changes.

            A warning names its witness: a call site in code a parent's update runs again (a `body`, a view \
            builder it uses, a `ForEach` row) that passes a value the project changes while the view keeps \
            its identity: the caller's `@State`, `@Binding` or `@Published` property, a property of an object \
            it observes, a value computed from one (directly, through a local `let`, or by a call on it), an \
            element of such a collection in rows keyed by id, or an input the caller's own parent passes such \
            a value. A hosting controller's root set again (`host.rootView = V(x: x)`) is a witness too: the \
            root keeps its identity and state, so the new value is ignored. The note names the caller and the value. \
            Without a witness the finding is info. A view built once is not reported: in an action or \
            `onAppear` closure, in code of a class (a view model, a coordinator, a UIKit controller), in a \
            static factory, as the root of a new hosting controller; nor is one given a fresh identity per value \
            (presented by `sheet`, a navigation destination, a `ForEach` keyed by the whole value, `.id(value)`), \
            one every caller passes a constant, or a view that re-seeds the state itself (`onChange(of:)`, \
            `task(id:)` or `onReceive` writing it from an input, or handing the input to the object the state \
            holds: `renderer.update(server)`).

            By shape: a read-only copy (the view never changes it) and a model built from a parameter are \
            warnings with a witness; an edit buffer (the view writes it, binds it to a control) is info, since \
            keeping a draft may be what the view wants. An `ObservableObject` kept in `@State` is a warning: \
            SwiftUI does not subscribe to its `objectWillChange`, so the view does not update when its \
            `@Published` properties change (take it as `@ObservedObject`). A `@State` or `@StateObject` that \
            keeps an `@Observable` object the caller passes in is info: the object's own changes still show, \
            but the view does not own it, and SwiftUI ignores a different instance passed later.

            A `@State` set from an input in `.onAppear` (`isLogging = defaults.bool(forKey: device.id)`) goes \
            stale the same way: `onAppear` runs once while the view keeps its identity. It is reported only \
            with a witness (a warning), and not when the view sets it again from that input.

            Keep `@State`/`@StateObject` for private state initialised where it is declared. A value owned \
            by the parent is a plain `let` (or `@Binding` to write back); an object passed in is a plain \
            `let` (Observation) or `@ObservedObject`. Building a `@StateObject` from a parameter is a \
            pattern Apple documents with the same caveat: changes to the parameter after the first render \
            are ignored.
            """,
        badExamples: [
            """
            struct CounterView: View {
                @State var count: Int // expect: state_injected_value
                var body: some View { Text("\\(count)") }
            }

            struct DetailView: View {
                @State private var model: Model
                init(model: Model) {
                    self.model = model // expect: state_injected_value
                }
                var body: some View { Text(model.title) }
            }
            """,
        ],
        goodExamples: [
            """
            struct CounterView: View {
                @State private var count = 0
                let model: Model
                @Binding var isOn: Bool
                var body: some View { Text("\\(count)") }
            }
            """,
        ],
        defaultSeverity: .warning,
        tags: ["swiftui", "state"],
        precision: "high",
        options: [requireCaller.declaration])

    public init() {}

    /// The views' construction sites (a value no caller can change is not reported), and the types of the
    /// callers' properties (a property of an observed object is a witness).
    /// Member uses too: a computed property of an @Observable model that reads only its `let`s is one value.
    public static let projectFacts: Set<ProjectFact> = [.constructionSites, .memberTypes, .observableMemberUses, .bindingCopies]

    /// Sites are needed only for views with `@State` / `@StateObject` properties.
    /// (A view can have a finding only when a wrapped property gets a value from outside: it declares an
    /// `init`, or has one without an initial value for the memberwise initializer.)
    public static func wantsConstructionSites(of type: TypeFacts, in index: ProjectIndex) -> Bool {
        guard type.isSwiftUIType else { return false }
        var hasState = false
        for (_, m) in type.members where m.kind == .storedVar && !m.isStatic && (m.attributes.contains(.state) || m.attributes.contains(.stateObject)) {
            if type.declaresInit || !m.hasInitializer { return true }
            hasState = true
        }
        // A `@State` the view may seed from an input in `.onAppear` (`onAppearSeeds`): a view built by its
        // memberwise initializer with an input the caller passes.
        return hasState && type.kind == .struct && !type.declaresInit && type.members.contains { StateInjectedValueRule.isInput($0.value) }
    }

    /// A plain stored property a caller passes through the memberwise initializer (`let item: Item`, `var
    /// title = ""`): no property wrapper, not static, and not a `let` with an initial value.
    static func isInput(_ m: MemberFacts) -> Bool {
        !m.isStatic && m.attributes.isEmpty && (m.kind == .storedLet && !m.hasInitializer || m.kind == .storedVar)
    }

    /// Whether a view no linted file constructs (a library's public view) is reported.
    public static let requireCaller = TypedOption<Bool>.bool(
        "require_caller", default: false,
        summary: "Report only views the linted files construct: a view with no call site in the project (a library's public view) is then not reported.")

    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool {
        file.touchesSwiftUIType(index)
    }

    static let wrappers: Set<String> = ["State", "StateObject"]

    public func check(_ context: RuleContext) {
        let tree = context.tree
        let requireCaller = context[Self.requireCaller]
        // Members by owner type, once: looking them up per type was quadratic in the types of a file
        // (50,000 small views in one file took 11 s).
        var variablesOf = [[Int]](repeating: [], count: tree.types.count)
        for (i, variable) in tree.variables.enumerated() where variable.ownerType >= 0 && Int(variable.ownerType) < tree.types.count {
            variablesOf[Int(variable.ownerType)].append(i)
        }
        var initializersOf = [[Int]](repeating: [], count: tree.types.count)
        for (i, function) in tree.functions.enumerated()
        where function.kind == .initializer && function.body >= 0 && function.ownerType >= 0 && Int(function.ownerType) < tree.types.count {
            initializersOf[Int(function.ownerType)].append(i)
        }
        for (typeIndex, decl) in tree.types.enumerated() {
            let (typeName, owner) = context.owner(Int32(typeIndex))
            // A view declared inside a PreviewProvider is preview scaffolding.
            guard let facts = owner, facts.isSwiftUIType, !tree.isPreviewScaffolding(Int32(typeIndex), includingItself: false) else { continue }
            let shortName = String(typeName.lastDottedPart)
            let view = ViewInputs(typeIndex: Int32(typeIndex), typeName: typeName, context: context)
            // (b) Memberwise injection: declared here, so reported at the declaration.
            if decl.kind == .struct && !facts.declaresInit {
                let storedNames = Set(variablesOf[typeIndex].map { tree.variables[$0] }.filter { $0.isStored && !$0.modifiers.contains(.static) }.map(\.name))
                for variable in variablesOf[typeIndex].lazy.map({ tree.variables[$0] }) {
                    guard let wrapper = StateInjectedValueRule.wrapper(of: variable.attributes.map(\.baseNameString)),
                          !variable.isComputed, variable.initializer < 0,
                          !variable.modifiers.contains(.private), !variable.modifiers.contains(.fileprivate),
                          !variable.modifiers.contains(.static) else { continue }
                    // An optional has an implicit `nil` default: the parent may pass a value, but need not. It
                    // is reported only when a call site passes one.
                    var optional = false
                    if let typeRange = variable.typeRange {
                        let typeText = tree.file.text(tree.range(ofTokens: typeRange.lowerBound, typeRange.upperBound))
                        optional = typeText.hasSuffix("?") || typeText.hasSuffix("!") || typeText.hasPrefix("Optional<")
                    }
                    let query = ArgumentQuery(label: variable.name, acceptedLabels: storedNames)
                    guard let stale = view.staleUses(property: variable.name, parameter: variable.name, query: query,
                                                     requireCaller: requireCaller || optional) else { continue }
                    // (A `@StateObject` is given an existing object only when every changing caller passes one.)
                    if wrapper == "State" || stale.passesExisting, let object = StateInjectedValueRule.objectType(of: variable, context: context) {
                        StateInjectedValueRule.reportSharedObject(
                            tree.tokens[Int(variable.keywordToken)].range, wrapper: wrapper, property: variable.name, object: object, view: shortName,
                            source: "the memberwise initializer's '\(variable.name)'", notes: stale.notes, context: context)
                        continue
                    }
                    let range = tree.tokens[Int(variable.keywordToken)].range
                    if wrapper == "State" && view.isWritten(variable.name) {
                        // An edit buffer: the view changes it, so a copy is what it wants; a re-seed may be missing.
                        context.report(range,
                            "'@State var \(variable.name)' in '\(shortName)' is an edit buffer the memberwise initializer seeds: new values from the parent are ignored",
                            help: "if the view should follow the parent, take '\(variable.name)' as '@Binding'; to keep a draft, make it private and seed it in .onChange(of:) or .task(id:) of an input",
                            notes: stale.notes, advisory: true)
                        continue
                    }
                    context.report(range,
                        wrapper == "State"
                            ? "'@State var \(variable.name)' in '\(shortName)' is set by the memberwise initializer and never changed by the view: SwiftUI keeps the first value"
                            : "'@StateObject var \(variable.name)' in '\(shortName)' is set by the memberwise initializer: SwiftUI keeps the first object",
                        help: wrapper == "State"
                            ? "make it a plain 'let' (or '@Binding' to write changes back), or make it 'private' with an initial value"
                            : "pass the object in as a plain 'let' (Observation) or '@ObservedObject', or create it privately: '@StateObject private var \(variable.name) = …'",
                        notes: stale.notes, advisory: !stale.witnessed)
                }
            }
            // (a) Assigned in an init from a parameter: the body's locals and assignments in source order,
            // without code in closures that run later.
            // What the view names outside its initializers (made once, when a `@State` seed needs it).
            var namesUsed: Set<String>?
            for functionIndex in initializersOf[typeIndex] {
                let function = tree.functions[functionIndex]
                let body = context.body(functionIndex)
                let delegation = ViewState.delegation(in: body, tree: tree)
                // Parameters, and locals computed from them (`let m = Model(id: id)`), carry outside values.
                var parameters = Set(function.parameters.map(\.name))
                var origin = [String: String](uniqueKeysWithValues: parameters.map { ($0, $0) })
                // Locals that build an object from a parameter (`let m = Model(id: id)`): the state gets a new
                // object, not the caller's.
                var builtLocals = Set<String>()
                // Locals that hold a copy of a binding parameter's value (`let v = binding.wrappedValue`).
                var bindingValueReaders = Set<String>()
                // One root cause, one finding: properties seeded the same way from one parameter are reported
                // once, at the first, with a note at each other (`flush()` after the init's assignments).
                var pending: [Pending] = []
                var locals = body.locals.lazy.filter { !$0.position.isDeferred }.makeIterator()
                var nextLocal = locals.next()
                for assignment in body.assignments where !assignment.position.isDeferred {
                    while let local = nextLocal, local.position.order < assignment.position.order {
                        if let used = StateInjectedValueRule.parameterUse(in: [local.initializer], parameters: parameters, tree: tree) {
                            let builds = StateInjectedValueRule.constructsObject([local.initializer], tree: tree)
                            let readsValue = bindingValueReaders.contains(used)
                                || StateInjectedValueRule.readsValue(of: used, in: [local.initializer], tree: tree)
                            for i in tree.boundVariables(of: local.node) {
                                parameters.insert(tree.variables[i].name)
                                origin[tree.variables[i].name] = origin[used] ?? used
                                if builds { builtLocals.insert(tree.variables[i].name) }
                                if readsValue { bindingValueReaders.insert(tree.variables[i].name) }
                            }
                        }
                        nextLocal = locals.next()
                    }
                    guard assignment.isPlain, let (target, _) = assignment.target, !assignment.targetIsLocal else { continue }
                    let property = target.hasPrefix("_") ? String(target.dropFirst()) : target
                    guard let member = facts.members[property], member.kind == .storedVar,
                          let wrapper = member.attributes.contains(.stateObject) ? "StateObject" : member.attributes.contains(.state) ? "State" : nil,
                          let used = StateInjectedValueRule.parameterUse(in: assignment.rhs, parameters: parameters, tree: tree)
                    else { continue }
                    // A plain write the setter drops is `state_write_in_init`'s: the value is never shown.
                    if !target.hasPrefix("_"), case .discarded = ViewState.initWrite(assignment, member: member, delegation: delegation) {
                        continue
                    }
                    let parameter = origin[used] ?? used
                    // A `@State` nothing reads after the init shows nothing: its stale copy loses nothing. (Only a
                    // `private` one of a view declared in this file: nothing in another file can read it.)
                    if wrapper == "State", member.isPrivate, decl.kind != .extension {
                        let parts = [typeIndex] + context.model.typeIndices(named: typeName).map(Int.init).filter { $0 != typeIndex }
                        let names = namesUsed ?? StateInjectedValueRule.namesUsed(in: parts, outside: initializersOf[typeIndex], tree: tree)
                        namesUsed = names
                        if !names.contains(property) && !names.contains("$" + property) && !names.contains("_" + property) { continue }
                    }
                    let query = ViewInputs.query(for: parameter, in: function, tree: tree)
                    guard let stale = view.staleUses(property: property, parameter: parameter, query: query, requireCaller: requireCaller) else { continue }
                    var changing = stale.notes
                    let range = tree.range(ofTokens: tree[assignment.node].firstToken, tree[assignment.node].lastToken)
                    // A `Binding` is its own witness when the state copies its value (`binding.wrappedValue`):
                    // the parent hands over write access because the value changes, and writes through the
                    // binding do not reach this copy. An object handed the binding itself
                    // (`Delegate(offset: binding)`, `Box(source: binding.map(…))`) reads and writes the
                    // parent's storage through it: no copy, no witness.
                    let bindingParameter = function.parameters.first { $0.name == parameter }.flatMap { p -> Parameter? in
                        guard let type = p.typeRange else { return nil }
                        let written = tree.file.text(tree.range(ofTokens: type.lowerBound, type.upperBound))
                        return written.hasPrefix("Binding<") || written.hasPrefix("SwiftUI.Binding<") ? p : nil
                    }
                    let copiesValue = bindingParameter != nil && (bindingValueReaders.contains(used)
                        || StateInjectedValueRule.readsValue(of: used, in: assignment.rhs, tree: tree)
                        || StateInjectedValueRule.objectCopiesBinding(used, in: assignment.rhs, context: context))
                    // (A view nothing in the app builds, previews and sample code aside, is not reached, unless others may build it: a public
                    // view of a library. Its binding is no witness then.)
                    let reached = stale.hasCaller || !decl.modifiers.isDisjoint(with: [.public, .open, .package])
                    let binding = copiesValue && reached ? bindingParameter : nil
                    // The binding handed on whole: whatever the parent does to its value, the state sees it.
                    let handsBindingOn = bindingParameter != nil && !copiesValue
                    if let binding, !stale.witnessed {
                        changing.insert(Note(range: tree.tokens[Int(binding.nameToken)].range,
                                             message: "'\(parameter)' is a Binding: the parent hands over write access because the value changes, and writes through it do not reach this copy"), at: 0)
                    }
                    if !reached {
                        changing.append(Note(range: tree.tokens[Int(decl.nameToken)].range,
                                             message: "nothing in the app builds '\(shortName)' (previews and sample code aside): no user reaches this view"))
                    }
                    let built = StateInjectedValueRule.constructsObject(assignment.rhs, tree: tree)
                        || builtLocals.contains(used) && StateInjectedValueRule.unwrappedValue(assignment.rhs, tree: tree).map {
                            tree[$0].kind == .identifier && tree.identifierText(tree[$0].token) == used
                        } == true
                    // Without a call site that passes a value the project shows changing, the finding is info.
                    let advisory = !stale.witnessed && binding == nil || handsBindingOn
                    if wrapper == "StateObject" && !built && stale.passesExisting, let value = StateInjectedValueRule.unwrappedValue(assignment.rhs, tree: tree),
                       tree[value].kind == .identifier,
                       let variable = variablesOf[typeIndex].lazy.map({ tree.variables[$0] }).first(where: { $0.name == property }),
                       let object = StateInjectedValueRule.objectType(of: variable, context: context) {
                        // `_model = StateObject(wrappedValue: model)`: the caller's object, kept.
                        StateInjectedValueRule.reportSharedObject(
                            range, wrapper: wrapper, property: property, object: object, view: shortName, source: "the init parameter '\(parameter)'",
                            notes: changing, context: context)
                    } else if wrapper == "StateObject" {
                        pending.append(Pending(kind: "built object", parameter: parameter, property: "@StateObject var \(property)", range: range,
                            message: "'@StateObject var \(property)' in '\(shortName)' is built from the init parameter '\(parameter)' once: later values of '\(parameter)' are ignored",
                            help: built
                                // (A new object made from the parameter: '@ObservedObject' would make one on every update.)
                                ? "if '\(parameter)' can change, give the view an .id(…) of it at the call site so SwiftUI builds a new object when it changes, or keep '\(parameter)' in a property and hand new values to the object from .onChange(of:)"
                                : "if '\(parameter)' can change, keep it in a property and react to it with .task(id:) or .onChange(of:), or give the view an .id(…) of it at the call site so SwiftUI re-creates the view (and its state) when it changes; if the parent owns the object, use '@ObservedObject'",
                            notes: changing, advisory: advisory))
                    } else if !built, let value = StateInjectedValueRule.unwrappedValue(assignment.rhs, tree: tree), tree[value].kind == .identifier,
                              let variable = variablesOf[typeIndex].lazy.map({ tree.variables[$0] }).first(where: { $0.name == property }),
                              let object = StateInjectedValueRule.objectType(of: variable, context: context) {
                        StateInjectedValueRule.reportSharedObject(
                            range, wrapper: wrapper, property: property, object: object, view: shortName, source: "the init parameter '\(parameter)'",
                            notes: changing, context: context)
                    } else if built {
                        pending.append(Pending(kind: "built state", parameter: parameter, property: "@State var \(property)", range: range,
                            message: "'@State var \(property)' in '\(shortName)' is built from the init parameter '\(parameter)' once: a new '\(parameter)' from the parent is ignored",
                            help: "give the view an .id(…) of '\(parameter)' at the call site so SwiftUI rebuilds it (and its state) for each value, or keep '\(parameter)' in a property and rebuild '\(property)' in .onChange(of:) on it; if '\(parameter)' never changes, say so by passing a constant",
                            notes: changing, advisory: advisory))
                    } else if !view.isWritten(property) {
                        pending.append(Pending(kind: "copy", parameter: parameter, property: "@State var \(property)", range: range,
                            message: "'@State var \(property)' in '\(shortName)' is a read-only copy of the init parameter '\(parameter)': SwiftUI keeps the first value",
                            help: "the view never changes it: make it a plain 'let' (or '@Binding' to write changes back)",
                            notes: changing, advisory: advisory))
                    } else {
                        // An edit buffer: the view changes its copy (a draft, a selection); a re-seed may be missing.
                        pending.append(Pending(kind: "buffer", parameter: parameter, property: "@State var \(property)", range: range,
                            message: "'@State var \(property)' in '\(shortName)' is an edit buffer seeded from the init parameter '\(parameter)': new values from the parent are ignored",
                            help: "if the view should follow the parent, take it as '@Binding'; to keep a draft, keep '\(parameter)' in a property too and re-seed '\(property)' in .onChange(of:) on that property",
                            notes: changing, advisory: true))
                    }
                }
                StateInjectedValueRule.flush(pending, context: context)
            }
        }
        StateInjectedValueRule.onAppearSeeds(context, requireCaller: requireCaller)
    }

    /// Containers whose content is there for as long as the view is: an `onAppear` inside runs when the
    /// view appears.
    static let alwaysPresentContainers: Set<String> = [
        "VStack", "HStack", "ZStack", "Group", "ScrollView", "NavigationStack", "NavigationView", "NavigationSplitView",
        "Form", "GeometryReader", "ViewThatFits", "ScrollViewReader",
    ]

    /// Whether the `onAppear` call is on the view itself or on content always there with it: not inside a
    /// branch (`if`, `switch`), a row (`ForEach`, `List`, a lazy stack) or a presented view (`sheet`, a
    /// navigation destination), whose `onAppear` runs when that part appears, not once per view identity.
    static func appearsWithTheView(_ call: Int32, tree: SyntaxTree) -> Bool {
        ViewState.runsWithItsMember(call, tree: tree, containers: alwaysPresentContainers, allowingBranches: false)
    }

    /// `.onAppear { isLogging = defaults.bool(forKey: simulator.udid) }`: a `@State` set from an input of the
    /// view when it appears. `onAppear` runs once while the view keeps its identity, so a new value of the
    /// input from the parent (the same view showing another simulator) is never shown. Reported only with a
    /// witness (a caller that passes a value the project shows changing while the view stays), unless the
    /// view re-seeds the state from that input (`onChange(of:)`, `task(id:)`, `onReceive`).
    static func onAppearSeeds(_ context: RuleContext, requireCaller: Bool) {
        let tree = context.tree
        var done = Set<String>()
        var judged = Set<String>()
        var inputsOf: [String: Set<String>] = [:]
        var asks: [String: Bool] = [:]
        var labelsOf: [String: Set<String>] = [:]
        for (i, function) in tree.functions.enumerated() where function.ownerType >= 0 && function.body >= 0 && function.kind != .initializer {
            let (typeName, owner) = context.owner(function.ownerType)
            guard let facts = owner, facts.kind == .struct, facts.isSwiftUIType, !facts.declaresInit else { continue }
            // (Asked once per view: a view of many members and many methods stays linear.)
            if asks[typeName] == nil { asks[typeName] = StateInjectedValueRule.wantsConstructionSites(of: facts, in: context.index) }
            guard asks[typeName] == true else { continue }
            let body = context.body(i)
            for closure in body.closures where closure.callee == "onAppear" && closure.call >= 0
                && StateInjectedValueRule.appearsWithTheView(closure.call, tree: tree) {
                let first = tree[closure.node].firstToken
                let last = tree[closure.node].lastToken
                for assignment in body.assignments where assignment.isPlain && !assignment.targetIsLocal {
                    let at = tree[assignment.node].firstToken
                    guard at > first, at < last, let (property, _) = assignment.target, let member = facts.members[property],
                          member.kind == .storedVar, member.attributes.contains(.state), !done.contains(typeName + "." + property) else { continue }
                    // (The inputs and the memberwise labels once per view: a view of many states stays linear.)
                    if labelsOf[typeName] == nil {
                        inputsOf[typeName] = Set(facts.members.filter { isInput($0.value) }.map(\.name))
                        labelsOf[typeName] = Set(facts.members.filter { m in
                            !m.value.isStatic && (m.value.kind == .storedVar || m.value.kind == .storedLet && !m.value.hasInitializer)
                        }.map(\.name))
                    }
                    // (Each state and input is judged once: the callers and re-seeds are the same for every write.)
                    guard let inputs = inputsOf[typeName], let labels = labelsOf[typeName],
                          let input = parameterUse(in: assignment.rhs, parameters: inputs, tree: tree),
                          judged.insert(typeName + "." + property + "|" + input).inserted else { continue }
                    let view = ViewInputs(typeIndex: function.ownerType, typeName: typeName, context: context)
                    let query = ArgumentQuery(label: input, acceptedLabels: labels)
                    guard let stale = view.staleUses(property: property, parameter: input, query: query, requireCaller: true),
                          stale.witnessed else { continue }
                    done.insert(typeName + "." + property)
                    let shortName = String(typeName.lastDottedPart)
                    context.report(
                        tree.range(ofTokens: tree[assignment.node].firstToken, tree[assignment.node].lastToken),
                        "'@State var \(property)' in '\(shortName)' is set from '\(input)' in .onAppear, which runs once per view identity: a new '\(input)' is not shown",
                        help: "set it again when '\(input)' changes: move the code into .task(id:) of '\(input)' (or an identifier of it), or add .onChange(of:) on it; or give the view an .id(…) of '\(input)' at the call site",
                        notes: stale.notes)
                }
            }
        }
    }

    /// A finding of an init's seed, held until the init's other seeds are known.
    struct Pending {
        var kind: String
        var parameter: String
        var property: String
        var range: Range<Int>
        var message: String
        var help: String
        var notes: [Note]
        var advisory: Bool
    }

    /// Reports an init's seeds: those of one kind from one parameter as one finding, at the first, with a
    /// note at each other (a warning when any of them is one).
    static func flush(_ pending: [Pending], context: RuleContext) {
        var done = Set<Int>()
        for (k, first) in pending.enumerated() where !done.contains(k) {
            var notes = first.notes
            var advisory = first.advisory
            for j in pending.indices where j > k && !done.contains(j) && pending[j].kind == first.kind && pending[j].parameter == first.parameter {
                done.insert(j)
                advisory = advisory && pending[j].advisory
                notes.append(Note(range: pending[j].range, message: "'\(pending[j].property)' is seeded from '\(first.parameter)' the same way here"))
            }
            context.report(first.range, first.message, help: first.help, notes: notes, advisory: advisory)
        }
    }

    /// The class a `@State` property holds, when its declared type (optional or not) is a class or actor
    /// the project declares: the state then keeps a reference to an object someone else made.
    static func objectType(of variable: VariableDecl, context: RuleContext) -> String? {
        let tree = context.tree
        guard let typeRange = variable.typeRange else { return nil }
        // `Store<State, Action>?`: the generic class's name.
        let written = Substring(tree.file.text(tree.range(ofTokens: typeRange.lowerBound, typeRange.upperBound))).baseTypeName
        guard let facts = context.index.facts(for: String(written)), facts.kind == .class || facts.kind == .actor else { return nil }
        return String(written)
    }

    /// A `@State` or `@StateObject` property that keeps an object the caller passes: not a stale copy (the
    /// object is shared, its changes show), but the view does not own it, and a different instance passed
    /// later is ignored. Reported at info.
    static func reportSharedObject(_ range: Range<Int>, wrapper: String, property: String, object: String, view: String, source: String,
                                   notes: [Note], context: RuleContext) {
        // An ObservableObject in `@State`: SwiftUI does not subscribe to its `objectWillChange`, so the view
        // does not update when the object's `@Published` properties change. The conformance is the witness.
        // (Not when it is observed through a registrar as well: `@Observable`, or a conformance to
        // `Observable` / `Perceptible`, as a TCA `Store` has.)
        if wrapper == "State", let facts = context.index.facts(for: object),
           facts.traits.contains(.observableObject), !facts.isObservable, !facts.traits.contains(.observationTracked) {
            context.report(range,
                "'@State var \(property)' in '\(view)' keeps the ObservableObject '\(object)' passed in: @State does not observe it, so its changes do not update the view",
                help: "it comes from \(source): take it as '@ObservedObject var \(property)' (the parent owns it), or make '\(object)' @Observable",
                notes: notes)
            return
        }
        context.report(range,
            "'@\(wrapper) var \(property)' in '\(view)' keeps the first '\(object)' object passed in: a later instance is ignored",
            help: "it comes from \(source); " + (wrapper == "StateObject"
                ? "the parent owns the object: take it as '@ObservedObject var \(property)' (or a plain 'let' for an @Observable class)"
                : "hold it as a plain 'let' (an @Observable object still updates the view), '@Bindable' to bind to its properties, or '@ObservedObject' for an ObservableObject"),
            notes: notes, advisory: true)
    }

    /// Whether the value assigned is built by a construction (`Model(id: id)`, also inside
    /// `State(initialValue: …)` / `StateObject(wrappedValue: …)`).
    static func constructsObject(_ rhs: [Int32], tree: SyntaxTree) -> Bool {
        guard let value = unwrappedValue(rhs, tree: tree), tree[value].kind == .call else { return false }
        // `Model(…)`, or `.init(…)` of the property's type (`_model = .init(initialValue: .init(id: id))`).
        // A conversion to a plain value (`Int(ticks / 60)`, `String(id)`, `Array(items)`) is a copy, not a
        // model built from the input.
        if let type = tree.constructedType(value) {
            return !FileSummary.plainValueTypes.contains(type) && !["Array", "Set", "Dictionary", "Optional"].contains(type)
        }
        return isImplicitInit(value, tree: tree)
    }

    /// The value inside the wrapper: `p` in `State(initialValue: p)`, `.init(wrappedValue: p)` or plain `p`.
    static func unwrappedValue(_ rhs: [Int32], tree: SyntaxTree, wrappers: Set<String> = ["State", "StateObject"]) -> Int32? {
        guard rhs.count == 1 else { return nil }
        let value = tree.unwrapExpression(rhs[0])
        guard value >= 0 else { return nil }
        guard tree[value].kind == .call,
              wrappers.contains(tree.constructedType(value) ?? "") || isImplicitInit(value, tree: tree) else { return value }
        guard let argument = tree.children(of: value).first(where: { tree[$0].kind == .argument }) else { return nil }
        let inner = tree.unwrapExpression(tree[argument].firstChild)
        return inner >= 0 ? inner : nil
    }

    /// `.init(…)` with the type left to the context.
    static func isImplicitInit(_ call: Int32, tree: SyntaxTree) -> Bool {
        let callee = tree.callee(of: call)
        return callee >= 0 && tree[callee].kind == .implicitMember && tree[callee].token >= 0 && tree.text(tree[callee].token) == "init"
    }

    static func wrapper(of attributes: [String]) -> String? {
        if attributes.contains("StateObject") { return "StateObject" }
        if attributes.contains("State") { return "State" }
        return nil
    }

    /// The identifiers the type's declaration and its extensions in the file (`parts`) use outside the given
    /// functions (the view's initializers), declared names (`var x`) left out: a `@State` none of them
    /// names (`x`, `$x`, `_x`) is never shown. (Nested types and other words count as uses: only a
    /// property nothing names is spared.)
    static func namesUsed(in parts: [Int], outside functions: [Int], tree: SyntaxTree) -> Set<String> {
        let skipped = functions.map { tree[tree.functions[$0].node].firstToken...tree[tree.functions[$0].node].lastToken }
        var names = Set<String>()
        for other in parts.map({ tree.types[$0] }) where other.openBrace >= 0 && other.closeBrace > other.openBrace {
            var t = other.openBrace
            while t <= other.closeBrace {
                if let range = skipped.first(where: { $0.contains(t) }) { t = range.upperBound + 1; continue }
                if tree.tokens[Int(t)].kind == .identifier,
                   !(t > 0 && tree.tokens[Int(t) - 1].kind == .keyword && ["var", "let"].contains(tree.text(t - 1))) {
                    names.insert(tree.text(t))
                }
                t += 1
            }
        }
        return names
    }

    /// Whether the seed builds an object whose initializer copies the value of the binding `name` it is
    /// handed (`Box(source: name)` with `init(source:) { value = source.wrappedValue }`, in any file:
    /// `BindingCopiesFact`).
    static func objectCopiesBinding(_ name: String, in rhs: [Int32], context: RuleContext) -> Bool {
        let tree = context.tree
        guard let value = unwrappedValue(rhs, tree: tree), tree[value].kind == .call, let type = tree.constructedType(value),
              let resolved = context.index.resolvedName(of: type),
              let labels = context.index.value(of: BindingCopiesFact.self, at: resolved) else { return false }
        return tree.children(of: value).contains { argument in
            // (An argument without a label is the parameter declared `_ name`.)
            guard tree[argument].kind == .argument,
                  labels.contains(tree[argument].token >= 0 ? tree.text(tree[argument].token) : "_") else { return false }
            return tree.firstNode(in: argument) { tree[$0].kind == .identifier && tree.identifierText(tree[$0].token) == name } != nil
        }
    }

    /// Whether the expressions read the value of `name` (`name.wrappedValue`, `name?.wrappedValue`,
    /// `name!.wrappedValue`), not only hand `name` on.
    static func readsValue(of name: String, in expressions: [Int32], tree: SyntaxTree) -> Bool {
        var found = false
        for element in expressions {
            tree.walk(element) { node in
                guard !found else { return false }
                let n = tree[node]
                guard n.kind == .identifier, n.token >= 0, tree.identifierText(n.token) == name else { return true }
                if tree.readsWrappedValue(afterIdentifier: Int(n.token)) { found = true }
                return true
            }
        }
        return found
    }

    /// The first init parameter the right-hand side uses, if any.
    static func parameterUse(in rhs: [Int32], parameters: Set<String>, tree: SyntaxTree) -> String? {
        var found: String?
        for element in rhs {
            tree.walk(element) { node in
                guard found == nil else { return false }
                let n = tree[node]
                if n.kind == .closure { return true }
                if n.kind == .identifier, parameters.contains(tree.identifierText(n.token)) {
                    found = tree.identifierText(n.token)
                }
                return true
            }
        }
        return found
    }
}
