/// A parsed file: its tokens, a node arena, and declaration tables for rules to query.
public struct SyntaxTree: Sendable {
    /// The file.
    public let file: SourceFile
    /// The comments, in order (for suppressions and fixture markers); the other trivia is not kept.
    public let comments: [Token]
    /// The significant tokens; node token indices point here.
    public let tokens: [Token]
    /// The node arena; index 0 is the source file.
    public internal(set) var nodes: [SyntaxNode]
    /// Every type declaration, nested ones included, in source order.
    public internal(set) var types: [TypeDecl]
    /// Every variable binding: members, locals and globals.
    public internal(set) var variables: [VariableDecl]
    /// Every function, initializer, deinitializer, subscript and accessor.
    public internal(set) var functions: [FunctionDecl]
    /// Imported module names.
    public internal(set) var imports: [String]
    /// Problems found while lexing and parsing.
    public internal(set) var diagnostics: [ParseDiagnostic]

    /// How much of a file to parse.
    public enum Depth: Sendable, Hashable {
        /// Everything.
        case full
        /// Declarations everywhere (with property initializers), but member bodies only where `bodiesIn`
        /// says; other bodies are skipped as balanced braces (no nodes, `body == -1`), and so are the
        /// parameter clauses of their functions (`parameters` empty) and, outside the kept bodies, the
        /// bodies of closure literals (a `.closure` node without children).
        case declarations(bodiesIn: BodySelection)
    }

    /// Which member bodies a declarations-only parse keeps.
    public enum BodySelection: Sendable, Hashable {
        /// None: declarations only.
        case none
        /// Members of classes written with this attribute (e.g. `"Observable"`).
        case classesMarked(String)
        /// Members of every class and actor declaration.
        case classes
    }

    /// Parses a file; never fails, whatever the bytes.
    public init(file: SourceFile, depth: Depth = .full) {
        self.init(file: file, lexed: Lexer.tokenize(file.bytes, trivia: false), depth: depth)
    }

    /// Parses a file already lexed (`Lexer.tokenize(file.bytes)`, with or without trivia), so callers can
    /// time the two apart.
    public init(file: SourceFile, lexed: LexedTokens, depth: Depth = .full) {
        var parser = Parser(file: file, significant: lexed.significant)
        parser.partners = lexed.partners
        if case .declarations(let selection) = depth { parser.bodySelection = selection }
        parser.parseSourceFile()
        parser.limitTreeDepth()
        self.file = file
        self.comments = lexed.comments.map { lexed.tokens[Int($0)] }
        self.tokens = parser.toks
        self.nodes = parser.nodes
        self.types = parser.types
        self.variables = parser.variables
        self.functions = parser.functions
        self.imports = parser.imports
        self.diagnostics = lexed.diagnostics.map { ParseDiagnostic(offset: $0.offset, message: $0.message) } + parser.diagnostics
    }

    // MARK: - Queries

    /// The node at an index.
    @inlinable public subscript(_ index: Int32) -> SyntaxNode { nodes[Int(index)] }

    /// The children of a node, in order.
    public func children(of index: Int32) -> ChildSequence { ChildSequence(nodes: nodes, next: nodes[Int(index)].firstChild) }

    /// The text of a significant token.
    public func text(_ tokenIndex: Int32) -> String {
        guard tokenIndex >= 0 && Int(tokenIndex) < tokens.count else { return "" }
        return file.text(tokens[Int(tokenIndex)].range)
    }

    /// The source text a node covers.
    public func text(of node: Int32) -> String {
        let n = nodes[Int(node)]
        guard n.lastToken >= n.firstToken, n.firstToken >= 0 else { return "" }
        return file.text(Int(tokens[Int(n.firstToken)].start)..<tokens[Int(n.lastToken)].end)
    }

    /// Whether a significant token's bytes equal `literal`.
    public func token(_ tokenIndex: Int32, is literal: StaticString) -> Bool {
        guard tokenIndex >= 0 && Int(tokenIndex) < tokens.count else { return false }
        return file.token(tokens[Int(tokenIndex)], is: literal)
    }

    /// The byte range of a node.
    /// (`range(ofTokens:)` of the node's first and last tokens; a node without tokens is `0..<0`, an empty
    /// one is empty at its start.)
    public func byteRange(of node: Int32) -> Range<Int> {
        let n = nodes[Int(node)]
        guard n.firstToken >= 0, Int(n.firstToken) < tokens.count else { return 0..<0 }
        guard n.lastToken >= n.firstToken else { return Int(tokens[Int(n.firstToken)].start)..<Int(tokens[Int(n.firstToken)].start) }
        return range(ofTokens: n.firstToken, n.lastToken)
    }

    /// Calls `visit` for `root` and every node below it, depth first, in source order; iterative.
    /// Return false from `visit` to skip a node's children.
    public func walk(_ root: Int32, _ visit: (Int32) -> Bool) {
        var current = root
        while true {
            let node = nodes[Int(current)]
            if visit(current) && node.firstChild >= 0 {
                current = node.firstChild
                continue
            }
            while current != root && nodes[Int(current)].nextSibling < 0 {
                current = nodes[Int(current)].parent
            }
            if current == root || current < 0 { return }
            current = nodes[Int(current)].nextSibling
        }
    }

    /// The nearest ancestor (or the node itself) of the given kind.
    public func ancestor(of index: Int32, kind: NodeKind, includingSelf: Bool = false) -> Int32? {
        var current = includingSelf ? index : nodes[Int(index)].parent
        while current >= 0 {
            if nodes[Int(current)].kind == kind { return current }
            current = nodes[Int(current)].parent
        }
        return nil
    }
}

/// The children of a node.
public struct ChildSequence: Sequence, IteratorProtocol {
    let nodes: [SyntaxNode]
    var cursor: Int32

    init(nodes: [SyntaxNode], next: Int32) {
        self.nodes = nodes
        self.cursor = next
    }

    public mutating func next() -> Int32? {
        guard cursor >= 0 else { return nil }
        defer { cursor = nodes[Int(cursor)].nextSibling }
        return cursor
    }
}
