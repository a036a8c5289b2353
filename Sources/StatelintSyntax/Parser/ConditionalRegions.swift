/// Which significant tokens sit in a branch of `#if DEBUG` (code that does not ship in release builds).
public struct ConditionalRegions: Sendable {
    private let debugOnly: [Bool]

    /// Scans the tree's directives once.
    public init(_ tree: SyntaxTree) {
        var flags = [Bool](repeating: false, count: tree.tokens.count)
        // Each open #if: whether its current branch is debug-only.
        var stack: [Bool] = []
        // How many entries of `stack` are true (a token's test is then O(1), not a scan of every open #if).
        var debugOpen = 0
        var i = 0
        let toks = tree.tokens
        while i < toks.count {
            let t = toks[i]
            if t.kind == .directive {
                let word = tree.text(Int32(i))
                var j = i + 1
                var condition = ""
                while j < toks.count && !toks[j].flags.contains(.atStartOfLine) {
                    condition += tree.text(Int32(j))
                    j += 1
                }
                func setTop(_ value: Bool) {
                    guard let top = stack.last else { return }
                    debugOpen += (value ? 1 : 0) - (top ? 1 : 0)
                    stack[stack.count - 1] = value
                }
                switch word {
                case "#if":
                    stack.append(condition == "DEBUG")
                    if condition == "DEBUG" { debugOpen += 1 }
                case "#elseif": setTop(condition == "DEBUG")
                // The #else of `#if DEBUG` is release code; of `#if !DEBUG`, debug code.
                case "#else": setTop(false)
                case "#endif": if stack.popLast() == true { debugOpen -= 1 }
                default: break
                }
                if word == "#if" || word == "#elseif" { i = j; continue }
            } else if debugOpen > 0 {
                flags[i] = true
            }
            i += 1
        }
        debugOnly = flags
    }

    /// Whether the token is inside an `#if DEBUG` branch.
    public func isDebugOnly(_ token: Int32) -> Bool {
        token >= 0 && Int(token) < debugOnly.count && debugOnly[Int(token)]
    }
}
