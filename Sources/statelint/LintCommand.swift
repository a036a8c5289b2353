import Foundation
import StatelintAnalysis
import StatelintCore
import StatelintDiagnostics
import StatelintReporters
import StatelintRules
import StatelintSyntax

/// `statelint [lint] [PATH ...] [options]`.
struct Lint {
    var paths: [String] = []
    var format: String?
    var output: String?
    /// `--report FORMAT[:FILE]`, in order: each rendered from the same findings (no file: standard output).
    var reports: [(format: String, file: String?)] = []
    var configPath: String?
    var enable: [String] = []
    var disable: [String] = []
    /// `--only RULE[,RULE]`: run these rules and no other.
    var only: [String] = []
    var threshold: Severity?
    var baselinePath: String?
    /// Fail (exit 1) when baselined findings no longer occur: the baseline must be rewritten.
    var strictBaseline = false
    var writeBaselinePath: String?
    var stdinPath: String?
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var fix = false
    var forceExclude = false
    /// Walk folders without obeying `.gitignore` / `.ignore` files.
    var noIgnore = false
    /// `--no-cache`: neither read nor write the analysis cache.
    var noCache = false
    /// `--cache-dir DIR`: where the analysis cache is kept.
    var cacheDir: String?
    var colorMode = "auto"
    var quiet = false
    var showHelp = false
    var showVersion = false
    var stats = false
    var changedSince: String?
    /// More threads than this only cost memory and start-up time.
    static let maximumJobs = 1024
    /// Folders the walks could not read (reported with the file problems).
    let unreadableFolders = FolderLog()

    init(arguments args: [String]) throws {
        var i = 0
        func value(_ option: String) throws -> String {
            i += 1
            guard i < args.count, !args[i].hasPrefix("--") else { throw StatelintError.usage("\(option) needs a value") }
            return args[i]
        }
        func ruleList(_ option: String) throws -> [String] {
            let ids = try value(option).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            for id in ids where !RuleRegistry.isKnown(id) {
                throw StatelintError.usage("unknown rule '\(id)' in \(option)\(CommandLineTool.suggestion(id, RuleRegistry.descriptors.map(\.id)))")
            }
            return ids
        }
        var onlyPaths = false
        while i < args.count {
            let arg = args[i]
            if onlyPaths {
                // After `--`, everything is a path (a file named `-rf.swift`).
                paths.append(arg)
                i += 1
                continue
            }
            switch arg {
            case "--": onlyPaths = true
            case "--version": showVersion = true
            case "--format":
                let v = try value(arg)
                guard CommandLineTool.formats.contains(v) else {
                    throw StatelintError.usage("unknown format '\(v)' (expected \(CommandLineTool.formats.joined(separator: ", ")))\(CommandLineTool.suggestion(v, CommandLineTool.formats))")
                }
                format = v
            case "--output": output = try value(arg)
            case "--report":
                let v = try value(arg)
                let name = String(v.prefix { $0 != ":" })
                let file = name.count < v.count ? String(v.dropFirst(name.count + 1)) : nil
                guard CommandLineTool.formats.contains(name) else {
                    throw StatelintError.usage("unknown format '\(name)' in --report \(v) (expected FORMAT[:FILE], FORMAT one of \(CommandLineTool.formats.joined(separator: ", ")))\(CommandLineTool.suggestion(name, CommandLineTool.formats))")
                }
                if file == "" { throw StatelintError.usage("--report \(v): the file name after ':' is empty") }
                reports.append((name, file))
            case "--config": configPath = try value(arg)
            case "--enable": enable += try ruleList(arg)
            case "--disable": disable += try ruleList(arg)
            case "--only": only += try ruleList(arg)
            case "--severity-threshold":
                let v = try value(arg)
                guard let s = Severity(rawValue: v) else {
                    throw StatelintError.usage("--severity-threshold takes info, warning or error, not '\(v)'")
                }
                threshold = s
            case "--baseline": baselinePath = try value(arg)
            case "--write-baseline": writeBaselinePath = try value(arg)
            case "--strict-baseline": strictBaseline = true
            case "--stdin-path": stdinPath = try value(arg)
            case "--jobs":
                let v = try value(arg)
                guard let n = Int(v), n > 0, n <= Lint.maximumJobs else {
                    throw StatelintError.usage("--jobs takes a number from 1 to \(Lint.maximumJobs), not '\(v)'")
                }
                jobs = n
            case "--fix": fix = true
            case "--force-exclude": forceExclude = true
            case "--no-ignore": noIgnore = true
            case "--no-cache": noCache = true
            case "--cache-dir": cacheDir = try value(arg)
            case "--color":
                colorMode = try value(arg)
                guard ["auto", "always", "never"].contains(colorMode) else {
                    throw StatelintError.usage("--color takes auto, always or never, not '\(colorMode)'")
                }
            case "--quiet", "-q": quiet = true
            case "--stats": stats = true
            case "--changed-since": changedSince = try value(arg)
            case "-h", "--help": showHelp = true
            default:
                if arg.hasPrefix("-") && arg != "-" {
                    throw StatelintError.usage("unknown option '\(arg)'\(CommandLineTool.suggestion(arg, CommandLineTool.options))")
                }
                paths.append(arg)
            }
            i += 1
        }
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

    func run() throws -> Int32 {
        let startTime = MonotonicClock.now()
        if showHelp {
            print(CommandLineTool.usage)
            return 0
        }
        if showVersion {
            print(CommandLineTool.version)
            return 0
        }
        let cwd = FileManager.default.currentDirectoryPath
        // Configuration: --config, else the nearest .lintrc upward.
        let configFile = configPath ?? Configuration.locate(from: cwd)
        if let configPath, !FileManager.default.fileExists(atPath: configPath) {
            throw StatelintError.usage("no such configuration file: '\(configPath)'")
        }
        let config = try configFile.map { try Configuration.load(path: $0) } ?? Configuration()
        let root = Project.root(configFile: configFile, cwd: cwd)

        // Everything that can fail is checked before anything is written (fixes included): the baseline
        // is read, and the report and baseline targets are checked, first.
        if baselinePath != nil && writeBaselinePath != nil {
            throw StatelintError.usage("--write-baseline records every finding; it cannot be combined with --baseline (a baseline in .lintrc is fine)")
        }
        let baselineFile = writeBaselinePath != nil ? nil : baselinePath ?? config.baseline.map { Project.resolve($0, against: configFile) }
        if strictBaseline && baselineFile == nil {
            throw StatelintError.usage("--strict-baseline needs a baseline: --baseline FILE, or 'baseline' in .lintrc")
        }
        let baseline: Baseline?
        do {
            baseline = try baselineFile.map { try Baseline.load(path: $0) }
        } catch StatelintError.io(let file, let reason) where baselinePath == nil {
            // A baseline named in .lintrc: say where it is named.
            guard let configFile, case .success(let bytes) = FileReading.bytes(of: configFile),
                  let place = Configuration.location(ofKey: "baseline", in: String(decoding: bytes, as: UTF8.self)) else {
                throw StatelintError.io(path: file, reason: reason)
            }
            throw ConfigError(path: configFile, line: place.line, column: place.column, message: "baseline '\(file)': \(reason)")
        }
        let inputs = paths + [configFile, baselineFile].compactMap { $0 }
        // The reports: `--report`s, plus `--format`/`--output` when given (alone, they are the only one).
        var wanted = reports
        if reports.isEmpty || format != nil || output != nil { wanted.append((format ?? config.format ?? "text", output)) }
        guard wanted.filter({ $0.file == nil }).count <= 1 else {
            throw StatelintError.usage("only one report can go to standard output; give the others a file (--report FORMAT:FILE)")
        }
        if writeBaselinePath != nil && (output != nil || reports.contains { $0.file != nil }) {
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
            let target = try Lint.checkedTarget(file, option: file == output ? "--output" : "--report", inputs: inputs)
            if case .file(let resolved) = target, !seenFiles.insert(resolved).inserted {
                throw StatelintError.usage("two reports would be written to '\(PlainText.neutralized(file))'")
            }
            if case .descriptor(let fd) = target, !seenDescriptors.insert(fd).inserted {
                throw StatelintError.usage(fd == STDOUT_FILENO
                    ? "two reports would be written to standard output ('\(PlainText.neutralized(file))' is standard output); give one a file"
                    : "two reports would be written to descriptor \(fd) ('\(PlainText.neutralized(file))')")
            }
            targets.append((reportFormat, file, target))
        }
        let baselineTarget = try writeBaselinePath.map { try Lint.checkedTarget($0, option: "--write-baseline", inputs: inputs) }

        // Rules, severities and options: configuration first, then the command line (merged in Core).
        let detected = ProjectTarget.detect(root: root, paths: stdinPath.map { [$0] } ?? paths)
        let settings = LintSettings(configuration: config, enable: enable, disable: disable, only: only, detected: detected)
        let threshold = self.threshold ?? config.severityThreshold ?? .warning
        var engine = Engine(settings: settings, jobs: jobs)
        engine.crashed = Supervisor.crashed
        // A developer's knob: collect project facts no enabled rule needs, to measure what they cost
        // (`STATELINT_EXTRA_FACTS=all` or a comma-separated list; docs/benchmark.md).
        if let extra = ProcessInfo.processInfo.environment["STATELINT_EXTRA_FACTS"] {
            engine.extraFacts = extra == "all" ? Set(ProjectFact.allCases)
                : Set(extra.split(separator: ",").compactMap { ProjectFact(rawValue: String($0)) })
        }

        engine.diskCache = diskCache(root: root)

        var report: LintReport
        /// The files `--changed-since` chose (a fix run lints the same ones again).
        var changed: [String]?
        let discoveryStart = MonotonicClock.now()
        if let stdinPath, forceExclude && !Project.selects(stdinPath, root: root, config: config) {
            // An excluded path stays excluded when its content comes from standard input.
            report = LintReport(diagnostics: [], problems: [], fileCount: 0, sources: [:])
        } else if let stdinPath {
            guard let data = Supervisor.standardInput ?? FileReading.standardInput() else {
                throw StatelintError.usage("--stdin-path \(stdinPath): standard input cannot be read (is it closed?)")
            }
            let shown = Discovery.displayPath(stdinPath)
            // The project's files are read from disk as usual (not all held in memory); the buffer stands in
            // for its path.
            let project = try projectFiles(root: root, config: config)
            report = try nested(engine, files: project + [shown], root: root, config: config)
                .lint(project: project, reporting: [shown], replacing: SourceFile(path: shown, bytes: [UInt8](data)))
        } else if let changedSince {
            // The Swift files that differ from REV, plus untracked ones, linted with the whole project's index.
            changed = try Lint.changedFiles(since: changedSince, root: root)
                .filter { !forceExclude || Project.selects($0, root: root, config: config) }
            let project = try projectFiles(root: root, config: config)
            report = try nested(engine, files: project, root: root, config: config).lint(project: project, reporting: changed ?? [])
        } else {
            report = try lintOnly(config: config, root: root, isProject: configFile != nil, engine: engine)
        }

        if report.stats.startedAt > 0 { report.stats.discovery = report.stats.startedAt - discoveryStart }
        if let cache = engine.diskCache {
            cache.save()
            report.stats.cache = cache.counts
            if let problem = cache.problem, !quiet { CommandLineTool.printError("statelint: note: \(PlainText.neutralized(problem)); the next run analyses every file again") }
        }
        // A report file with other hard links may be one of the files the walk found: never replace a source.
        for target in targets.compactMap(\.target) + [baselineTarget].compactMap({ $0 }) {
            try Lint.refuseLinkedSource(target, among: report.reportedPaths)
        }
        let engineEnd = MonotonicClock.now()

        if fix {
            // Findings the baseline hides are not fixed either.
            let visible = baseline.map { $0.filter(report, root: root) } ?? report
            let contents = Fixer.fixedContents(visible)
            let (written, problems) = Fixer.write(contents, original: report)
            let fixedCount = visible.diagnostics.filter { $0.fix?.isSafe == true && written.contains($0.path) }.count
            if !quiet && !written.isEmpty {
                CommandLineTool.printError("statelint: fixed \(fixedCount) finding\(fixedCount == 1 ? "" : "s") in \(written.count) file\(written.count == 1 ? "" : "s")")
            }
            // The same files again, as they are now (a `--changed-since` run reports only the changed ones).
            let again = try changed.map { changed in
                let project = try projectFiles(root: root, config: config)
                return try nested(engine, files: project, root: root, config: config).lint(project: project, reporting: changed)
            } ?? lintOnly(config: config, root: root, isProject: configFile != nil, engine: engine)
            report = again
            report.problems += problems
        }
        report.problems += unreadableFolders.problems()

        if let writeBaselinePath, let baselineTarget {
            let recorded = Baseline(report: report, root: root)
            try write(recorded.render(), to: baselineTarget, shown: writeBaselinePath)
            if !quiet {
                CommandLineTool.printError("statelint: recorded \(recorded.findingCount) finding\(recorded.findingCount == 1 ? "" : "s") in \(PlainText.neutralized(writeBaselinePath))")
            }
            return 0
        }
        var fixedBaselined = 0
        if let baseline {
            (report, fixedBaselined) = baseline.apply(to: report, root: root)
        }

        for (reportFormat, shown, target) in targets {
            let color: Bool
            switch colorMode {
            case "always": color = true
            case "never": color = false
            default:
                color = target == nil && isatty(STDOUT_FILENO) != 0 && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
            }
            let rendered = reportFormat.render(report, rules: RuleRegistry.descriptors, version: CommandLineTool.version, color: color && target == nil)
            if let shown, let target {
                try write(rendered, to: target, shown: shown)
            } else {
                FileHandle.standardOutput.write(Data(rendered.utf8))
            }
        }
        // The summary line goes with a report for people on standard output, or with reports only in files.
        let onStandardOutput = targets.first { $0.target == nil }?.format
        let showsSummary = onStandardOutput.map { !$0.isMachineReadable } ?? true
        for problem in report.problems {
            // (A file name may hold a newline and `::error …`: on one line it cannot forge anything.)
            CommandLineTool.printError("statelint: \(problem.isInternalFailure || problem.isWriteFailure ? "error" : "warning"): \(PlainText.path(problem.path)) \(PlainText.neutralized(problem.message))")
        }
        for link in unreadableFolders.skippedLinks() {
            var info = stat()
            // (Skipped folders are links; anything else skipped is a `.swift` that is not a regular file.)
            let isFolder = FilePath.fsStat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            CommandLineTool.printError(isFolder
                ? "statelint: note: \(PlainText.path(link)) is a link to '/', to a folder that holds the project, or into /proc, /sys or /dev; not followed"
                : "statelint: note: \(PlainText.path(link)) is not a regular file (a FIFO, socket or device); not read")
        }
        if stats {
            let now = MonotonicClock.now()
            CommandLineTool.printError(Lint.statsText(report.stats, wall: now - startTime, output: now - engineEnd))
        }
        if report.fileCount == 0 && report.problems.isEmpty && stdinPath == nil {
            // Said even with --quiet: a hook or CI step pointed at the wrong folder must not pass in silence.
            let shown = (changedSince != nil ? ["files changed since \(changedSince!)"] : paths.isEmpty ? ["."] : paths)
                .map { PlainText.neutralized($0) }.joined(separator: ", ")
            CommandLineTool.printError("statelint: warning: no Swift files found in \(shown)")
        }
        if !quiet && showsSummary { CommandLineTool.printError(TextReporter.summary(report)) }
        if fixedBaselined > 0 && (!quiet || strictBaseline) {
            let shown = PlainText.neutralized(baselineFile ?? "the baseline")
            CommandLineTool.printError(strictBaseline
                ? "statelint: error: \(fixedBaselined) baselined finding\(fixedBaselined == 1 ? " is" : "s are") fixed; run --write-baseline \(shown) to drop \(fixedBaselined == 1 ? "it" : "them") (--strict-baseline)"
                : "statelint: \(fixedBaselined) baselined finding\(fixedBaselined == 1 ? " is" : "s are") fixed; run --write-baseline \(shown) to drop \(fixedBaselined == 1 ? "it" : "them")")
        }
        if report.problems.contains(where: \.isInternalFailure) { return 3 }
        // A file that should have been linted and was not is a gap in the report, not a clean result.
        if report.problems.contains(where: { !$0.isPartial }) { return 2 }
        if strictBaseline && fixedBaselined > 0 { return 1 }
        return report.diagnostics.contains { $0.severity >= threshold } ? 1 : 0
    }

    /// The analysis cache this run reads and writes: `--cache-dir`, else `STATELINT_CACHE_DIR`, else
    /// `.statelint_cache` in the project root; none with `--no-cache` or `STATELINT_NO_CACHE` (not `0`).
    func diskCache(root: String) -> DiskCache? {
        let environment = ProcessInfo.processInfo.environment
        if noCache { return nil }
        if let off = environment["STATELINT_NO_CACHE"], !off.isEmpty, off != "0" { return nil }
        let folder = cacheDir ?? environment["STATELINT_CACHE_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? root + "/.statelint_cache"
        return DiskCache(folder: folder, version: CommandLineTool.version)
    }

    /// The `--stats` breakdown.
    static func statsText(_ s: EngineStats, wall: Double, output: Double) -> String {
        func ms(_ t: Double) -> String { String(format: "%8.1f ms", t * 1000) }
        let mb = Double(s.bytes) / 1_048_576
        var rss = rusage()
        getrusage(RUSAGE_SELF.rawValue, &rss)
        return """
            statelint stats: \(s.files) files, \(s.lines) lines, \(String(format: "%.1f", mb)) MB, \(s.skippedFiles) skipped by pass 2
              wall time                 \(ms(wall))  (\(String(format: "%.0f", Double(s.lines) / max(wall, 1e-9))) lines/s, \(String(format: "%.1f", mb / max(wall, 1e-9))) MB/s)
              finding files (wall)      \(ms(s.discovery))
              pass 1 (wall)             \(ms(s.pass1Wall))
                reading (cpu)           \(ms(s.reading))
                lexing (cpu)            \(ms(s.lexingForIndex))
                parsing (cpu)           \(ms(s.parsingForIndex))
                summaries (cpu)         \(ms(s.summarizing))
              index (wall)              \(ms(s.indexing))  (\(s.indexTypes) types, \(s.indexMembers) members kept)
                merge                   \(ms(s.merging))
                late pass               \(ms(s.latePass))
                compact                 \(ms(s.compacting))
              pass 2 (wall)             \(ms(s.pass2Wall + s.deferredWall))
                lexing (cpu)            \(ms(s.lexingForRules))
                parsing (cpu)           \(ms(s.parsingForRules))
                construction sites (cpu)\(ms(s.siteSearch))  (\(s.siteTypes) types, \(s.siteFiles) files searched)
                rules (cpu)             \(ms(s.checking))
                deferred (wall)         \(ms(s.deferredWall))  (\(s.deferredFiles) files checked after the site search)
              reporting (wall)          \(ms(output))
              analysis cache            \(s.cache.summaries) summaries and \(s.cache.findings) files' findings reused, \(s.cache.summariesMade) summaries and \(s.cache.findingsMade) files' findings made
                reading the cache       \(ms(s.cache.loading))
                hashing files           \(ms(s.cache.probing))
                writing the cache       \(ms(s.cache.saving))
              peak memory               \(rss.ru_maxrss / 1024) MB
            """
    }

    /// Lints the paths without fixing, baselines or output (used after `--fix`).
    /// `isProject`: a configuration file names the project (else the root is a git work tree, or only
    /// the current folder).
    func lintOnly(config: Configuration, root: String, isProject: Bool, engine: Engine) throws -> LintReport {
        let targets = paths.isEmpty ? ["."] : paths
        let (files, explicitFiles) = try lintTargets(targets, root: root, config: config)
        if explicitFiles.isEmpty { return try nested(engine, files: files, root: root, config: config).lint(paths: files) }
        // Named files: index the rest of their project, report only what was asked for.
        let projectRoot = isProject || Project.gitWorkTree(containing: root) != nil ? root : nil
        let (roots, folders) = Project.indexed(forNamed: explicitFiles, projectRoot: projectRoot)
        var project: [String] = []
        for other in roots {
            // (The configuration's include/exclude are relative to its own project.)
            project += try projectFiles(root: other, config: other == root ? config : Configuration())
        }
        for folder in folders { project += Project.swiftFiles(besideIn: folder) }
        return try nested(engine, files: project + files, root: root, config: config).lint(project: project, reporting: files)
    }

    /// The engine with the settings of the nested `.lintrc` files that apply to `files` (below the project
    /// root), each merged over the project's configuration and this command line's rule options.
    func nested(_ engine: Engine, files: [String], root: String, config: Configuration) throws -> Engine {
        let found = try NestedConfiguration.find(for: files, root: root, base: config)
        guard !found.isEmpty else { return engine }
        var engine = engine
        engine.folderSettings = FolderSettings(folders: found.map {
            ($0.folder, LintSettings(configuration: $0.configuration, enable: enable, disable: disable, only: only,
                                     detected: engine.settings.deploymentTarget))
        })
        return engine
    }

    /// The files to lint: folders are searched (include/exclude apply), files are taken as given
    /// (exclude applies only with --force-exclude).
    func lintTargets(_ targets: [String], root: String, config: Configuration) throws -> (files: [String], explicit: [String]) {
        var files: [String] = []
        var explicit: [String] = []
        var folders: [String] = []
        for target in targets {
            var info = stat()
            guard FilePath.fsStat(target, &info) == 0 else {
                let reason = errno
                // A link named on the command line that leads nowhere is said as such.
                if FilePath.fsLstat(target, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK {
                    throw StatelintError.usage(reason == ELOOP
                        ? "'\(target)' is a symbolic link that loops (it leads back to itself)"
                        : "'\(target)' is a symbolic link to a missing file")
                }
                // `statelint rulez`: a mistyped command, not a file; `statelint --format json rules`: a command
                // written after an option.
                let commands = ["rules", "explain", "tokens", "syntax", "lint", "help"]
                if commands.contains(target) {
                    throw StatelintError.usage("'\(target)' is a command, not a path: write it first ('statelint \(target) …')")
                }
                if !target.contains("/") && !target.contains("."), let near = Spelling.suggestion(for: target, among: commands) {
                    throw StatelintError.usage("no such file or folder: '\(target)'; did you mean the command '\(near)'?")
                }
                throw StatelintError.usage("no such file or folder: '\(target)'")
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                folders.append(target)
            } else {
                if forceExclude && !Project.selects(target, root: root, config: config) { continue }
                files.append(target)
                explicit.append(target)
            }
        }
        // All folders in one walk (read in parallel); the walk sorts and removes duplicates.
        if !folders.isEmpty {
            let found = try Discovery.find(in: folders, jobs: jobs, ignoring: !noIgnore)
            unreadableFolders.add(found.unreadableFolders)
            unreadableFolders.addSkippedLinks(found.skippedLinks)
            files += found.files.filter { Project.selects($0, root: root, config: config) }
        }
        return (explicit.isEmpty ? files : Array(Set(files)).sorted(), explicit)
    }

    /// Every Swift file of the project that the configuration includes (the policy is Core's `Project`).
    func projectFiles(root: String, config: Configuration) throws -> [String] {
        let found = try Project.files(root: root, config: config, jobs: jobs, ignoring: !noIgnore)
        unreadableFolders.add(found.unreadableFolders)
        unreadableFolders.addSkippedLinks(found.skippedLinks)
        return found.files
    }

    /// Swift files changed since a git revision (committed, staged or not) and untracked ones, as display paths.
    static func changedFiles(since revision: String, root: String) throws -> [String] {
        func git(_ arguments: [String]) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", root] + arguments
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            do { try process.run() } catch {
                throw StatelintError.usage("--changed-since needs git: \(error.localizedDescription)")
            }
            let data = out.fileHandleForReading.readDataToEndOfFile()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                let reason = message.split(separator: "\n").first.map(String.init) ?? "git failed"
                throw StatelintError.usage("--changed-since \(revision): \(reason)")
            }
            return FilePath.string(fromBytes: data)
        }
        let top = try git(["rev-parse", "--show-toplevel"]).trimmingCharacters(in: .newlines)
        // -z: names as they are, NUL-separated (without it git quotes names with non-ASCII bytes, quotes
        // or tabs, and such files were missed).
        let changed = try git(["diff", "-z", "--name-only", "--diff-filter=d", revision, "--", "*.swift"])
        let untracked = try git(["ls-files", "-z", "--others", "--exclude-standard", "--", "*.swift"])
        let untrackedPrefix = try git(["rev-parse", "--show-prefix"]).trimmingCharacters(in: .newlines)
        var result = Set<String>()
        for line in changed.split(separator: "\0") where !line.isEmpty {
            result.insert(Discovery.displayPath(top + "/" + line))
        }
        for line in untracked.split(separator: "\0") where !line.isEmpty {
            // ls-files prints paths relative to the folder git ran in (the project root).
            let relative = untrackedPrefix.isEmpty ? String(line) : untrackedPrefix + line
            result.insert(Discovery.displayPath(top + "/" + relative))
        }
        return result.filter { var info = stat(); return FilePath.fsStat($0, &info) == 0 }.sorted()
    }

    static func checkedTarget(_ path: String, option: String, inputs: [String]) throws -> FileWriting.OutputTarget {
        let target: FileWriting.OutputTarget
        switch FileWriting.outputTarget(path) {
        case .success(let checked): target = checked
        case .failure(let refusal): throw StatelintError.io(path: path, reason: "\(refusal.message); \(option) cannot write there")
        }
        guard case .file(let file) = target else { return target }
        if file.hasSuffix(".swift") || path.hasSuffix(".swift") {
            throw StatelintError.usage("\(option) '\(path)' is a Swift source file; the report would replace it. Choose another name")
        }
        if let identity = FileIdentity(path: file) {
            for input in inputs where FileIdentity(path: input) == identity {
                throw StatelintError.usage("\(option) '\(path)' is also an input of this run ('\(input)'); the report would replace it. Choose another name")
            }
        }
        return target
    }

    /// Refuses a report file that is, under another name (a hard link), one of the files linted.
    static func refuseLinkedSource(_ target: FileWriting.OutputTarget, among linted: [String]) throws {
        guard case .file(let file) = target else { return }
        var info = stat()
        guard FilePath.fsStat(file, &info) == 0, info.st_nlink > 1, let identity = FileIdentity(path: file) else { return }
        for path in linted where FileIdentity(path: path) == identity {
            throw StatelintError.usage("'\(PlainText.neutralized(file))' is another name (a hard link) of the linted file '\(PlainText.neutralized(path))'; the report would replace it. Choose another name")
        }
    }

    func write(_ text: String, to target: FileWriting.OutputTarget, shown path: String) throws {
        if case .failure(let refusal) = FileWriting.writeReport(Array(text.utf8), to: target) {
            throw StatelintError.io(path: path, reason: refusal.message)
        }
    }
}

/// Folders that could not be read, collected over the walks of one run.
final class FolderLog: @unchecked Sendable {
    private let lock = NSLock()
    private var folders = Set<String>()

    private var links = Set<String>()

    func add(_ found: [String]) {
        lock.lock()
        folders.formUnion(found)
        lock.unlock()
    }

    /// Links to folders a walk did not follow (reported as notes; they change no exit status).
    func addSkippedLinks(_ found: [String]) {
        lock.lock()
        links.formUnion(found)
        lock.unlock()
    }

    func skippedLinks() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return Set(links.map(Discovery.displayPath)).sorted()
    }

    /// One problem per folder, sorted, named as the other paths are.
    func problems() -> [FileProblem] {
        lock.lock()
        defer { lock.unlock() }
        return Set(folders.map(Discovery.displayPath)).sorted().map {
            FileProblem(path: $0, message: $0.utf8.count >= Int(PATH_MAX)
                ? "is a folder whose path is longer than the system allows (\(PATH_MAX) bytes); the files in it are not linted"
                : "is a folder that cannot be read; the files in it are not linted")
        }
    }
}

