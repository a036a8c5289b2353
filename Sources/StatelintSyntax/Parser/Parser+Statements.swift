extension Parser {
    // MARK: - Blocks

    /// Parses statements up to a closer of `closer` kind (not consumed) or any other closer.
    mutating func parseStatements(_ parent: Int32, until closer: TokenKind) {
        while !atEnd {
            if isKind(p, closer) { return }
            if isCloser(p) {
                // A stray closer of another kind: report and skip it so the block continues.
                if closer == .rightBrace && !isKind(p, .rightBrace) {
                    diagnose(p, "unexpected '\(text(p))'")
                    p += 1
                    continue
                }
                return
            }
            let before = p
            parseStatement(parent)
            if p == before { p += 1 }
        }
    }

    /// Parses `{ statements }` at the cursor into a code block node.
    @discardableResult
    mutating func parseCodeBlock(_ parent: Int32) -> Int32 {
        guard isKind(p, .leftBrace) else { return makeNode(.codeBlock, first: p, parent: parent) }
        guard enter(parent) else { return nodes.count > 0 ? Int32(nodes.count - 1) : -1 }
        defer { leave() }
        let node = makeNode(.codeBlock, first: p, parent: parent)
        p += 1
        parseStatements(node, until: .rightBrace)
        if isKind(p, .rightBrace) { p += 1 }
        finish(node)
        return node
    }

    // MARK: - Statements

    mutating func parseStatement(_ parent: Int32) {
        guard enter(parent) else { return }
        defer { leave() }
        guard !atEnd else { return }
        let t = toks[p]
        if t.kind == .semicolon { p += 1; return }
        if t.kind == .directive { skipDirective(); return }
        if t.kind == .atSign || Parser.modifierBit(t.keyword) != nil || isDeclarationKeyword(p) {
            if parseDeclarationIfPresent(parent) { return }
        }
        // Labeled statement: `outer: for …`
        if isName(p) && isKind(p + 1, .colon) && [.for, .while, .repeat, .if, .switch, .do].contains(keyword(p + 2)) {
            p += 2
        }
        guard toks[p].kind == .keyword else {
            _ = parseExpression(parent, trailingClosures: true)
            return
        }
        switch toks[p].keyword {
        case .if: parseIf(parent)
        case .guard: parseGuard(parent)
        case .while: parseWhile(parent)
        case .repeat: parseRepeat(parent)
        case .for: parseFor(parent)
        case .switch: parseSwitch(parent)
        case .do: parseDo(parent)
        case .defer:
            let node = makeNode(.deferStmt, first: p, parent: parent)
            p += 1
            parseCodeBlock(node)
            finish(node)
        case .return, .throw:
            let node = makeNode(toks[p].keyword == .return ? .returnStmt : .throwStmt, first: p, parent: parent)
            p += 1
            if !atEnd && !startsLine(p) && !isCloser(p) && !isKind(p, .semicolon) {
                _ = parseExpression(node, trailingClosures: true)
            }
            finish(node)
        case .break, .continue, .fallthrough:
            let node = makeNode(.jumpStmt, first: p, parent: parent)
            p += 1
            if isName(p) && !startsLine(p) { p += 1 }
            finish(node)
        case .case, .default, .catch, .else:
            // Out of place (or an enum case outside a type): skip the line.
            let node = makeNode(.otherDecl, first: p, parent: parent, token: p)
            let start = p
            p += 1
            skipDeclarationRemainder(from: start)
            finish(node)
        default:
            _ = parseExpression(parent, trailingClosures: true)
        }
    }

    /// Parses a comma-separated condition list up to `{` (or `else` for guard).
    mutating func parseConditions(_ parent: Int32) {
        while !atEnd {
            if isKind(p, .leftBrace) || isKeyword(p, .else) || isCloser(p) { return }
            let before = p
            if isKeyword(p, .let) || isKeyword(p, .var) || isKeyword(p, .case) {
                parseConditionBinding(parent)
            } else {
                _ = parseExpression(parent, trailingClosures: false)
            }
            if isKind(p, .comma) { p += 1; continue }
            if p == before { skipBalanced() }
            if !isKind(p, .leftBrace) && !isKeyword(p, .else) && !atEnd && !isCloser(p) && p == before { continue }
            if isKind(p, .leftBrace) || isKeyword(p, .else) { return }
            if p == before { return }
        }
    }

    /// `let x = e`, `let x`, `var (a, b) = e`, `case .some(let x) = e`.
    mutating func parseConditionBinding(_ parent: Int32) {
        let node = makeNode(.conditionBinding, first: p, parent: parent)
        let isCase = isKeyword(p, .case)
        let isVar = isKeyword(p, .var)
        if isVar { nodes[Int(node)].flags.insert(.mutableBinding) }
        let keywordIndex = p
        p += 1
        var names: [Int] = []
        if isCase {
            names = skipPattern(bindingByDefault: false)
        } else if isKind(p, .leftParen) {
            let open = p
            skipBalanced()
            for i in (open + 1)..<max(open + 1, p - 1) where isName(i) { names.append(i) }
        } else if isName(p) || isKeyword(p, .self) {
            names.append(p)
            p += 1
        }
        let (typeRange, initializer) = parseTypeAndInitializer(node, trailingClosures: false)
        bindNames(names, node: node, keywordIndex: keywordIndex, isVar: isVar, typeRange: typeRange, initializer: initializer)
        finish(node)
    }

    /// Records the names a local pattern binds (condition, loop, case, catch) as variables of `node`.
    mutating func bindNames(_ names: [Int], node: Int32, keywordIndex: Int, isVar: Bool = false,
                            typeRange: ClosedRange<Int32>? = nil, initializer: Int32 = -1) {
        nodes[Int(node)].info = Int32(variables.count)
        nodes[Int(node)].token = Int32(names.first ?? -1)
        for nameIndex in names {
            variables.append(VariableDecl(
                name: nameText(nameIndex), nameToken: Int32(nameIndex), keywordToken: Int32(keywordIndex),
                isVar: isVar || varBoundNames.contains(nameIndex), attributes: [], modifiers: [], typeRange: typeRange,
                initializer: initializer, isComputed: false, hasObservers: false, node: node, ownerType: -1))
        }
    }

    /// Skips a pattern (of `case`, `catch`, `for`), returning the names it binds.
    mutating func skipPattern(bindingByDefault: Bool) -> [Int] {
        var names: [Int] = []
        var binding = bindingByDefault
        var mutable = false
        var level = 0
        while !atEnd {
            let t = toks[p]
            if level == 0 {
                if t.kind == .leftBrace || t.kind == .colon || t.kind == .comma || isOperator(p, "=") { break }
                if t.kind == .keyword && (t.keyword == .where || t.keyword == .in) { break }
            }
            switch t.kind {
            case .leftParen, .leftBracket: level += 1
            case .rightParen, .rightBracket:
                if level == 0 { return names }
                level -= 1
            case .rightBrace, .interpolationClose: return names
            case .keyword where t.keyword == .let || t.keyword == .var:
                binding = true
                mutable = t.keyword == .var
            default:
                if binding && isName(p) && !isKind(p - 1, .period) && !isKind(p + 1, .leftParen)
                    && !isKind(p + 1, .period) && !(level > 0 && isKind(p + 1, .colon)) // a label, not `case var x:`
                    && !(isKeyword(p - 1, .is) || isKeyword(p - 1, .as)) {
                    names.append(p)
                    if mutable { varBoundNames.insert(p) }
                }
            }
            p += 1
        }
        return names
    }

    /// `if … {} else if … {} else {}`; an `else if` chain nests without recursion.
    mutating func parseIf(_ parent: Int32) {
        var node = makeNode(.ifStmt, first: p, parent: parent)
        var chain: [Int32] = [node]
        while true {
            p += 1
            parseConditions(node)
            parseCodeBlock(node)
            guard isKeyword(p, .else) else { break }
            p += 1
            guard isKeyword(p, .if) else {
                parseCodeBlock(node)
                break
            }
            node = makeNode(.ifStmt, first: p, parent: node)
            chain.append(node)
            chainLinks += 1
        }
        for n in chain.reversed() { finish(n) }
    }

    mutating func parseGuard(_ parent: Int32) {
        let node = makeNode(.guardStmt, first: p, parent: parent)
        p += 1
        parseConditions(node)
        if isKeyword(p, .else) { p += 1 }
        parseCodeBlock(node)
        finish(node)
    }

    mutating func parseWhile(_ parent: Int32) {
        let node = makeNode(.whileStmt, first: p, parent: parent)
        p += 1
        parseConditions(node)
        parseCodeBlock(node)
        finish(node)
    }

    mutating func parseRepeat(_ parent: Int32) {
        let node = makeNode(.repeatStmt, first: p, parent: parent)
        p += 1
        parseCodeBlock(node)
        if isKeyword(p, .while) {
            p += 1
            _ = parseExpression(node, trailingClosures: false)
        }
        finish(node)
    }

    mutating func parseFor(_ parent: Int32) {
        let node = makeNode(.forStmt, first: p, parent: parent)
        let keywordIndex = p
        p += 1
        if isKeyword(p, .try) { p += 1 }
        if keyword(p) == .await {
            nodes[Int(node)].flags.insert(.awaitLoop)
            p += 1
        }
        if isKeyword(p, .case) { p += 1 }
        let names = skipPattern(bindingByDefault: true)
        if isKind(p, .colon) { p += 1; _ = skipType() }
        bindNames(names, node: node, keywordIndex: keywordIndex)
        if isKeyword(p, .in) {
            p += 1
            _ = parseExpression(node, trailingClosures: false)
        }
        if isKeyword(p, .where) {
            p += 1
            _ = parseExpression(node, trailingClosures: false)
        }
        parseCodeBlock(node)
        finish(node)
    }

    mutating func parseSwitch(_ parent: Int32) {
        let node = makeNode(.switchStmt, first: p, parent: parent)
        p += 1
        _ = parseExpression(node, trailingClosures: false)
        guard isKind(p, .leftBrace) else { finish(node); return }
        p += 1
        while !atEnd && !isKind(p, .rightBrace) {
            let before = p
            if isKind(p, .directive) { skipDirective(); continue }
            if isKind(p, .atSign) { _ = parseAttributes() }
            if isKeyword(p, .case) || isKeyword(p, .default) {
                let caseNode = makeNode(.switchCase, first: p, parent: node)
                let isDefault = isKeyword(p, .default)
                let keywordIndex = p
                p += 1
                if !isDefault {
                    var names: [Int] = []
                    while !atEnd {
                        names += skipPattern(bindingByDefault: false)
                        if isKeyword(p, .where) {
                            p += 1
                            _ = parseExpression(caseNode, trailingClosures: false)
                        }
                        if isKind(p, .comma) { p += 1; continue }
                        break
                    }
                    bindNames(names, node: caseNode, keywordIndex: keywordIndex)
                }
                if isKind(p, .colon) { p += 1 }
                while !atEnd && !isKeyword(p, .case) && !isKeyword(p, .default) && !isKind(p, .rightBrace) {
                    if isKind(p, .atSign) && text(p + 1) == "unknown" { break }
                    if isKind(p, .directive) {
                        // A directive between cases belongs to the switch.
                        var q = p
                        if file.token(toks[q], is: "#if") || file.token(toks[q], is: "#elseif") {
                            q += 1
                            while q < count && !startsLine(q) { q += 1 }
                        } else {
                            q += 1
                        }
                        if isKeyword(q, .case) || isKeyword(q, .default) || isKind(q, .rightBrace) || isKind(q, .directive) {
                            break
                        }
                    }
                    if isCloser(p) { break }
                    let b = p
                    parseStatement(caseNode)
                    if p == b { p += 1 }
                }
                finish(caseNode)
            } else {
                parseStatement(node)
            }
            if p == before { p += 1 }
        }
        if isKind(p, .rightBrace) { p += 1 }
        finish(node)
    }

    mutating func parseDo(_ parent: Int32) {
        let node = makeNode(.doStmt, first: p, parent: parent)
        p += 1
        if isKeyword(p, .throws) { p += 1; if isKind(p, .leftParen) { skipBalanced() } }
        parseCodeBlock(node)
        while isKeyword(p, .catch) {
            let catchNode = makeNode(.catchClause, first: p, parent: node)
            let keywordIndex = p
            p += 1
            let names = isKind(p, .leftBrace) ? [] : skipPattern(bindingByDefault: false)
            while !atEnd && !isKind(p, .leftBrace) && !isCloser(p) {
                if isKeyword(p, .where) { p += 1; _ = parseExpression(catchNode, trailingClosures: false); continue }
                skipBalanced()
            }
            bindNames(names, node: catchNode, keywordIndex: keywordIndex)
            parseCodeBlock(catchNode)
            finish(catchNode)
        }
        finish(node)
    }
}
