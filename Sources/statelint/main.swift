import Foundation
import StatelintCore

// A file size limit (`ulimit -f`) makes a write fail with EFBIG, which is reported, instead of killing the run
// halfway through writing a file.
signal(SIGXFSZ, SIG_IGN)
// Arguments as bytes: a file name that is not UTF-8 keeps them (`FilePath`).
let arguments = (1..<Int(CommandLine.argc)).map { FilePath.string(fromCString: CommandLine.unsafeArgv[$0]!) }
exit(Supervisor.run(arguments))
