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
        var found: [Int: [(name: String, token: Int)]] = [:]
        for function in tree.functions.indices where tree.functions[function].kind == .initializer {
            let owner = tree.functions[function].ownerType
            guard owner >= 0, Int(owner) < tree.types.count, tree.types[Int(owner)].kind == .class else { continue }
            let names = mirrored(in: function, tree)
            if !names.isEmpty { found[Int(owner), default: []].append(contentsOf: names) }
        }
        return found.keys.sorted().compactMap { type in
            let mirrors = found[type]!
            let name = tree.qualifiedName(ofType: Int32(type))
            var written: Set<String> = []
            // The class's declaration and its extensions in this file.
            for part in tree.types.indices where part == type || tree.types[part].kind == .extension && tree.types[part].name == name {
                written.formUnion(writes(of: Set(mirrors.map(\.name)), excluding: Set(mirrors.map(\.token)), inType: part, tree))
            }
            let kept = Set(mirrors.map(\.name)).subtracting(written).sorted()
            return kept.isEmpty ? nil : (name, kept)
        }
    }

    // (Merged, encoded and decoded as a set of names: `IndexFact where Value == [String]`.)

    static func isOperator(_ k: Int, _ text: String, _ tree: SyntaxTree) -> Bool {
        k >= 0 && k < tree.tokens.count && tree.tokens[k].kind == .operator && tree.text(Int32(k)) == text
    }

    /// The `.assign(to: &$name)` calls of this initializer whose statement starts from a publisher that gives
    /// its current value on subscription (a key-value publisher `x.publisher(for: \.key)`, another object's
    /// `x.$value`; not `NotificationCenter`'s `publisher(for: .name)`), from the tokens: each property's name and
    /// the token of its `$name`.
    static func mirrored(in function: Int, _ tree: SyntaxTree) -> [(name: String, token: Int)] {
        let node = tree[tree.functions[function].node]
        guard node.firstToken >= 0, node.lastToken > node.firstToken, Int(node.lastToken) < tree.tokens.count else { return [] }
        let first = Int(node.firstToken), last = Int(node.lastToken)
        var names: [(name: String, token: Int)] = []
        for k in first..<last where tree.tokens[k].length == 6 && tree.isIdentifier(k, oneOf: assignWord) {
            // `assign ( to : & $name )`
            guard k + 5 <= last, k > first, tree.tokens[k - 1].kind == .period, tree.tokens[k + 1].kind == .leftParen,
                  tree.text(Int32(k + 2)) == "to", tree.tokens[k + 3].kind == .colon, isOperator(k + 4, "&", tree),
                  tree.tokens[k + 5].kind == .identifier else { continue }
            let target = tree.text(Int32(k + 5))
            guard target.hasPrefix("$"), target.count > 1 else { continue }
            // Back to the statement's start: the `{` that opens it, a `;`, a `,` or the `assign` of an earlier chain.
            var depth = 0
            var j = k - 1
            var source = false
            // An operator that can drop the current value (`dropFirst()`, `filter`, `debounce`) makes no mirror.
            var drops = false
            while j > first {
                let kind = tree.tokens[j].kind
                // (Closures in the chain, `.map { … }`, are passed over.)
                if kind == .rightParen || kind == .rightBracket || kind == .rightBrace { depth += 1 }
                if kind == .leftParen || kind == .leftBracket || kind == .leftBrace {
                    if depth == 0 { break }
                    depth -= 1
                }
                if depth == 0 && (kind == .semicolon || kind == .comma) { break }
                if depth == 0 && kind == .identifier && tree.tokens[j].length == 6 && tree.isIdentifier(j, oneOf: assignWord) { break }
                if kind == .identifier {
                    if depth == 0, tree.tokens[j - 1].kind == .period, !tree.text(Int32(j)).hasPrefix("$"),
                       !keepsCurrentValue.contains(tree.text(Int32(j))) {
                        drops = true
                    }
                    // `x.publisher(for: \.key` (with `options:`, only when they include `.initial`)
                    if tree.isIdentifier(j, oneOf: publisherWord), j + 4 <= k, tree.tokens[j + 1].kind == .leftParen,
                       tree.tokens[j + 2].kind == .keyword, tree.tokens[j + 2].keyword == .for, tree.tokens[j + 3].kind == .colon,
                       tree.tokens[j + 4].kind == .backslash, tree.tokens[j - 1].kind == .period, givesInitialValue(from: j + 1, tree) {
                        source = true
                    }
                    // `model.$value`
                    if tree.tokens[j - 1].kind == .period, tree.text(Int32(j)).hasPrefix("$") { source = true }
                }
                // A line that starts at this depth other than with `.` (which goes on with the chain) starts the statement.
                if depth == 0 && kind != .period && tree.tokens[j].flags.contains(.atStartOfLine) { break }
                j -= 1
            }
            if source && !drops { names.append((String(target.dropFirst()), k + 5)) }
        }
        return names
    }

    /// Operators a mirror may pass its source through: each keeps the current value the source gives.
    static let keepsCurrentValue: Set<String> = ["map", "removeDuplicates", "receive", "eraseToAnyPublisher", "publisher", "assign", "subscribe"]

    /// Whether the arguments of `publisher(for:…)` opening at `open` ask for the current value: no `options:`,
    /// or options that include `.initial`.
    static func givesInitialValue(from open: Int, _ tree: SyntaxTree) -> Bool {
        var depth = 0
        var k = open
        var options = false
        while k < tree.tokens.count {
            let kind = tree.tokens[k].kind
            if kind == .leftParen || kind == .leftBracket { depth += 1 }
            if kind == .rightParen || kind == .rightBracket {
                depth -= 1
                if depth == 0 { break }
            }
            if depth == 1 && kind == .identifier && tree.text(Int32(k)) == "options" { options = true }
            if options && kind == .identifier && tree.text(Int32(k)) == "initial" { return true }
            k += 1
        }
        return !options
    }

    /// Which of `names` the declaration `type` (a class or one of its extensions) writes other than by its
    /// mirroring `assign`s (the tokens `excluding`), in one pass over its tokens: `name = …`, `self.name += …`,
    /// `name.field = …`, `name[i] = …`, a method called on it (`name.toggle()`, `name.items.append(x)`), `&name`,
    /// `&$name` (another `assign`), and a key path to it (`assign(to: \.name, on: self)`).
    static func writes(of names: Set<String>, excluding mirrors: Set<Int>, inType type: Int, _ tree: SyntaxTree) -> Set<String> {
        let node = tree[tree.types[type].node]
        guard node.firstToken >= 0, node.lastToken > node.firstToken, Int(node.lastToken) < tree.tokens.count else { return names }
        let words = names.map { Array($0.utf8) } + names.map { Array(("$" + $0).utf8) }
        let last = Int(node.lastToken)
        var written: Set<String> = []
        for k in Int(node.firstToken)..<last where tree.tokens[k].kind == .identifier && tree.isIdentifier(k, oneOf: words) {
            let text = tree.text(Int32(k))
            let projected = text.hasPrefix("$")
            let name = projected ? String(text.dropFirst()) : text
            guard !written.contains(name), !mirrors.contains(k) else { continue }
            let before = k > 0 ? tree.tokens[k - 1] : tree.tokens[k]
            // The declaration itself: `var name = false`.
            if k > 0, before.kind == .keyword, before.keyword == .var || before.keyword == .let { continue }
            if k > 1, before.kind == .period {
                // A key path: `\.name`, `\Model.name`, written through when it is `assign`'s target
                // (`assign(to: \.name, on: self)`); one that is read (`publisher(for: \.name)`) is no write.
                let slash = tree.tokens[k - 2].kind == .backslash ? k - 2
                    : k > 2 && tree.tokens[k - 2].kind == .identifier && tree.tokens[k - 3].kind == .backslash ? k - 3 : -1
                if slash >= 0 {
                    if slash > 1, tree.tokens[slash - 1].kind == .colon, tree.text(Int32(slash - 2)) == "to" { written.insert(name) }
                    continue
                }
            }
            // Passed inout: `&name`, `&self.name`, `&$name`. (Written through any base, `self?.name = x` in a weak
            // closure as `other.name = x`: a write of another object's property by the same name keeps reporting.)
            let start = k > 1 && before.kind == .period ? k - 2 : k
            if isOperator(start - 1, "&", tree) {
                written.insert(name)
                continue
            }
            if projected { continue }
            // Through a postfix chain: `.field`, `[i]`, `?`, `!`, then an assignment or a method call.
            var j = k + 1
            while j < last {
                let kind = tree.tokens[j].kind
                if kind == .period, j + 1 < last, tree.tokens[j + 1].kind == .identifier {
                    if j + 2 <= last, tree.tokens[j + 2].kind == .leftParen { written.insert(name); break }
                    j += 2
                } else if kind == .leftBracket {
                    var depth = 0
                    while j < last {
                        if tree.tokens[j].kind == .leftBracket { depth += 1 }
                        if tree.tokens[j].kind == .rightBracket { depth -= 1; if depth == 0 { break } }
                        j += 1
                    }
                    j += 1
                } else if kind == .operator, tree.tokens[j].flags.contains(.leftBound), isOperator(j, "?", tree) || isOperator(j, "!", tree) {
                    j += 1
                } else {
                    break
                }
            }
            if j < last, tree.tokens[j].kind == .operator {
                let op = tree.text(Int32(j))
                if op.hasSuffix("=") && op != "==" && op != "!=" && op != "<=" && op != ">=" && op != "===" && op != "!==" { written.insert(name) }
            }
        }
        return written
    }
}
