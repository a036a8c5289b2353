/// Renders a tree as indented `kind [token] LINE:COL` lines, for debugging and parser tests.
public enum TreeDump {
    /// One line per node, children indented by two spaces.
    public static func render(_ tree: SyntaxTree) -> String {
        let lines = LineTable(tree.file.bytes)
        var out = ""
        var levels: [Int32: Int] = [:]
        tree.walk(0) { index in
            let node = tree[index]
            let level = node.parent >= 0 ? (levels[node.parent] ?? 0) + 1 : 0
            levels[index] = level
            // Indentation is capped so a pathologically deep tree cannot make the dump quadratic.
            out += level <= 64 ? String(repeating: "  ", count: level) : String(repeating: "  ", count: 64) + "[\(level)] "
            out += "\(node.kind)"
            if node.token >= 0 { out += " '\(tree.text(node.token))'" }
            if !node.flags.isEmpty { out += " flags=\(node.flags.rawValue)" }
            if node.firstToken >= 0 && Int(node.firstToken) < tree.tokens.count {
                let (l, c) = lines.location(of: Int(tree.tokens[Int(node.firstToken)].start))
                out += " @\(l):\(c)"
            }
            out += "\n"
            return true
        }
        return out
    }
}
