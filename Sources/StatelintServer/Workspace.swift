import Foundation
import StatelintCore
import StatelintDiagnostics
import StatelintSyntax

/// The files the server knows: each project's Swift files (found once, then kept current from watched
/// file events), their contents in memory (so a lint reads nothing from disk), and the open documents,
/// which stand in for their files.
///
/// A project is what the command line would lint from the document's folder: its root is the folder of
/// the nearest `.lintrc` (Core's `Configuration.locate`), else the git work tree, and its files are the
/// root's Swift files that the configuration includes (Core's `Project`).
final class Workspace: @unchecked Sendable {
    /// A project's files (absolute paths), by root.
    private var projects: [String: [String]] = [:]
    /// File contents by absolute path, with the modification time they were read at.
    private var cache: [String: (stamp: Stamp, file: Result<SourceFile, FileProblem>)] = [:]
    private let lock = NSLock()
    /// When the cache was last checked against the disk.
    private var sweptAt = 0.0
    let jobs: Int
    /// The user's home folder (never a project root).
    let home: String?

    init(jobs: Int, home: String?) {
        self.jobs = jobs
        self.home = home
    }

    /// The project root and configuration file of a path (the configuration's problem, if it has one).
    struct Setup {
        var root: String
        var configFile: String?
        var configuration: Configuration
        var problem: ConfigError?
        /// The configuration file's text: with the root, what tells two setups apart.
        var configText = ""
        /// A file in no project (no `.lintrc`, no git work tree, no workspace folder): only the open
        /// buffers of its folder are linted, its folder is not read.
        var standalone = false
        /// What made `root` the project's (its cache, if any, follows from it).
        var project = Project.Root(folder: "/", kind: .none)
    }

    /// The configuration that applies to a file, read anew (so a changed `.lintrc` counts at once). The
    /// project is the one the command line finds for the file (Core's `Project.root(of:)`: the git work
    /// tree, else the outermost folder with build files or a `.lintrc`), or else the editor's workspace
    /// folder that holds the file; its configuration is the root's `.lintrc`, and those of subfolders are
    /// nested configurations, as on the command line.
    func setup(of path: String, workspaceFolders: [String]) -> Setup {
        let folder = (path as NSString).deletingLastPathComponent
        var project = Project.root(of: [path], cwd: FileManager.default.currentDirectoryPath,
                                   home: home)
        if project.kind == .none {
            if let holder = workspaceFolders.filter({ path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }).max(by: { $0.count < $1.count }) {
                project = Project.Root(folder: holder, kind: .marked)
            } else {
                return Setup(root: folder, configFile: nil, configuration: Configuration(), standalone: true,
                             project: Project.Root(folder: folder, kind: .none))
            }
        }
        let root = project.folder
        guard let configFile = project.configFile else {
            // No `.lintrc`: the paths of the team's `.swiftlint.yml` apply, as on the command line.
            if case .success(let paths)? = SwiftLintPaths.read(root: root), !paths.isEmpty {
                return Setup(root: root, configFile: nil, configuration: paths.configuration,
                             configText: "\(paths.include)\(paths.exclude)", project: project)
            }
            return Setup(root: root, configFile: nil, configuration: Configuration(), project: project)
        }
        let text = (try? FileReading.bytes(of: configFile).get()).map { String(decoding: $0, as: UTF8.self) } ?? ""
        do {
            return Setup(root: root, configFile: configFile, configuration: try Configuration.load(path: configFile), configText: text, project: project)
        } catch let error as ConfigError {
            return Setup(root: root, configFile: configFile, configuration: Configuration(), problem: error, project: project)
        } catch {
            return Setup(root: root, configFile: configFile, configuration: Configuration(),
                         problem: ConfigError(path: configFile, line: 0, column: 0, message: "\(error)"), project: project)
        }
    }

    /// A project's Swift files (absolute paths), found on first use with `.gitignore` obeyed. `progress`
    /// is called with the share of files read into memory so far (0...100).
    func files(root: String, progress: ((Int, String) -> Void)? = nil) -> [String] {
        if let known = lock.withLock({ projects[root] }) { return known }
        // A file outside any project (no .lintrc, no git work tree) in the home folder or at the top of the
        // file system: its folder is not a project to read whole; the open buffers are linted alone.
        if Workspace.isTooBroad(root) {
            lock.withLock { projects[root] = [] }
            return []
        }
        let found = (try? Discovery.find(in: [root], jobs: jobs, ignoring: true).files) ?? []
        let absolute = found.map { $0.hasPrefix("/") ? $0 : FileManager.default.currentDirectoryPath + "/" + $0 }
        lock.withLock { projects[root] = absolute }
        // Read every file once now, so that the first lint after opening a document is as fast as the rest.
        let step = max(1, absolute.count / 20)
        for (i, path) in absolute.enumerated() {
            _ = content(of: path)
            if i % step == 0 { progress?(i * 100 / max(1, absolute.count), "\(i)/\(absolute.count) files") }
        }
        return absolute
    }

    /// The file system's root and the home folder are never read whole as a project.
    static func isTooBroad(_ root: String) -> Bool {
        let folder = URL(fileURLWithPath: root).standardizedFileURL.path
        let home = URL(fileURLWithPath: NSHomeDirectory()).standardizedFileURL.path
        return folder == "/" || folder == home
    }

    /// A file's content from memory, read from disk the first time.
    func content(of path: String) -> Result<SourceFile, FileProblem> {
        if let cached = lock.withLock({ cache[path] }) { return cached.file }
        let stamp = Stamp(path)
        let file = Engine.read(path)
        lock.withLock { cache[path] = (stamp, file) }
        return file
    }

    /// Files created, changed or deleted on disk (watched-file events, saves): their contents are read
    /// again when next needed. A created or deleted path (a folder too), or a changed `.gitignore` or
    /// `.ignore`, makes the projects that hold it find their files again, with the same ignore rules as
    /// the command line.
    func update(created: [String], changed: [String], deleted: [String]) {
        lock.withLock {
            for path in changed + deleted + created { cache[path] = nil }
            let moved = created + deleted + changed.filter { $0.hasSuffix("/.gitignore") || $0.hasSuffix("/.ignore") }
            for path in moved {
                for root in projects.keys where path.hasPrefix(root.hasSuffix("/") ? root : root + "/") { projects[root] = nil }
            }
        }
    }

    /// Makes every project find its files again on next use (for clients that do not report created
    /// files); the contents read so far are kept.
    func rediscover() {
        lock.withLock { projects = [:] }
    }

    /// Drops cached files whose modification time changed: edits made outside the editor, for clients
    /// that send no watched-file events. At most once every `interval` seconds.
    /// - Returns: the files that changed.
    @discardableResult
    func sweep(interval: Double = 2) -> [String] {
        let now = MonotonicClock.now()
        let entries: [(String, Stamp)] = lock.withLock {
            guard now - sweptAt >= interval else { return [] }
            sweptAt = now
            return cache.map { ($0.key, $0.value.stamp) }
        }
        var stale: [String] = []
        for (path, stamp) in entries where Stamp(path) != stamp { stale.append(path) }
        if !stale.isEmpty { lock.withLock { for path in stale { cache[path] = nil } } }
        return stale
    }
}

/// A file's modification time and size (zero when it cannot be read): what tells that it changed.
struct Stamp: Equatable, Sendable {
    var seconds = 0
    var nanoseconds = 0
    var size = 0

    init(_ path: String) {
        var info = stat()
        guard FilePath.fsStat(path, &info) == 0 else { return }
        #if canImport(Darwin)
        seconds = Int(info.st_mtimespec.tv_sec)
        nanoseconds = Int(info.st_mtimespec.tv_nsec)
        #else
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        #endif
        size = Int(info.st_size)
    }
}
