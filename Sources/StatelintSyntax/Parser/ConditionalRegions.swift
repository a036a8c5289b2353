/// Which significant tokens sit in a branch of `#if DEBUG` (code that does not ship in release builds).
public struct ConditionalRegions: Sendable {
    private let debugOnly: [Bool]

    /// Scans the tree's directives once.
    public init(_ tree: SyntaxTree) {
        var flags = [Bool](repeating: false, count: tree.tokens.count)
        // Each open #if: whether its current branch is debug-only.
        var stack: [Bool] = []
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
                switch word {
                case "#if": stack.append(condition == "DEBUG")
                case "#elseif": if !stack.isEmpty { stack[stack.count - 1] = condition == "DEBUG" }
                case "#else":
                    // The #else of `#if DEBUG` is release code; of `#if !DEBUG`, debug code.
                    if !stack.isEmpty { stack[stack.count - 1] = false }
                case "#endif": if !stack.isEmpty { stack.removeLast() }
                default: break
                }
                if word == "#if" || word == "#elseif" { i = j; continue }
            } else if stack.contains(true) {
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
