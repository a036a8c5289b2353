import Foundation
import Testing
@testable import StatelintSyntax
import StatelintCore

func scratchDump(_ src: String) -> String {
    let tree = SyntaxTree(file: SourceFile(path: "t.swift", text: src))
    var out = TreeDump.render(tree)
    for t in tree.types {
        out += "TYPE \(t.kind) \(t.name) attrs=\(t.attributes.map(\.name)) mods=\(t.modifiers.rawValue) inh=\(t.inherited) parent=\(t.parentType) braces=\(t.openBrace),\(t.closeBrace)\n"
    }
    for v in tree.variables {
        out += "VAR \(v.name) isVar=\(v.isVar) attrs=\(v.attributes.map(\.name)) mods=\(v.modifiers.rawValue) type=\(v.typeRange.map { "\(tree.text($0.lowerBound))..\(tree.text($0.upperBound))" } ?? "nil") init=\(v.initializer >= 0 ? tree.text(of: v.initializer) : "-") computed=\(v.isComputed) obs=\(v.hasObservers) owner=\(v.ownerType) node=\(tree[v.node].kind)\n"
    }
    for f in tree.functions {
        out += "FUNC \(f.kind) \(f.name) attrs=\(f.attributes.map(\.name)) mods=\(f.modifiers.rawValue) params=\(f.parameters.map { "\($0.label ?? "nil"):\($0.name):\($0.typeRange.map { "\(tree.text($0.lowerBound))..\(tree.text($0.upperBound))" } ?? "nil")" }) body=\(f.body) owner=\(f.ownerType) ownerVar=\(f.ownerVariable)\n"
    }
    for d in tree.diagnostics { out += "DIAG \(d.offset) \(d.message)\n" }
    out += "IMPORTS \(tree.imports)\n"
    return out
}

@Test func scratch() throws {
    guard let path = ProcessInfo.processInfo.environment["SCRATCH"] else { return }
    let src = try String(contentsOfFile: path, encoding: .utf8)
    print(scratchDump(src))
}

@Test func scratchParseOnly() throws {
    guard let path = ProcessInfo.processInfo.environment["SCRATCH_PARSE"] else { return }
    let bytes = [UInt8](FileManager.default.contents(atPath: path)!)
    let large = ProcessInfo.processInfo.environment["LARGE"] != nil
    let t0 = Date()
    let body: @Sendable () -> String = {
        let tree = SyntaxTree(file: SourceFile(path: "x", bytes: bytes))
        var maxDepth = 0
        var depthOf = [Int32: Int]()
        tree.walk(0) { i in let d = tree[i].parent >= 0 ? depthOf[tree[i].parent]! + 1 : 0; depthOf[i] = d; maxDepth = max(maxDepth, d); return true }
        return "nodes=\(tree.nodes.count) tokens=\(tree.tokens.count) maxTreeDepth=\(maxDepth) diags=\(tree.diagnostics.prefix(3).map(\.message))"
    }
    let r = large ? Parallel.onLargeStack(body) : body()
    print("RESULT \(r) time=\(Date().timeIntervalSince(t0))")
}
