extension Parser {
    // MARK: - Attributes and modifiers

    mutating func parseAttributes() -> [Attribute] {
        var result: [Attribute] = []
        while isKind(p, .atSign) && isName(p + 1) || (isKind(p, .atSign) && kind(p + 1) == .keyword) {
            let at = p
            p += 1
            var name = nameText(p)
            p += 1
            while isKind(p, .period) && leftBound(p) && (isName(p + 1) || kind(p + 1) == .keyword) {
                name += "." + nameText(p + 1)
                p += 2
            }
            if isKind(p, .leftParen) && leftBound(p) { skipBalanced() }
            result.append(Attribute(name: name, atToken: Int32(at), lastToken: Int32(p - 1)))
        }
        return result
    }

    static func modifierBit(_ kw: Keyword) -> Modifiers? {
        switch kw {
        case .private: return .private
        case .fileprivate: return .fileprivate
        case .internal: return .internal
        case .public: return .public
        case .open: return .open
        case .package: return .package
        case .static: return .static
        case .class: return .class
        case .final: return .final
        case .override: return .override
        case .mutating: return .mutating
        case .nonmutating: return .nonmutating
        case .lazy: return .lazy
        case .weak: return .weak
        case .unowned: return .unowned
        case .convenience: return .convenience
        case .required: return .required
        case .dynamic: return .dynamic
        case .optional: return .optional
        case .nonisolated: return .nonisolated
        case .indirect: return .indirect
        case .prefix: return .prefix
        case .postfix: return .postfix
        case .infix: return .infix
        default: return nil
        }
    }

    /// Whether token `i` starts a declaration keyword (after attributes and modifiers).
    func isDeclarationKeyword(_ i: Int) -> Bool {
        guard i < toks.count else { return false }
        switch toks[i].keyword {
        case .var, .let, .func, .`init`, .deinit, .subscript, .struct, .enum, .protocol, .extension,
            .typealias, .associatedtype, .import, .operator, .precedencegroup:
            return true
        case .class:
            return true
        case .actor, .macro:
            return toks[i].kind == .keyword && isName(i + 1) && !startsLine(i + 1)
        case .case:
            return currentTypeIsEnumLike
        default:
            return false
        }
    }

    var currentTypeIsEnumLike: Bool { currentType >= 0 }

    /// Parses modifiers when they are followed by more modifiers or a declaration keyword.
    mutating func parseModifiers() -> Modifiers {
        var result: Modifiers = []
        while !atEnd, let bit = Parser.modifierBit(toks[p].keyword) {
            var next = p + 1
            var setter = false
            if isKind(next, .leftParen) && leftBound(next) {
                // private(set), nonisolated(unsafe), unowned(safe)
                var q = next + 1
                while q < count && !isKind(q, .rightParen) && q < next + 4 { q += 1 }
                if isKind(q, .rightParen) {
                    setter = isKeyword(next + 1, .set) || text(next + 1) == "set"
                    next = q + 1
                }
            }
            if bit == .class && !(Parser.modifierBit(keyword(next)) != nil || isDeclarationKeyword(next)) { break }
            guard Parser.modifierBit(keyword(next)) != nil || isDeclarationKeyword(next) || isKind(next, .atSign) else { break }
            result.insert(setter ? .setterAccess : bit)
            p = next
        }
        return result
    }

    // MARK: - Declarations

    /// Parses a declaration at the cursor if there is one; returns false (cursor unchanged) if not.
    mutating func parseDeclarationIfPresent(_ parent: Int32) -> Bool {
        let start = p
        let attributes = parseAttributes()
        let modifiers = parseModifiers()
        guard !atEnd, isDeclarationKeyword(p) else {
            p = start
            return false
        }
        switch toks[p].keyword {
        case .class, .struct, .enum, .protocol, .extension, .actor:
            parseTypeDecl(parent, start: start, attributes: attributes, modifiers: modifiers)
        case .var, .let:
            parseVariableDecl(parent, start: start, attributes: attributes, modifiers: modifiers)
        case .func, .`init`, .deinit, .subscript:
            parseFunctionDecl(parent, start: start, attributes: attributes, modifiers: modifiers)
        case .import:
            let node = makeNode(.importDecl, first: start, parent: parent)
            p += 1
            if kind(p) == .keyword && !isName(p + 0) { p += 1 }  // import struct Foo.Bar
            var name = ""
            while isName(p) || kind(p) == .keyword {
                name += nameText(p)
                p += 1
                if isKind(p, .period) && !startsLine(p) { name += "."; p += 1 } else { break }
            }
            imports.append(name)
            finish(node)
        default:
            let node = makeNode(.otherDecl, first: start, parent: parent, token: p)
            let keywordIndex = p
            p += 1
            skipDeclarationRemainder(from: keywordIndex)
            finish(node)
        }
        return true
    }

    mutating func parseTypeDecl(_ parent: Int32, start: Int, attributes: [Attribute], modifiers: Modifiers) {
        guard enter(parent) else { return }
        defer { leave() }
        let keywordIndex = p
        let typeKind: TypeKind
        switch toks[p].keyword {
        case .class: typeKind = .class
        case .struct: typeKind = .struct
        case .enum: typeKind = .enum
        case .protocol: typeKind = .protocol
        case .extension: typeKind = .extension
        default: typeKind = .actor
        }
        let node = makeNode(.typeDecl, first: start, parent: parent, token: p + 1)
        p += 1
        let nameIndex = p
        var name = ""
        if typeKind == .extension {
            while isName(p) || isKeyword(p, .SelfType) || isKeyword(p, .AnyType) {
                name += nameText(p)
                p += 1
                if isOperator(p, "<") || (kind(p) == .operator && bytes[Int(toks[p].start)] == aLess) { skipAngles() }
                if isKind(p, .period) { name += "."; p += 1 } else { break }
            }
        } else if isName(p) || kind(p) == .keyword {
            name = nameText(p)
            p += 1
        }
        if kind(p) == .operator && bytes[Int(toks[p].start)] == aLess { skipAngles() }
        var inherited: [String] = []
        if isKind(p, .colon) {
            p += 1
            inherited = parseInheritanceList()
        }
        // where clause and anything else up to the member block
        while !atEnd && !isKind(p, .leftBrace) && !isCloser(p) {
            if startsLine(p) && isDeclarationKeyword(p) { break }
            skipBalanced()
        }
        let typeIndex = Int32(types.count)
        types.append(TypeDecl(
            kind: typeKind, name: name, nameToken: nameIndex < count ? Int32(nameIndex) : -1, keywordToken: Int32(keywordIndex),
            attributes: attributes, modifiers: modifiers, inherited: inherited, node: node,
            parentType: currentType, openBrace: -1, closeBrace: -1))
        nodes[Int(node)].info = typeIndex
        if isKind(p, .leftBrace) {
            types[Int(typeIndex)].openBrace = Int32(p)
            p += 1
            let (saved, savedKeeps) = (currentType, currentTypeKeepsBodies)
            currentType = typeIndex
            currentTypeKeepsBodies = keepsBodies(ofType: typeIndex)
            parseStatements(node, until: .rightBrace)
            (currentType, currentTypeKeepsBodies) = (saved, savedKeeps)
            if isKind(p, .rightBrace) {
                types[Int(typeIndex)].closeBrace = Int32(p)
                p += 1
            }
        }
        finish(node)
    }

    /// Parses `A, B.C, D<E> & F` up to `{` or `where`; returns the names without generic arguments.
    mutating func parseInheritanceList() -> [String] {
        var result: [String] = []
        var current = ""
        while !atEnd {
            if isKind(p, .leftBrace) || isKeyword(p, .where) || isCloser(p) { break }
            if isKind(p, .comma) || isOperator(p, "&") {
                if !current.isEmpty { result.append(current) }
                current = ""
                p += 1
                continue
            }
            if isName(p) || kind(p) == .keyword {
                if !current.isEmpty && !isKind(p - 1, .period) { current = "" }
                current += nameText(p)
                p += 1
                continue
            }
            if isKind(p, .period) { current += "."; p += 1; continue }
            if isKind(p, .atSign) { p += 2; continue }  // @unchecked Sendable, @MainActor P
            if kind(p) == .operator && bytes[Int(toks[p].start)] == aLess { skipAngles(); continue }
            skipBalanced()
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// Skips a generic clause `<…>` by counting angle characters in operator tokens.
    mutating func skipAngles() {
        var level = 0
        while !atEnd {
            let t = toks[p]
            if t.kind == .operator {
                for i in t.range {
                    if bytes[i] == aLess { level += 1 } else if bytes[i] == aGreater { level -= 1 }
                }
                p += 1
                if level <= 0 { return }
                continue
            }
            if t.kind == .leftBrace || t.kind == .rightBrace || t.kind == .semicolon { return }
            skipBalanced()
        }
    }

    /// Skips a type; returns its token range. Stops at `,` `=` `{` `)` `]` `}` or a new line at depth 0.
    mutating func skipType() -> ClosedRange<Int32>? {
        let start = p
        var angle = 0
        while !atEnd {
            let t = toks[p]
            if p > start && angle == 0 && t.flags.contains(.atStartOfLine)
                && !(t.kind == .arrow || t.kind == .period || isOperator(p, "&")) { break }
            switch t.kind {
            case .comma, .leftBrace, .rightBrace, .rightParen, .rightBracket, .semicolon, .colon:
                if angle == 0 || t.kind != .comma { break }
                p += 1
                continue
            case .leftParen, .leftBracket:
                skipBalanced()
                continue
            case .operator:
                if angle == 0 && file.token(t, is: "=") { break }
                var delta = 0
                for i in t.range {
                    if bytes[i] == aLess { delta += 1 } else if bytes[i] == aGreater { delta -= 1 }
                }
                if angle + delta < 0 { break }
                angle += delta
                p += 1
                continue
            case .keyword:
                if angle == 0 && (t.keyword == .where || t.keyword == .in) { break }
                p += 1
                continue
            case .directive, .stringOpen, .integerLiteral, .floatLiteral:
                if angle == 0 { break }
                p += 1
                continue
            default:
                p += 1
                continue
            }
            break
        }
        return p > start ? Int32(start)...Int32(p - 1) : nil
    }

    /// Whether a `{` at `i` opens a `willSet`/`didSet`/`get`/`set` accessor block rather than a closure.
    func isAccessorBlock(_ i: Int) -> Bool {
        var j = i + 1
        while isKind(j, .atSign) { j += 2; if isKind(j, .leftParen) { return false } }
        while keyword(j) == .mutating || keyword(j) == .nonmutating { j += 1 }
        switch keyword(j) {
        case .get, .set, .willSet, .didSet: return true
        default:
            // (The length first: most bodies start with a name of none of these lengths, and a string costs.)
            guard j < count, toks[j].kind == .identifier else { return false }
            switch toks[j].length {
            case 4, 5, 6, 7, 13, 20: break
            default: return false
            }
            let t = text(j)
            return t == "_read" || t == "_modify" || t == "read" && isKind(j + 1, .leftBrace)
                || t == "modify" && isKind(j + 1, .leftBrace) || t == "unsafeAddress" || t == "unsafeMutableAddress"
        }
    }

    mutating func parseVariableDecl(_ parent: Int32, start: Int, attributes: [Attribute], modifiers: Modifiers) {
        let keywordIndex = p
        let isVar = toks[p].keyword == .var
        p += 1
        var first = true
        let firstOfDeclaration = variables.count
        defer {
            // `var m, n: Int`: a binding with neither type nor value takes the next binding's type.
            var i = variables.count - 1
            while i > firstOfDeclaration {
                if variables[i - 1].typeRange == nil && variables[i - 1].initializer < 0 {
                    variables[i - 1].typeRange = variables[i].typeRange
                }
                i -= 1
            }
        }
        while !atEnd {
            let node = makeNode(.variableDecl, first: first ? start : p, parent: parent)
            first = false
            // The bound names: one (most declarations, without an array), or a tuple pattern's.
            var single = -1
            var tupleNames: [Int] = []
            if isKind(p, .leftParen) {
                // Tuple pattern: bind every name inside.
                let open = p
                skipBalanced()
                for i in (open + 1)..<max(open + 1, p - 1) where isName(i) && !isKind(i + 1, .colon) {
                    tupleNames.append(i)
                }
            } else if isName(p) || kind(p) == .keyword {
                single = p
                p += 1
            } else {
                finish(node)
                break
            }
            let nameCount = single >= 0 ? 1 : tupleNames.count
            let (typeRange, initializer) = parseTypeAndInitializer(node, trailingClosures: true)
            let firstVariable = Int32(variables.count)
            for k in 0..<nameCount {
                let nameIndex = single >= 0 ? single : tupleNames[k]
                variables.append(VariableDecl(
                    name: nameText(nameIndex), nameToken: Int32(nameIndex), keywordToken: Int32(keywordIndex),
                    isVar: isVar, attributes: attributes, modifiers: modifiers, typeRange: typeRange,
                    initializer: initializer, isComputed: false, hasObservers: false, node: node,
                    ownerType: parent == typeNode(currentType) ? currentType : -1))
            }
            nodes[Int(node)].info = firstVariable
            nodes[Int(node)].token = Int32(single >= 0 ? single : (tupleNames.first ?? -1))
            if isKind(p, .leftBrace) && !startsLine(p) || isKind(p, .leftBrace) && initializer < 0 && typeRange != nil {
                let (computed, observers) = skipsBodies
                    // `let () {}` binds no name: its accessors belong to no variable.
                    ? skipAccessorBlock() : parseAccessorBlock(node, ownerVariable: nameCount == 0 ? -1 : firstVariable)
                for v in Int(firstVariable)..<(Int(firstVariable) + nameCount) {
                    variables[v].isComputed = computed
                    variables[v].hasObservers = observers
                }
            }
            finish(node)
            if isKind(p, .comma) { p += 1; continue }
            break
        }
    }

    /// `: Type` and `= expression` after a bound name (declarations and condition bindings).
    mutating func parseTypeAndInitializer(_ node: Int32, trailingClosures: Bool) -> (ClosedRange<Int32>?, Int32) {
        var typeRange: ClosedRange<Int32>?
        if isKind(p, .colon) {
            p += 1
            typeRange = skipType()
        }
        var initializer: Int32 = -1
        if isOperator(p, "=") {
            p += 1
            initializer = parseExpression(node, trailingClosures: trailingClosures)
        }
        return (typeRange, initializer)
    }

    /// The node of a type declaration index, or -2 when there is none.
    func typeNode(_ typeIndex: Int32) -> Int32 { typeIndex >= 0 ? types[Int(typeIndex)].node : -2 }

    /// Skips an accessor block in a shallow parse, telling only whether it is computed and has observers.
    mutating func skipAccessorBlock() -> (Bool, Bool) {
        let open = p
        var computed = true
        var observers = false
        if isAccessorBlock(open) {
            computed = false
            var q = open + 1
            var level = 0
            while q < count {
                let k = toks[q].kind
                if k == .leftBrace || k == .leftParen || k == .leftBracket { level += 1 }
                if k == .rightBrace || k == .rightParen || k == .rightBracket {
                    if level == 0 { break }
                    level -= 1
                }
                if level == 0 {
                    switch toks[q].keyword {
                    case .willSet, .didSet: observers = true
                    case .get, .set: computed = true
                    default: if text(q) == "_read" || text(q) == "_modify" { computed = true }
                    }
                }
                q += 1
            }
        }
        skipBalanced()
        return (computed, observers)
    }

    /// Parses `{ get … set … }`, `{ willSet … didSet … }` or an implicit getter body.
    /// - Returns: whether the variable is computed, and whether it has observers.
    mutating func parseAccessorBlock(_ parent: Int32, ownerVariable: Int32) -> (Bool, Bool) {
        guard enter(parent) else { return (true, false) }
        defer { leave() }
        let open = p
        if !isAccessorBlock(open) {
            // Implicit getter.
            let fn = Int32(functions.count)
            let node = makeNode(.accessor, first: p, parent: parent, token: p)
            functions.append(FunctionDecl(
                kind: .accessor, name: "get", nameToken: Int32(p), attributes: [], modifiers: [], parameters: [],
                body: -1, node: node, ownerType: currentType, ownerVariable: ownerVariable))
            nodes[Int(node)].info = fn
            functions[Int(fn)].body = parseCodeBlock(node)
            finish(node)
            return (true, false)
        }
        p += 1
        var computed = false
        var observers = false
        while !atEnd && !isKind(p, .rightBrace) {
            let before = p
            let attributes = parseAttributes()
            let modifiers = parseModifiers()
            while keyword(p) == .mutating || keyword(p) == .nonmutating { p += 1 }
            guard isName(p) || kind(p) == .keyword else {
                if p == before { skipBalanced() }
                continue
            }
            let nameIndex = p
            let name = nameText(p)
            if name == "willSet" || name == "didSet" { observers = true } else { computed = true }
            let node = makeNode(.accessor, first: before, parent: parent, token: p)
            p += 1
            var parameters: [Parameter] = []
            if isKind(p, .leftParen) {
                if isName(p + 1) { parameters.append(Parameter(label: nil, name: nameText(p + 1), nameToken: Int32(p + 1), typeRange: nil)) }
                skipBalanced()
            }
            while keyword(p) == .async || keyword(p) == .throws || keyword(p) == .rethrows {
                p += 1
                if isKind(p, .leftParen) && leftBound(p) { skipBalanced() }
            }
            let fn = Int32(functions.count)
            functions.append(FunctionDecl(
                kind: .accessor, name: name, nameToken: Int32(nameIndex), attributes: attributes, modifiers: modifiers,
                parameters: parameters, body: -1, node: node, ownerType: currentType, ownerVariable: ownerVariable))
            nodes[Int(node)].info = fn
            if isKind(p, .leftBrace) { functions[Int(fn)].body = parseCodeBlock(node) }
            finish(node)
            if p == before { p += 1 }
        }
        if isKind(p, .rightBrace) { p += 1 }
        return (computed, observers)
    }

    mutating func parseFunctionDecl(_ parent: Int32, start: Int, attributes: [Attribute], modifiers: Modifiers) {
        guard enter(parent) else { return }
        defer { leave() }
        let keywordIndex = p
        let kw = toks[p].keyword
        let fkind: FunctionKind
        switch kw {
        case .`init`: fkind = .initializer
        case .deinit: fkind = .deinitializer
        case .subscript: fkind = .subscript
        default: fkind = .function
        }
        let node = makeNode(.functionDecl, first: start, parent: parent)
        var nameIndex = keywordIndex
        var name = text(keywordIndex)
        p += 1
        if fkind == .function {
            nameIndex = p
            name = nameText(p)
            if !atEnd && !isKind(p, .leftParen) { p += 1 }
        } else if fkind == .initializer && (isOperator(p, "?") || isOperator(p, "!")) {
            p += 1
        }
        nodes[Int(node)].token = nameIndex < count ? Int32(nameIndex) : -1
        if kind(p) == .operator && bytes[Int(toks[p].start)] == aLess { skipAngles() }
        var parameters: [Parameter] = []
        // (A function whose body is skipped needs no parameters either: nothing reads them without the body.)
        if isKind(p, .leftParen) {
            if skipsBodies { skipBalanced() } else { parameters = parseParameterClause(node) }
        }
        // Effects, result type, where clause.
        while !atEnd && !isKind(p, .leftBrace) && !isCloser(p) {
            if startsLine(p) && (isDeclarationKeyword(p) || isKind(p, .atSign) || Parser.modifierBit(keyword(p)) != nil) { break }
            if isKind(p, .arrow) {
                p += 1
                _ = skipType()
                continue
            }
            skipBalanced()
        }
        let fn = Int32(functions.count)
        functions.append(FunctionDecl(
            kind: fkind, name: name, nameToken: nameIndex < count ? Int32(nameIndex) : -1, attributes: attributes, modifiers: modifiers,
            parameters: parameters, body: -1, node: node, ownerType: parent == typeNode(currentType) ? currentType : -1,
            ownerVariable: -1))
        nodes[Int(node)].info = fn
        if isKind(p, .leftBrace) {
            if skipsBodies {
                skipBalanced()
            } else if fkind == .subscript {
                _ = parseAccessorBlock(node, ownerVariable: -1)
            } else {
                functions[Int(fn)].body = parseCodeBlock(node)
            }
        }
        finish(node)
    }

    /// Parses `( label name: Type = default, … )`.
    mutating func parseParameterClause(_ parent: Int32) -> [Parameter] {
        var result: [Parameter] = []
        p += 1
        while !atEnd && !isKind(p, .rightParen) {
            let before = p
            let node = makeNode(.parameter, first: p, parent: parent)
            _ = parseAttributes()
            // The label and the name (at most two words; no array per parameter).
            var firstWord = -1
            var lastWord = -1
            while (isName(p) || kind(p) == .keyword) && !isKind(p, .colon) && (firstWord < 0 || firstWord == lastWord) {
                if isKind(p + 1, .colon) || isName(p + 1) || kind(p + 1) == .keyword {
                    if firstWord < 0 { firstWord = p }
                    lastWord = p
                    p += 1
                } else {
                    break
                }
            }
            var typeRange: ClosedRange<Int32>?
            if isKind(p, .colon) {
                p += 1
                typeRange = skipType()
            }
            if lastWord >= 0 {
                let nameIndex = lastWord
                let label = lastWord != firstWord ? nameText(firstWord) : nil
                result.append(Parameter(label: label, name: nameText(nameIndex), nameToken: Int32(nameIndex), typeRange: typeRange))
                nodes[Int(node)].token = nameIndex < count ? Int32(nameIndex) : -1
            }
            if isOperator(p, "...") { p += 1 }
            if isOperator(p, "=") {
                p += 1
                _ = parseExpression(node, trailingClosures: true)
            }
            while !atEnd && !isKind(p, .comma) && !isKind(p, .rightParen) {
                if isCloser(p) { break }
                skipBalanced()
            }
            finish(node)
            if isKind(p, .comma) { p += 1 }
            if p == before { p += 1 }
            if isCloser(p) && !isKind(p, .rightParen) { break }
        }
        if isKind(p, .rightParen) { p += 1 }
        return result
    }
}
