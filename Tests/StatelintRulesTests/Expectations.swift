import StatelintCore
import StatelintRules
import StatelintSyntax

/// A finding a fixture expects or produced: file, 1-based line, rule id, and (expected only) an optional
/// column and a substring the message must contain.
struct Expected: Hashable, Comparable, CustomStringConvertible {
    var path: String
    var line: Int
    var rule: String
    /// 1-based column (as the text report prints it); nil: any.
    var column: Int? = nil
    /// A substring of the message; nil: any.
    var message: String? = nil

    static func < (a: Expected, b: Expected) -> Bool {
        (a.path, a.line, a.rule, a.column ?? 0, a.message ?? "") < (b.path, b.line, b.rule, b.column ?? 0, b.message ?? "")
    }

    var description: String {
        "\(path):\(line)\(column.map { ":\($0)" } ?? ""): \(rule)\(message.map { " \"\($0)\"" } ?? "")"
    }

    /// The place and rule, without the optional checks.
    var key: Expected { Expected(path: path, line: line, rule: rule) }
}

/// A finding as produced: where, which rule, and its message.
struct Produced {
    var key: Expected
    var column: Int
    var message: String
}

/// Reads `// expect: RULE[@COL] ["substring"][, …]` and `// expect@+N: …` markers from comments (never
/// from strings).
enum Expectations {
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    /// The expected findings of one file.
    /// - Throws: `Malformed` for a marker that does not parse or names an unknown rule.
    static func parse(_ file: SourceFile) throws -> [Expected] {
        let lexed = Lexer.tokenize(file.bytes)
        let lines = LineTable(file.bytes)
        var result: [Expected] = []
        for token in lexed.tokens where token.kind == .lineComment || token.kind == .blockComment {
            var text = Substring(file.text(token.range))
            text = text.hasPrefix("//") ? text.dropFirst(2) : text.dropFirst(2).dropLast(2)
            let body = text.drop { $0 == " " || $0 == "\t" }
            guard body.hasPrefix("expect") else { continue }
            let line = lines.location(of: Int(token.start)).line
            let place = "\(file.path):\(line)"
            var rest = body.dropFirst("expect".count)
            var offset = 0
            if rest.hasPrefix("@") {
                rest = rest.dropFirst()
                let sign = rest.first
                let digits = rest.dropFirst().prefix { $0.isNumber }
                guard sign == "+" || sign == "-", let n = Int(digits) else {
                    throw Malformed(description: "\(place): malformed marker '\(body)': expected expect@+N: or expect@-N:")
                }
                offset = sign == "+" ? n : -n
                rest = rest.dropFirst(1 + digits.count)
            }
            guard rest.hasPrefix(":") else {
                throw Malformed(description: "\(place): malformed marker '\(body)': expected 'expect: RULE[, RULE]'")
            }
            for item in try items(rest.dropFirst(), place: place, marker: body) {
                guard RuleRegistry.isKnown(item.rule) else {
                    throw Malformed(description: "\(place): marker names unknown rule '\(item.rule)'")
                }
                result.append(Expected(path: file.path, line: line + offset, rule: item.rule, column: item.column, message: item.message))
            }
        }
        return result
    }

    /// `rule[@COL] ["substring"]` items separated by commas.
    static func items(_ text: Substring, place: String, marker: Substring) throws -> [(rule: String, column: Int?, message: String?)] {
        var found: [(String, Int?, String?)] = []
        var rest = text
        func skipBlanks() { rest = rest.drop { $0 == " " || $0 == "\t" } }
        func fail(_ why: String) -> Malformed { Malformed(description: "\(place): malformed marker '\(marker)': \(why)") }
        while true {
            skipBlanks()
            let rule = String(rest.prefix { $0.isLetter || $0 == "_" })
            guard !rule.isEmpty else { throw fail(found.isEmpty ? "it names no rule" : "a rule id is missing after ','") }
            rest = rest.dropFirst(rule.count)
            var column: Int?
            if rest.hasPrefix("@") {
                let digits = rest.dropFirst().prefix { $0.isNumber }
                guard let n = Int(digits), n > 0 else { throw fail("'@' must be followed by a column number") }
                column = n
                rest = rest.dropFirst(1 + digits.count)
            }
            skipBlanks()
            var message: String?
            if rest.hasPrefix("\"") {
                let inner = rest.dropFirst()
                guard let close = inner.firstIndex(of: "\"") else { throw fail("unterminated message substring") }
                message = String(inner[..<close])
                guard !message!.isEmpty else { throw fail("empty message substring") }
                rest = inner[inner.index(after: close)...]
                skipBlanks()
            }
            found.append((rule, column, message))
            if rest.isEmpty { return found }
            guard rest.hasPrefix(",") else { throw fail("expected ',' or the end after '\(rule)'") }
            rest = rest.dropFirst()
        }
    }

    /// Compares expected and produced findings as multisets (an expectation with a column or message
    /// substring must be met by a finding with that column and a message containing it); returns one
    /// message per difference.
    static func compare(expected: [Expected], produced: [Produced]) -> [String] {
        var failures: [String] = []
        var unmatched = Dictionary(grouping: produced, by: \.key)
        // Constrained expectations first, so an unconstrained one does not take their finding.
        let ordered = expected.sorted().sorted { ($0.column != nil || $0.message != nil) && !($1.column != nil || $1.message != nil) }
        for e in ordered {
            var candidates = unmatched[e.key] ?? []
            if let k = candidates.firstIndex(where: { p in
                (e.column == nil || p.column == e.column) && (e.message.map { p.message.contains($0) } ?? true)
            }) {
                candidates.remove(at: k)
                unmatched[e.key] = candidates
            } else if let near = candidates.first {
                failures.append("\(e.description): expected, but the finding there is at column \(near.column): \(near.message)")
                candidates.removeFirst()
                unmatched[e.key] = candidates
            } else {
                failures.append("\(e.description): expected but it was not reported")
            }
        }
        for p in unmatched.values.flatMap({ $0 }).sorted(by: { $0.key < $1.key }) {
            failures.append("\(p.key.path):\(p.key.line):\(p.column): unexpected \(p.key.rule) — \(p.message)")
        }
        return failures
    }
}

extension String {
    func trimmingCharacters(in set: Set<Character>) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}

extension Set where Element == Character {
    static let whitespaces: Set<Character> = [" ", "\t"]
}
