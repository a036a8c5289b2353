import Foundation

exit(Supervisor.run(Array(CommandLine.arguments.dropFirst())))
