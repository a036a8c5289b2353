import Testing
@testable import StatelintSyntax

/// An input and the exact `statelint tokens` lines (significant tokens, or all with trivia) it must produce.
struct DumpCase: Sendable, CustomTestStringConvertible {
    var name: String
    var input: String
    var trivia = false
    var expected: [String]
    var testDescription: String { name }
}

@Suite("Lexer")
struct LexerTests {
    // MARK: - Exact token streams

    static let dumpCases: [DumpCase] = [
        DumpCase(
            name: "integer and float forms",
            input: "0x1F 0o17 0b1010 1_000 1.5e-3 0x1.8p3 1e10 0x1p-2",
            expected: [
                "1:1 integer 0x1F",
                "1:6 integer 0o17",
                "1:11 integer 0b1010",
                "1:18 integer 1_000",
                "1:24 float 1.5e-3",
                "1:31 float 0x1.8p3",
                "1:39 float 1e10",
                "1:44 float 0x1p-2",
            ]),
        DumpCase(
            // `x.0.1` is two tuple accesses, never the float `0.1`.
            name: "tuple access",
            input: "x.0.1",
            expected: ["1:1 identifier x", "1:2 punctuation .", "1:3 integer 0", "1:4 punctuation .", "1:5 integer 1"]),
        DumpCase(
            // A '.' not followed by a digit ends a number: member access on literals.
            name: "member access on number literals",
            input: "0xff.description 1.0.description 1.e5",
            expected: [
                "1:1 integer 0xff",
                "1:5 punctuation .",
                "1:6 identifier description",
                "1:18 float 1.0",
                "1:21 punctuation .",
                "1:22 identifier description",
                "1:34 integer 1",
                "1:35 punctuation .",
                "1:36 identifier e5",
            ]),
        DumpCase(
            name: "range operators after integers",
            input: "0..<n; 1...2",
            expected: [
                "1:1 integer 0", "1:2 operator ..<", "1:5 identifier n", "1:6 punctuation ;",
                "1:8 integer 1", "1:9 operator ...", "1:12 integer 2",
            ]),
        DumpCase(
            name: "strings: empty and escapes",
            input: #"s = "" + "a\"b\\c" + "\n""#,
            expected: [
                "1:1 identifier s",
                "1:3 operator =",
                #"1:5 string_open ""#,
                #"1:6 string_close ""#,
                "1:8 operator +",
                #"1:10 string_open ""#,
                #"1:11 string_segment a\\"b\\\\c"#,
                #"1:18 string_close ""#,
                "1:20 operator +",
                #"1:22 string_open ""#,
                #"1:23 string_segment \\n"#,
                #"1:25 string_close ""#,
            ]),
        DumpCase(
            name: "interpolation nested three deep with closures and strings",
            input: #""a\(b.map { "c\(d({ "e\(f)" }()))" })g""#,
            expected: [
                #"1:1 string_open ""#,
                "1:2 string_segment a",
                #"1:3 interpolation_open \\("#,
                "1:5 identifier b",
                "1:6 punctuation .",
                "1:7 identifier map",
                "1:11 punctuation {",
                #"1:13 string_open ""#,
                "1:14 string_segment c",
                #"1:15 interpolation_open \\("#,
                "1:17 identifier d",
                "1:18 punctuation (",
                "1:19 punctuation {",
                #"1:21 string_open ""#,
                "1:22 string_segment e",
                #"1:23 interpolation_open \\("#,
                "1:25 identifier f",
                "1:26 interpolation_close )",
                #"1:27 string_close ""#,
                "1:29 punctuation }",
                "1:30 punctuation (",
                "1:31 punctuation )",
                "1:32 punctuation )",
                "1:33 interpolation_close )",
                #"1:34 string_close ""#,
                "1:36 punctuation }",
                "1:37 interpolation_close )",
                "1:38 string_segment g",
                #"1:39 string_close ""#,
            ]),
        DumpCase(
            // Parentheses inside an interpolation, and a string containing ')' inside one.
            name: "parentheses and ')' strings inside interpolation",
            input: #""\((1))" "\(f(")"))""#,
            expected: [
                #"1:1 string_open ""#,
                #"1:2 interpolation_open \\("#,
                "1:4 punctuation (",
                "1:5 integer 1",
                "1:6 punctuation )",
                "1:7 interpolation_close )",
                #"1:8 string_close ""#,
                #"1:10 string_open ""#,
                #"1:11 interpolation_open \\("#,
                "1:13 identifier f",
                "1:14 punctuation (",
                #"1:15 string_open ""#,
                "1:16 string_segment )",
                #"1:17 string_close ""#,
                "1:18 punctuation )",
                "1:19 interpolation_close )",
                #"1:20 string_close ""#,
            ]),
        DumpCase(
            // In a raw string `\(` is text and `\#(` interpolates; `"` alone does not close `#"`.
            name: "raw string with one hash",
            input: ##"#"a\(x)\#(y)"b"#"##,
            expected: [
                ##"1:1 string_open #""##,
                #"1:3 string_segment a\\(x)"#,
                ##"1:8 interpolation_open \\#("##,
                "1:11 identifier y",
                "1:12 interpolation_close )",
                #"1:13 string_segment "b"#,
                ##"1:15 string_close "#"##,
            ]),
        DumpCase(
            name: "raw string with two hashes containing \"#",
            input: ###"##"x"#y"##"###,
            expected: [###"1:1 string_open ##""###, ##"1:4 string_segment x"#y"##, ###"1:8 string_close "##"###]),
        DumpCase(
            // `#"\"#`: the backslash is content; the string closes at `"#`.
            name: "raw string ending in a backslash",
            input: ##"#"\"#"##,
            expected: [##"1:1 string_open #""##, #"1:3 string_segment \\"#, ##"1:4 string_close "#"##]),
        DumpCase(
            name: "multi-line string with interpolation and escaped delimiter",
            input: "let s = \"\"\"\n    a \\(x + 1) b\n    \\\"\"\"\n    \"\"\"",
            expected: [
                "1:1 keyword let",
                "1:5 identifier s",
                "1:7 operator =",
                #"1:9 string_open """"#,
                #"1:12 string_segment \n    a "#,
                #"2:7 interpolation_open \\("#,
                "2:9 identifier x",
                "2:11 operator +",
                "2:13 integer 1",
                "2:14 interpolation_close )",
                #"2:15 string_segment  b\n    \\"""\n    "#,
                #"4:5 string_close """"#,
            ]),
        DumpCase(
            name: "raw multi-line string",
            input: "let r = #\"\"\"\n  a \"\" \"\"\" \\(x) \\#(y)\n  \"\"\"#",
            expected: [
                "1:1 keyword let",
                "1:5 identifier r",
                "1:7 operator =",
                ##"1:9 string_open #""""##,
                #"1:13 string_segment \n  a "" """ \\(x) "#,
                ##"2:17 interpolation_open \\#("##,
                "2:20 identifier y",
                "2:21 interpolation_close )",
                #"2:22 string_segment \n  "#,
                ##"3:3 string_close """#"##,
            ]),
        DumpCase(
            name: "regex literals",
            input: "let a = /ab+c/\nlet b = #/x y/#",
            expected: [
                "1:1 keyword let", "1:5 identifier a", "1:7 operator =", "1:9 regex /ab+c/",
                "2:1 keyword let", "2:5 identifier b", "2:7 operator =", "2:9 regex #/x y/#",
            ]),
        DumpCase(
            name: "multi-line extended regex",
            input: "let c = #/\n  a+ # comment\n  b\n  /#\nx",
            expected: [
                "1:1 keyword let", "1:5 identifier c", "1:7 operator =",
                #"1:9 regex #/\n  a+ # comment\n  b\n  /#"#,
                "5:1 identifier x",
            ]),
        DumpCase(
            name: "division is not a regex",
            input: "a / b / c\nd = a/b/c\nx /= 2 / 3",
            expected: [
                "1:1 identifier a", "1:3 operator /", "1:5 identifier b", "1:7 operator /", "1:9 identifier c",
                "2:1 identifier d", "2:3 operator =", "2:5 identifier a", "2:6 operator /", "2:7 identifier b",
                "2:8 operator /", "2:9 identifier c",
                "3:1 identifier x", "3:3 operator /=", "3:6 integer 2", "3:8 operator /", "3:10 integer 3",
            ]),
        DumpCase(
            name: "regex in expression position",
            input: "x = /re/\nfoo(/re/)\nlet r = try? /x/\nreturn /y/\n[/a/, /b/]",
            expected: [
                "1:1 identifier x", "1:3 operator =", "1:5 regex /re/",
                "2:1 identifier foo", "2:4 punctuation (", "2:5 regex /re/", "2:9 punctuation )",
                "3:1 keyword let", "3:5 identifier r", "3:7 operator =", "3:9 keyword try", "3:12 operator ?",
                "3:14 regex /x/",
                "4:1 keyword return", "4:8 regex /y/",
                "5:1 punctuation [", "5:2 regex /a/", "5:5 punctuation ,", "5:7 regex /b/", "5:10 punctuation ]",
            ]),
        DumpCase(
            name: "nested block comments and doc comments",
            input: "/* a /* b */ c */x // d\n/// doc\n/** block doc */\n/**/ /***/ //// not doc",
            trivia: true,
            expected: [
                "1:1 comment /* a /* b */ c */",
                "1:18 identifier x",
                "1:19 whitespace  ",
                "1:20 comment // d",
                #"1:24 newline \n"#,
                "2:1 doc_comment /// doc",
                #"2:8 newline \n"#,
                "3:1 doc_comment /** block doc */",
                #"3:17 newline \n"#,
                "4:1 comment /**/",
                "4:5 whitespace  ",
                "4:6 comment /***/",
                "4:11 whitespace  ",
                "4:12 comment //// not doc",
            ]),
        DumpCase(
            name: "conditional compilation directives",
            input: "#if os(iOS)\na\n#elseif DEBUG\nb\n#else\nc\n#endif",
            expected: [
                "1:1 directive #if", "1:5 identifier os", "1:7 punctuation (", "1:8 identifier iOS",
                "1:11 punctuation )", "2:1 identifier a", "3:1 directive #elseif", "3:9 identifier DEBUG",
                "4:1 identifier b", "5:1 directive #else", "6:1 identifier c", "7:1 directive #endif",
            ]),
        DumpCase(
            name: "#available, #Preview and attributes",
            input: "if #available(iOS 17, *) {}\n#Preview { V() }\n@State var v",
            expected: [
                "1:1 keyword if", "1:4 directive #available", "1:14 punctuation (", "1:15 identifier iOS",
                "1:19 integer 17", "1:21 punctuation ,", "1:23 operator *", "1:24 punctuation )",
                "1:26 punctuation {", "1:27 punctuation }",
                "2:1 punctuation #", "2:2 identifier Preview", "2:10 punctuation {", "2:12 identifier V",
                "2:13 punctuation (", "2:14 punctuation )", "2:16 punctuation }",
                "3:1 punctuation @", "3:2 identifier State", "3:8 keyword var", "3:12 identifier v",
            ]),
        DumpCase(
            name: "backticks, raw identifiers and dollar names",
            input: "var `class` = `a b` + $0 + $name",
            expected: [
                "1:1 keyword var", "1:5 identifier `class`", "1:13 operator =", "1:15 identifier `a b`",
                "1:21 operator +", "1:23 identifier $0", "1:26 operator +", "1:28 identifier $name",
            ]),
        DumpCase(
            name: "custom and compound operators",
            input: "f <*> g; x?.y; x!.y; a ?? b; x...; ...x; c == d; e != f; a -> b; .x",
            expected: [
                "1:1 identifier f", "1:3 operator <*>", "1:7 identifier g", "1:8 punctuation ;",
                "1:10 identifier x", "1:11 operator ?", "1:12 punctuation .", "1:13 identifier y", "1:14 punctuation ;",
                "1:16 identifier x", "1:17 operator !", "1:18 punctuation .", "1:19 identifier y", "1:20 punctuation ;",
                "1:22 identifier a", "1:24 operator ??", "1:27 identifier b", "1:28 punctuation ;",
                "1:30 identifier x", "1:31 operator ...", "1:34 punctuation ;",
                "1:36 operator ...", "1:39 identifier x", "1:40 punctuation ;",
                "1:42 identifier c", "1:44 operator ==", "1:47 identifier d", "1:48 punctuation ;",
                "1:50 identifier e", "1:52 operator !=", "1:55 identifier f", "1:56 punctuation ;",
                "1:58 identifier a", "1:60 punctuation ->", "1:63 identifier b", "1:64 punctuation ;",
                "1:66 punctuation .", "1:67 identifier x",
            ]),
        DumpCase(
            name: "shebang",
            input: "#!/usr/bin/env swift\nlet x = 1\n",
            trivia: true,
            expected: [
                "1:1 shebang #!/usr/bin/env swift", #"1:21 newline \n"#,
                "2:1 keyword let", "2:4 whitespace  ", "2:5 identifier x", "2:6 whitespace  ", "2:7 operator =",
                "2:8 whitespace  ", "2:9 integer 1", #"2:10 newline \n"#,
            ]),
        DumpCase(
            // Columns are UTF-8 byte columns: the BOM takes columns 1–3.
            name: "byte order mark and CRLF",
            input: "\u{FEFF}let x\r\nlet y\r\n  z",
            trivia: true,
            expected: [
                "1:1 whitespace \u{FEFF}", "1:4 keyword let", "1:7 whitespace  ", "1:8 identifier x", #"1:9 newline \r\n"#,
                "2:1 keyword let", "2:4 whitespace  ", "2:5 identifier y", #"2:6 newline \r\n"#,
                "3:1 whitespace   ", "3:3 identifier z",
            ]),
        DumpCase(
            // 😀 is 4 UTF-8 bytes, 한국어 is 9: later columns count bytes.
            name: "emoji and Korean before tokens",
            input: "\"😀\"; 한국어 x\n/* 😀 */ y\nlet 😀 = 1 // 한국어",
            expected: [
                #"1:1 string_open ""#, "1:2 string_segment 😀", #"1:6 string_close ""#, "1:7 punctuation ;",
                "1:9 identifier 한국어", "1:19 identifier x", "2:12 identifier y",
                "3:1 keyword let", "3:5 identifier 😀", "3:10 operator =", "3:12 integer 1",
            ]),
    ]

    @Test("exact token streams", arguments: dumpCases)
    func exactTokens(_ c: DumpCase) {
        #expect(dumpLines(c.input, trivia: c.trivia) == c.expected)
    }

    // MARK: - Kinds and texts

    /// A file denser than the lexer's first guess (a token per two bytes) is lexed again with more room:
    /// nothing is dropped, and the tokens still tile the file.
    /// Every keyword is found by its spelling wherever it stands (at the very end of the file, where its
    /// bytes are packed one at a time, and before more text, where they are loaded a word at a time), and
    /// names one byte longer or shorter, or differing in the last byte, are not keywords.
    @Test func everyKeywordIsFoundAndNothingElse() {
        let table = KeywordTable()
        for raw in 1..<Keyword.spellings.count {
            let spelling = Keyword.spellings[raw]
            let keyword = Keyword(rawValue: UInt8(raw))!
            for (text, start) in [(spelling, 0), (spelling + " x = 1 // more text after it", 0), ("let " + spelling, 4),
                                  ("(" + spelling + ")" + String(repeating: " ", count: 20), 1)] {
                let bytes = Array(text.utf8)
                let end = start + spelling.utf8.count
                let found = bytes.withUnsafeBufferPointer { table.lookup($0, start, end) }
                #expect(found == keyword, "\(spelling) in \(text)")
            }
            for other in [spelling + "s", String(spelling.dropLast()), String(spelling.dropLast()) + "Q", "_" + spelling] {
                for padding in ["", "                    "] {
                    let bytes = Array((other + padding).utf8)
                    let found = bytes.withUnsafeBufferPointer { table.lookup($0, 0, other.utf8.count) }
                    #expect(found == (Keyword.spellings.firstIndex(of: other).flatMap { Keyword(rawValue: UInt8($0)) } ?? .none),
                            "\(other) (after \(spelling))")
                }
            }
        }
    }

    @Test func denseFilesKeepEveryToken() {
        let cases: [(text: String, tokens: Int)] = [
            (String(repeating: "(", count: 5_000), 5_000), (String(repeating: "a,", count: 3_000), 6_000), ("", 0), ("x", 1),
        ]
        for (text, expected) in cases {
            let bytes = Array(text.utf8)
            let lexed = Lexer.tokenize(bytes)
            #expect(lexed.tokens.count == expected)
            var end = 0
            for token in lexed.tokens {
                #expect(Int(token.start) == end)
                end = token.end
            }
            #expect(end == bytes.count)
            #expect(lexed.significant == lexed.tokens.filter { !$0.kind.isTrivia })
        }
    }

    @Test func kindTextPairs() {
        #expect(significant("@MainActor func f() -> Int { $0 }") == [
            KindText(.atSign, "@"), KindText(.identifier, "MainActor"), KindText(.keyword, "func"),
            KindText(.identifier, "f"), KindText(.leftParen, "("), KindText(.rightParen, ")"),
            KindText(.arrow, "->"), KindText(.identifier, "Int"), KindText(.leftBrace, "{"),
            KindText(.identifier, "$0"), KindText(.rightBrace, "}"),
        ])
        #expect(significant("#if DEBUG\n#elseif X\n#else\n#endif").map(\.kind) == [.directive, .identifier, .directive, .identifier, .directive, .directive])
        #expect(significant("#Preview #warning").map(\.kind) == [.pound, .identifier, .pound, .identifier])
        #expect(significant("`a b` `if`") == [KindText(.identifier, "`a b`"), KindText(.identifier, "`if`")])
    }

    @Test func commentKinds() {
        let (file, lexed) = lexChecked("// a\n/// b\n/* c */\n/** d */\n//// e\n/**/")
        let comments = lexed.tokens.filter(\.kind.isComment).map { KindText($0.kind, file.text(of: $0)) }
        #expect(comments == [
            KindText(.lineComment, "// a"), KindText(.docLineComment, "/// b"), KindText(.blockComment, "/* c */"),
            KindText(.docBlockComment, "/** d */"), KindText(.lineComment, "//// e"), KindText(.blockComment, "/**/"),
        ])
    }

    @Test func contextualKeywords() {
        let (file, lexed) = lexChecked("get; a.get; let actor = 1; x.self")
        let toks = lexed.tokens.filter { !$0.kind.isTrivia }
        func find(_ text: String, _ nth: Int = 0) -> Token { toks.filter { file.text(of: $0) == text }[nth] }
        // A contextual keyword is a keyword token, but after '.' an identifier that still knows its spelling.
        #expect(find("get").kind == .keyword)
        #expect(find("get").keyword == .get)
        #expect(find("get", 1).kind == .identifier)
        #expect(find("get", 1).keyword == .get)
        #expect(find("actor").keyword == .actor)
        #expect(find("actor").isIdentifierLike)
        // Reserved words stay keywords after '.'.
        #expect(find("self").kind == .keyword)
        #expect(find("let").keyword.isReserved)
    }

    @Test func hexIntegerMemberAccess() {
        // swiftc: after `0x…`, a '.' whose next character is not a decimal digit starts a member access unless a
        // valid exponent follows (`0xff.fp`, `0xff.fpValue`: integer, '.', identifier). `0x1.fp+2` is a hex float.
        #expect(significant("0x1.fp+2") == [KindText(.floatLiteral, "0x1.fp+2")])
        #expect(significant("0xff.description") == [KindText(.integerLiteral, "0xff"), KindText(.period, "."), KindText(.identifier, "description")])
        #expect(significant("0xff.fp") == [KindText(.integerLiteral, "0xff"), KindText(.period, "."), KindText(.identifier, "fp")])
        #expect(significant("0xff.fpValue") == [KindText(.integerLiteral, "0xff"), KindText(.period, "."), KindText(.identifier, "fpValue")])
        #expect(significant("0xff.dependency") == [KindText(.integerLiteral, "0xff"), KindText(.period, "."), KindText(.identifier, "dependency")])
    }

    @Test func postfixBangBeforeEquals() {
        // As in swiftc, a left-bound '!' is always postfix: `a!=b` is `a`, `!`, `=`, `b`.
        #expect(significant("a!=b").map(\.text) == ["a", "!", "=", "b"])
        #expect(significant("a != b").map(\.text) == ["a", "!=", "b"])
        #expect(significant("f()?.x").map(\.text) == ["f", "(", ")", "?", ".", "x"])
    }

    // MARK: - Flags

    @Test func boundnessFlags() {
        let (file, lexed) = lexChecked("a + b\nx?.y -c d- e+f")
        let toks = lexed.tokens.filter { !$0.kind.isTrivia }
        func flags(_ text: String) -> TokenFlags { toks.first { file.text(of: $0) == text }!.flags }
        #expect(flags("a").contains(.atStartOfLine))
        #expect(!flags("b").contains(.atStartOfLine))
        #expect(flags("x").contains(.atStartOfLine))
        let plus = flags("+")  // `a + b`: binary, bound on neither side
        #expect(!plus.contains(.leftBound) && !plus.contains(.rightBound))
        let question = flags("?")  // postfix `?` of `x?.y`
        #expect(question.contains(.leftBound))
        let minus = toks.filter { file.text(of: $0) == "-" }
        #expect(minus.count == 2)
        #expect(!minus[0].flags.contains(.leftBound) && minus[0].flags.contains(.rightBound))  // prefix -c
        #expect(minus[1].flags.contains(.leftBound) && !minus[1].flags.contains(.rightBound))  // postfix d-
        let tight = toks.first { file.text(of: $0) == "+" && $0.flags.contains(.leftBound) }
        #expect(tight?.flags.contains(.rightBound) == true)  // e+f
    }

    @Test func multilineAndUnterminatedFlags() {
        let (_, lexed) = lexChecked("\"\"\"\na\n\"\"\" \"x\"")
        let delimiters = lexed.tokens.filter { $0.kind == .stringOpen || $0.kind == .stringClose }
        #expect(delimiters.map { $0.flags.contains(.multiline) } == [true, true, false, false])

        let (_, comment) = lexChecked("x /* never closed")
        #expect(comment.tokens.last?.kind == .blockComment)
        #expect(comment.tokens.last?.flags.contains(.unterminated) == true)
        #expect(comment.diagnostics.map(\.message) == ["unterminated block comment"])
        #expect(comment.diagnostics.first?.offset == 2)
    }

    // MARK: - Columns

    @Test func lineTableColumnsAreUTF8Bytes() {
        let bytes = Array("é\r\nab\rc\n😀x".utf8)
        let table = LineTable(bytes)
        #expect(table.lineStarts == [0, 4, 7, 9])
        #expect(table.location(of: 2) == (1, 3))  // the \r after 2-byte é
        #expect(table.location(of: 5) == (2, 2))  // b
        #expect(table.location(of: 7) == (3, 1))  // c after lone \r
        #expect(table.location(of: 13) == (4, 5))  // x after 4-byte emoji
    }

    // MARK: - Byte-for-byte reproduction

    @Test func tilingCheckRejectsGapsOverlapsAndShortfalls() {
        let bytes = Array("ab c".utf8)
        let good = [Token(kind: .identifier, start: 0, length: 2), Token(kind: .whitespace, start: 2, length: 1),
                    Token(kind: .identifier, start: 3, length: 1)]
        #expect(tilingProblem(bytes, good) == nil)
        #expect(tilingProblem(bytes, [good[0], good[2]]) != nil)  // gap
        #expect(tilingProblem(bytes, [good[0], Token(kind: .whitespace, start: 1, length: 2), good[2]]) != nil)  // overlap
        #expect(tilingProblem(bytes, [good[0], good[1]]) != nil)  // stops short
        #expect(tilingProblem(bytes, good + [Token(kind: .unknown, start: 4, length: 1)]) != nil)  // runs past the end
        #expect(tilingProblem(bytes, [good[0], Token(kind: .whitespace, start: 2, length: 0), good[1], good[2]]) != nil)  // empty token
        #expect(tilingProblem([], []) == nil)
    }

    static let reproductionInputs: [String] = dumpCases.map(\.input) + [
        "",
        " ",
        "\n\n\r\n\r",
        "\u{FEFF}",
        "#!",
        "a\u{00A0}b",
        "x = \"\\(\"\\(\"\\(1)\")\")\"",
        "/* /* */",
        "`",
        "``",
        "<#placeholder#> a<#b",
        "\"\"\"\n\\(\n\"\"\"",
        "#####\"",
        "##/",
        "0x",
        "0b102 1__0 007 1.5e+",
        "a\u{0000}b",
        "'single'",
    ]

    @Test("tokens reproduce the input byte for byte", arguments: reproductionInputs)
    func reproduction(_ input: String) {
        _ = lexChecked(input)
    }
}
