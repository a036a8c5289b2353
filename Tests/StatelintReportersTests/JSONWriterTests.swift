import StatelintCore
import StatelintReporters
import Testing

@Suite("JSON writer")
struct JSONWriterTests {
    @Test("escapes quote, backslash and control characters; keeps slash and non-ASCII")
    func escaping() {
        let value = JSONValue.string("q\"b\\s/n\nr\rt\tb\u{8}f\u{C}c\u{1}\u{1F}\u{0}d\u{7F}한😀\u{2028}")
        // `\b` `\f` `\n` `\r` `\t` in short form, U+0001 U+001F U+0000 as \u00XX, DEL and U+2028 raw.
        #expect(value.serialized() == #""q\"b\\s/n\nr\rt\tb\bf\fc\u0001\u001f\u0000d"# + "\u{7F}한😀\u{2028}\"\n")
    }

    @Test("keys are escaped too")
    func keyEscaping() {
        #expect(JSONValue.object([("a\"b\n", .int(1))]).serialized() == "{\n  \"a\\\"b\\n\": 1\n}\n")
    }

    @Test("pretty-prints with two spaces, keeps key order, writes empty containers inline")
    func layout() {
        let value = JSONValue.object([
            ("z", .int(-3)),
            ("a", .array([.bool(true), .bool(false), .null, .object([])])),
            ("m", .array([])),
            ("o", .object([("k", .string(nil)), ("s", .string("x"))])),
        ])
        #expect(value.serialized() == """
            {
              "z": -3,
              "a": [
                true,
                false,
                null,
                {}
              ],
              "m": [],
              "o": {
                "k": null,
                "s": "x"
              }
            }

            """)
    }

    @Test("a bare scalar gets a trailing newline")
    func scalar() {
        #expect(JSONValue.int(Int.min).serialized() == "-9223372036854775808\n")
        #expect(JSONValue.string("").serialized() == "\"\"\n")
    }
}
