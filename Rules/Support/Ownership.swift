import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// What the ownership rules (`observed_object_owned`, `view_owned_reference`, `state_eager_object_init`)
/// share: which types are views, which expressions build a new object, which classes are models with
/// state, and the initial values a view gives its stored properties (at the declaration or in `init`).
enum Ownership {
    /// A view or view modifier: a struct SwiftUI re-creates on every update of its parent. (An `App` or a
    /// `Scene` value is made once.)
    static func isView(_ facts: TypeFacts?) -> Bool {
        guard let facts, facts.kind == .struct || facts.kind == nil else { return false }
        return facts.traits.contains(.view) || facts.traits.contains(.viewModifier)
    }

    /// A call that makes a new object: `T(…)`, `T.init(…)`, `Outer.T(…)`, `T<U>(…)`, or `.init(…)` whose type
    /// `annotated` names (the property's type annotation), after `try` / `await` / parentheses. The
    /// constructed type as written and the call node; nil for anything else (`T.shared`, a parameter,
    /// `T.make()`, `x ?? T()`).
    static func construction(_ expression: Int32, tree: SyntaxTree, annotated: String? = nil) -> (type: String, call: Int32)? {
        guard expression >= 0 else { return nil }
        let value = tree.unwrapExpression(expression)
        guard value >= 0, tree[value].kind == .call else { return nil }
        if let type = tree.constructedType(value) { return (type, value) }
        let callee = tree.callee(of: value)
        guard callee >= 0 else { return nil }
        // `.init(…)` assigned in `init` (`self.vm = .init()`): the property's annotation names the type.
        if tree[callee].kind == .implicitMember, tree[callee].token >= 0, tree.text(tree[callee].token) == "init",
           let annotated, annotated.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) {
            return (annotated, value)
        }
        // `Model<Item>()`: the generic type's name.
        let text = tree.text(of: callee)
        if let open = text.firstIndex(of: "<"), text.last == ">" {
            let base = String(text[..<open])
            if let first = base.split(separator: ".").last?.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z"),
               base.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) {
                return (base, value)
            }
        }
        return nil
    }

    /// The project's facts for a type named in a view (`written`), trying the view's nested type first.
    static func facts(of written: String, in owner: String, index: ProjectIndex) -> TypeFacts? {
        index.type(named: owner + "." + written) ?? index.facts(for: written)
    }

    /// Why a type is a model whose state a view would lose by rebuilding it, or nil when it has none. A
    /// class (or actor) the project declares has state when it has
    /// - a tracked stored `var` (an `@Observable` class) or a `@Published` one (an `ObservableObject`);
    /// - another stored `var`, unless it holds a handle (a subscription, a task, a timer, an observer
    ///   token: bookkeeping, not state), an object of a project class that has no state itself
    ///   (`var style = ThemedStyle()` of a class with only computed properties), or a project struct
    ///   without stored properties (one value);
    /// - a `let` it creates itself (an initial value) holding an object that has state. A `let` set from
    ///   an `init` parameter is injected: the object lives elsewhere.
    /// Framework types, value types and classes with none of these (formatters, configuration boxes of
    /// constants, an `ObservableObject` that only forwards another object's changes) have none.
    static func statefulReason(_ facts: TypeFacts, index: ProjectIndex, depth: Int = 0) -> String? {
        guard facts.kind == .class || facts.kind == .actor, depth < 4 else { return nil }
        let kind = facts.isObservable ? "an @Observable class" : facts.traits.contains(.observableObject) ? "an ObservableObject"
            : facts.kind == .actor ? "an actor" : "a class"
        // Members in name order: the reason named is the same in every run.
        // (A published property that only mirrors another object's value, `ForwardedStateFact`, is no state of
        // its own: a new object shows the same value at once.)
        var mirrored: [String]?
        for (name, member) in facts.members where member.kind == .storedVar && !member.isStatic {
            if facts.isObservable && !member.attributes.contains(.observationIgnored) && !isHandle(facts.memberTypes[name]) {
                return "\(kind) with tracked state ('var \(name)')"
            }
            if member.attributes.contains(.published) {
                if mirrored == nil { mirrored = index.value(of: ForwardedStateFact.self, at: facts.name) ?? [] }
                if mirrored!.contains(name) { continue }
                return "\(kind) with @Published state ('\(name)')"
            }
        }
        for (name, member) in facts.members where member.kind == .storedVar && !member.isStatic {
            if mirrored?.contains(name) == true { continue }
            let written = facts.memberTypes[name]
            if isHandle(written) { continue }
            if let written, let held = Ownership.facts(of: baseTypeName(written), in: facts.name, index: index) {
                if held.kind == .class || held.kind == .actor {
                    if held.name != facts.name, statefulReason(held, index: index, depth: depth + 1) != nil {
                        return "\(kind) that holds a stateful '\(shortName(held.name))' ('var \(name)')"
                    }
                    continue
                }
                // A struct without stored properties has one value: the `var` is a constant.
                if held.kind == .struct && !held.hasStoredProperties { continue }
            }
            return "\(kind) with mutable state ('var \(name)')"
        }
        for (name, member) in facts.members where member.kind == .storedLet && !member.isStatic && member.hasInitializer {
            guard let written = facts.memberTypes[name],
                  let held = Ownership.facts(of: baseTypeName(written), in: facts.name, index: index),
                  held.name != facts.name, statefulReason(held, index: index, depth: depth + 1) != nil else { continue }
            return "\(kind) that holds a stateful '\(shortName(held.name))' ('let \(name)')"
        }
        return nil
    }

    /// A handle type: bookkeeping an object keeps, not state a view shows (`HandleKind`), or `AnyObject`
    /// (an observer token as `addObserver(forName:…)` returns it, kept untyped).
    static func isHandle(_ written: String?) -> Bool {
        guard let written else { return false }
        return HandleKind.of(written: written) != nil || baseTypeName(written).filter { !$0.isWhitespace } == "AnyObject"
    }

    /// Whether the view configures the object through its own modifier-style methods (`func tint(_ c:
    /// Color) -> Self { box.color = c; return self }`): the property is a configuration box the view's
    /// methods fill, not a model it owns — and `@State` would keep the first configuration.
    /// The methods the view calls on the object in property `variable`, when that is all it does with it: a
    /// service (an API client, a logger) whose state the view never reads, so a new one each update loses
    /// nothing the view shows. Nil when the view reads one of its properties, passes the object on (an
    /// argument, `$model`, `.environmentObject(model)`), or calls one of its methods while the body is
    /// evaluated (the method may read the state the view shows); calls in actions and in the view's other
    /// methods count. A view that calls two methods (`open` and `close`, `start` and `stop`) counts on one
    /// instance between them: not a service.
    static func serviceCalls(_ variable: VariableDecl, model: TypeFacts, in context: RuleContext) -> [String]? {
        let tree = context.tree
        var called: [String] = []
        for i in context.model.functions(ofType: variable.ownerType) {
            let function = tree.functions[i]
            guard function.body >= 0, tree.names([Array(variable.name.utf8)], in: function.body) else { continue }
            let body = context.body(i)
            let inBody = function.kind != .function
            for reference in body.references where reference.name == variable.name && !reference.isLocal {
                let parent = tree[reference.node].parent
                guard parent >= 0, tree[parent].kind == .memberAccess, tree[parent].firstChild == reference.node, tree[parent].token >= 0,
                      tree.accessKind(of: parent) == .call else { return nil }
                let method = tree.identifierText(tree[parent].token)
                if let member = model.members[method], member.kind != .method { return nil }
                if inBody && !body.isInClosure(reference.position, where: { $0.role?.isAction == true }) { return nil }
                if !called.contains(method) { called.append(method) }
                if called.count > 1 { return nil }
            }
        }
        return called
    }

    /// The child views the property is only handed to, each into a `@State` or `@StateObject` of its own
    /// (`Row(viewModel: previewModel)` where `Row` has `@State var viewModel`): the child keeps the first
    /// object it gets and ignores every later one, so a new one per view value loses nothing the user sees.
    /// Nil when the view uses it in any other way.
    static func keptByChildren(_ variable: VariableDecl, in context: RuleContext) -> [String]? {
        let tree = context.tree
        var children: [String] = []
        for i in context.model.functions(ofType: variable.ownerType) {
            let function = tree.functions[i]
            guard function.body >= 0, tree.names([Array(variable.name.utf8)], in: function.body) else { continue }
            for reference in context.body(i).references where reference.name == variable.name && !reference.isLocal {
                // (The argument's expression is the name alone, past any wrapper node: `Row(viewModel: model)`.)
                var argument = tree[reference.node].parent
                if argument >= 0, tree[argument].kind != .argument { argument = tree[argument].parent }
                guard argument >= 0, tree[argument].kind == .argument, tree[argument].token >= 0,
                      tree.unwrapExpression(argument) == reference.node else { return nil }
                let call = tree[argument].parent
                guard call >= 0, tree[call].kind == .call else { return nil }
                let callee = tree.text(of: tree.callee(of: call)).filter { !$0.isWhitespace }
                guard let child = context.index.facts(for: callee), child.isSwiftUIType,
                      let member = child.members[tree.identifierText(tree[argument].token)], member.kind == .storedVar,
                      member.attributes.contains(.state) || member.attributes.contains(.stateObject) else { return nil }
                let name = shortName(child.name)
                if !children.contains(name) { children.append(name) }
            }
        }
        return children.isEmpty ? nil : children
    }

    /// Whether the view reaches the property only through closures that capture it weakly
    /// (`[weak itemRef] in itemRef?.value = nil`), outside its initializers: it keeps nothing in the object,
    /// so a new one per view value loses nothing (a box handed to work that may outlive the view).
    static func isOnlyWeaklyCaptured(_ variable: VariableDecl, in context: RuleContext) -> Bool {
        let tree = context.tree
        var captured = false
        for i in context.model.functions(ofType: variable.ownerType) where tree.functions[i].kind != .initializer {
            let function = tree.functions[i]
            guard function.body >= 0, tree.names([Array(variable.name.utf8)], in: function.body) else { continue }
            for reference in context.body(i).references where reference.name == variable.name {
                var closure = tree.ancestor(of: reference.node, kind: .closure)
                var weak = false
                while let current = closure, !weak {
                    weak = tree.capturesWeakly(variable.name, in: current)
                    closure = tree.ancestor(of: current, kind: .closure)
                }
                guard weak else { return false }
                captured = true
            }
        }
        return captured
    }

    static func isConfiguredByMethods(_ variable: VariableDecl, in context: RuleContext) -> Bool {
        let tree = context.tree
        for i in context.model.functions(ofType: variable.ownerType) {
            let function = tree.functions[i]
            guard function.kind == .function, function.body >= 0, function.name != "body" else { continue }
            if context.body(i).assignments.contains(where: { !$0.rootIsLocal && $0.root?.name == variable.name && $0.target?.name != variable.name }) {
                return true
            }
        }
        return false
    }

    /// How the project builds a view, previews aside: never (no call site in the project), only once per
    /// call (every site is a hosting controller's root, in an action, a class's code or a static factory),
    /// or again with each update of a parent (the first such site: the witness that what the view builds
    /// for itself is made again).
    enum Rebuilding {
        case noSite
        case onlyOnce
        case rebuilt(ConstructionSite)
    }

    /// With `omitting`, only the sites that leave that argument out count.
    static func rebuilding(of view: String, index: ProjectIndex, omitting label: String? = nil) -> Rebuilding {
        var any = false
        var rebuilt: ConstructionSite?
        index.forEachConstructionSite(of: view) { site in
            guard !site.isInPreview, label.map({ !site.labels.contains($0) }) ?? true else { return true }
            any = true
            guard !site.isHostingRoot, index.isRebuiltWithParent(site) else { return true }
            rebuilt = site
            return false
        }
        if let rebuilt { return .rebuilt(rebuilt) }
        return any ? .onlyOnce : .noSite
    }

    /// The note that names the witness of a rebuilt view: the site and its caller.
    static func rebuiltNote(_ site: ConstructionSite, view: String, made type: String, omitting label: String? = nil) -> Note {
        let caller = site.enclosingType.map { "'\($0).\(site.enclosingMember ?? "")'" } ?? "this code"
        let without = label.map { " without '\($0):'" } ?? ""
        return Note(range: site.range, message: "\(caller) builds '\(view)'\(without) again each time it updates, and each time a new '\(type)' is made",
                    path: site.path)
    }

    /// Whether the type is declared inside a preview (a type conforming to `PreviewProvider`): preview
    /// scaffolding is made once per preview.
    static func isInPreview(_ type: Int32, tree: SyntaxTree) -> Bool {
        tree.isPreviewScaffolding(type, includingItself: false)
    }

    /// `Store` for `Store?`, `Store!`.
    static func baseTypeName(_ written: String) -> String {
        var base = Substring(written)
        base = base.withoutOptionalMarks
        return String(base)
    }

    /// A property's type annotation as written, if any.
    static func annotation(_ variable: VariableDecl, tree: SyntaxTree) -> String? {
        guard let range = variable.typeRange else { return nil }
        return tree.file.text(tree.range(ofTokens: range.lowerBound, range.upperBound))
    }

    /// The last component of a qualified name.
    static func shortName(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }

    /// Attributes that are not property wrappers: a property with only these is plain storage.
    static let plainAttributes: Set<Substring> = [
        "available", "MainActor", "objc", "nonobjc", "preconcurrency", "usableFromInline", "inlinable", "exclusivity",
        "_spi", "backDeployed", "unchecked", "nonisolated",
    ]

    /// Whether a stored property has no property wrapper.
    static func isPlain(_ variable: VariableDecl) -> Bool {
        variable.attributes.allSatisfy { plainAttributes.contains($0.baseName) }
    }

    /// The property wrapper of a stored property, by base name (`State`, `ObservedObject`), if any.
    static func wrapper(of variable: VariableDecl) -> Attribute? {
        variable.attributes.first { !plainAttributes.contains($0.baseName) }
    }

    /// An initial value a view gives one of its stored properties.
    struct InitialValue {
        /// The property.
        let variable: VariableDecl
        /// The expression.
        let expression: Int32
        /// Where it is: the declaration (`var x = …`), or an assignment in an initializer (its node).
        let assignment: Int32?
        /// The assignment wrote the wrapper's storage (`_x = State(initialValue: …)`): `expression` is
        /// the wrapped value.
        let throughStorage: Bool
    }

    /// The initial values of the stored instance properties of the view types in this file: each
    /// declaration's initializer, and each plain assignment in an initializer of the view (`self.x = …`,
    /// `x = …`, `_x = Wrapper(initialValue: …)` / `Wrapper(wrappedValue: …)`), with the view's name.
    static func initialValues(in context: RuleContext) -> [(view: String, value: InitialValue)] {
        let tree = context.tree
        var found: [(String, InitialValue)] = []
        var views: [Int32: (name: String, isView: Bool)] = [:]
        func view(_ type: Int32) -> String? {
            if let known = views[type] { return known.isView ? known.name : nil }
            let (name, facts) = context.owner(type)
            let isView = Ownership.isView(facts) && !isInPreview(type, tree: tree)
            views[type] = (name, isView)
            return isView ? name : nil
        }
        var byOwner: [String: [String: VariableDecl]] = [:]
        for variable in tree.variables where variable.ownerType >= 0 && variable.isStored
            && !variable.modifiers.contains(.static) && !variable.modifiers.contains(.class) {
            guard let name = view(variable.ownerType) else { continue }
            byOwner[name, default: [:]][variable.name] = variable
            if variable.initializer >= 0 {
                found.append((name, InitialValue(variable: variable, expression: variable.initializer, assignment: nil, throughStorage: false)))
            }
        }
        for (i, function) in tree.functions.enumerated() where function.kind == .initializer && function.ownerType >= 0 && function.body >= 0 {
            guard let name = view(function.ownerType), let properties = byOwner[name] else { continue }
            for assignment in context.body(i).assignments where assignment.isPlain && !assignment.targetIsLocal {
                guard let (target, _) = assignment.target, assignment.rhs.count == 1 else { continue }
                if let variable = properties[target] {
                    found.append((name, InitialValue(variable: variable, expression: assignment.rhs[0], assignment: assignment.node, throughStorage: false)))
                } else if target.hasPrefix("_"), let variable = properties[String(target.dropFirst())],
                          let wrapped = wrappedValue(assignment.rhs[0], tree: tree) {
                    found.append((name, InitialValue(variable: variable, expression: wrapped, assignment: assignment.node, throughStorage: true)))
                }
            }
        }
        return found
    }

    /// Properties an initializer sets from a parameter whose default value builds an object (`init(model:
    /// Model = Model()) { self.model = model }`, `_model = ObservedObject(wrappedValue: model)`): each caller
    /// that leaves the argument out gets a new object. The default's expression, and the argument's label.
    static func defaultArguments(in context: RuleContext) -> [(view: String, value: InitialValue, label: String)] {
        let tree = context.tree
        var found: [(String, InitialValue, String)] = []
        for (i, function) in tree.functions.enumerated() where function.kind == .initializer && function.ownerType >= 0 && function.body >= 0 {
            let (name, facts) = context.owner(function.ownerType)
            guard Ownership.isView(facts), !isInPreview(function.ownerType, tree: tree) else { continue }
            // Parameters with a default value, by name: the default's expression and the label.
            var defaults: [String: (expression: Int32, label: String)] = [:]
            for child in tree.children(of: function.node) where tree[child].kind == .parameter && tree[child].token >= 0 {
                guard let parameter = function.parameters.first(where: { $0.nameToken == tree[child].token }),
                      parameter.label != "_", tree[child].firstChild >= 0 else { continue }
                defaults[parameter.name] = (tree[child].firstChild, parameter.label ?? parameter.name)
            }
            guard !defaults.isEmpty else { continue }
            var properties: [String: VariableDecl] = [:]
            for variable in context.model.memberVariables(ofTypeNamed: name).map({ tree.variables[$0] })
            where variable.isStored && !variable.modifiers.contains(.static) {
                properties[variable.name] = variable
            }
            for assignment in context.body(i).assignments where assignment.isPlain && !assignment.targetIsLocal {
                guard let (target, _) = assignment.target, assignment.rhs.count == 1 else { continue }
                let storage = target.hasPrefix("_")
                guard let variable = properties[storage ? String(target.dropFirst()) : target] else { continue }
                var value = assignment.rhs[0]
                if storage { guard let wrapped = wrappedValue(value, tree: tree) else { continue }; value = wrapped }
                value = tree.unwrapExpression(value)
                guard value >= 0, tree[value].kind == .identifier, let (expression, label) = defaults[tree.identifierText(tree[value].token)]
                else { continue }
                found.append((name, InitialValue(variable: variable, expression: expression, assignment: assignment.node, throughStorage: storage), label))
            }
        }
        return found
    }

    /// `State(initialValue: x)`, `StateObject(wrappedValue: x)`, `ObservedObject(wrappedValue: x)`: `x`.
    static func wrappedValue(_ expression: Int32, tree: SyntaxTree) -> Int32? {
        let value = tree.unwrapExpression(expression)
        guard value >= 0, tree[value].kind == .call else { return nil }
        for argument in tree.children(of: value) where tree[argument].kind == .argument && tree[argument].token >= 0 {
            let label = tree.text(tree[argument].token)
            if label == "initialValue" || label == "wrappedValue" { return tree[argument].firstChild }
        }
        return nil
    }

    /// The callee of a construction, to report at (`Model` in `Model(id: 1)`, `.init`).
    static func calleeRange(_ call: Int32, tree: SyntaxTree) -> Range<Int> {
        let callee = tree.callee(of: call)
        return tree.byteRange(of: callee >= 0 ? callee : call)
    }
}
