import Testing
@testable import StatelintCore

/// A compact rendering of a node tree: scalars as text (quoted ones with their quote), lists as
/// `[…]`, maps as `{k: v}`, empty values as `~`.
func render(_ node: YAMLNode) -> String {
    switch node.content {
    case .empty: return "~"
    case .scalar(let text, .plain): return text
    case .scalar(let text, .singleQuoted): return "'" + text + "'"
    case .scalar(let text, .doubleQuoted): return "\"" + text + "\""
    case .list(let items): return "[" + items.map(render).joined(separator: ", ") + "]"
    case .map(let pairs): return "{" + pairs.map { "\($0.key): \(render($0.value))" }.joined(separator: ", ") + "}"
    }
}

/// Parses and renders, or renders the error as `error LINE:COL: MESSAGE`.
func yaml(_ text: String) -> String {
    do {
        return render(try YAMLSubset.parse(text))
    } catch {
        return "error \(error)"
    }
}

/// The error's `LINE:COL`, or "no error".
func yamlErrorPlace(_ text: String) -> String {
    do {
        _ = try YAMLSubset.parse(text)
        return "no error"
    } catch {
        return "\(error.line):\(error.column)"
    }
}

@Suite struct YAMLSubsetTests {
    @Test func emptyInputsAreEmptyDocuments() {
        #expect(yaml("") == "~")
        #expect(yaml("\n\n   \n") == "~")
        #expect(yaml("# only a comment\n  # another\n") == "~")
        #expect(yaml("---\n") == "~")
        #expect(yaml("# header\n--- # start\n# tail") == "~")
    }

    @Test func blockMapsAndLists() {
        #expect(yaml("a: 1\nb: two words\n") == "{a: 1, b: two words}")
        #expect(yaml("a:\n  b:\n    c: d\n  e: f\ng: h") == "{a: {b: {c: d}, e: f}, g: h}")
        #expect(yaml("- a\n- b\n-   c  \n") == "[a, b, c]")
        #expect(yaml("list:\n  - a\n  - b\nnext: 1") == "{list: [a, b], next: 1}")
        // A list may line up with its key.
        #expect(yaml("list:\n- a\n- b\nnext: 1") == "{list: [a, b], next: 1}")
        // Maps inside list items, and lists inside lists.
        #expect(yaml("- a: 1\n  b: 2\n- c: 3") == "[{a: 1, b: 2}, {c: 3}]")
        #expect(yaml("- - a\n  - b\n- c") == "[[a, b], c]")
        #expect(yaml("-\n  x: 1\n-\n- y") == "[{x: 1}, ~, y]")
        #expect(yaml("- a:\n  - x\n  b: 2") == "[{a: [x], b: 2}]")
        // Empty values.
        #expect(yaml("a:\nb: 1\nc:") == "{a: ~, b: 1, c: ~}")
        // Windows and old Mac line breaks, byte order mark.
        #expect(yaml("a: 1\r\nb:\r\n  - x\r\n") == "{a: 1, b: [x]}")
        #expect(yaml("a: 1\rb: 2\r") == "{a: 1, b: 2}")
        #expect(yaml("\u{FEFF}a: 1") == "{a: 1}")
        // A root scalar.
        #expect(yaml("just text") == "just text")
    }

    @Test func commentsAndSpaces() {
        #expect(yaml("a: 1 # one\nb: x#y # 'not' a #hash\n# c: 3\n") == "{a: 1, b: x#y}")
        #expect(yaml("a: 'quoted # hash' # comment") == "{a: 'quoted # hash'}")
        #expect(yaml("a: \"x # y\"#no space is an error") == "error 1:11: a comment needs a space before '#'")
        #expect(yaml("a:    spaced value   \n") == "{a: spaced value}")
        #expect(yaml("a: # comment\n  - x # item\n") == "{a: [x]}")
        #expect(yaml("a: 1\n\n\n   \nb: 2") == "{a: 1, b: 2}")
        // Tabs are fine after the indentation and in blank lines.
        #expect(yaml("a:\t1\n\t\nb: 2\t# c") == "{a: 1, b: 2}")
        // A colon not followed by a space is part of a plain value.
        #expect(yaml("url: http://x.y/z:1") == "{url: http://x.y/z:1}")
    }

    @Test func quotedScalars() {
        #expect(yaml(#"a: 'it''s'"#) == "{a: 'it's'}")
        #expect(yaml(#"a: "say \"hi\" \\ \n\t \/""#) == "{a: \"say \"hi\" \\ \n\t /\"}")
        #expect(yaml(#"a: ''"#) == "{a: ''}")
        #expect(yaml(#"'key: with colon': "v""#) == "{key: with colon: \"v\"}")
        #expect(yaml(#"a: '*.swift'"#) == "{a: '*.swift'}")
        #expect(yaml(#"a: "C:\Users""#).hasPrefix("error 1:7: unsupported escape"))
        #expect(yaml("a: 'open\nb: 1") == "error 1:4: unterminated single-quoted string (quoted values must end on the same line)")
        #expect(yaml("a: \"open") == "error 1:4: unterminated double-quoted string (quoted values must end on the same line)")
    }

    @Test func flowCollections() {
        #expect(yaml("[a, b, c]") == "[a, b, c]")
        #expect(yaml("a: [x, 'y, z', \"w\"]") == "{a: [x, 'y, z', \"w\"]}")
        #expect(yaml("a: {b: 1, c: x}") == "{a: {b: 1, c: x}}")
        #expect(yaml("a: [ ]\nb: {}") == "{a: [], b: {}}")
        #expect(yaml("a: [x, [y, {z: 1}]]") == "{a: [x, [y, {z: 1}]]}")
        #expect(yaml("a: [x, y,]") == "{a: [x, y]}")
        #expect(yaml("a: {b: , c:}") == "{a: {b: ~, c: ~}}")
        #expect(yaml("a: [x,   # first\n   y]  # done\nb: 1") == "{a: [x, y], b: 1}")
        #expect(yaml("a: [x#y]") == "{a: [x#y]}")
        #expect(yaml("a: [x, , y]") == "error 1:8: empty entry in a flow list")
        #expect(yaml("a: [x, y") == "error 1:4: unterminated flow list: '[' has no matching ']'")
        #expect(yaml("a: {b: 1") == "error 1:4: unterminated flow map: '{' has no matching '}'")
        #expect(yaml("a: {b:1}") == "error 1:5: expected ':' after key 'b:1' in a flow map (put a space after ':')")
        #expect(yaml("a: [x: 1]") == "error 1:6: 'key: value' inside [ ] is not supported; write a flow map {key: value}")
        #expect(yaml("a: [x] y") == "error 1:8: unexpected 'y' after a flow list")
        #expect(yaml("a: [x y z}") == "error 1:10: expected ',' or ']' in a flow list, found '}'")
    }

    @Test func positions() throws {
        let root = try YAMLSubset.parse("# c\nfirst: 1\nsecond:\n  - 'x'\n  - {k: v}\n")
        guard case .map(let pairs) = root.content else { Issue.record("not a map"); return }
        #expect((root.line, root.column) == (2, 1))
        #expect((pairs[0].keyLine, pairs[0].keyColumn) == (2, 1))
        #expect((pairs[0].value.line, pairs[0].value.column) == (2, 8))
        #expect((pairs[1].keyLine, pairs[1].keyColumn) == (3, 1))
        guard case .list(let items) = pairs[1].value.content else { Issue.record("not a list"); return }
        #expect((pairs[1].value.line, pairs[1].value.column) == (4, 3))
        #expect((items[0].line, items[0].column) == (4, 5))
        #expect((items[1].line, items[1].column) == (5, 5))
        guard case .map(let inner) = items[1].content else { Issue.record("not a map"); return }
        #expect((inner[0].keyLine, inner[0].keyColumn, inner[0].value.line, inner[0].value.column) == (5, 6, 5, 9))
    }

    @Test func nullValues() throws {
        let root = try YAMLSubset.parse("a:\nb: ~\nc: null\nd: 'null'")
        guard case .map(let pairs) = root.content else { Issue.record("not a map"); return }
        #expect(pairs.map(\.value.isNull) == [true, true, true, false])
    }

    @Test func rejectedFeatures() {
        #expect(yaml("a:\n\t- x") == "error 2:1: tabs are not allowed in indentation; indent with spaces")
        #expect(yaml("a:\n  \tb: 1") == "error 2:3: tabs are not allowed in indentation; indent with spaces")
        #expect(yaml("a: &anchor 1") == "error 1:4: anchors ('&name') are not supported; quote the value if '&' is part of it")
        #expect(yaml("a: *anchor") == "error 1:4: aliases ('*name') are not supported; a value starting with '*' (such as a glob) must be quoted: '*anchor'")
        #expect(yaml("- **/Generated/**") == "error 1:3: aliases ('*name') are not supported; a value starting with '*' (such as a glob) must be quoted: '**/Generated/**'")
        #expect(yaml("a: !!str 1") == "error 1:4: tags ('!tag') are not supported; quote the value if '!' is part of it")
        #expect(yaml("a: |\n  text") == "error 1:4: block scalars ('|' and '>') are not supported; write the value on one line, quoted if needed")
        #expect(yaml("a: >-\n  text") == "error 1:4: block scalars ('|' and '>') are not supported; write the value on one line, quoted if needed")
        #expect(yaml("a: 1\n---\nb: 2") == "error 2:1: several documents in one file are not supported ('---' may only start the file)")
        #expect(yaml("---\n---\n") == "error 2:1: several documents in one file are not supported ('---' may only start the file)")
        #expect(yaml("--- a: 1") == "error 1:5: content on the '---' line is not supported; start it on the next line")
        #expect(yaml("a: 1\n...\n") == "error 2:1: the document end marker '...' is not supported")
        #expect(yaml("%YAML 1.2\n---\na: 1") == "error 1:1: directives ('%YAML', '%TAG') are not supported")
        #expect(yaml("? a\n: b") == "error 1:1: complex keys ('? key') are not supported")
        #expect(yaml("a: @x") == "error 1:4: a value cannot start with '@' (reserved in YAML); quote it")
    }

    @Test func structuralErrors() {
        #expect(yaml("a: 1\na: 2") == "error 2:1: duplicate key 'a'")
        #expect(yaml("a: {b: 1, b: 2}") == "error 1:11: duplicate key 'b'")
        #expect(yaml("a: b: c") == "error 1:4: a nested map cannot start on the same line as its key; put it on the next lines, indented, or write {key: value}")
        #expect(yaml("a: - x") == "error 1:4: a list cannot start on the same line as its key; put '- item' lines below it, or write [a, b]")
        #expect(yaml("a: 1\n  b: 2") == "error 2:3: unexpected indentation; values that continue on the next line are not supported (keep a value on one line, quoted if needed)")
        #expect(yaml("a:\n    b: 1\n  c: 2") == "error 3:3: unexpected indentation; keys of a map must line up with the key above")
        #expect(yaml("a: 1\n- x") == "error 2:1: unexpected list item in a map; indent the list under its key")
        #expect(yaml("a: 1\nb") == "error 2:1: expected 'key: value' (a map entry) here")
        #expect(yaml("a:\n  - x\n  y: 1") == "error 3:3: expected a list item '- ' here (this line lines up with the list above)")
        #expect(yaml("- x\n  - y") == "error 2:3: unexpected indentation; values that continue on the next line are not supported (keep a value on one line, quoted if needed)")
        #expect(yaml("  a: 1\nb: 2") == "error 2:1: unexpected indentation: this line is indented less than the first line of the file")
        #expect(yaml("text\nmore") == "error 2:1: expected the end of the file: a file holds one map, list or value")
        #expect(yaml("a: 'x' 'y'") == "error 1:8: unexpected ''' after the value")
        #expect(yaml(": x") == "error 1:1: missing key before ':'")
        #expect(yaml("a: ]") == "error 1:4: a value cannot start with ']'; quote it")
    }

    @Test func characterChecks() {
        #expect(yaml("a: 1\nb: \u{0}") == "error 2:4: control character U+00 is not allowed")
        #expect(yamlErrorPlace("a: \u{7F}") == "1:4")
        let invalid = Array("ok: 1\nb: ".utf8) + [0xFF, 0x41]
        do {
            _ = try YAMLSubset.parse(bytes: invalid)
            Issue.record("invalid UTF-8 accepted")
        } catch {
            #expect(error.description == "2:4: the file is not valid UTF-8")
        }
        // Columns count UTF-8 bytes, like the rest of statelint.
        #expect(yaml("é: 1\nb: *x") == "error 2:4: aliases ('*name') are not supported; a value starting with '*' (such as a glob) must be quoted: '*x'")
        #expect(yamlErrorPlace("é: *x") == "1:5")
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let depth = 100_000
        #expect(yaml(String(repeating: "[", count: depth)).hasPrefix("error 1:"))
        #expect(yaml(String(repeating: "{a: ", count: depth)).hasPrefix("error 1:"))
        #expect(yaml(String(repeating: "- ", count: depth) + "x").contains("nesting deeper than"))
        var lines = ""
        for level in 0..<200 { lines += String(repeating: " ", count: level) + "k:\n" }
        #expect(yaml(lines).contains("nesting deeper than"))
        // Just under the limit is fine.
        #expect(yaml(String(repeating: "[", count: 60) + String(repeating: "]", count: 60)).hasPrefix("[[["))
    }
}
