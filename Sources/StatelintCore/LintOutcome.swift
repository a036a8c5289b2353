import Foundation
import StatelintDiagnostics

/// What a `LintSession` produced: what to write, in order, and the exit status. Nothing in it has been
/// written yet (only `--fix` writes, the source files it fixes); a front end writes `output` in order,
/// then reports `failure` if there is one.
public struct LintOutcome: Sendable {
    /// What to write, in the order it is to be written.
    public var output: [LintOutput] = []
    /// The report the findings were rendered from (the baseline applied); nil when the run stopped before
    /// linting.
    public var report: LintReport?
    /// The files `--fix` rewrote, as display paths.
    public var fixedFiles: [String] = []
    /// 0 no finding at or above the threshold (or `--write-baseline`), 1 findings (or `--strict-baseline`
    /// with fixed baselined findings), 2 bad usage or configuration, or a file that could not be linted,
    /// 3 statelint failed on a file (or an internal error). It holds when every write of `output` succeeds:
    /// a report that cannot be written is an error (2) of its own.
    public var exitStatus: Int32 = 0
    /// What ended the run early (bad usage, a configuration error, a file that cannot be written): to be
    /// reported after `output`, which holds what came before it.
    public var failure: (any Error)?

    public init() {}

    /// Everything for standard output, concatenated.
    public var standardOutput: String {
        output.map { if case .standardOutput(let text) = $0 { text } else { "" } }.joined()
    }

    /// The lines for standard error (`--stats` left out: its times differ from run to run).
    public var standardErrorLines: [String] {
        output.compactMap { if case .standardError(let line) = $0 { line } else { nil } }
    }
}

/// One thing a lint run writes.
public enum LintOutput: Sendable {
    /// Text for standard output, as it is (a report).
    case standardOutput(String)
    /// One line for standard error (without its line break).
    case standardError(String)
    /// A report or baseline for a file, checked before anything was written; `shown` is its name as given.
    case file(FileWriting.OutputTarget, shown: String, text: String)
    /// The `--stats` breakdown, for standard error: `LintSession.statsText(_:wall:output:)` with the time
    /// since `startedAt`, and since `analysisEndedAt` (reporting), when it is written.
    case stats(EngineStats, startedAt: Double, analysisEndedAt: Double)
}

/// What Core leaves to others: rendering reports (`StatelintReporters`) and making text from files (paths,
/// messages) safe for a terminal.
public struct LintPresentation: Sendable {
    /// A report in a format; the `Bool` is colour (only for standard output).
    public var render: @Sendable (ReportFormat, LintReport, Bool) -> String
    /// Text from files or users made safe for one line of a terminal.
    public var neutralized: @Sendable (String) -> String
    /// A path for `PATH: message` output (neutralized, colons escaped).
    public var path: @Sendable (String) -> String
    /// The summary line (`3 warnings, 0 errors in 8 files`).
    public var summary: @Sendable (LintReport) -> String

    public init(render: @escaping @Sendable (ReportFormat, LintReport, Bool) -> String,
                neutralized: @escaping @Sendable (String) -> String,
                path: @escaping @Sendable (String) -> String,
                summary: @escaping @Sendable (LintReport) -> String) {
        self.render = render
        self.neutralized = neutralized
        self.path = path
        self.summary = summary
    }
}
