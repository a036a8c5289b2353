import StatelintSyntax

/// The `@Published` properties of each class that only mirror another object's value, by qualified class
/// name: an initializer subscribes them with `.assign(to: &$name)` to a publisher that gives its current value
/// on subscription (`updater.publisher(for: \.canCheck)`, a key-value publisher; `model.$value`, another
/// object's published value), and nothing else in the class writes them. An object whose only published state
/// is such a mirror loses nothing when a view makes it again: the new one shows the same value at once
/// (`index.value(of: ForwardedStateFact.self, at: name)`, `Ownership.statefulReason`).
public enum ForwardedStateFact: IndexFact {
    /// The property names, sorted, without repeats.
    public typealias Value = [String]
    public static let id = "forwarded-state"
    public static let schemaVersion = 1

    static let assignWord: [[UInt8]] = [Array("assign".utf8)]
    static let publisherWord: [[UInt8]] = [Array("publisher".utf8)]

    public static func collect(_ tree: SyntaxTree) -> [(key: String, value: Value)] {
        // (Most files declare no class: nothing is allocated for them.)
        guard tree.types.indices.contains(where: { tree.types[$0].kind == .class }) else { return [] }
        var found: [Int: Set<String>] = [:]
        for function in tree.functions.indices where tree.functions[function].kind == .initializer {
            let owner = tree.functions[function].ownerType
            guard owner >= 0, Int(owner) < tree.types.count, tree.types[Int(owner)].kind == .class else { continue }
            let names = mirrored(in: function, tree)
            if !names.isEmpty { found[Int(owner), default: []].formUnion(names) }
        }
        return found.keys.sorted().compactMap { type in
            let kept = found[type]!.filter { !isWrittenElsewhere($0, inType: type, tree) }.sorted()
            return kept.isEmpty ? nil : (tree.qualifiedName(ofType: Int32(type)), kept)
        }
    }

    // (Merged, encoded and decoded as a set of names: `IndexFact where Value == [String]`.)

    /// The names `name` of the `.assign(to: &$name)` calls of this initializer whose statement starts from a
    /// publisher that gives its current value (`.publisher(for:`, `other.$value`), from the tokens.
    static func mirrored(in function: Int, _ tree: SyntaxTree) -> [String] {
        let node = tree[tree.functions[function].node]
        guard node.firstToken >= 0, node.lastToken > node.firstToken, Int(node.lastToken) < tree.tokens.count else { return [] }
        let first = Int(node.firstToken), last = Int(node.lastToken)
        var names: [String] = []
        for k in first..<last where tree.tokens[k].length == 6 && tree.isIdentifier(k, oneOf: assignWord) {
            // `assign ( to : & $name )`
            guard k + 5 <= last, k > first, tree.tokens[k - 1].kind == .period, tree.tokens[k + 1].kind == .leftParen,
                  tree.text(Int32(k + 2)) == "to", tree.tokens[k + 3].kind == .colon, tree.text(Int32(k + 4)) == "&",
                  tree.tokens[k + 5].kind == .identifier else { continue }
            let target = tree.text(Int32(k + 5))
            guard target.hasPrefix("$"), target.count > 1 else { continue }
            // Back to the statement's start: the `{` that opens it or a `;`.
            var depth = 0
            var j = k - 1
            var source = false
            while j > first {
                let kind = tree.tokens[j].kind
                // (Closures in the chain, `.map { … }`, are passed over.)
                if kind == .rightParen || kind == .rightBracket || kind == .rightBrace { depth += 1 }
                if kind == .leftParen || kind == .leftBracket || kind == .leftBrace {
                    if depth == 0 { break }
                    depth -= 1
                }
                if depth == 0 && kind == .semicolon { break }
                if kind == .identifier {
                    // `x.publisher(for:`
                    if tree.isIdentifier(j, oneOf: publisherWord), j + 2 <= k, tree.tokens[j + 1].kind == .leftParen,
                       tree.tokens[j + 2].kind == .keyword, tree.tokens[j + 2].keyword == .for, tree.tokens[j - 1].kind == .period {
                        source = true
                    }
                    // `model.$value`
                    if tree.tokens[j - 1].kind == .period, tree.text(Int32(j)).hasPrefix("$") { source = true }
                }
                // A line that starts at this depth other than with `.` (which goes on with the chain) starts the statement.
                if depth == 0 && kind != .period && tree.tokens[j].flags.contains(.atStartOfLine) { break }
                j -= 1
            }
            if source { names.append(String(target.dropFirst())) }
        }
        return names
    }

    /// Whether the class's declaration writes `name` anywhere but its declaration (`name = …`, `self.name += …`,
    /// `name.toggle()`), from the tokens.
    static func isWrittenElsewhere(_ name: String, inType type: Int, _ tree: SyntaxTree) -> Bool {
        let node = tree[tree.types[type].node]
        guard node.firstToken >= 0, node.lastToken > node.firstToken, Int(node.lastToken) < tree.tokens.count else { return true }
        let utf8 = Array(name.utf8)
        for k in Int(node.firstToken)..<Int(node.lastToken) where tree.tokens[k].kind == .identifier && tree.isIdentifier(k, oneOf: [utf8]) {
            // The declaration itself: `var name = false`.
            if k > 0, tree.tokens[k - 1].kind == .keyword, tree.tokens[k - 1].keyword == .var || tree.tokens[k - 1].keyword == .let { continue }
            // `other.name`: another object's.
            if k > 1, tree.tokens[k - 1].kind == .period, !(tree.tokens[k - 2].kind == .keyword && tree.tokens[k - 2].keyword == .self) { continue }
            let next = tree.tokens[k + 1]
            if next.kind == .operator {
                let op = tree.text(Int32(k + 1))
                if op.hasSuffix("=") && op != "==" && op != "!=" && op != "<=" && op != ">=" && op != "===" && op != "!==" { return true }
            }
            // A method called on it may mutate it (`name.toggle()`, `name.append(x)`).
            if next.kind == .period, k + 3 <= Int(node.lastToken), tree.tokens[k + 2].kind == .identifier, tree.tokens[k + 3].kind == .leftParen {
                return true
            }
        }
        return false
    }
}
