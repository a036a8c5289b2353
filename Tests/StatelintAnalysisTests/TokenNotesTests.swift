import Foundation
@testable import StatelintSyntax
import StatelintTestSupport
import Testing
@testable import StatelintAnalysis

/// The lexer's notes (`LexedTokens.notable`) let pass 1's token walk visit only some tokens: the walk must find
/// exactly what it finds over every token, and the notes must leave the tokens as they are.
@Suite("Token notes")
struct TokenNotesTests {
    /// Plans as the rules make them: every fact, with words of both cases (some share a first byte and a length
    /// with common names: `sink` and `some`, `observe` and `options`).
    static let plans = [
        AnalysisPlan.everything,
        AnalysisPlan(facts: ProjectFact.allCases, words: ["State", "Task", "sink", "assign", "scheduledTimer", "Timer", "observe",
                                                          "onAppear", "Bindable", "GeometryReader", "withObservationTracking"]),
        AnalysisPlan(facts: [.closureAssignments], words: ["sink", "observe"]),
    ]

    /// Snippets for the walk's corners: backticks, `$0`, placeholders, `.init` with and without a base, generic
    /// arguments, `navigationDestination(for:)`, the `.id(…)` modifier, contextual keywords after `.`, `self` in
    /// and out of closures kept with `=`, names that are not ASCII, braces in string interpolations.
    static let snippets = [
        "let a = `Foo`(1); let b = `init`; let c: T = .init(x); let d = T.init(); let e = f().init",
        "list.map { $0.name }; let p = <#Placeholder#>(); let q = Editor<Focus>(x); let r = A<B, C>.init()",
        "view.navigationDestination(for: Route.self) { r in r.view() }.id(model.id).sheet(item: $x) { Detail($0) }",
        "class C { var f: () -> Void = {}; func g() { handler = { self.run() }; items.append({ [self] in go() }) } }",
        "x.Type; y.Protocol; z.some; w.get; let é = Émoji(); let ü = über(ß: 1); Ñame { }",
        "let s = \"\\(Model(a: { Inner() }()))\"; #if os(iOS)\nlet v = View()\n#endif",
        "struct S: View { @State var m = Model(); var body: some View { Text(\"\\(m)\") } }",
        "Task { await self.load() }; publisher.sink { _ in self.x = 1 }.store(in: &bag); NotificationCenter.default.observe()",
        "`sink`(1); `Self`; Self.init(); super.init(); .init; .init(", "", "{", "`", "$", "<#", "A", "a.init",
    ]

    /// The Swift files of `TestInputs` (fixtures and the examples: real shapes of SwiftUI code).
    static func inputs() -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("TestInputs")
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
            .compactMap { try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }
    }

    /// Random token soup from the snippets' pieces (cut at every byte): braces that never close, strings that
    /// end in the middle, names glued to punctuation.
    static func soup(_ count: Int) -> [String] {
        var random = SplitMix64(seed: 31)
        let pieces = snippets.flatMap { $0.split(separator: " ").map(String.init) } + ["{", "}", "(", ")", "\"", "\\(", "<", ">", ".", "\n"]
        return (0..<count).map { _ in
            (0..<Int(random.next() % 40)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                .joined(separator: random.next() % 3 == 0 ? "" : " ")
        }
    }

    @Test func theWalkOverTheNotesFindsWhatTheWalkOverEveryTokenFinds() {
        let texts = TokenNotesTests.inputs() + TokenNotesTests.snippets + TokenNotesTests.soup(400)
        #expect(texts.count > 500, "TestInputs was not found")
        for plan in TokenNotesTests.plans {
            for (k, text) in texts.enumerated() {
                let file = SourceFile(path: "F\(k).swift", text: text)
                let noted = Lexer.tokenize(file.bytes, trivia: false, noting: plan.tokenNotes)
                let plain = Lexer.tokenize(file.bytes, trivia: false)
                #expect(noted.notable != nil && plain.notable == nil)
                #expect(noted.significant == plain.significant && noted.comments == plain.comments
                        && noted.diagnostics == plain.diagnostics, "\(text)")
                let tree = SyntaxTree(file: file, lexed: noted, depth: plan.pass1Depth)
                // (The notes' delimiter pairs let the parser skip a body in one step: the same tree.)
                #expect(TreeDump.render(tree) == TreeDump.render(SyntaxTree(file: file, lexed: plain, depth: plan.pass1Depth))
                        && tree.diagnostics == SyntaxTree(file: file, lexed: plain, depth: plan.pass1Depth).diagnostics, "\(text)")
                let walked = FileSummary(tree: tree, plan: plan)
                let visited = FileSummary(tree: tree, plan: plan, notable: noted.notable)
                #expect(visited.constructions == walked.constructions, "\(text)")
                #expect(visited.mentionedWords == walked.mentionedWords, "\(text)")
                #expect(visited.namesSelf == walked.namesSelf && visited.mayKeepClosure == walked.mayKeepClosure, "\(text)")
            }
        }
    }

    /// Each opener's partner is where a count of every opener and closer from it (as `Parser.skipBalanced`
    /// counted before the lexer paired them) first comes back to zero, or -1 when it never does.
    @Test func eachOpenerIsPairedWithTheCloserThatBalancesIt() {
        let texts = TokenNotesTests.inputs() + TokenNotesTests.snippets + TokenNotesTests.soup(400)
        let opens: Set<TokenKind> = [.leftParen, .leftBrace, .leftBracket, .interpolationOpen, .stringOpen]
        let closes: Set<TokenKind> = [.rightParen, .rightBrace, .rightBracket, .interpolationClose, .stringClose]
        var openers = 0
        // (With trivia too: its buffer fills first, and a dense file is lexed again; braces past the room once
        // wrote past the open-delimiter stack.)
        let dense = String(repeating: "{ ", count: 600) + String(repeating: "{", count: 1000)
        for (k, (text, trivia)) in (texts.map { ($0, false) } + (texts.prefix(50) + [dense]).map { ($0, true) }).enumerated() {
            let file = SourceFile(path: "F\(k).swift", text: text)
            let lexed = Lexer.tokenize(file.bytes, trivia: trivia, noting: TokenNotes())
            #expect(lexed.significant == Lexer.tokenize(file.bytes, trivia: false).significant)
            guard let pairs = lexed.partners else {
                Issue.record("no pairs for \(text)")
                continue
            }
            let tokens = lexed.significant
            // The count of open groups before each token; an opener's partner is the first later token after
            // which the count is back to what it was before the opener (found from the right, one pass).
            var level = [0]
            for token in tokens {
                level.append(level.last! + (opens.contains(token.kind) ? 1 : closes.contains(token.kind) ? -1 : 0))
            }
            var nextAt: [Int: Int] = [:]
            for i in tokens.indices.reversed() {
                if opens.contains(tokens[i].kind) {
                    openers += 1
                    #expect(Int(pairs.partner(of: i)) == (nextAt[level[i]] ?? -1), "\(text) at \(i)")
                }
                nextAt[level[i + 1]] = i
            }
        }
        #expect(openers > 10_000)
    }

    /// The notes are what `TokenNotes` asks for, in order: every `{`, every name whose first byte and length the
    /// table lets pass, every identifier not made from a scanned name (backticks, `$0`, placeholders), and
    /// nothing else.
    @Test func theLexerNotesExactlyWhatItIsAsked() {
        var notes = TokenNotes()
        notes.names = NamePrefilter(["sink", "self", "Model"])
        for (k, text) in (TokenNotesTests.snippets + TokenNotesTests.soup(200)).enumerated() {
            let file = SourceFile(path: "F\(k).swift", text: text)
            let lexed = Lexer.tokenize(file.bytes, trivia: false, noting: notes)
            let expected = lexed.significant.indices.filter { i in
                let token = lexed.significant[i]
                let first = file.bytes[Int(token.start)]
                switch token.kind {
                case .leftBrace: return true
                case .identifier where first == UInt8(ascii: "`") || first == UInt8(ascii: "$") || first == UInt8(ascii: "<"):
                    return true
                case .identifier, .keyword: return notes.names.may(start: first, length: Int(token.length))
                default: return false
                }
            }.map { Int32($0) }
            #expect(lexed.notable == expected, "\(text)")
        }
    }
}
