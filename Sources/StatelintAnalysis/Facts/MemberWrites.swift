import StatelintSyntax

// How a file's code changes a member (`MemberWrites`) and whether only that file can set it. Read by the
// site walk (`ArgumentKind.fixedState`) and by `observable_init_access`.

/// How the code of a file changes a member (`SyntaxTree.writes(ofMember:)`).
public enum MemberWrites: Sendable, Equatable {
    /// Nothing outside initializers changes it.
    case none
    /// Only through its own members (`x.a = …`, `x.load()`, `x?.a = …`): the reference stays when it
    /// holds an object.
    case throughMembers
    /// Assigned, passed `inout`, projected whole (`$x`; `$x.a` binds a member) or reached through its
    /// storage (`_x`).
    case reassigned
}

extension SyntaxTree {
    /// Whether the member chain after the name at token `name` (`.a`, `?`, `!`, `[i]`) ends in an
    /// assignment or a call: `x.a = v`, `x.items[0] += 1`, `x.load()`; a chain that is only read
    /// (`Text(x.title)`, `x.items[i].name`) does not change it.
    func membersChanged(after name: Int) -> Bool {
        var t = name + 1
        while t < tokens.count {
            let token = tokens[t]
            switch token.kind {
            case .period:
                t += 1
                guard t < tokens.count, tokens[t].kind == .identifier || tokens[t].kind == .keyword || tokens[t].kind == .integerLiteral else { return true }
                t += 1
            case .leftBracket:
                // A subscript: skip to its closing bracket.
                var depth = 0
                while t < tokens.count {
                    if tokens[t].kind == .leftBracket { depth += 1 }
                    if tokens[t].kind == .rightBracket { depth -= 1; if depth == 0 { break } }
                    t += 1
                }
                t += 1
            case .operator:
                let op = text(Int32(t))
                if op == "?" || op == "!" { t += 1; continue }
                return op.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(op)
            case .leftParen, .leftBrace:
                // A method call, or a trailing closure of one; a method of the standard library that only reads
                // (`x.version.compare(v)`, `x.items.filter { … }`) returns a new value and leaves the member as it is.
                return !(t > name + 1 && tokens[t - 1].kind == .identifier && SyntaxTree.readingMethods.contains(Substring(text(Int32(t - 1)))))
            default:
                return false
            }
        }
        return false
    }

    /// Methods of the standard library and Foundation that never change the value they are called on.
    static let readingMethods: Set<Substring> = [
        "compare", "contains", "hasPrefix", "hasSuffix", "starts", "first", "last", "firstIndex", "lastIndex", "index",
        "map", "compactMap", "flatMap", "filter", "reduce", "sorted", "reversed", "joined", "split", "components",
        "lowercased", "uppercased", "capitalized", "trimmingCharacters", "replacingOccurrences", "appending",
        "appendingPathComponent", "appendingPathExtension", "deletingLastPathComponent", "prefix", "suffix",
        "dropFirst", "dropLast", "elementsEqual", "allSatisfy", "min", "max", "enumerated", "distance", "formatted",
        "isEqual", "range", "localizedCaseInsensitiveContains", "localizedStandardContains", "caseInsensitiveCompare",
        "localizedCompare", "count", "description", "debugDescription", "hash", "encode", "union", "intersection",
        "subtracting", "symmetricDifference", "isSubset", "isSuperset", "isDisjoint", "zip", "lazy", "shuffled",
        "addingTimeInterval", "advanced", "timeIntervalSince", "distanceTo", "rounded", "squareRoot", "magnitude",
    ]

    /// Whether only code in this file can set a property declared here: it is `private` or
    /// `fileprivate`, or its setter is (`private(set)`, `fileprivate(set)`).
    public func hasFileScopedSetter(_ variable: VariableDecl) -> Bool {
        if variable.modifiers.contains(.private) || variable.modifiers.contains(.fileprivate) { return true }
        guard variable.modifiers.contains(.setterAccess), variable.keywordToken >= 3 else { return false }
        // `private(set) var`: the access word, `(`, `set`, `)` before the keyword (other modifiers may follow).
        var i = Int(variable.keywordToken) - 1
        while i >= 3 && i >= Int(variable.keywordToken) - 8 {
            if tokens[i].kind == .rightParen, text(Int32(i - 1)) == "set", tokens[i - 2].kind == .leftParen {
                let access = text(Int32(i - 3))
                return access == "private" || access == "fileprivate"
            }
            i -= 1
        }
        return false
    }

    /// How code outside initializers and declarations changes a member, by a token scan over the whole file: a token of
    /// the name that is assigned to (`x = …`, `x += …`, `self.x = …`), passed `inout` (`&x`), projected
    /// (`$x`) or reached through its storage (`_x`) reassigns it; one followed by `.`, `?` or `[` may
    /// change it through its members. Initializers only seed it. A same-named member of another type
    /// counts against it (never the other way round).
    public func writes(ofMember name: String) -> MemberWrites {
        writes(ofMembers: [name])[name] ?? MemberWrites.none
    }

    /// `writes(ofMember:)` for several names, in one pass over the file's tokens.
    public func writes(ofMembers names: Set<String>) -> [String: MemberWrites] {
        var found: [String: MemberWrites] = [:]
        guard !names.isEmpty else { return found }
        var initializers: [ClosedRange<Int32>] = []
        for function in functions where function.kind == .initializer && function.body >= 0 {
            initializers.append(nodes[Int(function.body)].firstToken...nodes[Int(function.body)].lastToken)
        }
        initializers.sort { $0.lowerBound < $1.lowerBound }
        // Declarations (`var x = …`) give the initial value.
        var declared = Set<Int32>()
        for variable in variables where names.contains(variable.name) { declared.insert(variable.nameToken) }
        // A cheap test first: a name's length and first byte (most identifiers are none of the names).
        var keys = Set<Int>()
        for name in names { if let first = name.utf8.first { keys.insert(name.utf8.count << 8 | Int(first)) } }
        let bytes = file.bytes
        var nextInitializer = 0
        for i in tokens.indices where tokens[i].kind == .identifier {
            let start = Int(tokens[i].start)
            let length = Int(tokens[i].length)
            let head = bytes[start]
            let prefixedKey = length > 1 && (head == UInt8(ascii: "$") || head == UInt8(ascii: "_")) ? (length - 1) << 8 | Int(bytes[start + 1]) : -1
            guard keys.contains(length << 8 | Int(head)) || keys.contains(prefixedKey) else { continue }
            // Initializers only seed (their token ranges are sorted; nested ones lie inside outer ones).
            while nextInitializer < initializers.count && initializers[nextInitializer].upperBound < Int32(i) { nextInitializer += 1 }
            if nextInitializer < initializers.count && initializers[nextInitializer].contains(Int32(i)) { continue }
            if declared.contains(Int32(i)) { continue }
            let text = identifierText(Int32(i))
            var name = Substring(text)
            let prefixed = name.first == "$" || name.first == "_"
            if prefixed { name = name.dropFirst() }
            let key = String(name)
            guard names.contains(key), found[key] != .reassigned else { continue }
            // `$x.a` is a binding to a member (`Toggle(isOn: $model.isOn)`): writes through it change `x.a`, not
            // the reference `x` holds. A bare `$x` or `_x` can replace the whole value.
            if prefixed {
                if text.first == "$", i + 2 < tokens.count, tokens[i + 1].kind == .period, tokens[i + 2].kind == .identifier {
                    found[key] = .throughMembers
                } else {
                    found[key] = .reassigned
                }
                continue
            }
            // `other.x` names another value's member; `self.x` is this one.
            if i >= 2, tokens[i - 1].kind == .period, !(tokens[i - 2].kind == .keyword && tokens[i - 2].keyword == .self) { continue }
            if i >= 1, tokens[i - 1].kind == .operator, self.text(Int32(i - 1)) == "&" { found[key] = .reassigned; continue }
            guard i + 1 < tokens.count else { continue }
            let next = tokens[i + 1]
            if next.kind == .period || next.kind == .leftBracket || next.kind == .operator && (self.text(Int32(i + 1)) == "?" || self.text(Int32(i + 1)) == "!") {
                // `x.a`, `x?.a.b`, `x[i]` only read it; `x.a = …`, `x[i] += …`, `x.load()` may change it.
                if membersChanged(after: i) { found[key] = .throughMembers }
            } else if next.kind == .operator {
                let op = self.text(Int32(i + 1))
                if op.hasSuffix("="), !["==", "!=", "<=", ">=", "===", "!=="].contains(op) {
                    found[key] = .reassigned
                } else if op == "?" || op == "!" {
                    found[key] = .throughMembers
                }
            }
        }
        return found
    }
}
