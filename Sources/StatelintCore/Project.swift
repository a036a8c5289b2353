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
