import StatelintCore
import StatelintDiagnostics
import StatelintSyntax

/// `textDocument/codeAction`: a finding's fix, a comment that disables its rule on its line, and fixing
/// every safe finding of the file.
extension LanguageServer {
    static let fixAllKind = "source.fixAll.statelint"

    func codeActions(_ params: JSON) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri],
              let start = Position(params["range"]?["start"]), let end = Position(params["range"]?["end"]) else { return .array([]) }
        let only = params["context"]?["only"]?.array?.compactMap(\.string)
        func wanted(_ kind: String) -> Bool {
            guard let only else { return true }
            return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
        }
        let lines = document.lines
        let diagnostics = published[uri] ?? []
        var actions: [JSONValue] = []
        var literals: LiteralSpans?
        if wanted("quickfix") {
            for d in diagnostics {
                let first = lines.position(d.range.lowerBound, encoding).line
                let last = lines.position(d.range.upperBound, encoding).line
                guard first <= end.line && last >= start.line else { continue }
                let lsp = lspDiagnostic(d, in: lines)
                if let fix = d.fix {
                    actions.append(action(title: fix.title, kind: "quickfix", diagnostic: lsp, preferred: fix.isSafe,
                                          uri: uri, edits: fix.edits, lines: lines))
                }
                if d.ruleID != "unused_suppression" {
                    literals = literals ?? LiteralSpans(Lexer.tokenize(lines.bytes).tokens)
                    let edits = LanguageServer.disableEdits(rule: d.ruleID, line: first, lines: lines, literals: literals!)
                    actions.append(action(title: "Disable \(d.ruleID) for this line", kind: "quickfix", diagnostic: lsp,
                                          preferred: false, uri: uri, edits: edits, lines: lines))
                }
            }
        }
        if wanted(LanguageServer.fixAllKind) {
            let edits = Fixer.safeEdits(diagnostics, size: lines.bytes.count)
            if !edits.isEmpty {
                actions.append(action(title: "Fix all safe statelint findings in this file", kind: LanguageServer.fixAllKind,
                                      diagnostic: nil, preferred: false, uri: uri, edits: edits, lines: lines))
            }
        }
        return .array(actions)
    }

    /// The comment that silences `rule` on `line`: `disable:next` above it, or, when that line starts inside a
    /// multi-line string or comment (where a comment would be text, not a directive), a `disable` region
    /// from above the literal to the first line after `line` that starts outside one.
    static func disableEdits(rule: String, line: Int, lines: LineIndex, literals: LiteralSpans) -> [TextEdit] {
        func lineStart(_ k: Int) -> Int { lines.offset(Position(line: k, character: 0), .utf8) }
        func indentation(at start: Int) -> String {
            var end = start
            while end < lines.bytes.count && (lines.bytes[end] == 0x20 || lines.bytes[end] == 0x09) { end += 1 }
            return String(decoding: lines.bytes[start..<end], as: UTF8.self)
        }
        let start = lineStart(line)
        guard let literal = literals.span(containing: start) else {
            return [TextEdit(range: start..<start, replacement: "\(indentation(at: start))// statelint:disable:next \(rule)\(lines.lineBreak(line))")]
        }
        let openingLine = lines.position(literal.lowerBound, .utf8).line
        let above = lineStart(openingLine)
        var after = line + 1
        while after < lines.starts.count, let span = literals.span(containing: lineStart(after)) {
            after = lines.position(span.upperBound, .utf8).line + 1
        }
        let indent = indentation(at: above)
        let opening = TextEdit(range: above..<above, replacement: "\(indent)// statelint:disable \(rule)\(lines.lineBreak(openingLine))")
        if after >= lines.starts.count {
            let end = lines.bytes.count
            let needsBreak = end > 0 && lines.bytes[end - 1] != 0x0A && lines.bytes[end - 1] != 0x0D
            return [opening, TextEdit(range: end..<end, replacement: (needsBreak ? "\n" : "") + "\(indent)// statelint:enable \(rule)\n")]
        }
        let closingAt = lineStart(after)
        return [opening, TextEdit(range: closingAt..<closingAt, replacement: "\(indent)// statelint:enable \(rule)\(lines.lineBreak(openingLine))")]
    }

    func action(title: String, kind: String, diagnostic: JSONValue?, preferred: Bool, uri: String,
                edits: [TextEdit], lines: LineIndex) -> JSONValue {
        var members: [(String, JSONValue)] = [("title", .string(title)), ("kind", .string(kind))]
        if let diagnostic { members.append(("diagnostics", .array([diagnostic]))) }
        if preferred { members.append(("isPreferred", .bool(true))) }
        let textEdits = edits.map { edit in
            JSONValue.object([("range", lines.range(edit.range, encoding)), ("newText", .string(edit.replacement))])
        }
        members.append(("edit", .object([("changes", .object([(uri, .array(textEdits))]))])))
        return .object(members)
    }
}

/// The byte spans of a file's string literals and block comments (outermost only), for telling whether a
/// line starts inside one.
struct LiteralSpans {
    private var spans: [Range<Int>] = []

    init(_ tokens: [Token]) {
        var depth = 0
        var opened = 0
        for token in tokens {
            switch token.kind {
            case .stringOpen:
                if depth == 0 { opened = Int(token.start) }
                depth += 1
            case .stringClose where depth > 0:
                depth -= 1
                if depth == 0 { spans.append(opened..<Int(token.end)) }
            case .blockComment where depth == 0, .docBlockComment where depth == 0:
                spans.append(Int(token.start)..<Int(token.end))
            default:
                break
            }
        }
        if depth > 0, let last = tokens.last { spans.append(opened..<Int(last.end)) }
    }

    /// The span that holds `offset` strictly inside (not at its first byte).
    func span(containing offset: Int) -> Range<Int>? {
        var low = 0
        var high = spans.count
        while low < high {
            let mid = (low + high) / 2
            if spans[mid].upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        guard low < spans.count, spans[low].lowerBound < offset, offset < spans[low].upperBound else { return nil }
        return spans[low]
    }
}
