import StatelintTestSupport
import Testing
@testable import StatelintSyntax

/// A generated input, described by name so failures stay readable.
struct GeneratedInput: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    /// Nesting beyond the parser's cap: a depth diagnostic must be present.
    var tooDeep = false
    var testDescription: String { "\(name) (\(bytes.count) bytes)" }

    init(_ name: String, _ bytes: [UInt8], tooDeep: Bool = false) {
        self.name = name
        self.bytes = bytes
        self.tooDeep = tooDeep
    }

    init(_ name: String, _ text: String, tooDeep: Bool = false) {
        self.init(name, Array(text.utf8), tooDeep: tooDeep)
    }
}

let depthMessage = "nesting deeper than \(Parser.maxDepth) levels; the innermost part was skipped"

/// Lexes and parses any bytes and checks everything that must hold whatever the input.
/// Runs on the test's own thread (no large stack): the parser's depth cap must make that safe.
@discardableResult
func checkRobust(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> SyntaxTree {
    let lexed = Lexer.tokenize(bytes)
    expectTiling(bytes, lexed.tokens, sourceLocation: sourceLocation)
    for d in lexed.diagnostics {
        #expect(d.offset >= 0 && d.offset <= bytes.count, sourceLocation: sourceLocation)
    }
    let tree = SyntaxTree(file: SourceFile(path: "generated.swift", bytes: bytes))
    #expect(tree.comments == lexed.tokens.filter { $0.kind.isComment }, sourceLocation: sourceLocation)
    #expect(tree.tokens == lexed.significant, sourceLocation: sourceLocation)
    // Lexing without trivia (what linting does) gives the same significant tokens, flags included, the same
    // diagnostics, and the comments.
    let compact = Lexer.tokenize(bytes, trivia: false)
    #expect(compact.significant == lexed.significant, sourceLocation: sourceLocation)
    #expect(compact.diagnostics == lexed.diagnostics, sourceLocation: sourceLocation)
    #expect(compact.tokens == lexed.tokens.filter { $0.kind.isComment }, sourceLocation: sourceLocation)
    #expect(compact.comments.map { compact.tokens[Int($0)] } == compact.tokens, sourceLocation: sourceLocation)
    expectSaneTree(tree, tiled: true, sourceLocation: sourceLocation)
    return tree
}

@Suite("Robustness")
struct RobustnessTests {
    static func repeated(_ unit: String, _ count: Int) -> [UInt8] {
        Array(String(repeating: unit, count: count).utf8)
    }

    static let deepInputs: [GeneratedInput] = [
        GeneratedInput("100 000 (", repeated("(", 100_000), tooDeep: true),
        GeneratedInput("100 000 {", repeated("{", 100_000), tooDeep: true),
        GeneratedInput("100 000 [", repeated("[", 100_000), tooDeep: true),
        GeneratedInput("100 000 mixed ({[", repeated("({[", 33_334), tooDeep: true),
        GeneratedInput("100 000 ( then )", repeated("(", 100_000) + repeated(")", 100_000), tooDeep: true),
        GeneratedInput("100 000 { then }", repeated("{", 100_000) + repeated("}", 100_000), tooDeep: true),
        GeneratedInput("100 000 [ then ]", repeated("[", 100_000) + repeated("]", 100_000), tooDeep: true),
        GeneratedInput("nested calls f(f(f(…)))", repeated("f(", 50_000) + repeated(")", 50_000), tooDeep: true),
        GeneratedInput("nested closures in a type", Array("struct S { var v: some View {".utf8) + repeated("V {\n", 50_000), tooDeep: true),
        GeneratedInput("10 000 interpolations, closed", repeated(#""\("#, 10_000) + Array("x".utf8) + repeated(#")""#, 10_000), tooDeep: true),
        GeneratedInput("10 000 interpolations, unterminated", repeated(#""\("#, 10_000), tooDeep: true),
    ]

    @Test("deep nesting completes on the test thread", arguments: deepInputs)
    func deepNesting(_ input: GeneratedInput) {
        let tree = checkRobust(input.bytes)
        if input.tooDeep {
            #expect(tree.diagnostics.contains { $0.message == depthMessage })
            // The cap holds: a handful of nodes per nesting level, never one per token.
            #expect(tree.maxDepth <= 4 * Parser.maxDepth)
            #expect(tree.nodes.contains { $0.flags.contains(.skipped) })
        }
    }

    @Test func balancedDeepInputIsNotReported() {
        // 40 levels of parentheses is well within the cap.
        let tree = checkRobust(Array((String(repeating: "(", count: 40) + "x" + String(repeating: ")", count: 40)).utf8))
        #expect(tree.diagnostics.isEmpty)
        #expect(!tree.nodes.contains { $0.flags.contains(.skipped) })
        #expect(tree.nodes(.tuple).count == 40)
    }

    @Test func deepInterpolationLexesEveryLevel() {
        let n = 10_000
        let bytes = Self.repeated(#""\("#, n) + Array("x".utf8) + Self.repeated(#")""#, n)
        let lexed = Lexer.tokenize(bytes)
        expectTiling(bytes, lexed.tokens)
        func count(_ kind: TokenKind) -> Int { lexed.tokens.lazy.filter { $0.kind == kind }.count }
        #expect(count(.stringOpen) == n)
        #expect(count(.interpolationOpen) == n)
        #expect(count(.interpolationClose) == n)
        #expect(count(.stringClose) == n)
        #expect(count(.rightParen) == 0)
        #expect(lexed.diagnostics.isEmpty)

        let open = Lexer.tokenize(Self.repeated(#""\("#, n))
        #expect(open.diagnostics.count == n)
        #expect(open.diagnostics.allSatisfy { $0.message == "unterminated string interpolation" })
    }

    @Test func tenMegabyteSingleLine() {
        let unit = #"let a = f(x, "s\(y)", 1.5) + b[0] ?? { $0 }; "#
        let count = 10_000_000 / unit.utf8.count + 1
        let bytes = Self.repeated(unit, count)
        #expect(bytes.count >= 10_000_000)
        #expect(!bytes.contains(0x0A))
        // (The size is what this input tests: it is tiled and parsed once; the comparisons of `checkRobust`
        // between the lexer's modes run on every other input.)
        expectTiling(bytes, Lexer.tokenize(bytes).tokens)
        let tree = SyntaxTree(file: SourceFile(path: "generated.swift", bytes: bytes))
        expectSaneTree(tree, tiled: true)
        #expect(tree.diagnostics.isEmpty)
        #expect(tree.variables.count == count)
        #expect(tree.nodes[0].lastToken == Int32(tree.tokens.count - 1))
        #expect(tree.children(of: 0).reduce(0) { n, _ in n + 1 } == count)
    }

    @Test func oneMegabyteOfRandomBytes() {
        var rng = SplitMix64(seed: 0x5EED_CAFE)
        let bytes = rng.bytes(1 << 20)
        #expect(bytes.count == 1 << 20)
        checkRobust(bytes)
        // The dump escapes every token onto exactly one line.
        let dump = TokenDump.render(SourceFile(path: "r", bytes: bytes), includeTrivia: true)
        #expect(dump.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 } == Lexer.tokenize(bytes).tokens.count)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func randomSwiftishSoup(_ seed: UInt64) {
        // Random sequences of Swift fragments hit far more lexer and parser paths than random bytes.
        let fragments = [
            "(", ")", "{", "}", "[", "]", "\"", "\\(", "\"\"\"", "#", "#\"", "\"#", "/", "/*", "*/", "//", "\n", " ",
            "let ", "var ", "func ", "class ", "struct ", "enum ", "case ", "if ", "else ", "for ", "in ", "switch ",
            "guard ", "return ", "try ", "await ", "@State ", "x", "y", ".", "?", "!", "=", "+=", "==", ":", ",", ";",
            "->", "$0", "`", "1", "0x", "1.5", "#if ", "#endif", "#/", "/#", "<", ">", "&", "\u{00E9}", "\u{1F600}",
            "\0", "\r\n", "\\", "weak ", "self", "do ", "catch ", "where ", "get ", "set ", "didSet ",
        ]
        var rng = SplitMix64(seed: seed)
        var text = ""
        for _ in 0..<20_000 { text += fragments[Int(rng.next() % UInt64(fragments.count))] }
        checkRobust(Array(text.utf8))
    }

    static let invalidUTF8Inputs: [(String, [UInt8])] = [
        ("lone continuation byte", [0x61, 0x80, 0x62]),
        ("0xFF", [0x61, 0xFF, 0x62]),
        ("overlong slash", [0x61, 0xC0, 0xAF, 0x62]),
        ("encoded surrogate", [0x61, 0xED, 0xA0, 0x80, 0x62]),
        ("truncated 4-byte sequence", [0x61, 0xF0, 0x9F, 0x98, 0x62]),
        ("beyond U+10FFFF", [0x61, 0xF4, 0x90, 0x80, 0x80, 0x62]),
    ]

    @Test(arguments: invalidUTF8Inputs)
    func invalidUTF8(_ name: String, _ bytes: [UInt8]) {
        let input = [0x20] + bytes + [0x20]  // ` a<bad>b `
        let tree = checkRobust(input)
        let lexed = Lexer.tokenize(input)
        let significant = lexed.tokens.filter { !$0.kind.isTrivia }
        // `a`, the bad bytes as one unknown token, `b`.
        #expect(significant.map(\.kind) == [.identifier, .unknown, .identifier], "\(name)")
        #expect(significant.first?.length == 1 && significant.last?.length == 1)
        #expect(lexed.diagnostics.map(\.message) == ["invalid UTF-8"], "\(name)")
        #expect(lexed.diagnostics.first?.offset == 2)
        #expect(UTF8Check.isValid(input) == false)
        #expect(tree.diagnostics.contains { $0.message == "invalid UTF-8" })
    }

    @Test func invalidUTF8InsideStringsAndComments() {
        let bytes: [UInt8] = Array("let s = \"".utf8) + [0xFF, 0xFE] + Array("\" // ".utf8) + [0xC3] + Array("\n/* ".utf8) + [0x80] + Array(" */ x".utf8)
        let tree = checkRobust(bytes)
        // Inside literals and comments bad bytes are content, not tokens.
        #expect(tree.tokens.map(\.kind) == [.keyword, .identifier, .operator, .stringOpen, .stringSegment, .stringClose, .identifier])
        #expect(tree.variables.map(\.name) == ["s"])
        // The dump shows the bad bytes as \xNN.
        let dump = TokenDump.render(tree.file)
        #expect(dump.contains(#"string_segment \xFF\xFE"#))
    }

    @Test func nulBytes() {
        let bytes: [UInt8] = [0x00] + Array("let a".utf8) + [0x00, 0x00] + Array("= 1\n\"x".utf8) + [0x00] + Array("y\"".utf8) + [0x00]
        let tree = checkRobust(bytes)
        let lexed = Lexer.tokenize(bytes)
        let unknown = lexed.tokens.filter { $0.kind == .unknown }
        // Each NUL outside a literal is its own unknown token; inside a string it is content.
        #expect(unknown.map(\.start) == [0, 6, 7, 17])
        #expect(unknown.allSatisfy { $0.length == 1 })
        #expect(tree.file.text(lexed.tokens.first { $0.kind == .stringSegment }!.range) == "x\0y")
        #expect(tree.variables.map(\.name) == ["a"])
    }

    // MARK: - Unterminated constructs

    static let unterminated: [(String, String, [String])] = [
        ("string", "let s = \"abc", ["unterminated string literal"]),
        ("string at end of line", "let s = \"abc\nlet t = 1", ["unterminated string literal"]),
        ("multi-line string", "let s = \"\"\"\nabc\n", ["unterminated multi-line string literal"]),
        ("raw string", "let s = #\"abc\"", ["unterminated string literal"]),
        ("raw multi-line string", "let s = #\"\"\"\nabc\"\"\"\n", ["unterminated multi-line string literal"]),
        ("block comment", "x /* a /* b */", ["unterminated block comment"]),
        ("interpolation", "let s = \"a\\(b", ["unterminated string interpolation"]),
        ("interpolation with newline", "let s = \"a\\(b\nlet t = 1", ["unterminated string literal"]),
        ("interpolation in multi-line string", "let s = \"\"\"\n\\(b\n", ["unterminated string interpolation"]),
        ("extended regex", "let r = #/abc", ["unterminated regex literal"]),
        ("multi-line extended regex", "let r = #/\nabc\n", ["unterminated regex literal"]),
    ]

    @Test(arguments: unterminated)
    func unterminatedConstructs(_ name: String, _ source: String, _ messages: [String]) {
        let tree = checkRobust(Array(source.utf8))
        let lexed = Lexer.tokenize(Array(source.utf8))
        #expect(lexed.diagnostics.map(\.message) == messages, "\(name)")
        #expect(tree.variables.first?.name == (source.hasPrefix("let") ? source.split(separator: " ")[1].description : nil))
    }

    @Test func unterminatedRegexFlag() {
        let (file, lexed) = lexChecked("let r = #/abc")
        let regex = lexed.tokens.first { $0.kind == .regexLiteral }
        #expect(regex.map { file.text(of: $0) } == "#/abc")
        #expect(regex?.flags.contains(.unterminated) == true)
        // A bare `/abc` that never closes on its line is division, not a regex.
        #expect(significant("x = /abc\ny").map(\.kind) == [.identifier, .operator, .operator, .identifier, .identifier])
    }

    // MARK: - Stray closers

    @Test(arguments: ["}", ")", "]"])
    func onlyClosers(_ closer: String) {
        let tree = checkRobust(Self.repeated(closer, 10_000))
        #expect(tree.diagnostics.count == 10_000)
        #expect(tree.diagnostics.allSatisfy { $0.message == "unexpected '\(closer)'" })
        #expect(tree.diagnostics.map(\.offset) == Array(0..<10_000))
        #expect(tree.nodes.count == 1)
    }

    @Test func mixedClosersAndDeepElseIf() {
        checkRobust(Self.repeated("}})]", 25_000))
        // A long else-if chain is parsed without recursion and without a depth diagnostic.
        let chain = checkRobust(Array(("if a {}" + String(repeating: " else if a {}", count: 9_000)).utf8))
        #expect(chain.nodes(.ifStmt).count == 9_001)
        #expect(chain.diagnostics.isEmpty)
        #expect(chain.maxDepth > 9_000)
        // Past `maxTreeDepth`, the tree is cut there (recursive walks would overflow their stacks).
        let long = checkRobust(Array(("if a {}" + String(repeating: " else if a {}", count: 150_000)).utf8))
        #expect(long.diagnostics.count == 1 && long.diagnostics[0].isLimit, "\(long.diagnostics)")
        #expect(long.maxDepth <= Parser.maxTreeDepth + 1)
    }

    static let chains: [GeneratedInput] = [
        GeneratedInput("150 000 try await", "x = " + String(repeating: "try await ", count: 75_000) + "f()"),
        GeneratedInput("150 000 member accesses", "x = a" + String(repeating: ".b", count: 150_000)),
        GeneratedInput("150 000 calls", "x = a" + String(repeating: ".b()", count: 150_000)),
        GeneratedInput("100 000 modifiers", "var body: some View { Text(\"x\")" + String(repeating: ".padding()", count: 100_000) + " }"),
        GeneratedInput("150 000 subscripts", "x = a" + String(repeating: "[0]", count: 150_000)),
    ]

    @Test("chains longer than maxTreeDepth are cut with one limit diagnostic", arguments: chains)
    func longChains(_ input: GeneratedInput) {
        let tree = checkRobust(input.bytes)
        #expect(tree.diagnostics.filter(\.isLimit).count == 1, "\(tree.diagnostics)")
        #expect(tree.maxDepth <= Parser.maxTreeDepth + 1)
    }

    @Test func longPrefixRuns() {
        // try/await runs and attribute runs are handled in loops, not recursion.
        let tree = checkRobust(Array(("x = " + String(repeating: "try await ", count: 4_000) + "f()").utf8))
        #expect(tree.nodes(.tryExpr).count == 4_000)
        #expect(tree.nodes(.awaitExpr).count == 4_000)
        #expect(tree.diagnostics.isEmpty)
        checkRobust(Array(("f(" + String(repeating: "@a some ", count: 50_000) + "x)").utf8))
    }

    @Test(arguments: ["class", "extension", "func", "x = .", "#", "@MainActor final class"])
    func tokenIndicesAtEndOfFile(_ source: String) {
        // A node's `token` and a table's name token are a token index or -1 (missing), never one past the end:
        // rules subscript `tree.tokens` with them.
        let tree = checkRobust(Array(source.utf8))
        let problem = treeProblem(tree)
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test func endsInTheMiddleOfEverything() {
        // Every prefix of a realistic file parses.
        let source = """
            @MainActor final class M: ObservableObject {
              @Published private(set) var items: [String] = []
              var count: Int { items.count }
              func load() async throws {
                for try await x in stream where x > 0 { items.append("\\(x)") }
                guard let self else { return }
                let r = #/a+/#
                Task { [weak self] in self?.items = [] }
              }
            }
            """
        let bytes = Array(source.utf8)
        for end in 0...bytes.count {
            let prefix = Array(bytes[0..<end])
            let tree = SyntaxTree(file: SourceFile(path: "p", bytes: prefix))
            if let problem = treeProblem(tree) ?? tilingProblem(prefix, Lexer.tokenize(prefix).tokens) {
                Issue.record("prefix of \(end) bytes: \(problem)")
                break
            }
        }
    }
}
