import StatelintSyntax

/// How one construction site passes one argument of a view's initializer.
public enum ArgumentPassing: Sendable, Equatable {
    /// The site does not pass it (a default value, or another initializer).
    case notPassed
    /// A literal or a constant (an enum case, a static member written with its type), or a value fixed
    /// for the caller's identity.
    case constant
    /// Passed where the view gets a fresh identity for each value: presented (sheet, fullScreenCover,
    /// popover, navigation destination), a `ForEach` keyed by the whole value, `.id(…)` naming the value,
    /// or the root of a new hosting controller.
    case freshIdentity
    /// Built where no update of a parent reaches: in an action or lifecycle closure, in code of a class
    /// (a view model, a coordinator, a UIKit controller), in a static factory, or in a member that does
    /// not make views. The view is built once per call, with the value of that moment.
    case builtOnce
    /// Built in code a parent's update runs again (a `body`, a view builder it calls), so a new value can
    /// reach the view while it keeps its identity. `witness` says, in words, what the project shows
    /// changing ("its @State 'server'"); nil when the project shows no value that changes.
    case changing(witness: String?)

    /// Whether the site may pass a new value while the view keeps its identity.
    public var isChanging: Bool {
        if case .changing = self { return true }
        return false
    }

    /// What the project shows changing, for a changing site.
    public var witness: String? {
        if case .changing(let witness) = self { return witness }
        return nil
    }
}

/// A construction site and how it passes the argument asked about.
public struct CallerUse: Sendable {
    public var site: ConstructionSite
    public var passing: ArgumentPassing
    /// The argument as passed, when it is passed.
    public var argument: ArgumentKind?
}

/// Which argument of an initializer to look for at construction sites.
public struct ArgumentQuery: Sendable {
    /// The argument label (`_` for an unlabelled parameter).
    public var label: String
    /// For an unlabelled parameter, its position among the unlabelled parameters.
    public var unlabeledPosition: Int
    /// The labels the initializer accepts (`_` included when it has unlabelled parameters): a site that
    /// uses another label calls another initializer.
    public var acceptedLabels: Set<String>
    /// The labels a call of this initializer must use (its parameters without a default value): a site
    /// without one of them calls another initializer.
    public var requiredLabels: Set<String>
    /// Any site may call it (a view's input followed through its callers, whose initializer is not known).
    public var acceptsAnyLabels = false

    public init(label: String, unlabeledPosition: Int = 0, acceptedLabels: Set<String>, requiredLabels: Set<String> = []) {
        self.label = label
        self.unlabeledPosition = unlabeledPosition
        self.acceptedLabels = acceptedLabels
        self.requiredLabels = requiredLabels
    }

    /// The argument labelled `label` at any site.
    static func anySite(label: String) -> ArgumentQuery {
        var query = ArgumentQuery(label: label, acceptedLabels: [])
        query.acceptsAnyLabels = true
        return query
    }
}

extension ProjectIndex {
    /// How every construction site of `type` that can call the initializer `query` describes passes the
    /// argument `query` names (sites of other initializers are left out).
    public func callers(of type: String, passing query: ArgumentQuery) -> [CallerUse] {
        var uses: [CallerUse] = []
        forEachCaller(of: type, passing: query) { uses.append($0); return true }
        return uses
    }

    /// Calls `body` with each caller use, in site order, until it returns false.
    public func forEachCaller(of type: String, passing query: ArgumentQuery, _ body: (CallerUse) -> Bool) {
        forEachCaller(of: type, passing: query, depth: ProjectIndex.witnessDepth, body)
    }

    /// How many views up a witness is followed: a view's input that its parent passes from its own input.
    static let witnessDepth = 3

    func forEachCaller(of type: String, passing query: ArgumentQuery, depth: Int, _ body: (CallerUse) -> Bool) {
        // Sites of one caller that pass the same member have the same witness: found once (a parent that
        // builds a view a thousand times asks its own callers once, not a thousand times).
        var witnesses: [String: String?] = [:]
        forEachConstructionSite(of: type) { site in
            // Trailing closures are unlabelled in the site; a site that names a label this initializer
            // does not have, or lacks one it requires, calls another one.
            if !query.acceptsAnyLabels {
                guard site.labels.allSatisfy({ query.acceptedLabels.contains($0) || $0 == "_" }),
                      query.requiredLabels.allSatisfy(site.labels.contains) else { return true }
            }
            var found: ArgumentKind?
            if query.label == "_" {
                var seen = 0
                for (label, argument) in zip(site.labels, site.arguments) where label == "_" {
                    if seen == query.unlabeledPosition { found = argument; break }
                    seen += 1
                }
            } else if let k = site.labels.firstIndex(of: query.label) {
                found = site.arguments[k]
            }
            let use = found.map { CallerUse(site: site, passing: passing($0, at: site, depth: depth, witnesses: &witnesses), argument: $0) }
                ?? CallerUse(site: site, passing: .notPassed, argument: nil)
            return body(use)
        }
    }

    /// Whether a construction site runs again when a parent of the view it builds updates: it is not in an
    /// action, lifecycle or escaping closure, and its member is view code. In a SwiftUI type that is a
    /// member that makes views (`body`, a builder), `init` (the parent's body builds the view) or a stored
    /// property's initial value (made with each new value of the view); in a struct, enum or protocol
    /// extension a non-static member that makes views (a route's `var view: some View`); never in a class
    /// or actor (a view model, a coordinator, a UIKit controller builds a view when its code runs) or in a
    /// static factory that does not make views.
    public func isRebuiltWithParent(_ site: ConstructionSite) -> Bool {
        if site.inAction || site.runsOnce { return false }
        guard let type = site.enclosingType else { return site.memberMakesView }
        let simple = String(type.lastDottedPart)
        let facts = facts(for: type)
        if facts?.isSwiftUIType == true || ["View", "ViewModifier", "Scene", "App"].contains(simple) {
            if site.memberMakesView { return true }
            if site.memberIsStatic { return false }
            guard let member = site.enclosingMember else { return true }
            if member == "init" { return true }
            let kind = facts?.members[member]?.kind
            return kind == .storedLet || kind == .storedVar
        }
        if facts?.kind == .class || facts?.kind == .actor { return false }
        return site.memberMakesView && !site.memberIsStatic
    }

    func passing(_ argument: ArgumentKind, at site: ConstructionSite, depth: Int, witnesses: inout [String: String?]) -> ArgumentPassing {
        switch argument {
        case .literal, .constant, .construction(_, fromConstants: true, _), .fixedState(_, ifClass: nil), .pinned: return .constant
        case .fixedState(_, ifClass: let written?):
            if isClassOrActor(written) { return .constant }
        case .statePath(let path, holder: let holder):
            if holder.map({ isClassOrActor($0) }) != true { return .constant }
            // `model.data` where `data` is a `let` of the class the never-replaced state holds.
            if let holder, let held = facts(for: String(Substring(holder).baseTypeName)),
               isConstant(path.split(separator: ".").dropFirst(), of: held) { return .constant }
        case .memberPath(let path):
            // `viewModel.account`, a `let` of the object the view owns (`@StateObject`, `@State`): it never changes.
            if let owned = letOfHeldObject(path, at: site), owned { return .constant }
        default: break
        }
        // A hosting controller's root (`UIHostingController(rootView: V(x: x))`): each controller gets a new
        // view with its own state, and no SwiftUI parent passes it a later value.
        if site.isHostingRoot { return .freshIdentity }
        // `host.rootView = V(x: x)` replaces the value of a root that keeps its identity: its state stays,
        // and the new input is ignored. The re-assignment is the witness.
        if site.reassignsHostingRoot {
            let place = [site.enclosingType.map { String($0.lastDottedPart) }, site.enclosingMember].compactMap { $0 }.joined(separator: ".")
            return .changing(witness: "\(place.isEmpty ? "a re-assignment" : "'\(place)'") sets a new root view on a hosting controller, whose root keeps its identity and state")
        }
        let name: String?
        switch argument {
        case .parameter(let n), .member(let n), .local(let n), .fixedState(let n, _), .memberPath(let n), .statePath(let n, _): name = n
        default: name = nil
        }
        let contexts = identityContexts(of: site)
        // A local (a `ForEach` element), or a construction from one (`RowModel(item: item)`): a row's value.
        let fromElement: Bool
        switch argument {
        case .local, .construction(_, fromConstants: false, from: _?): fromElement = true
        default: fromElement = false
        }
        for context in contexts {
            switch context {
            case .presented:
                return .freshIdentity
            case .id(let text):
                if let name, text.contains(name.hasPrefix("$") ? String(name.dropFirst()) : name) { return .freshIdentity }
                // `.id(viewModel.configVersion)` around rows of `viewModel`'s data (or a value read from
                // `viewModel`): the container takes a new identity when the model says so.
                let idHead = ProjectIndex.head(of: text.filter { !$0.isWhitespace })
                if !idHead.isEmpty, idHead != "self", text.contains(".") {
                    var heads: [String] = []
                    if let name { heads.append(ProjectIndex.head(of: name)) }
                    for case .forEach(_, let data) in contexts {
                        // `Array(viewModel.items.enumerated())` is rows of `viewModel`'s data too.
                        var text = Substring(data.filter { !$0.isWhitespace })
                        while let wrapper = ["Array(", "zip(", "Set("].first(where: { text.hasPrefix($0) }) { text = text.dropFirst(wrapper.count) }
                        heads.append(ProjectIndex.head(of: String(text)))
                    }
                    if heads.contains(idHead) { return .freshIdentity }
                }
            case .forEach(let key, let data):
                // Keyed by the whole value: a changed element is a new row with new state.
                if fromElement, key.hasSuffix(".self") { return .freshIdentity }
                // Keyed by ids each element makes for itself (`let id = UUID()`, every other field a `let`): a
                // changed element is a new value with a new id, so a new row with new state.
                if fromElement, key.isEmpty || key.filter({ !$0.isWhitespace }) == "\\.id",
                   let element = elementType(ofData: data, at: site), element.traits.contains(.mintsIdentity) { return .freshIdentity }
            }
        }
        guard isRebuiltWithParent(site) else { return .builtOnce }
        // A row of a `ForEach` keyed by the elements' ids: an element whose other fields change keeps its row,
        // and its state. The witness is the data, when it changes.
        // (Found once per caller, member and value: `witnesses` is the caller's memo.)
        func changing(_ value: String, _ find: () -> String?) -> ArgumentPassing {
            let key = "\(site.enclosingType ?? "")|\(site.enclosingMember ?? "")|\(value)"
            if let known = witnesses[key] { return .changing(witness: known) }
            let found = find()
            witnesses[key] = .some(found)
            return .changing(witness: found)
        }
        if fromElement {
            for case .forEach(_, let data) in contexts {
                return changing("data:" + data) { dataWitness(data, at: site, depth: depth).map { "an element of \($0) (rows keyed by id)" } }
            }
        }
        return changing("\(argument)") { witness(argument, at: site, depth: depth) }
    }

    /// Whether a type as written (`Model`, `Model?`, `Store<State, Action>`) is a class or actor the
    /// project declares; with `orFramework`, also one that by its name is an Objective-C class of Apple's
    /// frameworks (`AVPlayer`, `NSWindow`: `FrameworkTypes.isLikelyClass`).
    public func isClassOrActor(_ written: String, orFramework: Bool = false) -> Bool {
        let base = Substring(written).baseTypeName
        guard let facts = facts(for: String(base)) else { return orFramework && FrameworkTypes.isLikelyClass(base) }
        return facts.kind == .class || facts.kind == .actor
    }

    /// What the project shows changing in an argument: a caller's `@State`, `@Binding` or `@Published`
    /// property, a property of an object it observes, or an input of a view that its own parent passes
    /// such a value (followed `depth` views up). Nil without one.
    func witness(_ argument: ArgumentKind, at site: ConstructionSite, depth: Int) -> String? {
        switch argument {
        case .member(let name):
            return memberWitness(name.hasPrefix("$") ? String(name.dropFirst()) : name, path: nil, at: site, depth: depth)
        case .memberPath(let path):
            return memberWitness(ProjectIndex.head(of: path), path: path, at: site, depth: depth)
        case .statePath(let path, _):
            return "'\(path)' of the object its @State '\(ProjectIndex.head(of: path))' holds"
        case .fixedState(let name, _):
            // A `@State` changed through its members that does not hold an object.
            return "its @State '\(name)', which it changes"
        case .expression(let reads):
            // `theme.activeTheme == current`: an expression that reads state or an observed object.
            guard let type = site.enclosingType, let facts = facts(for: type) else { return nil }
            for name in reads {
                if let member = facts.members[name], let (_, word) = ProjectIndex.changingWrapper(of: member) {
                    return "a value computed from its \(word) '\(name)'"
                }
            }
            return nil
        case .parameter(let name):
            guard site.enclosingMember == "init", let type = site.enclosingType, depth > 0,
                  let (caller, found) = callerWitness(type, label: name, depth: depth - 1) else { return nil }
            return "its init parameter '\(name)', which \(caller) passes from \(found)"
        default:
            return nil
        }
    }

    /// The witness of a `ForEach`'s data (`items`, `$items`, `model.items`, `store.items.filter { … }`).
    func dataWitness(_ data: String, at site: ConstructionSite, depth: Int) -> String? {
        var text = Substring(data.filter { !$0.isWhitespace })
        // (`query.isEmpty ? items : filtered`: the condition picks which collection, and rows keyed by id get
        // the same element whichever it picks; what can change an element is what the branches read.)
        if let (_, whenTrue, whenFalse) = ProjectIndex.ternary(text) {
            return dataWitness(String(whenTrue), at: site, depth: depth) ?? dataWitness(String(whenFalse), at: site, depth: depth)
        }
        if text.hasPrefix("$") { text = text.dropFirst() }
        if text.hasPrefix("self.") { text = text.dropFirst(5) }
        let head = ProjectIndex.head(of: String(text))
        guard !head.isEmpty, head.first?.isLowercase == true else { return nil }
        // (`items.filter { … }`, `episodes[1...]`: an element of what the collection is computed from.)
        let plainPath = !text.contains { $0 == "(" || $0 == "{" || $0 == "[" }
        let path = head.count == text.count || !plainPath ? nil : String(text)
        if path == nil, head.count != text.count, let type = site.enclosingType, let member = facts(for: type)?.members[head],
           let (_, word) = ProjectIndex.changingWrapper(of: member) {
            return "its \(word) '\(head)'"
        }
        return memberWitness(head, path: path, at: site, depth: depth)
    }

    /// The element type of a `ForEach`'s data that is a path of members with declared types (`items`,
    /// `model.items`, `$store.rows`) of an array (`[Row]`, `Array<Row>`, `IdentifiedArrayOf<Row>`); nil
    /// for anything else.
    func elementType(ofData data: String, at site: ConstructionSite) -> TypeFacts? {
        var text = Substring(data.filter { !$0.isWhitespace })
        if text.hasPrefix("$") { text = text.dropFirst() }
        if text.hasPrefix("self.") { text = text.dropFirst(5) }
        guard !text.isEmpty, !text.contains(where: { $0 == "(" || $0 == "{" || $0 == "[" }),
              let type = site.enclosingType, var holder = facts(for: type) else { return nil }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { $0.filter { $0 != "?" && $0 != "!" } }
        for (k, part) in parts.enumerated() {
            guard !part.isEmpty, let written = holder.memberTypes[part] else { return nil }
            var type = Substring(written).withoutOptionalMarks
            if k < parts.count - 1 {
                guard let next = facts(for: String(type.baseTypeName)) else { return nil }
                holder = next
                continue
            }
            if type.hasPrefix("[") && type.hasSuffix("]") && !type.contains(":") {
                type = type.dropFirst().dropLast()
            } else if let open = type.firstIndex(of: "<"), type.hasSuffix(">"),
                      ["Array", "ContiguousArray", "IdentifiedArrayOf"].contains(type[..<open]) {
                type = type[type.index(after: open)..<type.index(before: type.endIndex)]
            } else {
                return nil
            }
            return facts(for: String(type.baseTypeName))
        }
        return nil
    }

    /// A top-level conditional expression written without spaces (`c?a:b`, `c?x?a:b:d`) as its three
    /// parts; nil when the text is none (`a?.b`, `a??b`, `f(c?a:b)`).
    static func ternary(_ text: Substring) -> (condition: Substring, whenTrue: Substring, whenFalse: Substring)? {
        let chars = Array(text.utf8)
        var depth = 0
        var question = -1
        var pending = 0
        for (i, c) in chars.enumerated() {
            switch c {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: "?") where depth == 0:
                // (Not optional chaining `a?.b`, a forced `?` of `as?`/`try?`, or `??`.)
                let next = i + 1 < chars.count ? chars[i + 1] : 0
                let previous = i > 0 ? chars[i - 1] : 0
                guard next != UInt8(ascii: "."), next != UInt8(ascii: "?"), previous != UInt8(ascii: "?"), i > 0 else { continue }
                if question < 0 { question = i }
                pending += 1
            case UInt8(ascii: ":") where depth == 0 && question >= 0:
                pending -= 1
                if pending == 0 {
                    let start = text.startIndex
                    let q = text.utf8.index(start, offsetBy: question)
                    let colon = text.utf8.index(start, offsetBy: i)
                    return (text[start..<q], text[text.index(after: q)..<colon], text[text.index(after: colon)...])
                }
            default: break
            }
        }
        return nil
    }

    /// The first name of a property path (`model` in `model.item.title`, `items` in `items[0]`).
    static func head(of path: String) -> String {
        var text = Substring(path)
        if text.hasPrefix("$") { text = text.dropFirst() }
        return String(text.prefix { $0 != "." && $0 != "?" && $0 != "!" && $0 != "[" && $0 != "(" && $0 != "{" })
    }

    static let witnessWrappers: [(MemberAttributes, String)] = [
        (.state, "@State"), (.binding, "@Binding"), (.published, "@Published"), (.observedObject, "@ObservedObject"),
        (.environmentObject, "@EnvironmentObject"), (.stateObject, "@StateObject"), (.bindable, "@Bindable"), (.environment, "@Environment"),
    ]

    /// The wrapper that makes a member change under SwiftUI's eyes (`@State`, `@Binding`, an observed
    /// object …), and how a note writes it.
    static func changingWrapper(of member: MemberFacts) -> (attribute: MemberAttributes, word: String)? {
        witnessWrappers.first { member.attributes.contains($0.0) }.map { (attribute: $0.0, word: $0.1) }
    }

    /// Whether `path` (`viewModel.account`) reads a `let` of a class instance a member of the site's type
    /// holds: nil when not; true when the view owns that instance (`@StateObject`, `@State`), so the value
    /// is fixed for the view's life; false when a parent may pass another instance.
    func letOfHeldObject(_ path: String, at site: ConstructionSite) -> Bool? {
        let parts = path.split(separator: ".")
        guard parts.count >= 2, let type = site.enclosingType, let facts = facts(for: type), let member = facts.members[String(parts[0])],
              let written = facts.memberTypes[String(parts[0])], let held = self.facts(for: String(Substring(written).baseTypeName)),
              held.kind == .class || held.kind == .actor, isConstant(parts.dropFirst(), of: held) else { return nil }
        return member.attributes.contains(.stateObject) || member.attributes.contains(.state)
    }

    /// Whether a property path of an object (`initialData.date` of a model) names one value for the object's
    /// life: each link is a `let`, and a link that holds a value (a struct, an enum, a type the project does
    /// not declare) fixes everything after it; a `let` holding an object is followed into that object.
    func isConstant(_ path: ArraySlice<Substring>, of object: TypeFacts, depth: Int = 0) -> Bool {
        guard let first = path.first, depth < 6, let member = object.members[String(first)], !member.isStatic else { return false }
        // A computed property that reads only `let`s of the object (`var spaceId: String { info.spaceId }`,
        // from the getter's member uses, known where pass 1 parses the class's bodies): one value too.
        if member.kind == .computed {
            guard let uses = object.uses[String(first)], !uses.isEmpty,
                  uses.allSatisfy({ !$0.isCall && object.members[$0.name].map { $0.kind == .storedLet && !$0.isStatic } == true }) else { return false }
            return true
        }
        guard member.kind == .storedLet else { return false }
        guard path.count > 1 else { return true }
        guard let written = object.memberTypes[String(first)], let next = facts(for: String(Substring(written).baseTypeName)),
              next.kind == .class || next.kind == .actor else { return true }
        return isConstant(path.dropFirst(), of: next, depth: depth + 1)
    }

    /// The witness of a member of the site's enclosing type, or of a property path from it.
    func memberWitness(_ name: String, path: String?, at site: ConstructionSite, depth: Int) -> String? {
        guard let type = site.enclosingType, let facts = facts(for: type), let member = facts.members[name] else { return nil }
        // `viewModel.server` where `server` is a `let` of the model's class: that value never changes.
        if let path, letOfHeldObject(path, at: site) != nil { return nil }
        let shown = path.map { "'\($0)' of its " } ?? "its "
        if let (attribute, word) = ProjectIndex.changingWrapper(of: member) {
            // An object passed itself is one instance: what changes is its properties, not the reference.
            if path == nil && attribute != .state && attribute != .binding && attribute != .published { return nil }
            return "\(shown)\(word) '\(name)'"
        }
        if path != nil, let written = facts.memberTypes[name] {
            if let held = self.facts(for: String(Substring(written).baseTypeName)), held.isObservable || held.traits.contains(.observableObject) {
                return "\(shown)observable '\(name)'"
            }
        }
        // A plain input of a view: it changes when the view's own parent passes a new value.
        guard member.attributes.isEmpty, member.kind == .storedLet || member.kind == .storedVar, !member.isStatic,
              facts.isSwiftUIType, depth > 0, let (caller, found) = callerWitness(type, label: name, depth: depth - 1) else { return nil }
        return "\(shown)'\(name)', which \(caller) passes from \(found)"
    }

    /// The first caller of a view that passes `label` a witnessed value: the caller (`'Parent.body'`) and
    /// the witness.
    func callerWitness(_ type: String, label: String, depth: Int) -> (String, String)? {
        var found: (String, String)?
        forEachCaller(of: type, passing: .anySite(label: label), depth: depth) { use in
            guard !use.site.isInPreview, let witness = use.passing.witness else { return true }
            found = ("'\(use.site.enclosingType.map { $0 + "." } ?? "")\(use.site.enclosingMember ?? "")'", witness)
            return false
        }
        return found
    }
}
