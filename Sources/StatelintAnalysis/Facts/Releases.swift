import StatelintSyntax

/// Where the methods of each class release what its stored properties keep, by qualified class name: the
/// first `ReleaseSite` of each property (by path, then offset). So a retain cycle stored in one file and
/// broken by a method in another (`windowShouldClose` in the class's main file) is reported as lasting until
/// that method runs (`index.value(of: ReleasesFact.self, at: name)`).
public enum ReleasesFact: IndexFact {
    public typealias Value = NameTable<ReleaseSite>
    public static let id = "releases"
    public static let schemaVersion = 1

    /// The releases in the methods of the class and actor declarations of the file. Extensions are left out:
    /// pass 1 cannot tell an extension of a class from the many of structs and protocols, and the class's own
    /// declaration is where `windowShouldClose()` or `stop()` usually is.
    public static func collect(_ tree: SyntaxTree) -> [(key: String, value: Value)] {
        let found = ReleaseSite.collect(classesAndActorsIn: tree)
        guard !found.isEmpty else { return [] }
        return found.keys.sorted().map { (tree.qualifiedName(ofType: Int32($0)), found[$0]!) }
    }

    public static func merge(_ a: Value, _ b: Value) -> Value {
        var merged = a
        merged.merge(b, combine: ReleaseSite.first)
        return merged
    }

    public static func encode(_ value: Value, into w: inout ByteWriter) {
        w.int(value.count)
        for (name, site) in value {
            w.string(name)
            w.string(site.path)
            w.range(site.range)
            w.string(site.method)
            w.string(site.callee)
        }
    }

    public static func decode(_ r: inout ByteReader) throws -> Value {
        let n = try r.count()
        var entries: [Value.Element] = []
        entries.reserveCapacity(n)
        for _ in 0..<n {
            entries.append((try r.string(), ReleaseSite(path: try r.string(), range: try r.range(), method: try r.string(), callee: try r.string())))
        }
        guard let table = NameTable(sortedEntries: entries) else { throw ByteReader.Malformed() }
        return table
    }
}

/// Where a method of a class releases what one of its stored properties keeps: `cancellables.removeAll()`,
/// `timer?.invalidate()`, `task?.cancel()`, `handler = nil`, `removeObserver(token)` (`ReleasesFact`).
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
    static let removeMonitor: [[UInt8]] = [Array("removeMonitor".utf8)]
    static let selfWord: [UInt8] = Array("self".utf8)

    /// The releases in the methods (not `deinit`, which a cycle keeps from running, nor an `init`) of every
    /// class and actor declaration of the file (by index), from the tokens: pass 1 parses no bodies. First
    /// site per member; each function is looked at once.
    static func collect(classesAndActorsIn tree: SyntaxTree) -> [Int: NameTable<ReleaseSite>] {
        // (Most files declare no class or actor: nothing is allocated for them.)
        guard tree.types.indices.contains(where: { tree.types[$0].kind == .class || tree.types[$0].kind == .actor }) else { return [:] }
        // (By index: a copy of each declaration would retain its arrays. By type in an array: a dictionary
        // hashed every function's owner.)
        var functionsByType = [[Int]](repeating: [], count: tree.types.count)
        for i in tree.functions.indices {
            let owner = tree.functions[i].ownerType
            let kind = tree.functions[i].kind
            guard owner >= 0, Int(owner) < functionsByType.count, kind != .deinitializer, kind != .initializer else { continue }
            // (Read in place: a closure that asked copied the tree.)
            let ownerKind = tree.types[Int(owner)].kind
            guard ownerKind == .class || ownerKind == .actor else { continue }
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
                    // `NSEvent.removeMonitor(x)`
                    let length = tokens[i].length
                    if (length == 14 || length == 13) && bytes[Int(tokens[i].start)] == UInt8(ascii: "r") && tokens[i + 1].kind == .leftParen
                        && tree.isIdentifier(i, oneOf: length == 14 ? removeObserver : removeMonitor) {
                        var k = i + 2
                        if k + 1 < end && tokens[k].kind == .keyword && tokens[k].keyword == .self && tokens[k + 1].kind == .period { k += 2 }
                        if k < end && tokens[k].kind == .identifier { add(k, Int(tokens[i].start)..<tokens[k].end, tokens[i].length == 14 ? "removeObserver" : "removeMonitor") }
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
