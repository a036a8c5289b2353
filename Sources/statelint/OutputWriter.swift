import Foundation
import StatelintCore
import StatelintDiagnostics

/// Writes a `LintOutcome` to the terminal and files, in order, and decides what needs the terminal
/// (colour).
enum OutputWriter {
    /// Whether the report on standard output is coloured: `--color always|never`, else (`auto`) when
    /// standard output is a terminal and `NO_COLOR` is not set.
    static func colorsStandardOutput(_ mode: String) -> Bool {
        switch mode {
        case "always": return true
        case "never": return false
        default: return isatty(STDOUT_FILENO) != 0 && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        }
    }

    /// Writes `outcome.output`; returns the exit status, or throws the run's failure (after what came
    /// before it) or a report file that cannot be written.
    static func write(_ outcome: LintOutcome) throws -> Int32 {
        for item in outcome.output {
            switch item {
            case .standardOutput(let text):
                FileHandle.standardOutput.write(Data(text.utf8))
            case .standardError(let line):
                CommandLineTool.printError(line)
            case .file(let target, let shown, let text):
                if case .failure(let refusal) = FileWriting.writeReport(Array(text.utf8), to: target) {
                    throw StatelintError.io(path: shown, reason: refusal.message)
                }
            case .stats(let stats, let startedAt, let analysisEndedAt):
                let now = MonotonicClock.now()
                CommandLineTool.printError(LintSession.statsText(stats, wall: now - startedAt, output: now - analysisEndedAt))
            }
        }
        if let failure = outcome.failure { throw failure }
        return outcome.exitStatus
    }
}
