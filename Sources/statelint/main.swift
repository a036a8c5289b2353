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
