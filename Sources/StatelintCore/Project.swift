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
