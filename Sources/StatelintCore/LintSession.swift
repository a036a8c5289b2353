import Foundation
import StatelintAnalysis
import StatelintDiagnostics
import StatelintRules
import StatelintSyntax

/// One run of `statelint [lint]`: the configuration, the files (named, found in folders, changed since a
/// revision, or standard input), the analysis cache, the baseline, `--fix`, the reports and the exit
/// status. The front end parses the arguments and writes the `LintOutcome`; everything between is here.
public struct LintSession: Sendable {
    public var options: LintOptions
    public var presentation: LintPresentation
    /// statelint's version: reports carry it (through `presentation`), and it keys the analysis cache.
    public var version: String
    /// `STATELINT_NO_CACHE`, `STATELINT_CACHE_DIR` and `STATELINT_EXTRA_FACTS` are read from it.
    public var environment: [String: String]
    /// Files that crashed earlier attempts of this run (the supervisor's): internal failures, not linted.
    public var crashed: [String: CrashedFile] = [:]
    /// What standard input holds, for `--stdin-path` (nil: read standard input when it is needed).
    public var standardInput: [UInt8]?
    /// Whether the engine leaves its index to the process's exit (`Engine.leavesMemoryToExit`): for a
    /// process that ends after this run (the command line).
    public var leavesMemoryToExit = false

    public init(options: LintOptions, presentation: LintPresentation, version: String,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.options = options
        self.presentation = presentation
        self.version = version
        self.environment = environment
    }

    /// Runs the lint. It never throws: an error ends the run with `failure` set and what came before it
    /// in `output`.
    public func run() -> LintOutcome {
        var outcome = LintOutcome()
        do {
            try perform(&outcome)
        } catch {
            outcome.failure = error
            outcome.exitStatus = LintSession.exitStatus(for: error)
        }
        return outcome
    }

    /// The exit status of an error that ends a run: 2 for bad usage, configuration or I/O, else 3.
    public static func exitStatus(for error: any Error) -> Int32 {
        error is StatelintError || error is ConfigError ? 2 : 3
    }

    /// The exit status of a finished run: 3 when statelint failed on a file, 2 when a file that should
    /// have been linted was not (a gap in the report, not a clean result), 1 for findings at or above the
    /// threshold (or, with `--strict-baseline`, baselined findings that are fixed), else 0.
    public static func exitStatus(of report: LintReport, threshold: Severity, fixedBaselined: Int, strictBaseline: Bool) -> Int32 {
        if report.problems.contains(where: \.isInternalFailure) { return 3 }
        if report.problems.contains(where: { !$0.isPartial }) { return 2 }
        if strictBaseline && fixedBaselined > 0 { return 1 }
        return report.diagnostics.contains { $0.severity >= threshold } ? 1 : 0
    }

    /// What is settled before anything is linted or written.
    struct Plan {
        var configFile: String?
        var config: Configuration
        var root: String
        /// What made `root` the project's.
        var project: Project.Root
        var baselineFile: String?
        var baseline: Baseline?
        var reports: [(format: ReportFormat, shown: String?, target: FileWriting.OutputTarget?)]
        var baselineTarget: FileWriting.OutputTarget?
        /// What the run says on standard error before its messages (the `.swiftlint.yml` it follows).
        var notices: [String] = []
        let folders = FolderLog()

        /// The files this run writes (besides fixes).
        var writtenTargets: [FileWriting.OutputTarget] { reports.compactMap(\.target) + [baselineTarget].compactMap { $0 } }
    }

    func perform(_ outcome: inout LintOutcome) throws {
        let startTime = MonotonicClock.now()
        let plan = try prepare()
        var engine = Engine(settings: LintSettings(
            configuration: plan.config, enable: options.enable, disable: options.disable, only: options.only,
            detected: ProjectTarget.detect(root: plan.root, paths: options.stdinPath.map { [$0] } ?? options.paths)), jobs: options.jobs)
        engine.crashed = crashed
        engine.leavesMemoryToExit = leavesMemoryToExit
        engine.sampleCode = SampleCode(root: plan.root, cwd: FileManager.default.currentDirectoryPath)
        // A developer's knob: collect project facts no enabled rule needs, to measure what they cost
        // (`STATELINT_EXTRA_FACTS=all` or a comma-separated list; docs/benchmark.md).
        if let extra = environment["STATELINT_EXTRA_FACTS"] {
            engine.extraFacts = extra == "all" ? Set(ProjectFact.allCases)
                : Set(extra.split(separator: ",").compactMap { ProjectFact(rawValue: String($0)) })
        }
        engine.diskCache = try diskCache(project: plan.project, into: &outcome)

        let discoveryStart = MonotonicClock.now()
        var (report, changed) = try lintFiles(plan, engine: engine)
        if report.stats.startedAt > 0 { report.stats.discovery = report.stats.startedAt - discoveryStart }
        if let cache = engine.diskCache {
            cache.save()
            report.stats.cache = cache.counts
            if let distrusted = cache.distrusted, !options.quiet {
                outcome.output.append(.standardError("statelint: note: the analysis cache was not used: \(presentation.neutralized(distrusted)); it is replaced with this run's"))
            }
            if let problem = cache.problem, !options.quiet {
                outcome.output.append(.standardError("statelint: note: \(presentation.neutralized(problem)); the next run analyses every file again"))
            }
        }
        // A report file with other hard links may be one of the files the walk found: never replace a source.
        for target in plan.writtenTargets {
            try LintSession.refuseLinkedSource(target, among: report.reportedPaths, presentation)
        }
        let engineEnd = MonotonicClock.now()
        if options.fix {
            report = try fix(report, changed: changed, plan: plan, engine: engine, into: &outcome)
        }
        report.problems += plan.folders.problems()

        if let writeBaselinePath = options.writeBaselinePath, let baselineTarget = plan.baselineTarget {
            let recorded = Baseline(report: report, root: plan.root)
            outcome.output.append(.file(baselineTarget, shown: writeBaselinePath, text: recorded.render()))
            if !options.quiet {
                outcome.output.append(.standardError("statelint: recorded \(recorded.findingCount) finding\(recorded.findingCount == 1 ? "" : "s") in \(presentation.neutralized(writeBaselinePath))"))
            }
            outcome.report = report
            outcome.exitStatus = 0
            return
        }
        var fixedBaselined = 0
        if let baseline = plan.baseline {
            (report, fixedBaselined) = baseline.apply(to: report, root: plan.root)
        }
        let threshold = options.threshold ?? plan.config.severityThreshold ?? .warning
        // The exit status counts every finding at or above the threshold, shown or not.
        let exitStatus = LintSession.exitStatus(of: report, threshold: threshold, fixedBaselined: fixedBaselined,
                                                strictBaseline: options.strictBaseline)
        if !showsInfo(plan) { report = LintSession.withoutAdvisories(report) }
        outcome.report = report
        outcome.output += reports(report, plan: plan)
        outcome.output += problemMessages(report, plan: plan)
        if options.stats {
            outcome.output.append(.stats(report.stats, startedAt: startTime, analysisEndedAt: engineEnd))
        }
        outcome.output += closingMessages(report, plan: plan, fixedBaselined: fixedBaselined)
        outcome.exitStatus = exitStatus
    }

    /// Whether the reports show `info` findings: `--show-info`, else `show_info` in `.lintrc`.
    func showsInfo(_ plan: Plan) -> Bool { options.showInfo || plan.config.showInfo == true }

    /// The report without its `info` findings (advisories), which are counted instead: what a team reads
    /// by default is what it should act on.
    static func withoutAdvisories(_ report: LintReport) -> LintReport {
        var shown = report
        shown.diagnostics = report.diagnostics.filter { $0.severity != .info }
        shown.advisoriesNotShown = report.diagnostics.count - shown.diagnostics.count
        return shown
    }

    /// The configuration, the baseline and the report targets: everything that can fail is checked before
    /// anything is written (fixes included).
    func prepare() throws -> Plan {
        let cwd = FileManager.default.currentDirectoryPath
        // The project: decided from the linted paths, never from the current folder; its configuration is
        // --config, else the root's .lintrc (those of subfolders are nested configurations).
        var project = Project.root(of: options.stdinPath.map { [$0] } ?? options.paths, cwd: cwd,
                                   home: CacheLocation.homeFolder(environment: environment))
        if let configPath = options.configPath, !FileManager.default.fileExists(atPath: configPath) {
            throw StatelintError.usage("no such configuration file: '\(configPath)'")
        }
        if let configPath = options.configPath {
            project = Project.Root(folder: Project.root(configFile: configPath, cwd: cwd), kind: .configured)
        }
        let configFile = options.configPath ?? project.configFile
        var config = try configFile.map { try Configuration.load(path: $0) } ?? Configuration()
        // No `.lintrc`: the team's `.swiftlint.yml` says what is vendored or generated. A file statelint
        // cannot read is said and the run goes on without it.
        var notices: [String] = []
        if configFile == nil && !options.noSwiftLintPaths, let read = SwiftLintPaths.read(root: project.folder) {
            switch read {
            case .success(let paths) where !paths.isEmpty:
                config = paths.configuration
                if !options.quiet { notices.append(paths.notice) }
            case .success: break
            case .failure(let problem):
                notices.append("statelint: warning: \(presentation.neutralized(problem.description.replacingOccurrences(of: ": error: ", with: ": "))); "
                               + "its paths are not applied (a .lintrc with 'include'/'exclude' says them for statelint)")
            }
        }
        if options.baselinePath != nil && options.writeBaselinePath != nil {
            throw StatelintError.usage("--write-baseline records every finding; it cannot be combined with --baseline (a baseline in .lintrc is fine)")
        }
        let baselineFile = options.writeBaselinePath != nil ? nil
            : options.baselinePath ?? config.baseline.map { Project.resolve($0, against: configFile) }
        if options.strictBaseline && baselineFile == nil {
            throw StatelintError.usage("--strict-baseline needs a baseline: --baseline FILE, or 'baseline' in .lintrc")
        }
        var plan = Plan(configFile: configFile, config: config, root: project.folder, project: project,
                        baselineFile: baselineFile, baseline: try loadBaseline(baselineFile, configFile: configFile), reports: [])
        plan.notices = notices
        let inputs = options.paths + [configFile, baselineFile].compactMap { $0 }
        plan.reports = try reportTargets(config: config, inputs: inputs)
        plan.baselineTarget = try options.writeBaselinePath.map {
            try LintSession.checkedTarget($0, option: "--write-baseline", inputs: inputs)
        }
        return plan
    }

    func loadBaseline(_ baselineFile: String?, configFile: String?) throws -> Baseline? {
        do {
            return try baselineFile.map { try Baseline.load(path: $0) }
        } catch StatelintError.io(let file, let reason) where options.baselinePath == nil {
            // A baseline named in .lintrc: say where it is named.
            guard let configFile, case .success(let bytes) = FileReading.bytes(of: configFile),
                  let place = Configuration.location(ofKey: "baseline", in: String(decoding: bytes, as: UTF8.self)) else {
                throw StatelintError.io(path: file, reason: reason)
            }
            throw ConfigError(path: configFile, line: place.line, column: place.column, message: "baseline '\(file)': \(reason)")
        }
    }

    /// The reports: `--report`s, plus `--format`/`--output` when given (alone, they are the only one), each
    /// with its checked target (nil: standard output).
    func reportTargets(config: Configuration, inputs: [String]) throws
        -> [(format: ReportFormat, shown: String?, target: FileWriting.OutputTarget?)] {
        let output = options.output
        var wanted = options.reports.map { (format: $0.format, file: $0.file) }
        if wanted.isEmpty || options.format != nil || output != nil { wanted.append((options.format ?? config.format ?? "text", output)) }
        guard wanted.filter({ $0.file == nil }).count <= 1 else {
            throw StatelintError.usage("only one report can go to standard output; give the others a file (--report FORMAT:FILE)")
        }
        if options.writeBaselinePath != nil && (output != nil || options.reports.contains { $0.file != nil }) {
            throw StatelintError.usage("--write-baseline writes only the baseline; run the reports without it (--output and --report FORMAT:FILE would not be written)")
        }
        var targets: [(format: ReportFormat, shown: String?, target: FileWriting.OutputTarget?)] = []
        var seenFiles = Set<String>()
        var seenDescriptors: Set<Int32> = wanted.contains { $0.file == nil } ? [STDOUT_FILENO] : []
        for (name, file) in wanted {
            guard let reportFormat = ReportFormat(rawValue: name) else { throw StatelintError.usage("unknown format '\(name)'") }
            guard let file else {
                targets.append((reportFormat, nil, nil))
                continue
            }
            let target = try LintSession.checkedTarget(file, option: file == output ? "--output" : "--report", inputs: inputs)
            if case .file(let resolved) = target, !seenFiles.insert(resolved).inserted {
                throw StatelintError.usage("two reports would be written to '\(presentation.neutralized(file))'")
            }
            if case .descriptor(let fd) = target, !seenDescriptors.insert(fd).inserted {
                throw StatelintError.usage(fd == STDOUT_FILENO
                    ? "two reports would be written to standard output ('\(presentation.neutralized(file))' is standard output); give one a file"
                    : "two reports would be written to descriptor \(fd) ('\(presentation.neutralized(file))')")
            }
            targets.append((reportFormat, file, target))
        }
        return targets
    }

    /// Lints what the options name: standard input, the files changed since a revision, or paths.
    /// `changed`: the files `--changed-since` chose (a fix run lints the same ones again).
    func lintFiles(_ plan: Plan, engine: Engine) throws -> (report: LintReport, changed: [String]?) {
        let (root, config) = (plan.root, plan.config)
        if let stdinPath = options.stdinPath, options.forceExclude && !Project.selects(stdinPath, root: root, config: config) {
            // An excluded path stays excluded when its content comes from standard input.
            return (LintReport(diagnostics: [], problems: [], fileCount: 0, sources: [:]), nil)
        } else if let stdinPath = options.stdinPath {
            guard let data = standardInput ?? FileReading.standardInput() else {
                throw StatelintError.usage("--stdin-path \(stdinPath): standard input cannot be read (is it closed?)")
            }
            let shown = Discovery.displayPath(stdinPath)
            // The project's files are read from disk as usual (not all held in memory); the buffer stands in
            // for its path.
            let project = try projectFiles(root: root, config: config, plan.folders)
            let report = try nested(engine, files: project + [shown], root: root, config: config)
                .lint(project: project, reporting: [shown], replacing: SourceFile(path: shown, bytes: data))
            return (report, nil)
        } else if let changedSince = options.changedSince {
            // The Swift files that differ from REV, plus untracked ones, linted with the whole project's index.
            let changed = try LintSession.changedFiles(since: changedSince, root: root)
                .filter { !options.forceExclude || Project.selects($0, root: root, config: config) }
            return (try lintChanged(changed, plan: plan, engine: engine), changed)
        }
        return (try lintOnly(plan: plan, engine: engine), nil)
    }

    /// The files `--changed-since` chose, with the whole project's index.
    func lintChanged(_ changed: [String], plan: Plan, engine: Engine) throws -> LintReport {
        let project = try projectFiles(root: plan.root, config: plan.config, plan.folders)
        return try nested(engine, files: project, root: plan.root, config: plan.config).lint(project: project, reporting: changed)
    }

    /// Applies the safe fixes of the findings the baseline does not hide, then lints the same files again.
    func fix(_ report: LintReport, changed: [String]?, plan: Plan, engine: Engine, into outcome: inout LintOutcome) throws -> LintReport {
        // Findings the baseline hides are not fixed either.
        var visible = plan.baseline.map { $0.filter(report, root: plan.root) } ?? report
        // Nor are advisories the report does not show: what a team sees is what a team fixes.
        if !showsInfo(plan) { visible = LintSession.withoutAdvisories(visible) }
        let contents = Fixer.fixedContents(visible, unsafe: options.unsafeFixes)
        let (written, problems) = Fixer.write(contents, original: report)
        outcome.fixedFiles = written
        let fixedCount = visible.diagnostics.filter { ($0.fix?.isSafe == true || $0.fix != nil && options.unsafeFixes) && written.contains($0.path) }.count
        if !options.quiet && !written.isEmpty {
            outcome.output.append(.standardError("statelint: fixed \(fixedCount) finding\(fixedCount == 1 ? "" : "s") in \(written.count) file\(written.count == 1 ? "" : "s")"))
        }
        // The same files again, as they are now (a `--changed-since` run reports only the changed ones).
        var again = try changed.map { try lintChanged($0, plan: plan, engine: engine) } ?? lintOnly(plan: plan, engine: engine)
        again.problems += problems
        return again
    }

    /// The reports, rendered, for standard output or their files.
    func reports(_ report: LintReport, plan: Plan) -> [LintOutput] {
        plan.reports.map { format, shown, target in
            let rendered = presentation.render(format, report, options.color && target == nil)
            if let shown, let target { return .file(target, shown: shown, text: rendered) }
            return .standardOutput(rendered)
        }
    }

    /// The files that could not be linted, and the links that were not followed.
    func problemMessages(_ report: LintReport, plan: Plan) -> [LintOutput] {
        var lines = plan.notices
        for problem in report.problems {
            // (A file name may hold a newline and `::error …`: on one line it cannot forge anything.)
            lines.append("statelint: \(problem.isInternalFailure || problem.isWriteFailure ? "error" : "warning"): \(presentation.path(problem.path)) \(presentation.neutralized(problem.message))")
        }
        for link in plan.folders.skippedLinks() {
            var info = stat()
            // (Skipped folders are links; anything else skipped is a `.swift` that is not a regular file.)
            let isFolder = FilePath.fsStat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            lines.append(isFolder
                ? "statelint: note: \(presentation.path(link)) is a link to '/', to a folder that holds the project, or into /proc, /sys or /dev; not followed"
                : "statelint: note: \(presentation.path(link)) is not a regular file (a FIFO, socket or device); not read")
        }
        return lines.map { .standardError($0) }
    }

    /// After `--stats`: an empty run, the summary line, and baselined findings that are fixed.
    func closingMessages(_ report: LintReport, plan: Plan, fixedBaselined: Int) -> [LintOutput] {
        var lines: [String] = []
        if report.fileCount == 0 && report.problems.isEmpty && options.stdinPath == nil {
            // Said even with --quiet: a hook or CI step pointed at the wrong folder must not pass in silence.
            let shown = (options.changedSince.map { ["files changed since \($0)"] } ?? (options.paths.isEmpty ? ["."] : options.paths))
                .map { presentation.neutralized($0) }.joined(separator: ", ")
            lines.append("statelint: warning: no Swift files found in \(shown)")
        }
        // The summary line goes with a report for people on standard output, or with reports only in files.
        let onStandardOutput = plan.reports.first { $0.target == nil }?.format
        let showsSummary = onStandardOutput.map { !$0.isMachineReadable } ?? true
        if !options.quiet && showsSummary { lines.append(presentation.summary(report)) }
        if fixedBaselined > 0 && (!options.quiet || options.strictBaseline) {
            let shown = presentation.neutralized(plan.baselineFile ?? "the baseline")
            let what = "\(fixedBaselined) baselined finding\(fixedBaselined == 1 ? " is" : "s are") fixed; run --write-baseline \(shown) to drop \(fixedBaselined == 1 ? "it" : "them")"
            lines.append(options.strictBaseline ? "statelint: error: \(what) (--strict-baseline)" : "statelint: \(what)")
        }
        return lines.map { .standardError($0) }
    }

    /// The analysis cache this run reads and writes: `--cache-dir`, else `STATELINT_CACHE_DIR`, else the
    /// project's folder in the user's cache home (`CacheLocation`); none with `--no-cache` or
    /// `STATELINT_NO_CACHE` (not `0`), and none by default for a root that is no project (`/`, a home
    /// folder, a folder without git or build files). `--fix` takes no findings from it.
    func diskCache(project: Project.Root, into outcome: inout LintOutcome) throws -> DiskCache? {
        if options.noCache { return nil }
        if let named = options.cacheDir ?? environment["STATELINT_CACHE_DIR"].flatMap({ $0.isEmpty ? nil : $0 }) {
            let source = options.cacheDir != nil ? "--cache-dir" : "STATELINT_CACHE_DIR"
            guard !named.isEmpty else { throw StatelintError.usage("--cache-dir needs a folder; an empty name is none") }
            // A missing parent is a mistake in the name, not a tree of folders to make.
            let absolute = named.hasPrefix("/") ? named : FileManager.default.currentDirectoryPath + "/" + named
            let trimmed = absolute.hasSuffix("/") && absolute.count > 1 ? String(absolute.dropLast()) : absolute
            let parent = (trimmed as NSString).deletingLastPathComponent
            var info = stat()
            if !parent.isEmpty && FilePath.fsStat(parent, &info) != 0 {
                throw StatelintError.io(path: named, reason: "\(source): its parent folder '\(parent)' does not exist")
            }
        }
        let (cache, note) = CacheLocation.diskCache(project: project, named: options.cacheDir, environment: environment, version: version)
        if let note, !options.quiet { outcome.output.append(.standardError("statelint: note: \(presentation.neutralized(note))")) }
        cache?.reusesFindings = !options.fix
        return cache
    }
}
