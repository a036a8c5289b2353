import Foundation

/// Finds the Swift files to lint under the given paths.
public enum Discovery {
    /// Folder names never descended into (hidden folders are skipped too).
    public static let skippedFolders: Set<String> = [".build", "DerivedData", "Pods", "Carthage"]

    /// The `.swift` files under `paths`, sorted and without duplicates; a file path is taken as given.
    /// - Throws: `StatelintError.usage` when a path does not exist.
    public static func swiftFiles(in paths: [String]) throws -> [String] {
        let fm = FileManager.default
        var found = Set<String>()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw StatelintError.usage("no such file or folder: '\(path)'")
            }
            if !isDirectory.boolValue {
                found.insert(normalize(path))
                continue
            }
            walk(path, into: &found, visited: [])
        }
        return found.sorted()
    }

    private static func walk(_ folder: String, into found: inout Set<String>, visited: Set<String>) {
        let fm = FileManager.default
        // Resolve symlinks so a loop is visited once.
        let real = (try? fm.destinationOfSymbolicLink(atPath: folder)).map { _ in
            URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        } ?? URL(fileURLWithPath: folder).standardizedFileURL.path
        guard !visited.contains(real) else { return }
        var visited = visited
        visited.insert(real)
        guard let entries = try? fm.contentsOfDirectory(atPath: folder) else { return }
        for name in entries.sorted() {
            if name.hasPrefix(".") || skippedFolders.contains(name) { continue }
            let child = folder == "." ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: child, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                walk(child, into: &found, visited: visited)
            } else if name.hasSuffix(".swift") {
                found.insert(normalize(child))
            }
        }
    }

    static func normalize(_ path: String) -> String {
        var p = path
        while p.hasPrefix("./") { p.removeFirst(2) }
        return p
    }

    /// A path relative to the current folder when it is under it.
    public static func displayPath(_ path: String) -> String {
        guard path.hasPrefix("/") else { return normalize(path) }
        let cwd = FileManager.default.currentDirectoryPath
        let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

/// Errors that stop a run before linting.
public enum StatelintError: Error, CustomStringConvertible {
    case usage(String)
    case io(path: String, reason: String)

    public var description: String {
        switch self {
        case .usage(let message): return message
        case .io(let path, let reason): return "\(path): \(reason)"
        }
    }
}
