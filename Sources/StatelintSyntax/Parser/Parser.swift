/// A recursive-descent parser over significant tokens that builds the lightweight tree.
/// Every loop makes progress and every recursion is capped by `maxDepth`; unknown constructs
/// are skipped to the next balanced delimiter, so any input yields a tree covering the whole file.
struct Parser {
    static let maxDepth = 128
    /// The deepest a node may lie in the finished tree. Chains that the parser builds in loops (member
    /// accesses and calls `a.b().c`, `try`/`await` runs, `else if`) nest without recursion in the
    /// parser, but every consumer that walks the tree recursively would overflow its stack on a
    /// 150 000-link chain. Nodes deeper than this lose their children (see `limitTreeDepth`).
    public static let maxTreeDepth = 10_000

    let file: SourceFile
    let bytes: [UInt8]
    var toks: [Token]
    var p = 0
    var nodes: [SyntaxNode] = []
    var types: [TypeDecl] = []
    var variables: [VariableDecl] = []
    var functions: [FunctionDecl] = []
    var imports: [String] = []
    var diagnostics: [ParseDiagnostic] = []
    var depth = 0
    var reportedDepth = false
    /// Nodes added by the chain loops (each may add one level of depth): with few of them the tree cannot
    /// be deeper than `maxTreeDepth`, and `limitTreeDepth` need not walk it.
    var chainLinks = 0
    /// Token indices of names a pattern binds with `var` (`case .a(var m)`).
    var varBoundNames = Set<Int>()
    /// The lexer's pairs of delimiters (`LexedTokens.partners`), when it made them.
    var partners: DelimiterPairs?
    /// When set, member bodies are parsed only where it says (shallow parse).
    var bodySelection: SyntaxTree.BodySelection?
    /// The type declaration whose members are being parsed, or -1.
    var currentType: Int32 = -1
    /// Whether `bodySelection` keeps the bodies of `currentType`'s members.
    var currentTypeKeepsBodies = true

    /// A parser over a file's significant tokens (`LexedTokens.significant`).
    init(file: SourceFile, significant: [Token]) {
        self.file = file
        self.bytes = file.bytes
        self.toks = significant
        // (About one node per significant token in a full parse: grown once at most.)
        nodes.reserveCapacity(significant.count * 3 / 4 + 16)
    }

    // MARK: - Token queries

    var atEnd: Bool { p >= toks.count }
    var count: Int { toks.count }

    @inline(__always) func kind(_ i: Int) -> TokenKind? { i < toks.count && i >= 0 ? toks[i].kind : nil }
    @inline(__always) func isKind(_ i: Int, _ k: TokenKind) -> Bool { i < toks.count && i >= 0 && toks[i].kind == k }
    @inline(__always) func keyword(_ i: Int) -> Keyword { i < toks.count && i >= 0 ? toks[i].keyword : .none }
    /// A reserved keyword, or a contextual one lexed as a keyword.
    @inline(__always) func isKeyword(_ i: Int, _ kw: Keyword) -> Bool {
        i < toks.count && i >= 0 && toks[i].keyword == kw && toks[i].kind == .keyword
    }
    @inline(__always) func startsLine(_ i: Int) -> Bool { i < toks.count && toks[i].flags.contains(.atStartOfLine) }
    @inline(__always) func leftBound(_ i: Int) -> Bool { i < toks.count && toks[i].flags.contains(.leftBound) }

    /// Whether token `i` is the operator spelled `text`.
    func isOperator(_ i: Int, _ text: StaticString) -> Bool {
        i < toks.count && i >= 0 && toks[i].kind == .operator && file.token(toks[i], is: text)
    }

    /// Whether token `i` can serve as a name (identifier or contextual keyword).
    @inline(__always) func isName(_ i: Int) -> Bool { i < toks.count && i >= 0 && toks[i].isIdentifierLike }

    func text(_ i: Int) -> String { i < toks.count && i >= 0 ? file.text(toks[i].range) : "" }

    /// The identifier text without surrounding backticks.
    func nameText(_ i: Int) -> String { i < toks.count && i >= 0 ? file.identifierText(toks[i].range) : "" }

    @inline(__always) func isCloser(_ i: Int) -> Bool {
        guard let k = kind(i) else { return true }
        return k == .rightParen || k == .rightBrace || k == .rightBracket || k == .interpolationClose || k == .stringClose
    }

    mutating func diagnose(_ tokenIndex: Int, _ message: String, isLimit: Bool = false) {
        let offset = tokenIndex < toks.count ? Int(toks[tokenIndex].start) : bytes.count
        diagnostics.append(ParseDiagnostic(offset: offset, message: message, isLimit: isLimit))
    }

    // MARK: - Nodes

    @discardableResult
    mutating func makeNode(_ kind: NodeKind, first: Int, parent: Int32, token: Int = -1) -> Int32 {
        let index = Int32(nodes.count)
        nodes.append(SyntaxNode(
            kind: kind, flags: [], firstToken: Int32(first), lastToken: Int32(first - 1), parent: parent,
            firstChild: -1, lastChild: -1, nextSibling: -1, token: token < toks.count ? Int32(token) : -1, info: -1))
        if parent >= 0 {
            // (Linked through one buffer access: each subscript write checked the array's uniqueness again.)
            nodes.withUnsafeMutableBufferPointer { nodes in
                let last = nodes[Int(parent)].lastChild
                if last >= 0 { nodes[Int(last)].nextSibling = index } else { nodes[Int(parent)].firstChild = index }
                nodes[Int(parent)].lastChild = index
            }
        }
        return index
    }

    /// Ends a node at the token before the cursor.
    @inline(__always) mutating func finish(_ node: Int32) {
        let end = p - 1
        nodes.withUnsafeMutableBufferPointer { nodes in
            nodes[Int(node)].lastToken = Int32(max(end, Int(nodes[Int(node)].firstToken) - 1))
        }
    }

    /// Puts a new node of `kind` in `node`'s place and moves `node`'s content below it, as its first child.
    /// Only expression nodes that no side table points at may be wrapped.
    /// Cuts the tree at `maxTreeDepth`: a node that deep keeps its tokens but loses its children (marked
    /// `skipped`, with one diagnostic). One walk without recursion, only when the chains could be that long.
    mutating func limitTreeDepth() {
        guard chainLinks + 8 * Parser.maxDepth > Parser.maxTreeDepth, nodes.count > Parser.maxTreeDepth else { return }
        var node: Int32 = 0
        var level = 0
        var cut = false
        while node >= 0 {
            if level >= Parser.maxTreeDepth && nodes[Int(node)].firstChild >= 0 {
                if !cut {
                    cut = true
                    diagnose(Int(nodes[Int(node)].firstToken), "nesting deeper than \(Parser.maxTreeDepth) levels (a very long chain of calls, member accesses, `try`/`await` or `else if`); the innermost part was skipped", isLimit: true)
                }
                nodes[Int(node)].firstChild = -1
                nodes[Int(node)].lastChild = -1
                nodes[Int(node)].flags.insert(.skipped)
            }
            // Preorder: first child, else the next sibling of the nearest node that has one.
            let child = nodes[Int(node)].firstChild
            if child >= 0 {
                node = child
                level += 1
                continue
            }
            while node >= 0 && nodes[Int(node)].nextSibling < 0 {
                node = nodes[Int(node)].parent
                level -= 1
            }
            if node >= 0 { node = nodes[Int(node)].nextSibling }
        }
    }

    mutating func wrap(_ node: Int32, _ kind: NodeKind) -> Int32 {
        chainLinks += 1
        var moved = nodes[Int(node)]
        let old = moved
        let newIndex = Int32(nodes.count)
        moved.parent = node
        moved.nextSibling = -1
        nodes.append(moved)
        nodes.withUnsafeMutableBufferPointer { nodes in
            var child = moved.firstChild
            while child >= 0 {
                nodes[Int(child)].parent = newIndex
                child = nodes[Int(child)].nextSibling
            }
            nodes[Int(node)] = SyntaxNode(
                kind: kind, flags: [], firstToken: old.firstToken, lastToken: old.lastToken, parent: old.parent,
                firstChild: newIndex, lastChild: newIndex, nextSibling: old.nextSibling, token: -1, info: -1)
        }
        return node
    }

    // MARK: - Skipping

    /// Skips one balanced group starting at an opener, or one token; iterative.
    mutating func skipBalanced() {
        guard !atEnd else { return }
        let opens = TokenKind.openerBits
        guard (opens >> UInt64(toks[p].kind.rawValue & 63)) & 1 != 0 else {
            p += 1
            return
        }
        // The lexer paired the delimiters (`LexedTokens.partners`): one step.
        if let partners {
            let closer = partners.partner(of: p)
            p = closer >= 0 ? Int(closer) + 1 : toks.count
            return
        }
        // (A tight loop over the buffer with a local cursor: bodies skipped this way are most of pass 1's tokens.)
        let either = opens | TokenKind.closerBits
        p = toks.withUnsafeBufferPointer { t in
            var i = p
            var level = 0
            while i < t.count {
                let kind = UInt64(t[i].kind.rawValue & 63)
                i += 1
                // (Most tokens neither open nor close: one test passes them.)
                guard (either >> kind) & 1 != 0 else { continue }
                level += (opens >> kind) & 1 != 0 ? 1 : -1
                if level <= 0 { break }
            }
            return i
        }
    }

    /// Skips the rest of a declaration: up to the next line start, `;` or closer at depth 0.
    mutating func skipDeclarationRemainder(from start: Int) {
        while !atEnd {
            if p > start && startsLine(p) { return }
            if isKind(p, .semicolon) || isCloser(p) { return }
            skipBalanced()
        }
    }

    /// Skips a `#if`/`#elseif` directive with its condition, or `#else`/`#endif`.
    mutating func skipDirective() {
        let start = p
        p += 1
        if file.token(toks[start], is: "#if") || file.token(toks[start], is: "#elseif") {
            while !atEnd && !startsLine(p) { skipBalanced() }
        }
    }

    /// Enters one nesting level; returns false (and skips the construct) when too deep.
    @inline(__always)
    mutating func enter(_ parent: Int32) -> Bool {
        if depth < Parser.maxDepth {
            depth += 1
            return true
        }
        return skipTooDeep(parent)
    }

    /// `enter` past the limit (apart, so the common path is inlined where it is asked).
    @inline(never)
    mutating func skipTooDeep(_ parent: Int32) -> Bool {
        if !reportedDepth {
            reportedDepth = true
            diagnose(p, "nesting deeper than \(Parser.maxDepth) levels; the innermost part was skipped", isLimit: true)
        }
        let node = makeNode(.unknown, first: p, parent: parent)
        nodes[Int(node)].flags.insert(.skipped)
        skipBalanced()
        finish(node)
        return false
    }

    @inline(__always) mutating func leave() { depth -= 1 }

    /// Whether a body at the cursor should be skipped (shallow parse outside the kept classes).
    var skipsBodies: Bool {
        guard bodySelection != nil else { return false }
        return currentType < 0 || !currentTypeKeepsBodies
    }

    /// Whether the selection keeps the bodies of type declaration `index` (asked once per type, when its
    /// members are parsed: `currentTypeKeepsBodies`).
    func keepsBodies(ofType index: Int32) -> Bool {
        guard let selection = bodySelection else { return true }
        // (Read in place: a copy of the declaration retained each of its arrays.)
        let kind = types[Int(index)].kind
        switch selection {
        case .none: return false
        case .classesMarked(let attribute): return kind == .class && types[Int(index)].hasAttribute(attribute)
        case .classes: return kind == .class || kind == .actor
        }
    }

    // MARK: - File

    mutating func parseSourceFile() {
        let root = makeNode(.sourceFile, first: 0, parent: -1)
        while !atEnd {
            let before = p
            if isCloser(p) {
                diagnose(p, "unexpected '\(text(p))'")
                p += 1
                continue
            }
            parseStatement(root)
            if p == before { p += 1 }
        }
        nodes[Int(root)].lastToken = Int32(toks.count - 1)
    }
}
