import Foundation
import StatelintRules
import StatelintSyntax

/// One `// statelint:` comment: which rules it silences on which lines, and whether it was used.
struct SuppressionDirective {
    enum Scope: Equatable {
        case nextLine, thisLine
        /// From the comment's line to the line of the matching `enable` (or the end of the file).
        case region(endLine: Int)
    }

    var scope: Scope
    /// Rule ids, or `["all"]`.
    var rules: [String]
    /// The comment's byte range and 1-based line.
    var range: Range<Int>
    var line: Int
    /// For each entry of `rules`, whether it silenced something.
    var used: [Bool]
    /// The `enable` comment that ends this region, when it ends no other region (removed with it).
    var closingEnable: Range<Int>?

    func covers(line target: Int) -> Bool {
        switch scope {
        case .nextLine: return target == line + 1
        case .thisLine: return target == line
        case .region(let endLine): return target >= line && target <= endLine
        }
    }
}

/// Inline suppressions of one file: parsing, applying, and reporting the unused ones.
struct Suppressions {
    private(set) var directives: [SuppressionDirective] = []
    /// Problems in the comments themselves (unknown rule ids, unknown commands), as findings.
    private(set) var malformed: [(range: Range<Int>, message: String)] = []
    /// The directives that cover one line (`disable:next`, `disable:this`), by that line; and the regions,
    /// which are few: a finding is matched against its line's directives and the regions only.
    private var byLine: [Int: [Int]] = [:]
    /// Region directives sorted by first line, and the largest last line among the first k of them: a
    /// query walks back from the last region starting at or before its line while one of them may still
    /// reach it (regions that do not nest cost one step).
    private var regions: [Int] = []
    private var regionReach: [Int] = []

    static let prefix = Array("statelint:".utf8)

    /// A cheap check: does any comment start with `statelint:`?
    static func mayContainDirectives(_ tree: SyntaxTree) -> Bool {
        tree.hasComment(startingWith: "statelint:")
    }

    /// Reads every line or block comment of the file that starts with `statelint:`.
    init(tree: SyntaxTree, lines: LineTable) {
        var openRegions: [(index: Int, rules: [String])] = []
        let bytes = tree.file.bytes
        for token in tree.comments {
            let body = tree.commentText(token)
            let start = body.lowerBound
            let end = body.upperBound
            guard end - start >= Suppressions.prefix.count,
                  bytes[start..<start + Suppressions.prefix.count].elementsEqual(Suppressions.prefix) else { continue }
            let text = tree.file.text(start + Suppressions.prefix.count..<end)
            let line = lines.location(of: Int(token.start)).line
            parse(text, range: token.range, line: line, openRegions: &openRegions)
        }
        for open in openRegions {
            directives[open.index].scope = .region(endLine: Int.max)
        }
        for (i, directive) in directives.enumerated() {
            switch directive.scope {
            case .nextLine: byLine[directive.line + 1, default: []].append(i)
            case .thisLine: byLine[directive.line, default: []].append(i)
            case .region: regions.append(i)
            }
        }
        regions.sort { directives[$0].line < directives[$1].line }
        var reach = 0
        for i in regions {
            if case .region(let end) = directives[i].scope { reach = max(reach, end) }
            regionReach.append(reach)
        }
    }

    /// Whether `text` (after `statelint:`) reads as a directive: a command word right after the colon. A
    /// comment that goes on with a space (`// statelint: checked in CI`) is prose, not a broken directive.
    static func looksLikeDirective(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic else { return false }
        return true
    }

    private mutating func parse(_ text: String, range: Range<Int>, line: Int, openRegions: inout [(index: Int, rules: [String])]) {
        // `disable:next a, b -- reason`
        let withoutReason = text.components(separatedBy: " -- ").first ?? text
        let trimmed = withoutReason.trimmingCharacters(in: .whitespaces)
        guard Suppressions.looksLikeDirective(Substring(text)) else { return }
        let command = trimmed.prefix { $0 != " " && $0 != "\t" }
        let rest = trimmed.dropFirst(command.count)
        let rules = rest.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let valid = rules.filter { $0 == "all" || RuleRegistry.isKnown($0) }
        if command == "disable:next" || command == "disable:this" || command == "disable" || command == "enable" {
            let known = RuleRegistry.descriptors.map(\.id)
            for rule in rules where rule != "all" && !RuleRegistry.isKnown(rule) {
                malformed.append((range, "unknown rule '\(rule)' in suppression comment\(Spelling.didYouMean(rule, known))"))
            }
        }
        switch command {
        case "disable:next", "disable:this", "disable":
            guard !rules.isEmpty else {
                malformed.append((range, "'statelint:\(command)' names no rule; write a rule id or 'all'"))
                return
            }
            guard !valid.isEmpty else { return }
            let scope: SuppressionDirective.Scope =
                command == "disable:next" ? .nextLine : command == "disable:this" ? .thisLine : .region(endLine: Int.max)
            directives.append(SuppressionDirective(scope: scope, rules: valid, range: range, line: line,
                                                   used: Array(repeating: false, count: valid.count)))
            if command == "disable" { openRegions.append((directives.count - 1, valid)) }
        case "enable":
            guard !rules.isEmpty else {
                malformed.append((range, "'statelint:enable' names no rule; write a rule id or 'all'"))
                return
            }
            // Close the most recent open region that names the rule (every open region for `all`). A region
            // of `disable all` is ended only by `enable all`: `enable RULE` inside it re-enables nothing, and
            // says so.
            var closed: [Int] = []
            for i in openRegions.indices.reversed() where valid.contains("all") || openRegions[i].rules.contains(where: valid.contains) {
                directives[openRegions[i].index].scope = .region(endLine: line)
                closed.append(openRegions[i].index)
                openRegions.remove(at: i)
                if !valid.contains("all") { break }
            }
            if closed.count == 1 { directives[closed[0]].closingEnable = range }
            if closed.isEmpty && !valid.isEmpty {
                let insideAll = openRegions.contains { $0.rules.contains("all") }
                malformed.append((range, insideAll
                    ? "'statelint:enable \(valid.joined(separator: ", "))' ends no region: an open 'statelint:disable all' is ended only by 'statelint:enable all'"
                    : "'statelint:enable \(valid.joined(separator: ", "))' ends no region: no 'statelint:disable' of it is open above"))
            }
        default:
            malformed.append((range, "unknown suppression command 'statelint:\(command)'; use disable:next, disable:this, disable or enable"))
        }
    }

    /// Whether a finding is silenced; marks the directive that silenced it as used. A comment never
    /// silences a report about itself (`excluding` is that comment's range).
    mutating func suppresses(rule: String, line: Int, excluding: Range<Int>? = nil) -> Bool {
        var silenced = false
        func mark(_ i: Int) {
            guard directives[i].covers(line: line) && directives[i].range != excluding else { return }
            for j in directives[i].rules.indices where directives[i].rules[j] == rule || directives[i].rules[j] == "all" {
                directives[i].used[j] = true
                silenced = true
            }
        }
        for i in byLine[line] ?? [] { mark(i) }
        // The last region that starts at or before the line, then back while an earlier one may reach it.
        var low = 0
        var high = regions.count
        while low < high {
            let mid = (low + high) / 2
            if directives[regions[mid]].line <= line { low = mid + 1 } else { high = mid }
        }
        var k = low - 1
        while k >= 0 && regionReach[k] >= line {
            mark(regions[k])
            k -= 1
        }
        return silenced
    }

    /// Entries that silenced nothing: the comment's range, the rule id (or `all`), a message, and what to
    /// remove: the comment (with the `enable` that ends only its region) when none of its rules silenced
    /// anything, else nothing (its other rules are still needed).
    func unused() -> [(range: Range<Int>, rule: String, message: String, removal: [Range<Int>])] {
        var result: [(Range<Int>, String, String, [Range<Int>])] = []
        for d in directives {
            let removal = d.used.contains(true) ? [] : [d.range] + (d.closingEnable.map { [$0] } ?? [])
            for (rule, used) in zip(d.rules, d.used) where !used {
                let message = removal.isEmpty
                    ? "suppression of '\(rule)' silences nothing here; remove '\(rule)' from the comment"
                    : "suppression of '\(rule)' silences nothing here; remove it"
                result.append((d.range, rule, message, removal))
            }
        }
        return result
    }
}
