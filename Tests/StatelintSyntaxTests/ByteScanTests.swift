import StatelintSyntax
import StatelintTestSupport
import Testing

/// The word-at-a-time byte scans agree with a byte-by-byte reference on every length and alignment.
@Suite("Byte scans")
struct ByteScanTests {

    /// A range's text (made in place when it fits a small string) is what the general decoder makes, invalid
    /// UTF-8 repaired the same way, at every length around the small-string limit.
    @Test func textOfARangeIsWhatTheDecoderMakes() {
        var random = SplitMix64(seed: 17)
        // ASCII, multi-byte starts and continuations, bytes never valid in UTF-8.
        let alphabet: [UInt8] = [0x61, 0x5F, 0x30, 0x41, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0xFF, 0xC0, 0x80, 0x00]
        for length in 0..<40 {
            for _ in 0..<60 {
                let bytes = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
                let file = SourceFile(path: "t.swift", bytes: [0x20] + bytes + [0x20])
                let text = file.text(1..<(1 + length))
                #expect(text == String(decoding: bytes, as: UTF8.self) && Array(text.utf8) == Array(String(decoding: bytes, as: UTF8.self).utf8),
                        "\(bytes)")
            }
        }
        let file = SourceFile(path: "t.swift", text: "let `name` = é")
        #expect(file.identifierText(4..<10) == "name" && file.text(13..<15) == "é" && file.text(0..<99) == "let `name` = é")
    }

    @Test func lineCountMatchesCountingNewlines() {
        var random = SplitMix64(seed: 11)
        // Bytes near the newline value and with the high bit set stress the zero-byte trick.
        let alphabet: [UInt8] = [0x0A, 0x0B, 0x09, 0x8A, 0x0D, 0x00, 0xFF, 0x7F, 0x41, 0x20]
        for length in 0..<80 {
            for _ in 0..<40 {
                let bytes = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
                let newlines = bytes.filter { $0 == 0x0A }.count
                let expected = bytes.last == 0x0A ? newlines : newlines + 1
                #expect(LineTable.count(bytes) == expected, "\(bytes)")
            }
        }
        #expect(LineTable.count([]) == 1)
        #expect(LineTable.count(Array("a\nb\n".utf8)) == 2)
        #expect(LineTable.count(Array(repeating: 0x0A, count: 1000)) == 1000)
        // Past 255 words (the byte-wide counters are added up and restarted): every lane full, and long
        // random runs of every length around the restart.
        #expect(LineTable.count(Array(repeating: 0x0A, count: 20_000)) == 20_000)
        for length in [2032, 2039, 2040, 2041, 2047, 2048, 4087, 4088, 4096, 10_007] {
            let bytes = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let newlines = bytes.filter { $0 == 0x0A }.count
            #expect(LineTable.count(bytes) == (bytes.last == 0x0A ? newlines : newlines + 1), "length \(length)")
        }
    }

    /// A string's body is skipped many bytes at a time up to the next byte it must look at: every such byte
    /// (escape, interpolation, quote, apostrophe, line end) is found at every offset around the 16-byte steps.
    @Test func stringBodiesStopAtEveryByteThatMatters() {
        for prefix in 0..<40 {
            for suffix in [0, 1, 15, 16, 17, 33] {
                let a = String(repeating: "a", count: prefix)
                let b = String(repeating: "b", count: suffix)
                #expect(significant("\"\(a)\\\"\(b)\"") == [
                    KindText(.stringOpen, "\""), KindText(.stringSegment, a + "\\\"" + b), KindText(.stringClose, "\""),
                ], "escaped quote after \(prefix)")
                #expect(significant("\"\(a)'\(b)\"") == [
                    KindText(.stringOpen, "\""), KindText(.stringSegment, a + "'" + b), KindText(.stringClose, "\""),
                ], "apostrophe after \(prefix)")
                var interpolated = [KindText(.stringOpen, "\"")]
                if prefix > 0 { interpolated.append(KindText(.stringSegment, a)) }
                interpolated += [KindText(.interpolationOpen, "\\("), KindText(.identifier, "x"), KindText(.interpolationClose, ")")]
                if suffix > 0 { interpolated.append(KindText(.stringSegment, b)) }
                interpolated.append(KindText(.stringClose, "\""))
                #expect(significant("\"\(a)\\(x)\(b)\"") == interpolated, "interpolation after \(prefix)")
                // A line end ends a one-line string (unterminated); in a multi-line string it is content.
                let lexed = Lexer.tokenize(Array("\"\(a)\n\(b)".utf8))
                #expect(lexed.diagnostics.map(\.message) == ["unterminated string literal"], "line end after \(prefix)")
                #expect(significant("\"\"\"\n\(a)\r\n\(b)\n\"\"\"").map(\.kind) == [.stringOpen, .stringSegment, .stringClose],
                        "multi-line after \(prefix)")
            }
        }
    }

    /// A line comment ends at its first `\n` or `\r` (or the file's end) at every length around the 16-byte
    /// steps, and indentation of every width around the 8-byte steps (spaces, then maybe a tab) is one
    /// whitespace token before the next one.
    @Test func lineEndsAndIndentationAreFoundAtEveryOffset() {
        for length in 0..<50 {
            let body = String(repeating: "c", count: length)
            for end in ["\n", "\r", "\r\n", ""] {
                let (file, lexed) = lexChecked("// \(body)\(end)x")
                let comment = lexed.tokens.first { $0.kind == .lineComment }.map { file.text(of: $0) }
                #expect(comment == "// " + body + (end.isEmpty ? "x" : ""), "\(length) bytes, end \(Array(end.utf8))")
            }
        }
        for width in 0..<40 {
            for tail in ["", "\t", " \t "] {
                let indentation = String(repeating: " ", count: width) + tail
                let (file, lexed) = lexChecked("a\n\(indentation)b\n")
                let blanks = lexed.tokens.filter { $0.kind == .whitespace }.map { file.text(of: $0) }
                #expect(blanks == (indentation.isEmpty ? [] : [indentation]), "\(width) spaces, then \(Array(tail.utf8))")
                #expect(significant("a\n\(indentation)b\n") == [KindText(.identifier, "a"), KindText(.identifier, "b")])
            }
        }
    }

    @Test func utf8CheckMatchesTheStandardLibrary() {
        var random = SplitMix64(seed: 5)
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("héllo".utf8), Array("한".utf8), Array("😀".utf8), Array("        ".utf8),
            [0x80], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xC3],
        ]
        for _ in 0..<4000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(random.next() % 12) {
                // Mostly valid pieces, so long valid runs cross word boundaries.
                let index = random.next() % 10 < 8 ? Int(random.next() % 5) : Int(random.next() % UInt64(pieces.count))
                bytes += pieces[index]
            }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            #expect(UTF8Check.isValid(bytes) == expected, "\(bytes)")
        }
    }

    /// Validation that counts lines on the way says what `isValid` and `LineTable.count` say, on every
    /// length around the 64-byte steps and the counters' restart (63 steps), with and without non-ASCII bytes (valid
    /// and not) before, between and after the line ends.
    @Test func validationCountsLinesAsLineTableDoes() {
        var random = SplitMix64(seed: 17)
        let pieces: [[UInt8]] = [
            [0x0A], [0x0A], [0x0D, 0x0A], [0x0D], Array("ab".utf8), Array("é".utf8), Array("😀".utf8), [0x20],
            [0x80], [0xC3], [0xFF], [0x7F],
        ]
        for length in Array(0..<80) + [63 * 64 - 1, 63 * 64, 63 * 64 + 1, 255 * 16, 9000] {
            for trial in 0..<12 {
                var bytes: [UInt8] = []
                while bytes.count < length {
                    // Mostly valid pieces (the invalid ones, last in the list, one time in eight).
                    let index = trial % 3 == 0 && random.next() % 8 == 0
                        ? 8 + Int(random.next() % 4) : Int(random.next() % 8)
                    bytes += pieces[index]
                }
                let valid = UTF8Check.isValid(bytes)
                let counted = UTF8Check.lineCountIfValid(bytes)
                #expect((counted != nil) == valid, "\(bytes.count) bytes")
                if valid { #expect(counted == LineTable.count(bytes), "\(bytes.count) bytes") }
            }
        }
        // One non-ASCII character at every offset of the first blocks, line ends everywhere else.
        for offset in 0..<140 {
            var bytes = [UInt8](repeating: 0x0A, count: 200)
            bytes.replaceSubrange(offset..<offset + 2, with: Array("é".utf8))
            #expect(UTF8Check.lineCountIfValid(bytes) == LineTable.count(bytes), "é at \(offset)")
            bytes[offset + 1] = 0x0A
            #expect(UTF8Check.lineCountIfValid(bytes) == nil, "a lone lead byte at \(offset)")
        }
        #expect(UTF8Check.lineCountIfValid([]) == 1)
        #expect(UTF8Check.lineCountIfValid(Array(repeating: 0x0A, count: 20_000)) == 20_000)
        #expect(UTF8Check.lineCountIfValid(Array("a\né\n".utf8)) == 2)
        #expect(UTF8Check.lineCountIfValid([0x0A, 0xFF, 0x0A]) == nil)
        #expect(LineTable.count(SourceFile(path: "A.swift", bytes: Array("a\nb".utf8), lineCount: 7)) == 7, "a count given is used")
        #expect(LineTable.count(SourceFile(path: "A.swift", text: "a\nb")) == 2)
    }

    /// `hasComment(startingWith:)` first searches the bytes (memmem), then the comments: text in a string
    /// or code is not a comment, and a comment that only contains the word later does not start with it.
    @Test func commentDirectivesAreFoundOnlyInComments() {
        func has(_ text: String) -> Bool { SyntaxTree(file: SourceFile(path: "A.swift", text: text)).hasComment(startingWith: "statelint:") }
        #expect(has("let a = 1 // statelint:disable:this rule\n"))
        #expect(has("/* statelint:disable rule */\nlet a = 1\n"))
        #expect(has("/// statelint: broken\nlet a = 1\n"))
        #expect(!has("let s = \"// statelint:disable\"\n"))
        #expect(!has("// see statelint: later\nlet a = 1\n"))
        #expect(!has("let a = 1\n"))
        #expect(!has(""))
        #expect(!has("statelint"))
    }
}
