import StatelintSyntax

/// Which `Binding` parameters each class's initializers copy the value of, by qualified class name: the
/// argument labels (`source` for `init(source: Binding<T>) { value = source.wrappedValue }`). A view that
/// builds its `@StateObject` from a binding it is handed keeps a stale copy only when the object copies the
/// binding's value; an object that keeps the binding and reads through it sees every later value
/// (`index.value(of: BindingCopiesFact.self, at: name)`, `state_injected_value`).
public enum BindingCopiesFact: IndexFact {
    /// The labels, sorted, without repeats.
    public typealias Value = [String]
    public static let id = "binding-copies"
    public static let schemaVersion = 1

    static let binding: [[UInt8]] = [Array("Binding".utf8)]

    public static func collect(_ tree: SyntaxTree) -> [(key: String, value: Value)] {
        // (Most files declare no class: nothing is allocated for them.)
        guard tree.types.indices.contains(where: { tree.types[$0].kind == .class }) else { return [] }
        var found: [Int: [String]] = [:]
        for function in tree.functions.indices where tree.functions[function].kind == .initializer {
            let owner = tree.functions[function].ownerType
            guard owner >= 0, Int(owner) < tree.types.count, tree.types[Int(owner)].kind == .class else { continue }
            let labels = copiedBindings(in: function, tree)
            if !labels.isEmpty { found[Int(owner), default: []] += labels }
        }
        return found.keys.sorted().map { (tree.qualifiedName(ofType: Int32($0)), Array(Set(found[$0]!)).sorted()) }
    }

    /// The labels of the `Binding` parameters of this initializer whose `.wrappedValue` its body reads, from
    /// the tokens (pass 1 parses no parameter clause or body of a skipped member).
    static func copiedBindings(in function: Int, _ tree: SyntaxTree) -> [String] {
        let node = tree[tree.functions[function].node]
        guard node.firstToken >= 0, node.lastToken > node.firstToken, Int(node.lastToken) < tree.tokens.count else { return [] }
        let first = Int(node.firstToken), last = Int(node.lastToken)
        // Most initializers read no `.wrappedValue`: nothing more is looked at.
        guard (first...last).contains(where: { tree.tokens[$0].length == 12 && tree.isIdentifier($0, oneOf: SyntaxTree.wrappedValueWord) }) else { return [] }
        // The parameter clause: `(` after `init` (and a `?`/`!` or generic clause) to its `)`.
        guard let open = (first...last).first(where: { tree.tokens[$0].kind == .leftParen }) else { return [] }
        var depth = 0
        var close = -1
        var parameters: [(label: String, name: String)] = []
        var segment = open + 1
        for k in open...last {
            switch tree.tokens[k].kind {
            case .leftParen, .leftBracket, .leftBrace: depth += 1
            case .rightParen, .rightBracket, .rightBrace:
                depth -= 1
                if depth == 0 { close = k }
            case .comma where depth == 1:
                if let p = bindingParameter(segment..<k, tree) { parameters.append(p) }
                segment = k + 1
            default: break
            }
            if close >= 0 { break }
        }
        // (No body after the clause in a broken file: nothing is read.)
        guard close > open, close + 1 < last else { return [] }
        if let p = bindingParameter(segment..<close, tree) { parameters.append(p) }
        guard !parameters.isEmpty else { return [] }
        var labels: [String] = []
        for k in (close + 1)..<last where tree.tokens[k].kind == .identifier {
            guard let p = parameters.first(where: { $0.name == tree.identifierText(Int32(k)) }) else { continue }
            // Not `other.name`.
            if tree.tokens[k - 1].kind == .period { continue }
            if tree.readsWrappedValue(afterIdentifier: k, limit: last) { labels.append(p.label) }
        }
        return labels
    }

    /// `label name: Binding<…>` (or `SwiftUI.Binding<…>`, `name: Binding<…>`) in a parameter clause.
    static func bindingParameter(_ tokens: Range<Int>, _ tree: SyntaxTree) -> (label: String, name: String)? {
        guard let colon = tokens.first(where: { tree.tokens[$0].kind == .colon }), colon > tokens.lowerBound else { return nil }
        var type = colon + 1
        if type + 2 < tokens.upperBound, tree.text(Int32(type)) == "SwiftUI", tree.tokens[type + 1].kind == .period { type += 2 }
        guard type < tokens.upperBound, tree.isIdentifier(type, oneOf: binding) else { return nil }
        let names = (tokens.lowerBound..<colon).filter { tree.tokens[$0].kind == .identifier || tree.tokens[$0].kind == .keyword }
        guard let name = names.last else { return nil }
        let label = names.count >= 2 ? tree.text(Int32(names[names.count - 2])) : tree.text(Int32(name))
        return (label, tree.text(Int32(name)))
    }

    // (Merged, encoded and decoded as a set of names: `IndexFact where Value == [String]`.)
}
