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

    /// Walks a folder with `opendir`/`readdir` (no per-entry `FileManager` calls); a folder reached twice
    /// (a symlink loop) is walked once, keyed by device and inode.
    private static func walk(_ folder: String, into found: inout Set<String>, visited: Set<String>) {
        var seen = Set<DirectoryID>()
        var stack: [String] = [folder]
        while let current = stack.popLast() {
            var info = stat()
            guard stat(current, &info) == 0 else { continue }
            guard seen.insert(DirectoryID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted else { continue }
            guard let dir = opendir(current) else { continue }
            var subfolders: [String] = []
            while let entry = readdir(dir) {
                let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                    pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                }
                if name.hasPrefix(".") || skippedFolders.contains(name) { continue }
                let child = current == "." ? name : (current.hasSuffix("/") ? current + name : current + "/" + name)
                var type = entry.pointee.d_type
                if type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) {
                    var target = stat()
                    guard stat(child, &target) == 0 else { continue }
                    type = (target.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG)
                }
                if type == UInt8(DT_DIR) {
                    subfolders.append(child)
                } else if name.hasSuffix(".swift") {
                    found.insert(normalize(child))
                }
            }
            closedir(dir)
            stack.append(contentsOf: subfolders.sorted().reversed())
        }
    }

    struct DirectoryID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    static func normalize(_ path: String) -> String {
        var p = path
        while p.hasPrefix("./") { p.removeFirst(2) }
        return p
    }

    /// A path relative to the current folder when it is under it.
    public static func displayPath(_ path: String) -> String {
        guard path.hasPrefix("/") else { return normalize(path) }
        return path.hasPrefix(cwdPrefix) ? String(path.dropFirst(cwdPrefix.count)) : path
    }

    /// The current folder with a trailing `/`, read once (statelint never changes folder).
    static let cwdPrefix: String = {
        let cwd = FileManager.default.currentDirectoryPath
        return cwd.hasSuffix("/") ? cwd : cwd + "/"
    }()
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
