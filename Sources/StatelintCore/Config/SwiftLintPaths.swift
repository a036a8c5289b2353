/// The `included:` and `excluded:` paths of a project's `.swiftlint.yml`: where a team already lists its
/// vendored and generated code. A project without a `.lintrc` lints what SwiftLint lints; with one,
/// the `.lintrc` decides.
///
/// Only those two top-level keys are read, each from its own lines, so the rest of the file (custom
/// rules with regular expressions, anchors, block scalars) never has to be YAML statelint reads.
/// SwiftLint's paths are relative to the file's folder and may use `*` and `**`; each becomes a glob
/// anchored at the project root (`Pods` → `/Pods`, which is that folder and everything under it).
public struct SwiftLintPaths: Sendable, Equatable {
    /// The file's name in the project root.
    public static let fileName = ".swiftlint.yml"

    /// The file's path.
    public var file: String
    /// `included:` as statelint globs (empty: everything).
    public var include: [String] = []
    /// `excluded:` as statelint globs.
    public var exclude: [String] = []
    /// The entries as the team wrote them, for what statelint says and `statelint init` writes.
    public var writtenIncluded: [String] = []
    public var writtenExcluded: [String] = []

    /// Whether the file lists any path.
    public var isEmpty: Bool { include.isEmpty && exclude.isEmpty }

    /// Reads `root/.swiftlint.yml`: nil when there is none (or it is not a regular file), a
    /// `ConfigError` when its `included:` or `excluded:` cannot be read.
    public static func read(root: String) -> Result<SwiftLintPaths, ConfigError>? {
        let path = (root == "/" ? "" : root) + "/" + fileName
        guard case .success(let bytes) = FileReading.bytes(of: path) else { return nil }
        return Result { () throws(ConfigError) in try parse(bytes: bytes, file: path, root: root) }
    }

    /// Reads the two keys from the file's bytes; `root` is the folder the file is in.
    static func parse(bytes: [UInt8], file: String, root: String) throws(ConfigError) -> SwiftLintPaths {
        var paths = SwiftLintPaths(file: file)
        for key in ["included", "excluded"] {
            guard let (firstLine, slice) = block(of: key, in: bytes) else { continue }
            let node: YAMLNode
            do {
                node = try YAMLSubset.parse(bytes: slice)
            } catch {
                throw ConfigError(path: file, line: error.line + firstLine - 1, column: error.column,
                                  message: "'\(key)' cannot be read (\(error.message)); write it as a list of paths")
            }
            guard case .map(let pairs) = node.content, let value = pairs.first?.value else { continue }
            let entries: [YAMLNode]
            switch value.content {
            case .empty: entries = []
            case .scalar: entries = [value]
            case .list(let items): entries = items
            case .map:
                throw ConfigError(path: file, line: value.line + firstLine - 1, column: value.column,
                                  message: "'\(key)' must be a list of paths, found a map")
            }
            for entry in entries {
                guard let text = entry.scalar, !entry.isNull else {
                    throw ConfigError(path: file, line: entry.line + firstLine - 1, column: entry.column,
                                      message: "each entry of '\(key)' must be a path, found \(entry.kindDescription)")
                }
                let glob = anchored(text, root: root)
                if key == "included" {
                    paths.writtenIncluded.append(text)
                    // `.` (the whole folder) includes everything: no restriction at all.
                    if let glob, glob == "/" { paths.include = []; paths.writtenIncluded = []; break }
                    if let glob { paths.include.append(glob) }
                } else {
                    paths.writtenExcluded.append(text)
                    if let glob, glob != "/" { paths.exclude.append(glob) }
                }
            }
        }
        return paths
    }

    /// A SwiftLint path as a glob anchored at the root (`./Pods/` → `/Pods`, `.` → `/`); nil for an
    /// absolute path outside the root or an empty entry.
    static func anchored(_ text: String, root: String) -> String? {
        var path = Substring(text.trimmingCharacters(in: .whitespaces))
        if path.isEmpty { return nil }
        if path.hasPrefix("/") {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            guard path.hasPrefix(prefix) || path == root else { return nil }
            path = path.dropFirst(min(prefix.count, path.count))
        }
        let parts = path.split(separator: "/").filter { $0 != "." }
        return "/" + parts.joined(separator: "/")
    }

    /// The lines of a top-level `key:` (the key's line and the indented or `- ` lines after it), with
    /// the 1-based number of its first line; nil when the file has no such key.
    static func block(of key: String, in bytes: [UInt8]) -> (Int, [UInt8])? {
        let header = Array((key + ":").utf8)
        var start: Int? = nil
        var firstLine = 0
        var lineNumber = 0
        var i = 0
        while i < bytes.count {
            lineNumber += 1
            var end = i
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            let line = bytes[i..<end]
            if let begun = start {
                // The block goes on through blank lines, comments, indented lines and `- ` items.
                if let first = line.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t"),
                   first != UInt8(ascii: "#"), first != UInt8(ascii: "-"), first != UInt8(ascii: "\r") {
                    return (firstLine, Array(bytes[begun..<i]))
                }
            } else if line.starts(with: header) {
                start = i
                firstLine = lineNumber
            }
            i = end + 1
        }
        return start.map { (firstLine, Array(bytes[$0..<min(i, bytes.count)])) }
    }

    /// The configuration a project without a `.lintrc` runs with: SwiftLint's paths as `include` and
    /// `exclude`.
    public var configuration: Configuration {
        Configuration(include: include, exclude: exclude)
    }

    /// What a run says once on standard error when it applies the file.
    public var notice: String {
        var parts: [String] = []
        if !writtenExcluded.isEmpty { parts.append("skips what it excludes (\(SwiftLintPaths.listed(writtenExcluded)))") }
        if !writtenIncluded.isEmpty { parts.append("lints only what it includes (\(SwiftLintPaths.listed(writtenIncluded)))") }
        return "statelint: no .lintrc, so this run follows .swiftlint.yml: it \(parts.joined(separator: " and ")); "
            + "'statelint init' writes a .lintrc with them, --no-swiftlint-paths ignores them"
    }

    static func listed(_ entries: [String]) -> String {
        entries.count <= 4 ? entries.joined(separator: ", ") : entries.prefix(3).joined(separator: ", ") + " and \(entries.count - 3) more"
    }
}
