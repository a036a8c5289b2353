import StatelintSyntax

// What the site walk asks of a tree: the type a call constructs, the identity contexts around it, hosting
// roots, previews, names an `if` pins, members that make views, declared types. Rules and pass 1 ask some too.

extension SyntaxTree {
    /// The type a call constructs, as written, or nil when the call is not a construction: the callee is
    /// an uppercase name or dotted chain of them (`T`, `Outer.T`), `T.init`, or `.init` where the
    /// declaration's type annotation names the type.
    public func constructedType(_ call: Int32, genericArguments: Bool = false) -> String? {
        let callee = callee(of: call)
        guard callee >= 0 else { return nil }
        let c = nodes[Int(callee)]
        switch c.kind {
        case .identifier, .memberAccess:
            if c.kind == .memberAccess && c.token >= 0 && text(c.token) == "init" {
                return c.firstChild >= 0 && isTypeLikeChain(c.firstChild) ? text(of: c.firstChild) : nil
            }
            guard isTypeLikeChain(callee) else { return nil }
            // `Editor<Focus>(…)`: the generic type's name (with its arguments when asked: `Set<AnyCancellable>`).
            let written = text(of: callee)
            if !genericArguments, let open = written.firstIndex(ofASCII: UInt8(ascii: "<")) { return String(written[..<open]) }
            return written
        case .implicitMember:
            guard c.token >= 0, text(c.token) == "init" else { return nil }
            // `let x: T = .init(…)`, `@State private var x: T = .init(…)`
            var current = call
            while true {
                let parent = nodes[Int(current)].parent
                guard parent >= 0 else { return nil }
                switch nodes[Int(parent)].kind {
                case .sequence, .tryExpr, .awaitExpr:
                    current = parent
                case .variableDecl:
                    guard nodes[Int(parent)].firstChild == current else { return nil }
                    let bound = boundVariables(of: parent)
                    guard let first = bound.first, let range = variables[first].typeRange else { return nil }
                    let written = file.text(self.range(ofTokens: range.lowerBound, range.upperBound))
                    return written.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ? written : nil
                default:
                    return nil
                }
            }
        default:
            return nil
        }
    }

    /// Whether an expression is the argument labelled `label` of a call (through `try`, `await` and
    /// parentheses).
    public func isArgument(_ node: Int32, labeled label: String) -> Bool {
        var current = node
        for _ in 0..<16 {
            let parent = nodes[Int(current)].parent
            guard parent >= 0 else { return false }
            switch nodes[Int(parent)].kind {
            case .sequence, .tryExpr, .awaitExpr:
                guard nodes[Int(parent)].firstChild == current, nodes[Int(current)].nextSibling < 0 else { return false }
                current = parent
            case .argument:
                let outer = nodes[Int(parent)].parent
                return nodes[Int(parent)].token >= 0 && text(nodes[Int(parent)].token) == label && outer >= 0 && nodes[Int(outer)].kind == .call
            default:
                return false
            }
        }
        return false
    }

    /// Whether the view a call builds becomes a hosting controller's root: the call, with any modifiers
    /// applied to it (`V().environmentObject(x)`), is a `rootView:` argument, or the initial value of a
    /// local the same block passes as `rootView:` and uses nowhere else.
    public func isHostingRoot(_ call: Int32) -> Bool {
        let top = modifiedValue(call)
        return isArgument(top, labeled: "rootView") || isLocalPassedAsHostingRoot(top)
    }

    /// `V(…).modifier(…).other(…)`: the outermost modified value of a call.
    func modifiedValue(_ call: Int32) -> Int32 {
        var top = call
        while true {
            let access = nodes[Int(top)].parent
            guard access >= 0, nodes[Int(access)].kind == .memberAccess, nodes[Int(access)].firstChild == top else { break }
            let modifier = nodes[Int(access)].parent
            guard modifier >= 0, nodes[Int(modifier)].kind == .call, nodes[Int(modifier)].firstChild == access else { break }
            top = modifier
        }
        return top
    }

    /// The value a local `let` named at `use` was bound to: the initial value of the nearest `let` before
    /// the use in an enclosing block. Nil for a parameter, a closure's parameter, a `var` (it may be set
    /// again), an `if let` / `guard let` binding, or a `let` a closure's parameter of the same name hides;
    /// never across a function.
    public func localValue(_ name: String, at use: Int32) -> Int32? {
        /// Whether a node binds `name`, and the value when it is a single `let` with one (-1 otherwise: a
        /// `var`, several names, an `if let` / `guard let`, whose value is not followed, since an optional
        /// set once makes the branch, and its view, appear with it).
        func binding(_ node: Int32) -> Int32? {
            let kind = nodes[Int(node)].kind
            if kind == .guardStmt { return conditionsBind(node) ? -1 : nil }
            guard kind == .variableDecl || kind == .conditionBinding else { return nil }
            let range = boundVariables(of: node)
            guard let i = range.first(where: { variables[$0].name == name }) else { return nil }
            return range.count == 1 && !variables[i].isVar && kind == .variableDecl ? variables[i].initializer : -1
        }
        /// Whether an `if` or `guard` binds `name` in its conditions (for its body, or for what follows a `guard`).
        func conditionsBind(_ statement: Int32) -> Bool {
            children(of: statement).contains { nodes[Int($0)].kind == .conditionBinding && binding($0) != nil }
        }
        var child = use
        var current = nodes[Int(use)].parent
        var steps = 0
        while current >= 0 && steps < 256 {
            steps += 1
            var found: Int32?
            switch nodes[Int(current)].kind {
            case .functionDecl, .typeDecl, .accessor, .sourceFile:
                return nil
            case .closure, .codeBlock, .switchCase:
                // A view builder's content (`VStack { … }`) sees the body's locals, unless it binds the name.
                if nodes[Int(current)].kind == .closure && closureBoundNames(current).contains(name) { return nil }
                // The last binding before the use, in this block (a `guard let` binds for what follows it).
                for sibling in children(of: current) {
                    if sibling == child { break }
                    if let value = binding(sibling) { found = value }
                }
            case .ifStmt where nodes[Int(child)].kind == .codeBlock:
                found = conditionsBind(current) ? -1 : nil
            default:
                break
            }
            if let found { return found >= 0 ? found : nil }
            child = current
            current = nodes[Int(current)].parent
        }
        return nil
    }

    /// Whether the view a call builds replaces the root of an existing hosting controller or view
    /// (`host.rootView = V(…)`, `rootView = V(…)` in its subclass): the root keeps its identity and its
    /// state, so the new value's inputs that seed state are ignored.
    public func reassignsHostingRoot(_ call: Int32) -> Bool {
        var value = modifiedValue(call)
        while nodes[Int(value)].parent >= 0, nodes[Int(nodes[Int(value)].parent)].kind == .tryExpr { value = nodes[Int(value)].parent }
        let assignment = nodes[Int(value)].parent
        guard assignment >= 0, nodes[Int(assignment)].kind == .assignment else { return isLocalSetAsHostingRoot(value) }
        let (lhs, rhs) = assignmentSides(assignment)
        guard rhs.count == 1, rhs[0] == value, lhs >= 0 else { return isLocalSetAsHostingRoot(value) }
        let last = nodes[Int(lhs)].lastToken
        return last >= 0 && tokens[Int(last)].kind == .identifier && identifierText(last) == "rootView"
    }

    /// Whether an expression is the initial value of a local (`let view = V(…)`) that the same block sets as
    /// an existing root (`host.rootView = view`), whatever else it does with it (`if let host { host.rootView
    /// = view } else { host = UIHostingController(rootView: view) }`).
    func isLocalSetAsHostingRoot(_ value: Int32) -> Bool {
        guard let (name, first, last) = localBinding(initializedBy: value) else { return false }
        for i in first...last where tokens[i].kind == .identifier && identifierText(Int32(i)) == name {
            if i >= 2, tokens[i - 1].kind == .operator, text(Int32(i - 1)) == "=", tokens[i - 2].kind == .identifier,
               text(Int32(i - 2)) == "rootView", i + 1 > last || tokens[i + 1].kind != .period && tokens[i + 1].kind != .leftParen {
                return true
            }
        }
        return false
    }

    /// The local whose initial value `value` is (`let view = V(…)`, declared in a block, not a member), and
    /// the token range after its declaration to the end of that block.
    func localBinding(initializedBy value: Int32) -> (name: String, first: Int, last: Int)? {
        var decl = nodes[Int(value)].parent
        while decl >= 0 && (nodes[Int(decl)].kind == .sequence || nodes[Int(decl)].kind == .tryExpr) { decl = nodes[Int(decl)].parent }
        guard decl >= 0, nodes[Int(decl)].kind == .variableDecl, nodes[Int(decl)].firstChild >= 0 else { return nil }
        let bound = boundVariables(of: decl)
        guard bound.count == 1, variables[bound.lowerBound].ownerType < 0 else { return nil }
        let block = nodes[Int(decl)].parent
        guard block >= 0, [.codeBlock, .switchCase, .closure].contains(nodes[Int(block)].kind) else { return nil }
        let first = Int(nodes[Int(decl)].lastToken) + 1
        let last = Int(nodes[Int(block)].lastToken)
        guard first <= last else { return nil }
        return (variables[bound.lowerBound].name, first, last)
    }

    /// The type declarations (extensions included) of `private`/`fileprivate` top-level types, and the
    /// `private`/`fileprivate` functions at file scope, that only the file's preview code names: every
    /// mention of the name, other than its declarations and its own body, is in a `#Preview { }` or a
    /// `PreviewProvider` (no other file can name it; `#Preview { fileViewer(error: …) }` with `private func
    /// fileViewer`). One walk of the file's tokens for all of them.
    public func previewOnlyPrivateDeclarations() -> (types: Set<Int32>, functions: Set<Int32>) {
        // The candidates by name: top-level, private or fileprivate, declared (not only extended) here.
        var candidates: [String: (declaration: Int32, used: Bool, spoiled: Bool)] = [:]
        for t in types.indices where types[t].kind != .extension && types[t].parentType < 0 && types[t].nameToken >= 0
            && !types[t].modifiers.isDisjoint(with: [.private, .fileprivate]) {
            candidates[identifierText(types[t].nameToken)] = (Int32(t), false, false)
        }
        var functionsByName: [String: [Int32]] = [:]
        for f in functions.indices where functions[f].ownerType < 0 && functions[f].kind == .function && functions[f].nameToken >= 0
            && !functions[f].modifiers.isDisjoint(with: [.private, .fileprivate]) && isAtFileScope(functions[f].node) {
            let name = identifierText(functions[f].nameToken)
            guard candidates[name] == nil || functionsByName[name] != nil else { continue }
            candidates[name] = (-1, false, false)
            functionsByName[name, default: []].append(Int32(f))
        }
        guard !candidates.isEmpty else { return ([], []) }
        // Preview code by token range: `PreviewProvider` types and `#Preview` expansions.
        var previews: [ClosedRange<Int32>] = []
        for t in types.indices where types[t].openBrace >= 0 && types[t].closeBrace > types[t].openBrace
            && isPreviewScaffolding(Int32(t), includingItself: true) {
            previews.append(types[t].openBrace...types[t].closeBrace)
        }
        for node in nodes where node.kind == .macroExpansion && node.token >= 0 && node.firstToken >= 0 && text(node.token) == "Preview" {
            // (`#Preview { … }` is a call whose callee is the macro: the range is the call's.)
            var whole = node
            if node.parent >= 0, nodes[Int(node.parent)].kind == .call, nodes[Int(node.parent)].firstChild >= 0,
               nodes[Int(nodes[Int(node.parent)].firstChild)].kind == .macroExpansion {
                whole = nodes[Int(node.parent)]
            }
            if whole.lastToken >= whole.firstToken { previews.append(whole.firstToken...whole.lastToken) }
        }
        guard !previews.isEmpty else { return ([], []) }
        previews.sort { $0.lowerBound < $1.lowerBound }
        // Ranges may nest (a provider's members): whether a token is in one, by the furthest end so far.
        var reach: [Int32] = []
        var furthest: Int32 = -1
        for range in previews { furthest = max(furthest, range.upperBound); reach.append(furthest) }
        func inPreview(_ token: Int32) -> Bool {
            var low = 0
            var high = previews.count
            while low < high {
                let mid = (low + high) / 2
                if previews[mid].lowerBound <= token { low = mid + 1 } else { high = mid }
            }
            return low > 0 && reach[low - 1] >= token
        }
        // Declarations' name tokens and the candidates' own bodies are not uses.
        var declarationTokens = Set<Int32>()
        var own: [String: [ClosedRange<Int32>]] = [:]
        var declarations: [String: [Int32]] = [:]
        for t in types.indices where types[t].nameToken >= 0 && types[t].parentType < 0 {
            let name = identifierText(types[t].nameToken)
            guard candidates[name] != nil else { continue }
            declarationTokens.insert(types[t].nameToken)
            declarations[name, default: []].append(Int32(t))
            if types[t].openBrace >= 0 && types[t].closeBrace > types[t].openBrace {
                own[name, default: []].append(types[t].openBrace...types[t].closeBrace)
            }
        }
        for (name, list) in functionsByName {
            for f in list {
                declarationTokens.insert(functions[Int(f)].nameToken)
                let node = nodes[Int(functions[Int(f)].node)]
                if node.firstToken >= 0 && node.lastToken > node.firstToken { own[name, default: []].append(node.firstToken...node.lastToken) }
            }
        }
        var lengths = Set<Int>()
        for name in candidates.keys { lengths.insert(name.utf8.count) }
        for k in tokens.indices where tokens[k].kind == .identifier && lengths.contains(Int(tokens[k].length)) {
            let token = Int32(k)
            guard !declarationTokens.contains(token) else { continue }
            let name = identifierText(token)
            guard var entry = candidates[name], !entry.spoiled else { continue }
            if own[name]?.contains(where: { $0.contains(token) }) == true { continue }
            if inPreview(token) { entry.used = true } else { entry.spoiled = true }
            candidates[name] = entry
        }
        var result = Set<Int32>()
        var previewFunctions = Set<Int32>()
        for (name, entry) in candidates where entry.used && !entry.spoiled {
            result.formUnion(declarations[name] ?? [])
            previewFunctions.formUnion(functionsByName[name] ?? [])
        }
        return (result, previewFunctions)
    }

    /// Whether a declaration's node is at file scope (its parent is the file).
    func isAtFileScope(_ node: Int32) -> Bool {
        let parent = nodes[Int(node)].parent
        return parent >= 0 && nodes[Int(parent)].kind == .sourceFile
    }

    /// Whether a node is inside a `#Preview { }` macro.
    public func isInPreviewMacro(_ node: Int32) -> Bool {
        var current = nodes[Int(node)].parent
        var steps = 0
        while current >= 0 && steps < 10_000 {
            steps += 1
            let n = nodes[Int(current)]
            if n.kind == .macroExpansion && n.token >= 0 && text(n.token) == "Preview" { return true }
            if n.kind == .typeDecl || n.kind == .functionDecl { return false }
            current = n.parent
        }
        return false
    }

    /// Whether an expression is the initial value of a local (`let view = V(…)`, or a `var` whose members the
    /// block sets first: `view.onSelect = …`) that the same block passes as `rootView: view` and uses
    /// nowhere else.
    func isLocalPassedAsHostingRoot(_ call: Int32) -> Bool {
        guard let (name, first, last) = localBinding(initializedBy: call) else { return false }
        var asRoot = false
        for i in first...last where tokens[i].kind == .identifier && identifierText(Int32(i)) == name {
            // `name.handler = …` configures the value before it becomes the root.
            if i + 3 <= last, tokens[i + 1].kind == .period, tokens[i + 2].kind == .identifier, tokens[i + 3].kind == .operator,
               text(Int32(i + 3)) == "=", !(i >= 1 && tokens[i - 1].kind == .period) {
                continue
            }
            // Otherwise `rootView: name` and nothing else: any other use may build more views from it.
            guard i >= 2, tokens[i - 1].kind == .colon, tokens[i - 2].kind == .identifier, text(Int32(i - 2)) == "rootView",
                  i + 1 > last || tokens[i + 1].kind == .rightParen || tokens[i + 1].kind == .comma else { return false }
            asRoot = true
        }
        return asRoot
    }

    /// `T`, `Outer.T`: identifiers joined by dots, the last one starting with an uppercase letter.
    /// The first byte of a name token without backticks (`identifierText(token).utf8.first`, without making
    /// the string; an invalid byte stays at or above 0x80 either way).
    func nameFirstByte(_ token: Int32) -> UInt8? {
        guard token >= 0 && Int(token) < tokens.count else { return nil }
        let range = tokens[Int(token)].range
        let bytes = file.bytes
        guard range.lowerBound >= 0, range.upperBound <= bytes.count, !range.isEmpty else { return nil }
        if range.count >= 2 && bytes[range.lowerBound] == UInt8(ascii: "`") && bytes[range.upperBound - 1] == UInt8(ascii: "`") {
            return range.count > 2 ? bytes[range.lowerBound + 1] : nil
        }
        return bytes[range.lowerBound]
    }

    func isTypeLikeChain(_ node: Int32) -> Bool {
        let n = nodes[Int(node)]
        switch n.kind {
        case .identifier:
            guard n.token >= 0, let first = nameFirstByte(n.token) else { return false }
            return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
        case .memberAccess:
            guard n.token >= 0, let first = nameFirstByte(n.token),
                  first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z"), n.firstChild >= 0 else { return false }
            return isTypeLikeChain(n.firstChild)
        default:
            return false
        }
    }

    /// `value.member(…)` directly in the content of `navigationDestination(for: T.self) { value in … }`
    /// (the closure's parameter, or `$0`): the member called and `T` as written.
    public func destinationMemberCall(_ call: Int32) -> (member: String, type: String)? {
        let callee = callee(of: call)
        guard callee >= 0, nodes[Int(callee)].kind == .memberAccess, nodes[Int(callee)].token >= 0 else { return nil }
        let base = nodes[Int(callee)].firstChild
        guard base >= 0, nodes[Int(base)].kind == .identifier, nodes[Int(base)].token >= 0,
              let first = identifierText(nodes[Int(base)].token).utf8.first,
              first == UInt8(ascii: "$") || first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") else { return nil }
        // The nearest closure around the call, and the call it is passed to.
        var current = nodes[Int(call)].parent
        var steps = 0
        while current >= 0 && nodes[Int(current)].kind != .closure && steps < 64 {
            if [.functionDecl, .accessor, .typeDecl].contains(nodes[Int(current)].kind) { return nil }
            current = nodes[Int(current)].parent
            steps += 1
        }
        guard current >= 0, nodes[Int(current)].kind == .closure, let taking = callTaking(closure: current),
              calleeName(taking) == "navigationDestination" else { return nil }
        for argument in children(of: taking) where nodes[Int(argument)].kind == .argument && nodes[Int(argument)].token >= 0
            && text(nodes[Int(argument)].token) == "for" {
            let value = unwrapExpression(nodes[Int(argument)].firstChild)
            guard value >= 0, nodes[Int(value)].kind == .memberAccess, nodes[Int(value)].token >= 0, text(nodes[Int(value)].token) == "self",
                  nodes[Int(value)].firstChild >= 0, isTypeLikeChain(nodes[Int(value)].firstChild) else { return nil }
            return (identifierText(nodes[Int(callee)].token), text(of: nodes[Int(value)].firstChild))
        }
        return nil
    }

    /// The identity contexts around a call inside its member, innermost first: the presentation or
    /// `ForEach` closures it is built in, `NavigationLink(destination:)`, and `.id(…)` applied to it
    /// (through other modifiers).
    public func identityContexts(of call: Int32) -> [IdentityContext] {
        var contexts: [IdentityContext] = []
        var current = call
        var steps = 0
        while steps < 10_000 {
            steps += 1
            let parent = nodes[Int(current)].parent
            guard parent >= 0 else { break }
            let p = nodes[Int(parent)]
            switch p.kind {
            case .functionDecl, .accessor, .typeDecl:
                return contexts
            case .variableDecl where p.parent >= 0 && (nodes[Int(p.parent)].kind == .typeDecl || nodes[Int(p.parent)].kind == .sourceFile):
                // A stored property's initializer: the member ends here.
                return contexts
            case .memberAccess where p.firstChild == current && p.token >= 0 && text(p.token) == "id":
                // `view.id(x)`: the modifier's call is the member access's parent.
                let modifier = p.parent
                if modifier >= 0, nodes[Int(modifier)].kind == .call, nodes[Int(modifier)].firstChild == parent {
                    for argument in children(of: modifier) where nodes[Int(argument)].kind == .argument {
                        contexts.append(.id(text(of: argument)))
                        break
                    }
                }
            case .argument:
                let outer = p.parent
                if outer >= 0, nodes[Int(outer)].kind == .call, p.token >= 0, text(p.token) == "destination",
                   calleeName(outer) == "NavigationLink" {
                    contexts.append(.presented(by: "NavigationLink", itemKeyed: false))
                }
            default:
                break
            }
            if nodes[Int(current)].kind == .closure, let context = identityContext(ofClosure: current) {
                contexts.append(context)
            }
            current = parent
        }
        return contexts
    }

    /// The text of a `ForEach`'s data, a local it starts with written as what it is bound to: the subject of
    /// the `switch` whose case binds it (`case .loaded(let rows, _): ForEach(rows)` is rows of
    /// `model.state`), or a single `let`'s value (`let rows = model.rows`). Rows keyed by id keep their
    /// state when what the local comes from changes.
    func dataText(_ expression: Int32, depth: Int = 0) -> String {
        var root = expression
        descent: while root >= 0 {
            switch nodes[Int(root)].kind {
            case .memberAccess, .call, .subscriptCall, .postfixOperator, .sequence: root = nodes[Int(root)].firstChild
            default: break descent
            }
        }
        guard depth < 2, root >= 0, nodes[Int(root)].kind == .identifier, nodes[Int(root)].token >= 0 else { return text(of: expression) }
        let name = identifierText(nodes[Int(root)].token)
        guard let source = switchSubject(binding: name, at: root) ?? localValue(name, at: root) else { return text(of: expression) }
        let whole = text(of: expression)
        return dataText(source, depth: depth + 1) + whole.dropFirst(text(of: root).count)
    }

    /// The subject of the `switch` whose enclosing case binds `name` in its pattern (`switch state { case
    /// .loaded(let rows): … }`), climbing from `use` no further than the member or a closure that binds it.
    func switchSubject(binding name: String, at use: Int32) -> Int32? {
        var current = nodes[Int(use)].parent
        var steps = 0
        while current >= 0 && steps < 256 {
            steps += 1
            switch nodes[Int(current)].kind {
            case .functionDecl, .typeDecl, .accessor, .sourceFile:
                return nil
            case .closure:
                if closureBoundNames(current).contains(name) { return nil }
            case .switchCase:
                if boundVariables(of: current).contains(where: { variables[$0].name == name }) {
                    let statement = nodes[Int(current)].parent
                    guard statement >= 0, nodes[Int(statement)].kind == .switchStmt else { return nil }
                    let subject = nodes[Int(statement)].firstChild
                    return subject >= 0 && nodes[Int(subject)].kind != .switchCase ? subject : nil
                }
            default:
                break
            }
            current = nodes[Int(current)].parent
        }
        return nil
    }

    /// The identity context a closure's content gets from the call it is passed to.
    func identityContext(ofClosure closure: Int32) -> IdentityContext? {
        guard let call = callTaking(closure: closure) else { return nil }
        let name = calleeName(call)
        // `List(data, id:) { row in … }` builds its rows like a `ForEach`.
        let listOfData = name == "List" && children(of: call).contains { argument in
            nodes[Int(argument)].kind == .argument && nodes[Int(argument)].token < 0 && unwrapExpression(argument) != closure
                && nodes[Int(unwrapExpression(argument))].kind != .closure
        }
        if name == "ForEach" || listOfData {
            var data: String?
            var key = ""
            for argument in children(of: call) where nodes[Int(argument)].kind == .argument && argument != closure {
                let label = nodes[Int(argument)].token >= 0 ? text(nodes[Int(argument)].token) : nil
                if label == "id" { key = text(of: nodes[Int(argument)].firstChild) }
                if data == nil && label == nil && unwrapExpression(argument) != closure {
                    data = dataText(nodes[Int(argument)].firstChild)
                }
            }
            return .forEach(keyedBy: key, data: data ?? "")
        }
        guard role(ofClosure: closure) == .presents else { return nil }
        var itemKeyed = false
        for argument in children(of: call) where nodes[Int(argument)].kind == .argument {
            if nodes[Int(argument)].token >= 0 && text(nodes[Int(argument)].token) == "item" { itemKeyed = true }
        }
        return .presented(by: name, itemKeyed: itemKeyed)
    }

    /// Whether a function's declared result names a view (`-> some View`, `-> AnyView`,
    /// `-> some ToolbarContent`, `-> Scene`): the `->` after its parameters, up to its body.
    public func declaresViewResult(_ function: FunctionDecl) -> Bool {
        guard function.nameToken >= 0 else { return false }
        let end = function.body >= 0 ? nodes[Int(function.body)].firstToken : Int32(tokens.count)
        var depth = 0
        var t = function.nameToken + 1
        while t < end && Int(t) < tokens.count {
            switch tokens[Int(t)].kind {
            case .leftParen, .leftBracket: depth += 1
            case .rightParen, .rightBracket: depth -= 1
            // (`-> {` or a file cut after the arrow names no type.)
            case .arrow where depth == 0: return t + 1 <= end - 1 && namesViewType(tokens: (t + 1)...(end - 1))
            default: break
            }
            t += 1
        }
        return false
    }

    /// Whether a type as written names a view: an identifier ending in `View` or `Content`, or `Scene`.
    public func namesViewType(tokens range: ClosedRange<Int32>) -> Bool {
        guard range.lowerBound >= 0, range.upperBound >= range.lowerBound else { return false }
        for t in range where Int(t) < tokens.count {
            let kind = tokens[Int(t)].kind
            guard kind == .identifier || kind == .keyword else { continue }
            let name = text(t)
            // (`where` starts a generic clause: its constraints are not the result.)
            if name == "where" { return false }
            if kind == .identifier && (name.hasSuffix("View") || name.hasSuffix("Content") || name == "Scene") { return true }
        }
        return false
    }

    /// A stored property's type as written in its annotation, else the type its initializer constructs.
    public func declaredType(of variable: VariableDecl) -> String? {
        if let range = variable.typeRange {
            return file.text(self.range(ofTokens: range.lowerBound, range.upperBound))
        }
        guard variable.initializer >= 0 else { return nil }
        let value = unwrapExpression(variable.initializer)
        guard value >= 0, nodes[Int(value)].kind == .call else { return nil }
        return constructedType(value, genericArguments: true)
    }

    /// The type of a variable whose initial value is a type's shared instance (`= Store.shared`,
    /// `FileManager.default`, `Calendar.current`): by convention that type itself. Nil for anything else.
    public func sharedInstanceType(of variable: VariableDecl) -> String? {
        guard variable.typeRange == nil, variable.initializer >= 0 else { return nil }
        let value = unwrapExpression(variable.initializer)
        guard value >= 0, nodes[Int(value)].kind == .memberAccess, nodes[Int(value)].token >= 0,
              SyntaxTree.sharedInstanceNames.contains(identifierText(nodes[Int(value)].token)) else { return nil }
        let base = nodes[Int(value)].firstChild
        guard base >= 0, nodes[Int(base)].kind == .identifier, nodes[Int(base)].token >= 0 else { return nil }
        let type = identifierText(nodes[Int(base)].token)
        return type.first?.isUppercase == true ? type : nil
    }

    static let sharedInstanceNames: Set<String> = ["shared", "default", "standard", "current", "main", "instance", "sharedInstance"]

    /// Whether an enclosing `if` (inside the same member) fixes `name` in the branch `node` is in: a
    /// condition `name` or `!name` (either branch), `name == constant` (its first branch) or
    /// `name != constant` (its else branch); `self.name` counts as `name`.
    public func isPinned(_ name: String, at node: Int32) -> Bool {
        var current = node
        var steps = 0
        while steps < 10_000 {
            steps += 1
            let parent = nodes[Int(current)].parent
            guard parent >= 0 else { return false }
            switch nodes[Int(parent)].kind {
            case .closure where isViewContent(parent):
                // (The content of a container view, `ForEach(items) { … }`, `VStack { … }`, is in the branch too.)
                break
            case .functionDecl, .accessor, .typeDecl, .closure:
                return false
            case .ifStmt:
                let condition = nodes[Int(parent)].firstChild
                if condition != current, condition >= 0, nodes[Int(condition)].kind != .codeBlock,
                   nodes[Int(condition)].nextSibling >= 0, nodes[Int(nodes[Int(condition)].nextSibling)].kind == .codeBlock {
                    let inThen = nodes[Int(condition)].nextSibling == current
                    if pins(condition, name, inThen: inThen) { return true }
                }
            default:
                break
            }
            current = parent
        }
        return false
    }

    /// Whether a closure is the content of a view built there (`ForEach(items) { … }`, `VStack { … }`,
    /// `LazyVGrid(columns: c) { … }`): a call of a capitalised name that takes it as an argument or trailing
    /// closure. Its views are part of the enclosing view tree, in the enclosing branch.
    func isViewContent(_ closure: Int32) -> Bool {
        var call = nodes[Int(closure)].parent
        if call >= 0 && nodes[Int(call)].kind == .argument { call = nodes[Int(call)].parent }
        guard call >= 0, nodes[Int(call)].kind == .call else { return false }
        let callee = callee(of: call)
        guard callee >= 0, nodes[Int(callee)].kind == .identifier, nodes[Int(callee)].token >= 0 else { return false }
        return nameFirstByte(nodes[Int(callee)].token).map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } ?? false
    }

    /// Whether a condition fixes `name` in one of its branches.
    func pins(_ condition: Int32, _ name: String, inThen: Bool) -> Bool {
        func isName(_ n: Int32) -> Bool {
            guard n >= 0 else { return false }
            let node = nodes[Int(n)]
            if node.kind == .identifier { return node.token >= 0 && identifierText(node.token) == name }
            if node.kind == .memberAccess, node.firstChild >= 0, nodes[Int(node.firstChild)].kind == .selfExpr {
                return node.token >= 0 && identifierText(node.token) == name
            }
            return false
        }
        func isConstant(_ n: Int32) -> Bool {
            guard n >= 0 else { return false }
            let kind = nodes[Int(n)].kind
            return kind == .literal || kind == .implicitMember || kind == .memberAccess && nodes[Int(n)].firstChild >= 0
                && isTypeLikeChain(nodes[Int(n)].firstChild)
        }
        let parts = nodes[Int(condition)].kind == .sequence ? Array(children(of: condition)) : [condition]
        switch parts.count {
        case 1:
            let only = parts[0]
            if isName(only) { return true }
            if nodes[Int(only)].kind == .prefixOperator, nodes[Int(only)].token >= 0, text(nodes[Int(only)].token) == "!" {
                return isName(nodes[Int(only)].firstChild)
            }
            return false
        case 3:
            guard nodes[Int(parts[1])].kind == .binaryOperator, nodes[Int(parts[1])].token >= 0 else { return false }
            let op = text(nodes[Int(parts[1])].token)
            guard op == "==" && inThen || op == "!=" && !inThen else { return false }
            return isName(parts[0]) && isConstant(parts[2]) || isName(parts[2]) && isConstant(parts[0])
        default:
            return false
        }
    }
}

extension String {
    /// The last of the parts between dots that is not empty (`Inner` for `Outer.Inner`), or the whole
    /// string when none is: `split(separator: ".").last ?? self[...]`, found among the bytes of an ASCII
    /// name (splitting breaks the string into characters first; other names take that path).
    public var lastDottedPart: Substring {
        // (A name that ends in a dot, where split drops empty parts, and non-ASCII names take split's path.)
        if utf8.last == UInt8(ascii: ".") || utf8.contains(where: { $0 >= 0x80 }) { return split(separator: ".").last ?? self[...] }
        guard let dot = ProjectIndex.lastDot(in: self) else { return self[...] }
        return self[utf8.index(after: dot)...]
    }

    /// The first index of an ASCII character, found among the bytes (`firstIndex(of:)` breaks the whole
    /// string into characters first). A match next to a non-ASCII byte, which may combine with it into
    /// another character, is left to the character search.
    func firstIndex(ofASCII byte: UInt8) -> String.Index? {
        let bytes = utf8
        guard let found = bytes.firstIndex(of: byte) else { return nil }
        let next = bytes.index(after: found)
        if next < bytes.endIndex && bytes[next] >= 0x80 || found > bytes.startIndex && bytes[bytes.index(before: found)] >= 0x80 {
            return firstIndex(of: Character(Unicode.Scalar(byte)))
        }
        return found
    }
}
