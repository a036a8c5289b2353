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

    static let releasing: [[UInt8]] = SyntaxTree.releasingCalls.sorted().map { Array($0.utf8) }
    static let removeObserver: [[UInt8]] = [Array("removeObserver".utf8)]
    static let selfWord: [UInt8] = Array("self".utf8)

    /// The releases in the methods (not `deinit`, which a cycle keeps from running, nor an `init`) of every
    /// type declaration of the file that `wanted` accepts (by index), from the tokens: pass 1 parses no
    /// bodies. First site per member; each function is looked at once.
    static func collect(_ tree: SyntaxTree, wanted: (Int) -> Bool) -> [Int: NameTable<ReleaseSite>] {
        // (By index: a copy of each declaration would retain its arrays. By type in an array: a dictionary
        // hashed every function's owner.)
        var functionsByType = [[Int]](repeating: [], count: tree.types.count)
        for i in tree.functions.indices {
            let owner = tree.functions[i].ownerType
            let kind = tree.functions[i].kind
            guard owner >= 0, Int(owner) < functionsByType.count, kind != .deinitializer, kind != .initializer,
                  wanted(Int(owner)) else { continue }
            functionsByType[Int(owner)].append(i)
        }
        var result: [Int: NameTable<ReleaseSite>] = [:]
        for type in functionsByType.indices where !functionsByType[type].isEmpty {
            let table = collect(tree, functions: functionsByType[type])
            if table.count > 0 { result[type] = table }
        }
        return result
    }

    /// The releases in these functions of one type.
    static func collect(_ tree: SyntaxTree, functions: [Int]) -> NameTable<ReleaseSite> {
        var found: [NameTable<ReleaseSite>.Element] = []
        // (Through buffers: the loop below reads every token of every method of every class.)
        tree.tokens.withUnsafeBufferPointer { tokens in tree.file.bytes.withUnsafeBufferPointer { bytes in
            /// The one byte of a one-byte operator token, or 0.
            func single(_ k: Int) -> UInt8 {
                tokens[k].kind == .operator && tokens[k].length == 1 ? bytes[Int(tokens[k].start)] : 0
            }
            for index in functions {
                // (Fields read in place: a copy of the declaration retained its arrays.)
                let node = tree[tree.functions[index].node]
                guard node.firstToken >= 0, node.lastToken > node.firstToken, Int(node.lastToken) < tokens.count else { continue }
                var method: String?
                func add(_ member: Int, _ range: Range<Int>, _ callee: String) {
                    if method == nil {
                        let function = tree.functions[index]
                        method = function.kind == .accessor && function.ownerVariable >= 0 ? tree.variables[Int(function.ownerVariable)].name : function.name
                    }
                    found.append((tree.identifierText(Int32(member)), ReleaseSite(path: tree.file.path, range: range, method: method!, callee: callee)))
                }
                var i = Int(node.firstToken)
                let end = Int(node.lastToken)
                while i + 1 < end {
                    defer { i += 1 }
                    guard tokens[i].kind == .identifier else { continue }
                    // `removeObserver(x)`, `center.removeObserver(self.x)`
                    if tokens[i].length == 14 && tokens[i + 1].kind == .leftParen && tree.isIdentifier(i, oneOf: removeObserver) {
                        var k = i + 2
                        if k + 1 < end && tokens[k].kind == .keyword && tokens[k].keyword == .self && tokens[k + 1].kind == .period { k += 2 }
                        if k < end && tokens[k].kind == .identifier { add(k, Int(tokens[i].start)..<tokens[k].end, "removeObserver") }
                        continue
                    }
                    // (Every pattern below has `.`, `?`, `!` or `=` after the name: most names are passed here.)
                    let after = tokens[i + 1].kind
                    guard after == .period || after == .operator else { continue }
                    // `self.x` or `x`, not `other.x`.
                    if i > 0 && tokens[i - 1].kind == .period && !(i > 1 && tokens[i - 2].kind == .keyword && tokens[i - 2].keyword == .self) { continue }
                    var j = i + 1
                    // `x?.`, `x!.`
                    let mark = single(j)
                    if mark == UInt8(ascii: "?") || mark == UInt8(ascii: "!") { j += 1 }
                    if j + 2 <= end, tokens[j].kind == .period, tokens[j + 1].kind == .identifier, tokens[j + 2].kind == .leftParen,
                       tree.isIdentifier(j + 1, oneOf: releasing) {
                        add(i, Int(tokens[i].start)..<tokens[j + 1].end, tree.identifierText(Int32(j + 1)))
                        continue
                    }
                    // `x = nil`, `x = []`, `x = [:]` (not a declaration: `var x = nil`, `let y: T? = nil`)
                    if j + 1 <= end && single(j) == UInt8(ascii: "="), i > 0, tokens[i - 1].kind != .colon,
                       !(tokens[i - 1].kind == .keyword && (tokens[i - 1].keyword == .var || tokens[i - 1].keyword == .let)) {
                        let value = j + 1
                        let isNil = tokens[value].kind == .keyword && tokens[value].keyword == .nil
                        let isEmpty = tokens[value].kind == .leftBracket && value + 1 <= end
                            && (tokens[value + 1].kind == .rightBracket
                                || tokens[value + 1].kind == .colon && value + 2 <= end && tokens[value + 2].kind == .rightBracket)
                        if isNil || isEmpty { add(i, Int(tokens[i].start)..<tokens[value].end, "") }
                    }
                }
            }
        } }
        if found.isEmpty { return [:] }
        return NameTable(found) { first, _ in first }
    }
}
