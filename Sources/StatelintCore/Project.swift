import Foundation

/// Where a project starts and which of its Swift files are linted: the policy every front end shares
/// (the command line, and the language server for each file it is asked about).
public enum Project {
    /// The project root: the folder of the configuration file, else the enclosing git work tree, else `cwd`.
    public static func root(configFile: String?, cwd: String) -> String {
        if let configFile {
            let absolute = configFile.hasPrefix("/") ? configFile : cwd + "/" + configFile
            return URL(fileURLWithPath: absolute).standardizedFileURL.deletingLastPathComponent().path
        }
        return gitWorkTree(containing: cwd) ?? cwd
    }

    /// A project root, and what made it one.
    public struct Root: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            /// A git work tree.
            case gitWorkTree
            /// The outermost folder (below the home folder) with a `.lintrc`, `Package.swift`, an Xcode project
            /// or workspace.
            case marked
            /// The configuration file named with `--config`: its folder.
            case configured
            /// No project: the folder named (or the folder of the files named).
            case none
        }

        public var folder: String
        public var kind: Kind

        public init(folder: String, kind: Kind) {
            (self.folder, self.kind) = (folder, kind)
        }

        /// Whether the root is a project whose analysis may be cached: not the file system's root, not a
        /// home folder, not a folder that is no project.
        public func isCacheable(home: String?) -> Bool {
            kind != .none && folder != "/" && folder != home
        }

        /// The project's own configuration file (`.lintrc` in the root), if there is one.
        public var configFile: String? {
            let candidate = (folder == "/" ? "" : folder) + "/" + Configuration.fileName
            var info = stat()
            guard FilePath.fsStat(candidate, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { return nil }
            return candidate
        }
    }

    /// The project that holds the linted paths, decided from the paths alone (never from the folder the
    /// command runs in), the same for the command line, the plugins and the language server: the git work
    /// tree that holds them; without one, the outermost folder above them, below the home folder, that holds
    /// a `.lintrc`, `Package.swift`, `.xcodeproj` or `.xcworkspace`; else the folder they are in.
    public static func root(of paths: [String], cwd: String, home: String?) -> Root {
        let folders = (paths.isEmpty ? ["."] : paths).map { path -> String in
            let absolute = FolderWalk.absolute(path.hasPrefix("/") ? path : (cwd == "/" ? "" : cwd) + "/" + path)
            var info = stat()
            if FilePath.fsStat(absolute, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR { return absolute }
            let parent = (absolute as NSString).deletingLastPathComponent
            return parent.isEmpty ? "/" : parent
        }
        // The folder that holds them all.
        var common = folders[0].split(separator: "/", omittingEmptySubsequences: true)
        for folder in folders.dropFirst() {
            let parts = folder.split(separator: "/", omittingEmptySubsequences: true)
            var n = 0
            while n < common.count && n < parts.count && common[n] == parts[n] { n += 1 }
            common.removeLast(common.count - n)
        }
        let base = "/" + common.joined(separator: "/")
        if let tree = gitWorkTree(containing: base) { return Root(folder: tree, kind: .gitWorkTree) }
        var outermost: String?
        var folder = base
        while folder != "/" && folder != home {
            if holdsProjectFile(folder) { outermost = folder }
            folder = (folder as NSString).deletingLastPathComponent
            if folder.isEmpty { break }
        }
        return outermost.map { Root(folder: $0, kind: .marked) } ?? Root(folder: base, kind: .none)
    }

    /// Whether a folder holds a `.lintrc`, a `Package.swift`, an Xcode project or workspace.
    static func holdsProjectFile(_ folder: String) -> Bool {
        var info = stat()
        if FilePath.fsStat(folder + "/" + Configuration.fileName, &info) == 0 || FilePath.fsStat(folder + "/Package.swift", &info) == 0 {
            return true
        }
        guard let dir = FilePath.fsOpendir(folder) else { return false }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = FilePath.name(of: entry)
            if name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") { return true }
        }
        return false
    }

    /// The git work tree a folder is in (the nearest folder upward with a `.git`), or nil.
    public static func gitWorkTree(containing path: String) -> String? {
        var folder = URL(fileURLWithPath: path).standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) { return folder.path }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// What to index for files named on their own (the rest of their project: callers live there). A file
    /// inside the project root (`projectRoot`: a configuration's folder or a git work tree; nil when the
    /// command runs outside any) brings that project; another file brings the git work tree it is in; a
    /// file in no project brings only the Swift files beside it — its folder may be `/tmp` or a home
    /// folder, and walking everything below it could read a whole disk.
    public static func indexed(forNamed files: [String], projectRoot: String?) -> (roots: [String], siblingsOf: [String]) {
        var roots: [String] = []
        var folders: [String] = []
        let cwd = FileManager.default.currentDirectoryPath
        for file in files {
            let absolute = URL(fileURLWithPath: file.hasPrefix("/") ? file : cwd + "/" + file).standardizedFileURL
            let folder = absolute.deletingLastPathComponent().path
            if let projectRoot, absolute.path.hasPrefix(projectRoot.hasSuffix("/") ? projectRoot : projectRoot + "/") {
                if !roots.contains(projectRoot) { roots.append(projectRoot) }
            } else if let tree = gitWorkTree(containing: folder) {
                if !roots.contains(tree) { roots.append(tree) }
            } else if !folders.contains(folder) {
                folders.append(folder)
            }
        }
        return (roots, folders)
    }

    /// The Swift files directly in a folder (not in its subfolders), sorted.
    public static func swiftFiles(besideIn folder: String) -> [String] {
        var files: [String] = []
        var subfolders: [String] = []
        var links: [String] = []
        Discovery.read(folder, files: &files, subfolders: &subfolders, links: &links)
        return files.sorted()
    }

    /// Whether the configuration's include/exclude select a path (matched relative to the project root).
    public static func selects(_ path: String, root: String, config: Configuration) -> Bool {
        // Nothing to filter: skip the path arithmetic (it runs for every file of the project).
        if config.include.isEmpty && config.exclude.isEmpty { return true }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let standardized = URL(fileURLWithPath: absolute).standardizedFileURL.path
        let prefix = root.hasSuffix("/") ? root : root + "/"
        let relative = standardized.hasPrefix(prefix) ? String(standardized.dropFirst(prefix.count)) : standardized
        return config.pathFilter.accepts(relative)
    }

    /// Every Swift file under `root` that the configuration includes (display paths, sorted), with the
    /// folders the walk could not read and the links it skipped.
    public static func files(root: String, config: Configuration, jobs: Int, ignoring: Bool = true) throws
        -> (files: [String], unreadableFolders: [String], skippedLinks: [String]) {
        let found = try Discovery.find(in: [root], jobs: jobs, ignoring: ignoring)
        return (found.files.filter { selects($0, root: root, config: config) }, found.unreadableFolders, found.skippedLinks)
    }

    /// A path the configuration names, relative to the configuration file's folder.
    public static func resolve(_ path: String, against configFile: String?) -> String {
        guard !path.hasPrefix("/"), let configFile else { return path }
        let folder = URL(fileURLWithPath: configFile).deletingLastPathComponent().path
        return folder.isEmpty ? path : folder + "/" + path
    }
}
