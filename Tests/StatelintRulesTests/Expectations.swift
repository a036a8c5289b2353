import StatelintCore
import StatelintRules
import StatelintSyntax

/// A finding a fixture expects or produced: file, 1-based line, rule id.
struct Expected: Hashable, Comparable, CustomStringConvertible {
    var path: String
    var line: Int
    var rule: String

    static func < (a: Expected, b: Expected) -> Bool {
        (a.path, a.line, a.rule) < (b.path, b.line, b.rule)
    }

    var description: String { "\(path):\(line): \(rule)" }
}

/// Reads `// expect: RULE[, RULE]` and `// expect@+N: RULE` markers from comments (never from strings).
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
            let ids = rest.dropFirst().split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard !ids.isEmpty, !ids.contains(where: \.isEmpty) else {
                throw Malformed(description: "\(place): marker '\(body)' names no rule")
            }
            for id in ids {
                guard RuleRegistry.isKnown(id) else {
                    throw Malformed(description: "\(place): marker names unknown rule '\(id)'")
                }
                result.append(Expected(path: file.path, line: line + offset, rule: id))
            }
        }
        return result
    }

    /// Compares expected and produced findings as multisets; returns one message per difference.
    static func compare(expected: [Expected], produced: [Expected], messages: [Expected: [String]] = [:]) -> [String] {
        var remaining = expected.reduce(into: [Expected: Int]()) { $0[$1, default: 0] += 1 }
        var failures: [String] = []
        for p in produced.sorted() {
            if let n = remaining[p], n > 0 {
                remaining[p] = n - 1
            } else {
                let message = messages[p]?.first.map { " — \($0)" } ?? ""
                failures.append("\(p.path):\(p.line): unexpected \(p.rule)\(message)")
            }
        }
        for (e, n) in remaining.sorted(by: { $0.key < $1.key }) where n > 0 {
            failures.append("\(e.path):\(e.line): expected \(e.rule)\(n > 1 ? " ×\(n)" : "") but it was not reported")
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
