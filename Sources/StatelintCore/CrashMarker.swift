import CStatelintSystem
import Foundation

/// A file whose analysis crashed an earlier attempt of this run: the command line's supervisor runs the
/// work again without it, and the file is reported as an internal failure (exit status 3).
public struct CrashedFile: Sendable, Hashable {
    /// The signal the attempt died of.
    public var signal: Int32
    /// 1: while indexing (reading, lexing, parsing, summarising), 2: while checking rules.
    public var stage: Int32

    public init(signal: Int32, stage: Int32) {
        self.signal = signal
        self.stage = stage
    }

    /// What the report says about the file.
    public var message: String {
        let name = CrashedFile.signalNames[signal].map { "\(signal), \($0)" } ?? "\(signal)"
        let when = stage == 2 ? "while checking its rules (its declarations are still in the project index)"
            : "while reading it for the project index"
        return "crashed statelint (signal \(name)) \(when); it is not linted, the rest of the run is. This is a bug in statelint: please report it with this file"
    }

    static let signalNames: [Int32: String] = [
        SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGABRT: "SIGABRT",
    ]
}

/// Marks the file each thread works on, so a crash handler can name it (see `CStatelintSystem`).
/// Without installed handlers (tests, the library used in-process) it only costs a thread-local store.
public enum CrashMarker {
    @inline(__always)
    static func working<T>(on path: String, stage: Int32, _ body: () -> T) -> T {
        guard statelint_crash_installed() != 0 else { return body() }
        return path.withCString { pointer in
            statelint_crash_set_current(pointer, stage)
            defer { statelint_crash_set_current(nil, 0) }
            if let debug = CrashMarker.debugCrash, path.hasSuffix(debug.file), debug.stage == stage {
                if debug.overflow { _ = statelint_debug_overflow(0) } else { statelint_debug_trap() }
            }
            return body()
        }
    }

    /// `STATELINT_DEBUG_CRASH=trap:FILE`, `trap-index:FILE` or `overflow:FILE`: crash on purpose on a file
    /// whose path ends with FILE (tests of the crash supervisor; needs installed handlers).
    static let debugCrash: (file: String, stage: Int32, overflow: Bool)? = {
        guard let value = ProcessInfo.processInfo.environment["STATELINT_DEBUG_CRASH"],
              let colon = value.firstIndex(of: ":") else { return nil }
        let kind = value[..<colon]
        let file = String(value[value.index(after: colon)...])
        switch kind {
        case "trap": return (file, 2, false)
        case "trap-index": return (file, 1, false)
        case "overflow": return (file, 2, true)
        default: return nil
        }
    }()

    /// Called on each worker thread when it starts and ends: an alternate signal stack, so a stack
    /// overflow can be recorded too.
    static func threadStarted() { statelint_crash_prepare_thread() }
    static func threadFinished() { statelint_crash_finish_thread() }
}
