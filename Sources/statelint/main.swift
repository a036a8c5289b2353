import Foundation
import StatelintSyntax

let args = CommandLine.arguments
if args.count >= 3 && args[1] == "tokens" {
    guard let data = FileManager.default.contents(atPath: args[2]) else {
        FileHandle.standardError.write("statelint: cannot read \(args[2])\n".data(using: .utf8)!)
        exit(2)
    }
    let file = SourceFile(path: args[2], bytes: [UInt8](data))
    FileHandle.standardOutput.write(TokenDump.render(file, includeTrivia: args.contains("--trivia")).data(using: .utf8)!)
    exit(0)
}
if args.count >= 3 && args[1] == "syntax" {
    let data = FileManager.default.contents(atPath: args[2]) ?? Data()
    let tree = SyntaxTree(file: SourceFile(path: args[2], bytes: [UInt8](data)))
    print(TreeDump.render(tree), terminator: "")
    for d in tree.diagnostics { print("diagnostic @\(d.offset): \(d.message)") }
    for t in tree.types { print("type \(t.kind) \(t.name) attrs=\(t.attributes.map(\.name)) inherits=\(t.inherited)") }
    for v in tree.variables { print("var \(v.name) owner=\(v.ownerType) attrs=\(v.attributes.map(\.name)) mods=\(v.modifiers.rawValue) computed=\(v.isComputed) init=\(v.initializer)") }
    for f in tree.functions { print("func \(f.kind) \(f.name) owner=\(f.ownerType) params=\(f.parameters.map { ($0.label ?? "-") + ":" + $0.name }) body=\(f.body)") }
    exit(0)
}
