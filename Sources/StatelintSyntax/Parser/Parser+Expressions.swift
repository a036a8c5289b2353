extension Parser {
    // MARK: - Sequences

    /// Whether the operator token at `i` is a binary operator (bound on both sides or neither).
    func isBinaryOperator(_ i: Int) -> Bool {
        guard i < count, toks[i].kind == .operator else { return false }
        let f = toks[i].flags
        return f.contains(.leftBound) == f.contains(.rightBound)
    }

    /// Whether the operator token at `i` assigns (`=`, `+=`, `??=`, …, but not `==`, `<=`, `>=`, `!=`).
    func isAssignmentOperator(_ i: Int) -> Bool {
        guard i < count, toks[i].kind == .operator else { return false }
        let t = toks[i]
        let last = Int(t.start) + Int(t.length) - 1
        guard bytes[last] == aEqual else { return false }
        if t.length == 1 { return true }
        let first = bytes[Int(t.start)]
        if t.length == 2 && (first == aEqual || first == aBang || first == aLess || first == aGreater) { return false }
        if t.length == 3 && (file.token(t, is: "===") || file.token(t, is: "!==")) { return false }
        return true
    }

    /// Parses an expression into a `.sequence` node (or `.assignment` when it assigns at the top level).
    /// - Parameter trailingClosures: whether `{` after an operand is a trailing closure (false in conditions).
    mutating func parseExpression(_ parent: Int32, trailingClosures: Bool) -> Int32 {
        guard enter(parent) else { return Int32(nodes.count - 1) }
        defer { leave() }
        let node = makeNode(.sequence, first: p, parent: parent)
        var ternaryDepth = 0
        while !atEnd {
            let before = p
            parseOperand(node, trailingClosures: trailingClosures)
            if p == before { break }
            guard !atEnd else { break }
            let t = toks[p]
            if t.kind == .operator && isBinaryOperator(p) {
                if isAssignmentOperator(p) && nodes[Int(node)].kind == .sequence {
                    nodes[Int(node)].kind = .assignment
                    nodes[Int(node)].token = Int32(p)
                    if t.length == 1 { nodes[Int(node)].flags.insert(.plainAssignment) }
                }
                if file.token(t, is: "?") { ternaryDepth += 1 }
                makeNode(.binaryOperator, first: p, parent: node, token: p)
                p += 1
                continue
            }
            if t.kind == .colon && ternaryDepth > 0 {
                ternaryDepth -= 1
                makeNode(.binaryOperator, first: p, parent: node, token: p)
                p += 1
                continue
            }
            if t.kind == .keyword && (t.keyword == .as || t.keyword == .is) {
                let cast = makeNode(.typeExpr, first: p, parent: node, token: p)
                p += 1
                if (isOperator(p, "?") || isOperator(p, "!")) && leftBound(p) { p += 1 }
                _ = skipType()
                finish(cast)
                // A cast ends an operand; a binary operator may follow.
                if isBinaryOperator(p) { continue }
                if isKind(p, .colon) && ternaryDepth > 0 { continue }
                break
            }
            break
        }
        finish(node)
        return node
    }

    /// Parses prefix forms (`try`, `await`, `&`, prefix operators) and then a postfix expression; iterative.
    mutating func parseOperand(_ parent: Int32, trailingClosures: Bool) {
        var container = parent
        var wrappers: [Int32] = []
        while !atEnd {
            let t = toks[p]
            if t.kind == .keyword && t.keyword == .try {
                container = makeNode(.tryExpr, first: p, parent: container, token: p)
                wrappers.append(container)
                chainLinks += 1
                p += 1
                if (isOperator(p, "?") || isOperator(p, "!")) && leftBound(p) { p += 1 }
                continue
            }
            if t.kind == .keyword && t.keyword == .await || (t.kind == .identifier && t.keyword == .none
                && (file.token(t, is: "consume") || file.token(t, is: "copy") || file.token(t, is: "unsafe"))
                && isName(p + 1) && !startsLine(p + 1)) {
                container = makeNode(.awaitExpr, first: p, parent: container, token: p)
                wrappers.append(container)
                chainLinks += 1
                p += 1
                continue
            }
            if t.kind == .operator && !t.flags.contains(.leftBound) && t.flags.contains(.rightBound) {
                let isInout = file.token(t, is: "&")
                container = makeNode(isInout ? .inoutExpr : .prefixOperator, first: p, parent: container, token: p)
                wrappers.append(container)
                chainLinks += 1
                p += 1
                continue
            }
            break
        }
        parsePostfix(container, trailingClosures: trailingClosures)
        for w in wrappers.reversed() { finish(w) }
    }

    // MARK: - Postfix

    mutating func parsePostfix(_ parent: Int32, trailingClosures: Bool) {
        guard var node = parsePrimary(parent, trailingClosures: trailingClosures) else { return }
        var optionalChain = false
        while !atEnd {
            let t = toks[p]
            switch t.kind {
            case .period:
                guard t.flags.contains(.leftBound) || t.flags.contains(.atStartOfLine) else { break }
                guard isName(p + 1) || kind(p + 1) == .keyword || kind(p + 1) == .integerLiteral else { break }
                node = wrap(node, .memberAccess)
                nodes[Int(node)].token = Int32(p + 1)
                if optionalChain { nodes[Int(node)].flags.insert(.optionalChain) }
                optionalChain = false
                p += 2
                if kind(p) == .operator && leftBound(p) && bytes[Int(toks[p].start)] == aLess { tryGenericArguments() }
                finish(node)
                continue
            case .leftParen where t.flags.contains(.leftBound) && !t.flags.contains(.atStartOfLine):
                let callee = nodes[Int(node)].kind
                node = wrap(node, .call)
                if callee == .closure { nodes[Int(node)].flags.insert(.immediatelyApplied) }
                if optionalChain { nodes[Int(node)].flags.insert(.optionalChain) }
                optionalChain = false
                parseArguments(node, closer: .rightParen)
                finish(node)
                continue
            case .leftBracket where t.flags.contains(.leftBound) && !t.flags.contains(.atStartOfLine):
                node = wrap(node, .subscriptCall)
                if optionalChain { nodes[Int(node)].flags.insert(.optionalChain) }
                optionalChain = false
                parseArguments(node, closer: .rightBracket)
                finish(node)
                continue
            // A `{` on the next line is a trailing closure too (Allman style: `.sink\n{ … }`), as the compiler
            // reads it; not after a literal.
            case .leftBrace where trailingClosures && !isAccessorBlock(p)
                && !(t.flags.contains(.atStartOfLine) && (nodes[Int(node)].kind == .literal || nodes[Int(node)].kind == .stringLiteral)):
                if nodes[Int(node)].kind != .call { node = wrap(node, .call) }
                parseTrailingClosures(node)
                finish(node)
                continue
            case .operator where t.flags.contains(.leftBound) && !t.flags.contains(.rightBound)
                || (t.flags.contains(.leftBound) && (file.token(t, is: "?") || file.token(t, is: "!"))):
                if file.token(t, is: "?") { optionalChain = true }
                p += 1
                finish(node)
                continue
            case .directive:
                // `#if` inside a modifier chain: `.a() #if os(iOS) .b() #endif`
                var q = p
                while q < count && toks[q].kind == .directive {
                    if file.token(toks[q], is: "#if") || file.token(toks[q], is: "#elseif") {
                        q += 1
                        while q < count && !startsLine(q) { q += 1 }
                    } else {
                        q += 1
                    }
                }
                guard isKind(q, .period) && startsLine(q) else { break }
                p = q
                continue
            default:
                break
            }
            break
        }
    }

    /// After a closure argument: more `label: { … }` closures on the same statement.
    mutating func parseTrailingClosures(_ call: Int32) {
        var first = true
        while !atEnd {
            if first && isKind(p, .leftBrace) {
                let arg = makeNode(.argument, first: p, parent: call)
                nodes[Int(arg)].flags.insert(.trailingClosure)
                _ = parseClosure(arg)
                finish(arg)
                first = false
                continue
            }
            if (isName(p) || kind(p) == .keyword) && isKind(p + 1, .colon) && isKind(p + 2, .leftBrace) && !first {
                let arg = makeNode(.argument, first: p, parent: call, token: p)
                nodes[Int(arg)].flags.insert(.trailingClosure)
                p += 2
                _ = parseClosure(arg)
                finish(arg)
                continue
            }
            break
        }
    }

    /// Parses `( … )` or `[ … ]` arguments with optional labels into `.argument` children.
    mutating func parseArguments(_ parent: Int32, closer: TokenKind) {
        p += 1
        while !atEnd && !isKind(p, closer) {
            let before = p
            let arg = makeNode(.argument, first: p, parent: parent)
            if (isName(p) || kind(p) == .keyword) && isKind(p + 1, .colon) && !isKind(p + 2, .colon) {
                nodes[Int(arg)].token = Int32(p)
                p += 2
            }
            if !isKind(p, .comma) && !isKind(p, closer) {
                _ = parseExpression(arg, trailingClosures: true)
                if closer == .rightBracket && isKind(p, .colon) {  // dictionary literal
                    p += 1
                    _ = parseExpression(arg, trailingClosures: true)
                }
            }
            finish(arg)
            if isKind(p, .comma) { p += 1; continue }
            if p == before || (!isKind(p, closer) && isCloser(p)) {
                if isCloser(p) && !isKind(p, closer) { break }
                skipBalanced()
            }
        }
        if isKind(p, closer) { p += 1 }
    }

    /// `<…>` right after a name, when it closes and is followed by something a type can precede.
    mutating func tryGenericArguments() {
        var q = p
        var level = 0
        var steps = 0
        while q < count && steps < 64 {
            let t = toks[q]
            steps += 1
            if t.kind == .operator {
                for i in t.range {
                    if bytes[i] == aLess { level += 1 } else if bytes[i] == aGreater { level -= 1 }
                    else if bytes[i] != aQuestion && bytes[i] != aBang && bytes[i] != aAmp && bytes[i] != aDot { return }
                }
                q += 1
                if level == 0 {
                    if q >= count || isKind(q, .leftParen) || isKind(q, .period) || isKind(q, .rightParen)
                        || isKind(q, .comma) || isKind(q, .rightBracket) || startsLine(q) || isKind(q, .leftBrace) {
                        p = q
                    }
                    return
                }
                if level < 0 { return }
                continue
            }
            switch t.kind {
            case .identifier, .keyword, .period, .comma, .colon, .arrow: q += 1
            case .leftParen, .leftBracket:
                var inner = 0
                while q < count {
                    if isKind(q, .leftParen) || isKind(q, .leftBracket) { inner += 1 }
                    if isKind(q, .rightParen) || isKind(q, .rightBracket) { inner -= 1 }
                    q += 1
                    if inner == 0 { break }
                }
            default: return
            }
        }
    }

    // MARK: - Primary

    /// A node made of the current token alone (`self`, a literal, a name); the parser moves past it.
    @inline(__always)
    mutating func singleTokenNode(_ kind: NodeKind, _ parent: Int32) -> Int32 {
        let node = makeNode(kind, first: p, parent: parent, token: p)
        p += 1
        finish(node)
        return node
    }

    mutating func parsePrimary(_ parent: Int32, trailingClosures: Bool) -> Int32? {
        // Attributes and `some`/`any`/`inout` before a primary are skipped in a loop (never recursion).
        while !atEnd {
            if isKind(p, .atSign) {
                let before = p
                _ = parseAttributes()
                if p == before { p += 1 }
                continue
            }
            if kind(p) == .keyword && (toks[p].keyword == .some || toks[p].keyword == .any || toks[p].keyword == .inout)
                && !isKind(p + 1, .period) {
                p += 1
                continue
            }
            break
        }
        guard !atEnd else { return nil }
        let t = toks[p]
        switch t.kind {
        case .identifier:
            let node = makeNode(.identifier, first: p, parent: parent, token: p)
            p += 1
            if kind(p) == .operator && leftBound(p) && bytes[Int(toks[p].start)] == aLess { tryGenericArguments() }
            finish(node)
            return node
        case .keyword:
            switch t.keyword {
            case .self:
                return singleTokenNode(.selfExpr, parent)
            case .super:
                return singleTokenNode(.superExpr, parent)
            case .true, .false, .nil:
                return singleTokenNode(.literal, parent)
            case .if, .switch, .do:
                // if/switch expressions: parse as statements inside the expression.
                let start = nodes.count
                parseStatement(parent)
                return start < nodes.count ? Int32(start) : nil
            case .`init`, .SelfType, .AnyType, .wildcard, .TypeKeyword, .ProtocolKeyword:
                return singleTokenNode(.identifier, parent)
            default:
                if !t.keyword.isReserved {
                    return singleTokenNode(.identifier, parent)
                }
                return nil
            }
        case .integerLiteral, .floatLiteral, .regexLiteral:
            return singleTokenNode(.literal, parent)
        case .stringOpen:
            return parseStringLiteral(parent)
        case .leftParen:
            let node = makeNode(.tuple, first: p, parent: parent)
            parseArguments(node, closer: .rightParen)
            finish(node)
            return node
        case .leftBracket:
            let node = makeNode(.collection, first: p, parent: parent)
            parseArguments(node, closer: .rightBracket)
            finish(node)
            return node
        case .leftBrace:
            return parseClosure(parent)
        case .period:
            let node = makeNode(.implicitMember, first: p, parent: parent, token: p + 1)
            p += 1
            if isName(p) || kind(p) == .keyword || kind(p) == .integerLiteral { p += 1 }
            finish(node)
            return node
        case .backslash:
            return parseKeyPath(parent)
        case .pound:
            let node = makeNode(.macroExpansion, first: p, parent: parent, token: p + 1)
            p += 1
            if isName(p) || kind(p) == .keyword { p += 1 }
            if kind(p) == .operator && leftBound(p) && bytes[Int(toks[p].start)] == aLess { tryGenericArguments() }
            finish(node)
            return node
        case .directive:
            // #available(…) / #unavailable(…) in conditions; other directives end the expression.
            guard text(p) == "#available" || text(p) == "#unavailable" else { return nil }
            let node = makeNode(.literal, first: p, parent: parent, token: p)
            p += 1
            if isKind(p, .leftParen) { skipBalanced() }
            finish(node)
            return node
        case .operator:
            // An operator used as a value: `reduce(0, +)`.
            return singleTokenNode(.identifier, parent)
        default:
            return nil
        }
    }

    mutating func parseStringLiteral(_ parent: Int32) -> Int32 {
        let node = makeNode(.stringLiteral, first: p, parent: parent)
        p += 1
        while !atEnd {
            let k = toks[p].kind
            if k == .stringSegment { p += 1; continue }
            if k == .stringClose { p += 1; break }
            if k == .interpolationOpen {
                parseArguments(node, closer: .interpolationClose)
                continue
            }
            break  // unterminated
        }
        finish(node)
        return node
    }

    mutating func parseKeyPath(_ parent: Int32) -> Int32 {
        let node = makeNode(.keyPath, first: p, parent: parent)
        p += 1
        if isName(p) || kind(p) == .keyword {
            p += 1
            if kind(p) == .operator && leftBound(p) && bytes[Int(toks[p].start)] == aLess { tryGenericArguments() }
        }
        while !atEnd {
            if isKind(p, .period) && (isName(p + 1) || kind(p + 1) == .keyword || kind(p + 1) == .integerLiteral) && leftBound(p) || isKind(p, .period) && p == Int(nodes[Int(node)].firstToken) + 1 {
                p += 2
            } else if (isOperator(p, "?") || isOperator(p, "!")) && leftBound(p) {
                p += 1
            } else if isKind(p, .leftBracket) && leftBound(p) {
                skipBalanced()
            } else {
                break
            }
        }
        finish(node)
        return node
    }

    // MARK: - Closures

    /// Whether the closure starting at `{` index `open` has a signature ending in `in`; returns the `in` index.
    func closureSignatureEnd(from start: Int) -> Int? {
        var q = start
        var level = 0
        while q < count {
            let t = toks[q]
            switch t.kind {
            case .leftParen, .leftBracket: level += 1
            case .rightParen, .rightBracket:
                level -= 1
                if level < 0 { return nil }
            case .leftBrace, .rightBrace, .stringOpen, .semicolon, .directive: return nil
            case .keyword:
                if t.keyword == .in && level == 0 { return q }
                switch t.keyword {
                case .let, .var, .if, .guard, .return, .for, .while, .switch, .do, .try, .throw, .case, .repeat, .defer:
                    return nil
                default: break
                }
            case .operator:
                if level == 0 && isAssignmentOperator(q) { return nil }
            default: break
            }
            q += 1
        }
        return nil
    }

    mutating func parseClosure(_ parent: Int32) -> Int32 {
        guard enter(parent) else { return Int32(nodes.count - 1) }
        defer { leave() }
        let node = makeNode(.closure, first: p, parent: parent)
        // Where member bodies are skipped, a closure literal's body is too (a property's initial value reads
        // as the call it is; nothing asks what its closures hold).
        if skipsBodies {
            skipBalanced()
            finish(node)
            return node
        }
        p += 1
        // `{ @MainActor in … }`, `{ @Sendable [weak self] (x) in … }`: attributes come first.
        let beforeAttributes = p
        if isKind(p, .atSign) {
            _ = parseAttributes()
            if closureSignatureEnd(from: isKind(p, .leftBracket) ? matchingBracketEnd(p) : p) == nil { p = beforeAttributes }
        }
        var signatureStart = p
        var captureEnd = -1
        if isKind(p, .leftBracket) {
            var q = p
            var level = 0
            while q < count {
                if isKind(q, .leftBracket) || isKind(q, .leftParen) { level += 1 }
                if isKind(q, .rightBracket) || isKind(q, .rightParen) { level -= 1 }
                if isKind(q, .leftBrace) || isKind(q, .rightBrace) { break }
                q += 1
                if level == 0 { break }
            }
            if level == 0 { captureEnd = q; signatureStart = q }
        }
        if let inIndex = closureSignatureEnd(from: signatureStart) {
            if captureEnd > 0 { parseCaptureList(node, end: captureEnd) }
            parseClosureParameters(node, from: signatureStart, to: inIndex)
            p = inIndex + 1
        }
        parseStatements(node, until: .rightBrace)
        if isKind(p, .rightBrace) { p += 1 }
        finish(node)
        return node
    }

    /// The index after the `]` matching the `[` at `i` (or `i` when it does not close).
    func matchingBracketEnd(_ i: Int) -> Int {
        var q = i
        var level = 0
        while q < count {
            if isKind(q, .leftBracket) || isKind(q, .leftParen) { level += 1 }
            if isKind(q, .rightBracket) || isKind(q, .rightParen) { level -= 1 }
            if isKind(q, .leftBrace) || isKind(q, .rightBrace) { return i }
            q += 1
            if level == 0 { return q }
        }
        return i
    }

    mutating func parseCaptureList(_ closure: Int32, end: Int) {
        let list = makeNode(.captureList, first: p, parent: closure)
        p += 1
        while p < end - 1 {
            let before = p
            let item = makeNode(.captureItem, first: p, parent: list)
            if keyword(p) == .weak {
                nodes[Int(item)].flags.insert(.weak)
                p += 1
            } else if keyword(p) == .unowned {
                nodes[Int(item)].flags.insert(.unowned)
                p += 1
                if isKind(p, .leftParen) && leftBound(p) { skipBalanced() }
            }
            if isName(p) || isKeyword(p, .self) {
                nodes[Int(item)].token = Int32(p)
                p += 1
            }
            if isOperator(p, "=") {
                p += 1
                nodes[Int(item)].flags.insert(.hasInitializer)
                _ = parseExpression(item, trailingClosures: true)
            }
            while p < end - 1 && !isKind(p, .comma) { skipBalanced() }
            finish(item)
            if isKind(p, .comma) { p += 1 }
            if p == before { p += 1 }
        }
        p = end
        finish(list)
    }

    mutating func parseClosureParameters(_ closure: Int32, from start: Int, to end: Int) {
        p = start
        var q = start
        if isKind(q, .leftParen) { q += 1 }
        var level = 0
        var segmentStart = q
        while q <= end {
            let endsList = q == end || (level == 0 && isKind(q, .rightParen))
                // Effects and a result type end an unparenthesized list: `{ a, b throws -> Int in }`.
                || (level == 0 && (isKind(q, .arrow) || keyword(q) == .async || keyword(q) == .throws))
            if endsList || (level == 0 && isKind(q, .comma)) {
                addClosureParameter(closure, from: segmentStart, to: q)
                if endsList { break }
                segmentStart = q + 1
            } else if isKind(q, .leftParen) || isKind(q, .leftBracket) {
                level += 1
            } else if isKind(q, .rightParen) || isKind(q, .rightBracket) {
                level -= 1
            }
            q += 1
        }
    }

    /// Records the parameter written in tokens `start..<end`: its name is the last name before `:`.
    mutating func addClosureParameter(_ closure: Int32, from start: Int, to end: Int) {
        var nameIndex = -1
        var i = start
        while i < end && !isKind(i, .colon) {
            if isName(i) || isKeyword(i, .wildcard) { nameIndex = i }
            i += 1
        }
        guard nameIndex >= 0 else { return }
        let param = makeNode(.closureParameter, first: start, parent: closure, token: nameIndex)
        nodes[Int(param)].lastToken = Int32(end - 1)
    }
}
