import CStatelintSystem
import Foundation
import StatelintCore
import StatelintReporters

/// Runs the lint in a forked child and, when the child crashes on a file, runs it again without that
/// file: the file is reported as an internal failure (exit status 3) and every other finding still is.
/// A Swift runtime trap cannot be caught in-process, so a process boundary is what keeps one bad file
/// from taking the whole report down. Linux only (on macOS, CoreFoundation does not survive a fork
/// without exec); `STATELINT_NO_SUPERVISOR=1` turns it off, `STATELINT_BACKTRACE=1` keeps the Swift
/// runtime's backtrace of the crash on standard error.
enum Supervisor {
    /// Files that crashed earlier attempts (set in the child before it does the work).
    nonisolated(unsafe) static var crashed: [String: CrashedFile] = [:]
    /// Standard input, read once by the supervisor so that every attempt lints the same buffer.
    nonisolated(unsafe) static var standardInput: [UInt8]?

    /// At most this many files may crash before the run gives up.
    static let maximumCrashes = 32

    static func run(_ args: [String]) -> Int32 {
        #if os(Linux)
        guard isSupervised(args), let record = statelint_crash_record_create() else {
            return CommandLineTool.run(args)
        }
        if args.contains("--stdin-path") {
            standardInput = FileReading.standardInput()
        }
        let quiet: Int32 = (ProcessInfo.processInfo.environment["STATELINT_BACKTRACE"] ?? "").isEmpty ? 1 : 0
        var found: [String: CrashedFile] = [:]
        while true {
            record.pointee.signal = 0
            record.pointee.hasPath = 0
            let pid = statelint_fork()
            if pid < 0 { return CommandLineTool.run(args) }
            if pid == 0 {
                statelint_crash_install(record, quiet)
                crashed = found
                exit(CommandLineTool.run(args))
            }
            var exited: Int32 = 0
            var code: Int32 = 0
            guard statelint_wait(pid, &exited, &code) == 0 else { return 3 }
            if exited != 0 { return code }
            let signal = record.pointee.signal
            guard signal != 0 else {
                // Killed from outside (an interrupt, the out-of-memory killer): end the same way.
                Glibc.signal(code, SIG_DFL)
                raise(code)
                return 128 + code
            }
            guard record.pointee.hasPath != 0 else {
                CommandLineTool.printError("statelint: error: statelint crashed (signal \(signal)) outside the work on any one file; nothing was reported. This is a bug in statelint: please report it with the command line")
                return 3
            }
            let path = withUnsafeBytes(of: &record.pointee.path) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard found[path] == nil, found.count < maximumCrashes else {
                CommandLineTool.printError("statelint: error: statelint kept crashing (last on \(PlainText.neutralized(path)), signal \(signal)); nothing was reported. This is a bug in statelint: please report it")
                return 3
            }
            found[path] = CrashedFile(signal: signal, stage: record.pointee.stage)
        }
        #else
        return CommandLineTool.run(args)
        #endif
    }

    /// Lint runs are supervised; the other commands (and runs with STATELINT_NO_SUPERVISOR set) are not.
    static func isSupervised(_ args: [String]) -> Bool {
        if !(ProcessInfo.processInfo.environment["STATELINT_NO_SUPERVISOR"] ?? "").isEmpty { return false }
        guard let first = args.first else { return true }
        // The language server keeps the protocol's state and the client's bytes: a re-run could not take
        // over from a child that died, so it is not run in one.
        return !["rules", "explain", "tokens", "syntax", "server", "--version", "-h", "--help", "help"].contains(first)
            && !args.contains("--help") && !args.contains("-h")
    }
}
