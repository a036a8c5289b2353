import Foundation
import StatelintCore

// Arguments as bytes: a file name that is not UTF-8 keeps them (`FilePath`).
let arguments = (1..<Int(CommandLine.argc)).map { FilePath.string(fromCString: CommandLine.unsafeArgv[$0]!) }
exit(Supervisor.run(arguments))
