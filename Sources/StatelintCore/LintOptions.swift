import Foundation
import StatelintDiagnostics

/// What `statelint [lint] [PATH ...] [options]` was asked to do, already parsed: each value is as the
/// command line gave it (the configuration file's values are merged in by `LintSession`).
public struct LintOptions: Sendable {
    /// One report: a format, and the file it goes to (nil: standard output).
    public struct ReportRequest: Sendable, Equatable {
        public var format: String
        public var file: String?

        public init(format: String, file: String? = nil) {
            self.format = format
            self.file = file
        }
    }

    /// Files and folders to lint (none: the current folder).
    public var paths: [String] = []
    /// `--format`: a name of `ReportFormat` (nil: the configuration's, else `text`).
    public var format: String?
    /// `--output FILE`: the `--format` report goes there instead of standard output.
    public var output: String?
    /// `--report FORMAT[:FILE]`, in order: each rendered from the same findings (no file: standard output).
    public var reports: [ReportRequest] = []
    /// `--config FILE` (nil: the nearest `.lintrc` upward).
    public var configPath: String?
    public var enable: [String] = []
    public var disable: [String] = []
    /// `--only RULE[,RULE]`: run these rules and no other.
    public var only: [String] = []
    /// `--severity-threshold` (nil: the configuration's, else `warning`).
    public var threshold: Severity?
    public var baselinePath: String?
    /// Fail (exit 1) when baselined findings no longer occur: the baseline must be rewritten.
    public var strictBaseline = false
    public var writeBaselinePath: String?
    /// `--stdin-path PATH`: standard input is linted as if it were the file PATH.
    public var stdinPath: String?
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    public var fix = false
    /// `--unsafe-fixes`: `--fix` applies the fixes marked unsafe too (ruff's name), with the same checks.
    public var unsafeFixes = false
    /// `--show-info`: reports show `info` findings (advisories) too; by default they are only counted.
    public var showInfo = false
    public var forceExclude = false
    /// Walk folders without obeying `.gitignore` / `.ignore` files.
    public var noIgnore = false
    /// `--no-swiftlint-paths`: without a `.lintrc`, ignore the `included:`/`excluded:` of `.swiftlint.yml`.
    public var noSwiftLintPaths = false
    /// `--no-cache`: neither read nor write the analysis cache.
    public var noCache = false
    /// `--cache-dir DIR`: where the analysis cache is kept.
    public var cacheDir: String?
    /// Colour the `text` report written to standard output (the front end decides: `--color`, a terminal,
    /// `NO_COLOR`). Reports written to files are never coloured.
    public var color = false
    /// Do not print the summary line (nor the notes that go with it).
    public var quiet = false
    /// `--stats`: where the time went, on standard error.
    public var stats = false
    /// `--changed-since REV`: lint the Swift files changed since a git revision.
    public var changedSince: String?

    /// More threads than this only cost memory and start-up time.
    public static let maximumJobs = 1024

    public init(paths: [String] = []) {
        self.paths = paths
    }

    /// Refuses combinations of options that cannot work together, before anything is read.
    public func validate() throws {
        if stdinPath == "" { throw StatelintError.usage("--stdin-path needs the path of the file standard input stands for") }
        if let stdinPath {
            var info = stat()
            let isFolder = FilePath.fsStat(stdinPath, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            if isFolder || stdinPath.hasSuffix("/") {
                throw StatelintError.usage("--stdin-path '\(stdinPath)' is a folder; give the path of the Swift file standard input stands for")
            }
        }
        if let output, output.isEmpty { throw StatelintError.usage("--output needs a file name") }
        if stdinPath != nil && fix { throw StatelintError.usage("--fix cannot be combined with --stdin-path") }
        if changedSince != nil && (stdinPath != nil || !paths.isEmpty) {
            throw StatelintError.usage("--changed-since chooses the files itself; do not name paths or --stdin-path")
        }
        if stdinPath != nil && !paths.isEmpty { throw StatelintError.usage("--stdin-path lints standard input; do not name other paths") }
    }
}
