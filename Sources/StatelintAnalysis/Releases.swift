import StatelintSyntax

/// Where a method of a class releases what one of its stored properties keeps: `cancellables.removeAll()`,
/// `timer?.invalidate()`, `task?.cancel()`, `handler = nil`, `removeObserver(token)`. Kept per type in the
/// index (`TypeFacts.releases`), so a retain cycle stored in one file and broken by a method in another
/// (`windowShouldClose` in the class's main file) is reported as lasting until that method runs.
public struct ReleaseSite: Sendable, Hashable {
    public var path: String
    public var range: Range<Int>
    /// The method that releases it (`windowShouldClose`), or the property whose accessor does.
    public var method: String
    /// What releases it: the called name (`removeAll`, `cancel`), or `nil` for an assignment of nil or empty.
    public var callee: String

    public init(path: String, range: Range<Int>, method: String, callee: String) {
        self.path = path
        self.range = range
        self.method = method
        self.callee = callee
    }

    /// Of two sites, the one first in the project (by path, then offset): the same whatever the merge order.
    static func first(_ a: ReleaseSite, _ b: ReleaseSite) -> ReleaseSite {
        (a.path, a.range.lowerBound) <= (b.path, b.range.lowerBound) ? a : b
    }

    static let releasing: [[UInt8]] = ["removeValue", "removeAll", "cancel", "invalidate", "remove", "removeFirst", "removeLast"]
        .map { Array($0.utf8) }

    /// The releases in the methods of type declaration `type` (not its `deinit`, which a cycle keeps from
    /// running), from the tokens: pass 1 parses no bodies. Sorted by member name, first site per member.
    static func collect(_ tree: SyntaxTree, type: Int32) -> NameTable<ReleaseSite> {
        var found: [NameTable<ReleaseSite>.Element] = []
        let tokens = tree.tokens
        for function in tree.functions where function.ownerType == type && function.kind != .deinitializer && function.kind != .initializer {
            let node = tree[function.node]
            guard node.firstToken >= 0, node.lastToken > node.firstToken, Int(node.lastToken) < tokens.count else { continue }
            let method = function.kind == .accessor && function.ownerVariable >= 0
                ? tree.variables[Int(function.ownerVariable)].name : function.name
            var i = Int(node.firstToken)
            let end = Int(node.lastToken)
            while i < end {
                defer { i += 1 }
                guard tokens[i].kind == .identifier else { continue }
                // `removeObserver(x)`, `center.removeObserver(self.x)`
                if tree.token(Int32(i), is: "removeObserver"), i + 1 < end, tokens[i + 1].kind == .leftParen {
                    var k = i + 2
                    if k + 1 < end && tree.token(Int32(k), is: "self") && tokens[k + 1].kind == .period { k += 2 }
                    if k < end && tokens[k].kind == .identifier {
                        found.append((tree.identifierText(Int32(k)), ReleaseSite(
                            path: tree.file.path, range: Int(tokens[i].start)..<tokens[k].end, method: method, callee: "removeObserver")))
                    }
                    continue
                }
                // `self.x` or `x`, not `other.x`.
                if i > 0 && tokens[i - 1].kind == .period && !(i > 1 && tree.token(Int32(i - 2), is: "self")) { continue }
                var j = i + 1
                // `x?.`, `x!.`
                if j < end && tokens[j].kind == .operator && tokens[j].length == 1
                    && (tree.token(Int32(j), is: "?") || tree.token(Int32(j), is: "!")) { j += 1 }
                if j + 2 <= end, tokens[j].kind == .period, tree.isIdentifier(j + 1, oneOf: releasing), tokens[j + 2].kind == .leftParen {
                    found.append((tree.identifierText(Int32(i)), ReleaseSite(
                        path: tree.file.path, range: Int(tokens[i].start)..<tokens[j + 1].end, method: method,
                        callee: tree.identifierText(Int32(j + 1)))))
                    continue
                }
                // `x = nil`, `x = []`, `x = [:]`
                if j + 1 <= end, tokens[j].kind == .operator, tokens[j].length == 1, tree.token(Int32(j), is: "=") {
                    let value = j + 1
                    let isNil = tokens[value].kind == .keyword && tree.token(Int32(value), is: "nil")
                    let isEmpty = tokens[value].kind == .leftBracket && value + 1 <= end
                        && (tokens[value + 1].kind == .rightBracket
                            || tokens[value + 1].kind == .colon && value + 2 <= end && tokens[value + 2].kind == .rightBracket)
                    if isNil || isEmpty {
                        found.append((tree.identifierText(Int32(i)), ReleaseSite(
                            path: tree.file.path, range: Int(tokens[i].start)..<tokens[value].end, method: method, callee: "")))
                    }
                    continue
                }
            }
        }
        return NameTable(found) { first, _ in first }
    }
}
