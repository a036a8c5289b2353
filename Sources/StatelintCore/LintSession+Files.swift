import Foundation
import StatelintDiagnostics

/// Which files a `LintSession` lints, and which files it may write.
extension LintSession {
    /// Lints the paths (the current folder when none is named), without fixing, baselines or output.
    /// Named files are reported on with the rest of their project indexed (`Project.root(of:)`; a file in
    /// no project brings only the files beside it).
    func lintOnly(plan: Plan, engine: Engine) throws -> LintReport {
        let (root, config) = (plan.root, plan.config)
        let targets = options.paths.isEmpty ? ["."] : options.paths
        let (files, explicitFiles) = try lintTargets(targets, root: root, config: config, plan.folders)
        if explicitFiles.isEmpty {
            // Folders below the project's root (`cd Feature && statelint`) are reported on with the whole
            // project indexed, as named files are: their callers and witnesses may live outside them.
            let rootShown = FolderWalk.absolute(root)
            let wholeProject = plan.project.kind == .none || targets.contains {
                let folder = FolderWalk.absolute($0)
                return folder == rootShown || !folder.hasPrefix(rootShown == "/" ? "/" : rootShown + "/")
            }
            if wholeProject { return try nested(engine, files: files, root: root, config: config).lint(paths: files) }
            let project = try projectFiles(root: root, config: config, plan.folders)
            return try nested(engine, files: project + files, root: root, config: config).lint(project: project, reporting: files)
        }
        // Named files: index the rest of their project, report only what was asked for.
        let projectRoot = plan.project.kind != .none ? root : nil
        let (roots, folders) = Project.indexed(forNamed: explicitFiles, projectRoot: projectRoot)
        var project: [String] = []
        for other in roots {
            // (The configuration's include/exclude are relative to its own project.)
            project += try projectFiles(root: other, config: other == root ? config : Configuration(), plan.folders)
        }
        for folder in folders { project += Project.swiftFiles(besideIn: folder) }
        return try nested(engine, files: project + files, root: root, config: config).lint(project: project, reporting: files)
    }

    /// The engine with the settings of the nested `.lintrc` files that apply to `files` (below the project
    /// root), each merged over the project's configuration and the command line's rule options.
    func nested(_ engine: Engine, files: [String], root: String, config: Configuration) throws -> Engine {
        let found = try NestedConfiguration.find(for: files, root: root, base: config)
        guard !found.isEmpty else { return engine }
        var engine = engine
        engine.folderSettings = FolderSettings(folders: found.map {
            ($0.folder, LintSettings(configuration: $0.configuration, enable: options.enable, disable: options.disable,
                                     only: options.only, detected: engine.settings.deploymentTarget))
        })
        return engine
    }

    /// The files to lint: folders are searched (include/exclude apply), files are taken as given
    /// (exclude applies only with --force-exclude).
    func lintTargets(_ targets: [String], root: String, config: Configuration, _ log: FolderLog) throws
        -> (files: [String], explicit: [String]) {
        var files: [String] = []
        var explicit: [String] = []
        var folders: [String] = []
        for target in targets {
            var info = stat()
            guard FilePath.fsStat(target, &info) == 0 else { throw LintSession.missingTarget(target, errno: errno) }
            if info.st_mode & S_IFMT == S_IFDIR {
                folders.append(target)
            } else {
                if options.forceExclude && !Project.selects(target, root: root, config: config) { continue }
                files.append(target)
                explicit.append(target)
            }
        }
        // All folders in one walk (read in parallel); the walk sorts and removes duplicates.
        if !folders.isEmpty {
            let found = try Discovery.find(in: folders, jobs: options.jobs, ignoring: !options.noIgnore)
            log.add(found.unreadableFolders)
            log.addSkippedLinks(found.skippedLinks)
            files += found.files.filter { Project.selects($0, root: root, config: config) }
        }
        return (explicit.isEmpty ? files : Array(Set(files)).sorted(), explicit)
    }

    /// The error for a path that names nothing (`reason`: the `errno` of its `stat`).
    static func missingTarget(_ target: String, errno reason: Int32) -> StatelintError {
        var info = stat()
        // A link named on the command line that leads nowhere is said as such.
        if FilePath.fsLstat(target, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK {
            return StatelintError.usage(reason == ELOOP
                ? "'\(target)' is a symbolic link that loops (it leads back to itself)"
                : "'\(target)' is a symbolic link to a missing file")
        }
        // `statelint rulez`: a mistyped command, not a file; `statelint --format json rules`: a command
        // written after an option.
        let commands = ["rules", "explain", "tokens", "syntax", "lint", "help"]
        if commands.contains(target) {
            return StatelintError.usage("'\(target)' is a command, not a path: write it first ('statelint \(target) …')")
        }
        if !target.contains("/") && !target.contains("."), let near = Spelling.suggestion(for: target, among: commands) {
            return StatelintError.usage("no such file or folder: '\(target)'; did you mean the command '\(near)'?")
        }
        return StatelintError.usage("no such file or folder: '\(target)'")
    }

    /// Every Swift file of the project that the configuration includes (the policy is `Project`'s).
    func projectFiles(root: String, config: Configuration, _ log: FolderLog) throws -> [String] {
        let found = try Project.files(root: root, config: config, jobs: options.jobs, ignoring: !options.noIgnore)
        log.add(found.unreadableFolders)
        log.addSkippedLinks(found.skippedLinks)
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

    /// Where a report or baseline named `path` (by `option`) may be written: not a Swift source, not an
    /// input of the run, not a place that cannot be written.
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
    static func refuseLinkedSource(_ target: FileWriting.OutputTarget, among linted: [String], _ presentation: LintPresentation) throws {
        guard case .file(let file) = target else { return }
        var info = stat()
        guard FilePath.fsStat(file, &info) == 0, info.st_nlink > 1, let identity = FileIdentity(path: file) else { return }
        for path in linted where FileIdentity(path: path) == identity {
            throw StatelintError.usage("'\(presentation.neutralized(file))' is another name (a hard link) of the linted file '\(presentation.neutralized(path))'; the report would replace it. Choose another name")
        }
    }

    /// The `--stats` breakdown: `wall` since the run started, `output` since the analysis ended.
    public static func statsText(_ s: EngineStats, wall: Double, output: Double) -> String {
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
                lexing (cpu)            \(ms(s.lexingForRules))  (\(s.keptLexesUsed) files lexed in pass 1 only)
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
}

/// Folders that could not be read, and links that were not followed, collected over the walks of one run.
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
