import StatelintSyntax

// The scope walk that finds a file's construction sites and helper calls (`ConstructionSite.collect`) and
// tells what each argument is. Run by the engine's site search in pass 2.

/// The scope walk that finds construction sites.
struct SiteCollector: ScopeVisitor {
    let tree: SyntaxTree
    var owner: (type: String?, member: String) = (nil, "")
    /// The declaration of `owner.type` in this file (-1 at file scope).
    var ownerType: Int32 = -1
    /// The walked function at file scope (an index in `tree.functions`; -1 for a member or a variable).
    var fileScopeFunction: Int32 = -1
    var parameters: Set<String> = []
    var sites: [ConstructionSite] = []
    var helpers: [HelperCall] = []
    var wantedTypes: Set<String>?
    /// The walk is in the initial value of a static stored property or a global.
    var runsOnce = false
    /// The walked member makes views, is static (`ConstructionSite.memberMakesView`, `memberIsStatic`).
    var memberMakesView = false
    var memberIsStatic = false
    /// Whether an argument that names a local is followed to the local's value (`argumentKind`).
    var followsLocals = true
    /// What `member(_:)` looked up, once per file (files with thousands of sites stay linear).
    let memo = MemberMemo()
    /// The file names `navigationDestination` (else no call is a destination's helper call).
    var namesDestination = false
    /// The members of the walked member's type declared in this file, when the walk also links helpers
    /// outside identity contexts (`body` → `content` → `rows`: a view-making member of a type that builds
    /// wanted views); empty otherwise.
    var ownMembers: Set<String> = []

    final class MemberMemo {
        /// Stored variables by owner type and name (the first declaration).
        var variables: [Int32: [String: Int]]?
        var writes: [String: MemberWrites]?
        /// The private types (by declaration, extensions included) and file-scope functions only the file's
        /// previews use.
        var previewOnly: (types: Set<Int32>, functions: Set<Int32>)?
    }

    init(tree: SyntaxTree) { self.tree = tree }

    /// Moves what the last walk found to the caller's lists.
    mutating func takeFound(into allSites: inout [ConstructionSite], _ allHelpers: inout [HelperCall]) {
        allSites.append(contentsOf: sites)
        allHelpers.append(contentsOf: helpers)
        sites = []
        helpers = []
    }

    mutating func visit(_ node: Int32, _ state: ScopeState) -> Bool {
        let kind = tree[node].kind
        if kind == .identifier || kind == .memberAccess {
            // A helper property as a statement of content: `.sheet(isPresented: $shows) { help }`.
            var parent = tree[node].parent
            if parent >= 0 && tree[parent].kind == .sequence && tree[parent].firstChild == node && tree[node].nextSibling < 0 {
                parent = tree[parent].parent
            }
            // (In a branch of a view builder's `if`, a link of a helper chain: `if empty { placeholder } else { rows }`.)
            if parent >= 0 && (tree[parent].kind == .closure || !ownMembers.isEmpty && tree[parent].kind == .codeBlock),
               let member = helperName(reference: node, state) {
                let contexts = tree.identityContexts(of: node)
                if !contexts.isEmpty || ownMembers.contains(member) {
                    helpers.append(HelperCall(member: member, enclosingType: owner.type, contexts: contexts,
                                              path: tree.file.path, range: tree.byteRange(of: node), enclosingMember: owner.member))
                }
            }
            return true
        }
        guard kind == .call else { return true }
        if let type = tree.constructedType(node) {
            if let wantedTypes, !wantedTypes.contains(String(type.lastDottedPart)) { return true }
            var labels: [String] = []
            var arguments: [ArgumentKind] = []
            let contexts = tree.identityContexts(of: node)
            // Under an `.id(…)` the caller names its identity in terms of its locals (`.id(data.objectId)`):
            // the arguments keep those names.
            followsLocals = !contexts.contains { if case .id = $0 { return true } else { return false } }
            for child in tree.children(of: node) where tree[child].kind == .argument {
                labels.append(tree[child].token >= 0 ? tree.identifierText(tree[child].token) : "_")
                arguments.append(argumentKind(tree[child].firstChild, state))
            }
            // (A closure in the initial value may run later, and many times; `{ … }()` runs now.)
            let once = runsOnce && state.closures.allSatisfy { tree.timing(ofClosure: $0) == .now }
            var site = ConstructionSite(
                typeName: type, path: tree.file.path, range: tree.byteRange(of: node), labels: labels, arguments: arguments,
                contexts: contexts, enclosingType: owner.type, enclosingMember: owner.member, runsOnce: once,
                isHostingRoot: tree.isHostingRoot(node),
                inAction: state.closures.contains { tree.role(ofClosure: $0)?.isAction ?? false },
                memberMakesView: memberMakesView, memberIsStatic: memberIsStatic,
                inPreviewMacro: tree.isInPreviewMacro(node) || ownerType >= 0 && (tree.isPreviewScaffolding(ownerType, includingItself: true)
                    || isPreviewOnly(ownerType)) || fileScopeFunction >= 0 && isPreviewOnlyFunction(fileScopeFunction))
            site.reassignsHostingRoot = tree.reassignsHostingRoot(node)
            sites.append(site)
        } else if let member = helperName(node, state) {
            let contexts = tree.identityContexts(of: node)
            if !contexts.isEmpty || ownMembers.contains(member) {
                helpers.append(HelperCall(member: member, enclosingType: owner.type, contexts: contexts,
                                          path: tree.file.path, range: tree.byteRange(of: node), enclosingMember: owner.member))
            }
        } else if namesDestination, let (member, type) = tree.destinationMemberCall(node) {
            // `navigationDestination(for: Route.self) { route in route.view() }`: `Route.view` builds its
            // views a destination at a time.
            helpers.append(HelperCall(member: member, enclosingType: type, contexts: tree.identityContexts(of: node),
                                      path: tree.file.path, range: tree.byteRange(of: node)))
        }
        return true
    }

    /// `name(…)` or `self.name(…)` with a lowercase name not bound locally.
    func helperName(_ call: Int32, _ state: ScopeState) -> String? {
        let callee = tree.callee(of: call)
        return callee >= 0 ? helperName(reference: callee, state) : nil
    }

    /// `name` or `self.name` with a lowercase name not bound locally.
    func helperName(reference node: Int32, _ state: ScopeState) -> String? {
        guard let (name, reference) = tree.memberReference(node) else { return nil }
        if tree[reference].kind == .identifier && state.isLocal(name) { return nil }
        guard let first = name.utf8.first, first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") || first == UInt8(ascii: "_") else {
            return nil
        }
        return name
    }

    func argumentKind(_ argument: Int32, _ state: ScopeState, depth: Int = 0) -> ArgumentKind {
        let value = tree.unwrapExpression(argument)
        guard value >= 0 else { return .other }
        let n = tree[value]
        switch n.kind {
        case .literal:
            return .literal
        case .stringLiteral:
            // Interpolation segments are child expressions.
            return n.firstChild < 0 ? .literal : expression(value, state)
        case .collection:
            for child in tree.children(of: value) where argumentKind(child, state) != .literal { return .other }
            return .literal
        case .implicitMember:
            return .constant(tree.text(of: value))
        case .memberAccess:
            let base = n.firstChild
            if base >= 0 && tree[base].kind == .selfExpr { return pinnedOr(member(tree.identifierText(n.token)), at: value) }
            if base >= 0 && tree.isTypeLikeChain(base) { return .constant(tree.text(of: value)) }
            // `item.name`: derived from a local (a ForEach element).
            var root = base
            var plain = true
            while root >= 0 && (tree[root].kind == .memberAccess || tree[root].kind == .call) {
                if tree[root].kind == .call { plain = false }
                root = tree[root].firstChild
            }
            if root >= 0 && tree[root].kind == .identifier, state.isLocal(tree.identifierText(tree[root].token)) {
                let local = tree.identifierText(tree[root].token)
                // `let message = model.selected` before `message.subject`: a path from what the local holds.
                if followsLocals, plain, depth < 3, !(parameters.contains(local) && state.isParameter(local)),
                   let initial = tree.localValue(local, at: root) {
                    let rest = String(tree.text(of: value).filter { !$0.isWhitespace }.dropFirst(local.count))
                    switch argumentKind(initial, state, depth: depth + 1) {
                    case .memberPath(let path): return .memberPath(path + rest)
                    case .member(let name) where !name.hasPrefix("$"): return .memberPath(name + rest)
                    case .statePath(let path, holder: let holder): return .statePath(path + rest, holder: holder)
                    case .literal, .constant: return .constant(tree.text(of: value))
                    default: break
                    }
                }
                return .local(local)
            }
            // `thread.selected`, `self.model.item`: a property path from a member.
            if plain && root >= 0 && (tree[root].kind == .selfExpr || tree[root].kind == .identifier) {
                var text = tree.text(of: value).filter { !$0.isWhitespace }
                if text.hasPrefix("self.") { text.removeFirst(5) }
                let head = String(text.prefix { $0 != "." && $0 != "?" && $0 != "!" && $0 != "[" })
                if tree[root].kind == .identifier, state.isLocal(head) { return .other }
                if case .fixedState(_, ifClass: nil) = member(head), !isStateObject(head) {
                    // A property of a `@State` nothing changes: the same value, unless the state holds an object.
                    return .statePath(text, holder: stateType(head))
                }
                return .memberPath(text)
            }
            return expression(value, state)
        case .subscriptCall:
            // `items[index]` with a local index (a ForEach element's position): derived from the element.
            for child in tree.children(of: value) where tree[child].kind == .argument {
                let index = tree.unwrapExpression(tree[child].firstChild)
                if index >= 0 && tree[index].kind == .identifier, state.isLocal(tree.identifierText(tree[index].token)) {
                    return .local(tree.identifierText(tree[index].token))
                }
            }
            return expression(value, state)
        case .identifier:
            let name = tree.identifierText(n.token)
            if state.isLocal(name) {
                let isParameter = parameters.contains(name) && state.isParameter(name)
                // `let title = model.name` before the call: what the local holds.
                if followsLocals, !isParameter, depth < 3, let initial = tree.localValue(name, at: value) {
                    return pinnedOr(argumentKind(initial, state, depth: depth + 1), at: value)
                }
                return pinnedOr(isParameter ? .parameter(name) : .local(name), at: value)
            }
            return pinnedOr(member(name), at: value)
        case .closure:
            return .closure
        case .call:
            // `Model()`, `Filter(kind: .all)`: a construction from constants builds the same value every time.
            let callee = tree.callee(of: value)
            let implicitInit = callee >= 0 && tree[callee].kind == .implicitMember && tree[callee].token >= 0 && tree.text(tree[callee].token) == "init"
            if let type = implicitInit ? "" : tree.constructedType(value) {
                var constant = true
                // (The first local an argument reads: a row's model built from the `ForEach` element.)
                var local: String?
                for child in tree.children(of: value) where child != tree.callee(of: value) {
                    guard tree[child].kind == .argument, !tree[child].flags.contains(.trailingClosure) else { constant = false; continue }
                    if constant {
                        switch argumentKind(child, state) {
                        case .literal, .constant: continue
                        case .local(let name): local = name
                        default: break
                        }
                        constant = false
                    } else {
                        // (Past the first other argument only a local's name is wanted: no kinds, no strings.)
                        local = localRoot(child, state)
                    }
                    if local != nil { break }
                }
                return .construction(type, fromConstants: constant, from: local)
            }
            // `item.hasPrefix("x")`, `item.title.uppercased()`: computed from a local (a ForEach element).
            var root = tree.callee(of: value)
            while root >= 0 && (tree[root].kind == .memberAccess || tree[root].kind == .call) { root = tree[root].firstChild }
            if root >= 0 && tree[root].kind == .identifier, state.isLocal(tree.identifierText(tree[root].token)),
               tree[tree.callee(of: value)].kind == .memberAccess {
                return .local(tree.identifierText(tree[root].token))
            }
            // `server.uppercased()`, `format(price)`: computed by a call from what it reads.
            if case .expression(let reads) = expression(value, state) { return .expression(reads: reads) }
            return .call
        default:
            return expression(value, state)
        }
    }

    /// The local (not a parameter of the walk) an argument's value starts from (`item`, `item.title`,
    /// `item.title.uppercased()`), if any.
    func localRoot(_ argument: Int32, _ state: ScopeState) -> String? {
        var root = tree.unwrapExpression(tree[argument].firstChild)
        while root >= 0 && (tree[root].kind == .memberAccess || tree[root].kind == .call || tree[root].kind == .subscriptCall) {
            root = tree[root].firstChild
        }
        guard root >= 0, tree[root].kind == .identifier, tree[root].token >= 0 else { return nil }
        let name = tree.identifierText(tree[root].token)
        return state.isLocal(name) && !(parameters.contains(name) && state.isParameter(name)) ? name : nil
    }

    /// `.expression` with the members an expression reads (`theme.activeTheme == current`, `"\(count)"`),
    /// at most four, or `.other` when it reads none: bare names not bound locally and `self.x`, outside
    /// closures.
    func expression(_ value: Int32, _ state: ScopeState) -> ArgumentKind {
        var reads: [String] = []
        tree.walk(value) { node in
            guard reads.count < 4 else { return false }
            let n = tree[node]
            switch n.kind {
            case .closure:
                return false
            case .identifier:
                let name = tree.identifierText(n.token)
                let bare = name.hasPrefix("$") ? String(name.dropFirst()) : name
                if let first = bare.first, first.isLowercase, !state.isLocal(name), !reads.contains(bare), !isFixedValue(bare) { reads.append(bare) }
            case .memberAccess where n.firstChild >= 0 && tree[n.firstChild].kind == .selfExpr && n.token >= 0:
                let name = tree.identifierText(n.token)
                if !reads.contains(name), !isFixedValue(name) { reads.append(name) }
            default:
                break
            }
            return true
        }
        return reads.isEmpty ? .other : .expression(reads: reads)
    }

    /// Whether a member of the enclosing type is a `@State` value that no code of the file changes.
    func isFixedValue(_ name: String) -> Bool {
        guard case .fixedState(_, ifClass: nil) = member(name) else { return false }
        return !isStateObject(name)
    }

    /// Whether a member of the enclosing type is a `@StateObject` (its object stays; its properties change).
    func isStateObject(_ name: String) -> Bool {
        guard ownerType >= 0, let i = memo.variables?[ownerType]?[name] else { return false }
        return tree.variables[i].attributes.contains { $0.baseName == "StateObject" }
    }

    /// The declared type of a `@State` member of the enclosing type.
    func stateType(_ name: String) -> String? {
        guard ownerType >= 0, let i = memo.variables?[ownerType]?[name] else { return nil }
        return tree.declaredType(of: tree.variables[i])
    }

    /// `kind`, or `pinned` when an enclosing `if` fixes the name in this branch.
    func pinnedOr(_ kind: ArgumentKind, at node: Int32) -> ArgumentKind {
        let name: String
        switch kind {
        case .parameter(let n), .member(let n), .local(let n), .fixedState(let n, _): name = n
        default: return kind
        }
        return tree.isPinned(name, at: node) ? .pinned(name) : kind
    }

    /// Whether a function at file scope is `private`/`fileprivate` and only the file's preview code names it
    /// (`#Preview { fileViewer(error: …) }`): what it builds is preview scaffolding.
    func isPreviewOnlyFunction(_ function: Int32) -> Bool {
        if memo.previewOnly == nil { memo.previewOnly = tree.previewOnlyPrivateDeclarations() }
        return memo.previewOnly!.functions.contains(function)
    }

    /// Whether the enclosing type declaration (or its extended type) is a `private`/`fileprivate` type that
    /// only the file's preview code names (`#Preview { Wrapper() }` with `private struct Wrapper: View`, a
    /// mock view a `PreviewProvider` builds): what it builds is preview scaffolding too.
    func isPreviewOnly(_ type: Int32) -> Bool {
        if memo.previewOnly == nil { memo.previewOnly = tree.previewOnlyPrivateDeclarations() }
        // (A type nested in one: its own declaration is not a candidate, the outer one is.)
        var current = type
        var steps = 0
        while current >= 0 && steps < 64 {
            steps += 1
            if memo.previewOnly?.types.contains(current) == true { return true }
            current = tree.types[Int(current)].parentType
        }
        return false
    }

    /// A member of the enclosing type, as `fixedState` when it keeps one value for the type's identity.
    func member(_ name: String) -> ArgumentKind {
        guard ownerType >= 0 else { return .member(name) }
        if memo.variables == nil {
            var table: [Int32: [String: Int]] = [:]
            for (i, variable) in tree.variables.enumerated() where variable.ownerType >= 0 && !variable.isComputed
                && table[variable.ownerType]?[variable.name] == nil {
                table[variable.ownerType, default: [:]][variable.name] = i
            }
            memo.variables = table
        }
        guard let i = memo.variables?[ownerType]?[name] else { return .member(name) }
        let variable = tree.variables[i]
        let attributes = variable.attributes.map(\.baseName)
        if attributes.contains("StateObject") { return .fixedState(name) }
        // (`@State` storage belongs to the view: only its own code, in this file or an extension, can
        // change it; an extension elsewhere that does is not seen.)
        guard attributes.contains("State") else { return .member(name) }
        if memo.writes == nil {
            // Every `@State` of the file at once: one pass over its tokens.
            memo.writes = tree.writes(ofMembers: Set(tree.variables.lazy.filter { $0.attributes.contains { $0.baseName == "State" } }.map(\.name)))
        }
        switch memo.writes?[name] ?? MemberWrites.none {
        case .none: return .fixedState(name)
        case .throughMembers:
            // Changed through its members: the same value only if it holds an object (the index knows).
            // (`@State private var store = Store.shared`: the shared instance's type.)
            guard let type = tree.declaredType(of: variable) ?? tree.sharedInstanceType(of: variable) else { return .member(name) }
            return .fixedState(name, ifClass: type)
        case .reassigned: return .member(name)
        }
    }
}

extension ScopeState {
    /// Whether `name` is bound by the walk's parameters (the first frame pushed) and not shadowed since.
    public func isParameter(_ name: String) -> Bool {
        guard frames.count > 1 else { return false }
        for frame in frames.dropFirst(2).reversed() where frame.contains(name) { return false }
        return frames[1].contains(name)
    }
}
