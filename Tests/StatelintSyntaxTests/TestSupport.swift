import StatelintTestSupport
import Testing
@testable import StatelintSyntax

// Shared helpers for the syntax tests: lexing shortcuts, the byte-for-byte tiling check,
// tree sanity checks and a tiny deterministic PRNG.

/// Lexes `text` and checks that the tokens tile it; returns all tokens, trivia included.
func lexChecked(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> (SourceFile, LexedTokens) {
    let file = SourceFile(path: "test.swift", text: text)
    let lexed = Lexer.tokenize(file.bytes)
    expectTiling(file.bytes, lexed.tokens, sourceLocation: sourceLocation)
    return (file, lexed)
}

/// The significant tokens of `text` as `(kind display name, text)` pairs (tiling checked).
func significant(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [KindText] {
    let (file, lexed) = lexChecked(text, sourceLocation: sourceLocation)
    return lexed.tokens.filter { !$0.kind.isTrivia }.map { KindText($0.kind, file.text(of: $0)) }
}

/// The `statelint tokens` lines of `text` (tiling checked).
func dumpLines(_ text: String, trivia: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    let (file, _) = lexChecked(text, sourceLocation: sourceLocation)
    return TokenDump.render(file, includeTrivia: trivia).split(separator: "\n", omittingEmptySubsequences: false)
        .dropLast().map(String.init)
}

/// A token's kind and text, comparable in `#expect`.
struct KindText: Equatable, CustomStringConvertible, Sendable {
    var kind: TokenKind
    var text: String
    init(_ kind: TokenKind, _ text: String) {
        self.kind = kind
        self.text = text
    }
    var description: String { "(\(kind), \(text.debugDescription))" }
}

/// Whether the tokens' byte ranges are contiguous, start at 0, end at the input's end and are non-empty.
/// Concatenating the tokens' bytes then reproduces the input byte for byte.
func tilingProblem(_ bytes: [UInt8], _ tokens: [Token]) -> String? {
    var offset = 0
    for (i, token) in tokens.enumerated() {
        if Int(token.start) != offset { return "token \(i) (\(token.kind)) starts at \(token.start), expected \(offset)" }
        if token.length == 0 { return "token \(i) (\(token.kind)) at \(token.start) is empty" }
        offset = token.end
        if offset > bytes.count { return "token \(i) (\(token.kind)) ends at \(offset), past the input's \(bytes.count) bytes" }
    }
    if offset != bytes.count { return "tokens end at \(offset), input has \(bytes.count) bytes" }
    return nil
}

/// Expects that the tokens tile the input exactly (and so reproduce it byte for byte).
func expectTiling(_ bytes: [UInt8], _ tokens: [Token], sourceLocation: SourceLocation = #_sourceLocation) {
    let problem = tilingProblem(bytes, tokens)
    // (Contiguous, non-empty, from 0 to the end: the tokens' bytes joined are the input, so they are not joined.)
    #expect(problem == nil, "\(problem ?? "")", sourceLocation: sourceLocation)
}

/// Parses `text` and checks the tree's structural invariants.
func parse(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> SyntaxTree {
    let tree = SyntaxTree(file: SourceFile(path: "test.swift", text: text))
    expectSaneTree(tree, sourceLocation: sourceLocation)
    return tree
}

/// What is wrong with a tree's structure, or nil: token ranges within bounds and nested in the parent's,
/// parent/child links consistent, significant tokens a subsequence of all tokens, tables pointing at real nodes.
/// A node's `token` and a table's name token are a token index or -1 (a missing name).
func treeProblem(_ tree: SyntaxTree) -> String? {
    let tokenCount = Int32(tree.tokens.count)
    let nodeCount = Int32(tree.nodes.count)
    guard nodeCount > 0, tree.nodes[0].kind == .sourceFile, tree.nodes[0].parent == -1 else { return "bad root" }
    for (i, node) in tree.nodes.enumerated() {
        // An empty node has lastToken == firstToken - 1; firstToken may then equal the token count.
        if node.firstToken < 0 || node.firstToken > tokenCount { return "node \(i) \(node.kind) firstToken \(node.firstToken) out of 0...\(tokenCount)" }
        if node.lastToken < node.firstToken - 1 || node.lastToken >= tokenCount {
            return "node \(i) \(node.kind) lastToken \(node.lastToken) out of range (first \(node.firstToken), count \(tokenCount))"
        }
        let tokenLimit = tokenCount
        if node.token < -1 || node.token >= tokenLimit { return "node \(i) \(node.kind) token \(node.token) out of range (count \(tokenCount))" }
        for link in [node.parent, node.firstChild, node.lastChild, node.nextSibling] where link < -1 || link >= nodeCount {
            return "node \(i) \(node.kind) has a link \(link) out of range"
        }
        if i > 0 && node.parent < 0 { return "node \(i) \(node.kind) has no parent" }
        if node.firstChild >= 0 && tree.nodes[Int(node.firstChild)].parent != Int32(i) { return "node \(i) first child's parent differs" }
        // A non-empty child lies within its non-empty parent.
        if i > 0, node.lastToken >= node.firstToken {
            let parent = tree.nodes[Int(node.parent)]
            if parent.lastToken >= parent.firstToken && (node.firstToken < parent.firstToken || node.lastToken > parent.lastToken) {
                return "node \(i) \(node.kind) tokens \(node.firstToken)...\(node.lastToken) outside parent \(parent.kind) \(parent.firstToken)...\(parent.lastToken)"
            }
        }
    }
    if tokenCount > 0 && tree.nodes[0].lastToken != tokenCount - 1 { return "root does not cover every token" }
    // Every node is reachable exactly once from the root.
    // (Nodes below a node cut at `Parser.maxTreeDepth` are left out of the tree: each must lead up to a
    // reachable node marked `skipped`.)
    var state = [UInt8](repeating: 0, count: tree.nodes.count)  // 0 unknown, 1 reachable, 2 cut off
    var seen = 0
    tree.walk(0) { node in seen += 1; state[Int(node)] = 1; return true }
    var cutOff = 0
    for i in tree.nodes.indices where state[i] == 0 {
        var path: [Int] = []
        var current = i
        while state[current] == 0 {
            path.append(current)
            current = Int(tree.nodes[current].parent)
            if current < 0 { return "node \(i) is neither reachable nor below a cut node" }
        }
        if state[current] == 1 && !tree.nodes[current].flags.contains(.skipped) {
            return "node \(i) hangs below node \(current), which does not list it as a child and is not marked skipped"
        }
        for node in path { state[node] = 2 }
        cutOff += path.count
    }
    if seen + cutOff != tree.nodes.count { return "walk visits \(seen) of \(tree.nodes.count) nodes" }
    let full = Lexer.tokenize(tree.file.bytes).tokens
    if full.filter({ !$0.kind.isTrivia }) != tree.tokens { return "significant tokens differ from the non-trivia tokens" }
    if full.filter(\.kind.isComment) != tree.comments { return "comments differ from the lexer's" }
    let nameLimit = tokenCount
    for t in tree.types {
        if t.node < 0 || t.node >= nodeCount || tree[t.node].kind != .typeDecl { return "type \(t.name) node \(t.node)" }
        if t.keywordToken < 0 || t.keywordToken >= tokenCount { return "type \(t.name) keyword token \(t.keywordToken)" }
        if t.nameToken < -1 || t.nameToken >= nameLimit { return "type \(t.name) name token \(t.nameToken) (count \(tokenCount))" }
        if t.openBrace >= tokenCount || t.closeBrace >= tokenCount { return "type \(t.name) braces" }
    }
    for v in tree.variables where v.node < 0 || v.node >= nodeCount || v.nameToken < 0 || v.nameToken >= tokenCount {
        return "variable \(v.name) node/name out of range"
    }
    for f in tree.functions {
        if f.node < 0 || f.node >= nodeCount || f.body >= nodeCount { return "function \(f.name) node/body" }
        if f.nameToken < -1 || f.nameToken >= nameLimit { return "function \(f.name) name token \(f.nameToken) (count \(tokenCount))" }
    }
    for d in tree.diagnostics where d.offset < 0 || d.offset > tree.file.bytes.count { return "diagnostic offset \(d.offset) out of range" }
    return nil
}

/// Expects a tree to be structurally sound and its tokens to tile the file.
/// (`tiled`: the caller has already checked that the file's tokens tile its bytes.)
func expectSaneTree(_ tree: SyntaxTree, tiled: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) {
    let problem = treeProblem(tree)
    #expect(problem == nil, "\(problem ?? "")", sourceLocation: sourceLocation)
    if !tiled { expectTiling(tree.file.bytes, Lexer.tokenize(tree.file.bytes).tokens, sourceLocation: sourceLocation) }
}

extension SyntaxTree {
    /// Indices of all nodes of a kind, in walk order.
    func nodes(_ kind: NodeKind, under root: Int32 = 0) -> [Int32] {
        var result: [Int32] = []
        walk(root) { i in
            if self[i].kind == kind { result.append(i) }
            return true
        }
        return result
    }

    /// The kinds of a node's children.
    func childKinds(_ node: Int32) -> [NodeKind] { children(of: node).map { self[$0].kind } }

    /// The source text of a token range.
    func text(_ range: ClosedRange<Int32>?) -> String? {
        guard let range else { return nil }
        return file.text(Int(tokens[Int(range.lowerBound)].start)..<tokens[Int(range.upperBound)].end)
    }

    /// The depth of the deepest node.
    var maxDepth: Int {
        var depth: [Int] = Array(repeating: 0, count: nodes.count)
        var deepest = 0
        walk(0) { i in
            let parent = self[i].parent
            if parent >= 0 { depth[Int(i)] = depth[Int(parent)] + 1 }
            deepest = max(deepest, depth[Int(i)])
            return true
        }
        return deepest
    }
}

