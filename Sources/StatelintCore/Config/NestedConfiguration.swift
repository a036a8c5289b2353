import Foundation

/// `.lintrc` files in subfolders of the project: each applies to its subtree (as SwiftLint's and ruff's
/// nested configurations do), on top of the configurations above it. A nested file may set `rules` and
/// `deployment_target`; what concerns the whole run (`include`, `exclude`, `baseline`, `format`,
/// `severity_threshold`) belongs to the project's own `.lintrc`, and a nested file that sets it is an error.
public enum NestedConfiguration {
    /// The keys a nested `.lintrc` may set.
    public static let nestedKeys: Set<String> = ["rules", "deployment_target"]

    /// The nested configurations that apply to `files`: every `.lintrc` in a folder of a file or in a folder
    /// between it and `root` (not `root`'s own, which is the project's), merged from the outermost in.
    /// - Returns: each folder (absolute) with the merged configuration of its subtree, deepest first.
    public static func find(for files: [String], root: String, base: Configuration) throws -> [(folder: String, configuration: Configuration)] {
        let cwd = FileManager.default.currentDirectoryPath
        let top = FolderWalk.absolute(root)
        let prefix = top == "/" ? "/" : top + "/"
        var folders = Set<String>()
        var seenParents = Set<Substring>()
        var previous: Substring?
        for file in files {
            // The file's folder, once per folder (most files share theirs with the one before); its `/`
            // found among the bytes (`FolderWalk.name`), not by a walk over characters.
            let name = FolderWalk.name(file)
            // (A file in the current folder: its folder is the current one, which may be below the root.)
            let parent = name.startIndex > file.startIndex ? file[..<file.utf8.index(before: name.startIndex)] : "."
            // (The folder of the file before, compared first: sorted files come folder by folder.)
            guard parent != previous else { continue }
            previous = parent
            guard seenParents.insert(parent).inserted else { continue }
            var folder = NestedConfiguration.absolute(String(parent), cwd: cwd)
            // Up to the project root, each folder once (a folder already seen has had its ancestors added).
            while folder.utf8.count > top.utf8.count, folder.hasPrefix(prefix), folders.insert(folder).inserted {
                guard let up = folder.lastIndex(of: "/") else { break }
                folder = String(folder[..<up])
            }
        }
        var own: [String: Configuration] = [:]
        for folder in folders {
            let path = folder + "/" + Configuration.fileName
            var info = stat()
            guard FilePath.fsStat(path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { continue }
            let configuration = try Configuration.load(path: path)
            if let key = topLevelKeys(of: path).first(where: { !nestedKeys.contains($0) }) {
                throw ConfigError(path: path, line: 0, column: 0,
                                  message: "'\(key)' applies to the whole run: set it in the project's .lintrc; a nested .lintrc sets only 'rules' and 'deployment_target'")
            }
            own[folder] = configuration
        }
        guard !own.isEmpty else { return [] }
        return merge(own, base: base)
    }

    /// The keys a (valid) configuration file sets.
    static func topLevelKeys(of path: String) -> [String] {
        guard case .success(let bytes) = FileReading.bytes(of: path), let root = try? YAMLSubset.parse(bytes: bytes),
              case .map(let pairs) = root.content else { return [] }
        return pairs.map(\.key)
    }

    static func merge(_ own: [String: Configuration], base: Configuration) -> [(folder: String, configuration: Configuration)] {
        // Merged from the outermost: a folder's configuration is the project's, then each nested one above
        // it, then its own.
        var merged: [(folder: String, configuration: Configuration)] = []
        for folder in own.keys.sorted() {
            var configuration = base
            for ancestor in own.keys.sorted() where folder == ancestor || folder.hasPrefix(ancestor + "/") {
                configuration = configuration.overlaid(with: own[ancestor]!)
            }
            merged.append((folder, configuration))
        }
        return merged.sorted { $0.folder.count > $1.folder.count }
    }
}

extension NestedConfiguration {
    /// An absolute path: a walk's paths as they are (already normal), others made normal the slow way
    /// (`..`, `.`, doubled slashes).
    static func absolute(_ path: String, cwd: String) -> String {
        let full = path.hasPrefix("/") ? path : (path.isEmpty || path == "." ? cwd : cwd + "/" + path)
        // (`/.` or `//` looked for among the bytes: Foundation's text search costs far more.)
        var previousIsSlash = false
        for byte in full.utf8 {
            if previousIsSlash && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/")) { return FolderWalk.absolute(full) }
            previousIsSlash = byte == UInt8(ascii: "/")
        }
        return full
    }
}

extension Configuration {
    /// This configuration with a nested one's `rules` (rule by rule) and `deployment_target` (platform by
    /// platform) on top.
    func overlaid(with nested: Configuration) -> Configuration {
        var result = self
        for (id, setting) in nested.rules { result.rules[id] = setting }
        for (platform, version) in nested.deploymentTarget { result.deploymentTarget[platform] = version }
        return result
    }
}

/// The settings of each folder that has a nested `.lintrc`, for the engine: a file is checked with the
/// settings of the deepest such folder that holds it, else with the run's.
public struct FolderSettings: Sendable {
    /// Absolute folders, deepest first, and their settings.
    public var folders: [(folder: String, settings: LintSettings)]

    public init(folders: [(folder: String, settings: LintSettings)]) {
        self.folders = folders
    }

    /// The settings for a file (a display path or an absolute one), or nil for the run's.
    public func settings(for path: String) -> LintSettings? {
        let absolute = NestedConfiguration.absolute(path, cwd: cwd)
        return folders.first { absolute.hasPrefix($0.folder + "/") }?.settings
    }

    /// The folder the run's relative paths start from.
    let cwd = FileManager.default.currentDirectoryPath

    /// Every rule any of the settings runs (the first settings' severity and options): what pass 1 plans for.
    public func union(with base: LintSettings) -> LintSettings {
        var result = base
        var ids = Set(base.runs.map(\.id))
        for (_, settings) in folders {
            for run in settings.runs where ids.insert(run.id).inserted { result.runs.append(run) }
        }
        return result
    }
}
