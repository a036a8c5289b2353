import Foundation

/// Finds the Swift files to lint under the given paths.
public enum Discovery {
    /// Folder names never descended into (hidden folders are skipped too).
    public static let skippedFolders: Set<String> = [".build", "DerivedData", "Pods", "Carthage"]

    /// The `.swift` files under `paths`, sorted and without duplicates; a file path is taken as given.
    /// Folders are read by `jobs` threads (reading folders is system calls, which run in parallel).
    /// - Throws: `StatelintError.usage` when a path does not exist.
    public static func swiftFiles(in paths: [String], jobs: Int = ProcessInfo.processInfo.activeProcessorCount) throws -> [String] {
        try find(in: paths, jobs: jobs).files
    }

    /// What a walk found: the `.swift` files (sorted, without duplicates) and the folders it could not
    /// read (sorted): their files are not linted, and users must be told.
    public struct Found: Sendable {
        public var files: [String]
        public var unreadableFolders: [String]
        /// What the walk did not follow or read: links to `/`, to a folder that holds a walked root, or
        /// into `/proc`, `/sys` or `/dev`, and `.swift` entries that are not regular files (sorted).
        public var skippedLinks: [String] = []
    }

    /// Like `swiftFiles(in:jobs:)`, with the folders that could not be read.
    /// With `ignoring`, files and folders that the `.gitignore` files of a Git work tree or `.ignore`
    /// files exclude are not listed (`IgnoreFile`); a file named in `paths` is always listed.
    public static func find(in paths: [String], jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                            ignoring: Bool = false) throws -> Found {
        var found: [String] = []
        var folders: [String] = []
        for path in paths {
            var info = stat()
            guard FilePath.fsStat(path, &info) == 0 else {
                throw StatelintError.usage("no such file or folder: '\(path)'")
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                folders.append(path)
            } else {
                found.append(normalize(path))
            }
        }
        var unreadable: [String] = []
        var skipped: [String] = []
        if !folders.isEmpty {
            let walk = FolderWalk(roots: folders, ignoring: ignoring)
            found += walk.run(jobs: jobs)
            unreadable = walk.unreadableFolders
            skipped = walk.skippedLinks
        }
        // Sorted, each path once (a file named and walked to, or under two roots): equal paths end up next
        // to each other (no set of every path to hash).
        found.sort()
        var unique = 0
        for k in found.indices where k == 0 || found[k] != found[unique - 1] {
            found.swapAt(unique, k)
            unique += 1
        }
        found.removeLast(found.count - unique)
        return Found(files: found, unreadableFolders: unreadable, skippedLinks: skipped)
    }

    /// Reads one folder: its Swift files, its subfolders and its symbolic links to folders (hidden and
    /// default-skipped names left out).
    /// Returns false when the folder cannot be opened.
    @discardableResult
    static func read(_ folder: String, files: inout [String], subfolders: inout [String], links: inout [String]) -> Bool {
        var special: [String] = []
        return read(folder, files: &files, subfolders: &subfolders, links: &links, special: &special)
    }

    /// Like `read(_:files:subfolders:links:)`, with the entries named `.swift` that are not regular files
    /// (a FIFO, a socket, a device): never opened, said.
    static func read(_ folder: String, files: inout [String], subfolders: inout [String], links: inout [String],
                     special: inout [String]) -> Bool {
        var ignoreFiles: [String] = []
        return read(folder, files: &files, subfolders: &subfolders, links: &links, special: &special, ignoreFiles: &ignoreFiles)
    }

    /// Like `read(_:files:subfolders:links:special:)`, with the names of the folder's ignore files
    /// (`.gitignore`, `.ignore`) seen on the way: the walk reads only those that exist.
    static func read(_ folder: String, files: inout [String], subfolders: inout [String], links: inout [String],
                     special: inout [String], ignoreFiles: inout [String]) -> Bool {
        guard let dir = FilePath.fsOpendir(folder) else { return false }
        // (What each entry's path starts with, made once per folder.)
        let prefix = folder == "." ? "" : (folder.hasSuffix("/") ? folder : folder + "/")
        while let entry = readdir(dir) {
            // A regular file whose name neither starts with `.` nor ends in `.swift` (most entries of a tree)
            // is passed over from its bytes, without a string or a path.
            // (The name is read in place: a copy of `d_name` can read past the stream's buffer.)
            let namePointer = FilePath.namePointer(of: entry)
            if entry.pointee.d_type == UInt8(DT_REG)
                && !Discovery.mayMatter(fileNamed: UnsafeRawPointer(namePointer).assumingMemoryBound(to: UInt8.self)) { continue }
            let name = FilePath.string(fromCString: namePointer)
            if name.hasPrefix(".") {
                if name == ".gitignore" || name == ".ignore" { ignoreFiles.append(name) }
                continue
            }
            // (A regular file here is named `.swift`, which no skipped folder is.)
            if entry.pointee.d_type != UInt8(DT_REG) && skippedFolders.contains(name) { continue }
            let child = prefix + name
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                // File systems without d_type: ask.
                var info = stat()
                guard FilePath.fsLstat(child, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: type = UInt8(DT_DIR)
                case S_IFLNK: type = UInt8(DT_LNK)
                case S_IFREG: type = UInt8(DT_REG)
                default: type = UInt8(DT_FIFO)
                }
            }
            if type == UInt8(DT_LNK) {
                var target = stat()
                guard FilePath.fsStat(child, &target) == 0 else { continue }
                switch target.st_mode & S_IFMT {
                case S_IFDIR:
                    links.append(child)
                    continue
                case S_IFREG: type = UInt8(DT_REG)
                default: type = UInt8(DT_FIFO)
                }
            }
            if type == UInt8(DT_DIR) {
                subfolders.append(child)
            } else if type == UInt8(DT_REG) && name.hasSuffix(".swift") {
                // Only regular files: a FIFO or device named `.swift` would block the run.
                files.append(normalize(child))
            } else if name.hasSuffix(".swift") {
                special.append(normalize(child))
            }
        }
        closedir(dir)
        return true
    }

    /// Whether a regular file of this name (NUL-terminated bytes) matters to the walk: a `.swift` file, or a
    /// name starting with `.` (an ignore file).
    static func mayMatter(fileNamed name: UnsafePointer<UInt8>) -> Bool {
        if name[0] == UInt8(ascii: ".") { return true }
        let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
        guard length >= 6 else { return false }
        let tail = name + (length - 6)
        return tail[0] == UInt8(ascii: ".") && tail[1] == UInt8(ascii: "s") && tail[2] == UInt8(ascii: "w")
            && tail[3] == UInt8(ascii: "i") && tail[4] == UInt8(ascii: "f") && tail[5] == UInt8(ascii: "t")
    }

    /// The device and inode of a folder (following links), or nil when it cannot be read.
    static func directoryID(_ path: String) -> DirectoryID? { FileIdentity(path: path) }

    typealias DirectoryID = FileIdentity

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

    /// A shown path as an absolute path: the `xcode` format's paths, which Xcode and SwiftLint's xcode
    /// reporter give from the file system's root whatever the current folder (`./` steps are dropped).
    public static func absolutePath(_ shown: String) -> String {
        if shown.hasPrefix("/") { return shown }
        let relative = normalize(shown)
        return relative.isEmpty || relative == "." ? String(cwdPrefix.dropLast()) : cwdPrefix + relative
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

/// A walk of folder trees with `opendir`/`readdir`. Real folders are read by several threads sharing one
/// stack (reading folders is system calls, which run in parallel); a folder that is its own ancestor (a
/// loop through a bind mount) is skipped, and a folder reached under two real paths (a bind mount) keeps
/// only the files under its first path in byte order. Symbolic links to folders are followed afterwards
/// on one thread, in sorted order, and a folder already read is not read again, so files in linked
/// folders are reported at their real path when the tree has one. A symbolic link to a file counts as a
/// file at the link's path. The result never depends on thread timing.
final class FolderWalk: @unchecked Sendable {
    private struct Pending {
        var path: String
        /// The folders above it in this walk, to detect loops.
        var ancestors: [Discovery.DirectoryID]
        /// Its absolute path, and the ignore files of the folders above it (when the walk ignores).
        var absolute = ""
        var ignores = IgnoreStack()
    }

    /// Whether `.gitignore` / `.ignore` files are obeyed.
    private let ignoring: Bool

    private let condition = NSCondition()
    private var pending: [Pending]
    private var busy = 0
    private var seen = Set<Discovery.DirectoryID>()
    private var found: [String] = []
    private var links: [String] = []
    /// Every folder read, with the path it was read under.
    private var read: [(id: Discovery.DirectoryID, path: String)] = []
    /// Folders that exist but could not be opened (permissions), in no particular order until the end.
    private var unreadable: [String] = []

    /// The folders that could not be read, sorted (after `run`).
    var unreadableFolders: [String] {
        condition.lock()
        defer { condition.unlock() }
        return Set(unreadable.map(Discovery.normalize)).sorted()
    }

    /// Links to folders not followed (`isOutOfBounds`) and `.swift` entries that are not regular files,
    /// sorted (after `run`).
    private var skipped: [String] = []
    var skippedLinks: [String] {
        condition.lock()
        defer { condition.unlock() }
        return Set(skipped.map(Discovery.normalize)).sorted()
    }

    /// The roots' real paths: a link to one of them or to a folder above them (`/`) is not followed.
    private let realRoots: [String]

    init(roots: [String], ignoring: Bool = false) {
        self.ignoring = ignoring
        pending = roots.reversed().map { root in
            guard ignoring else { return Pending(path: root, ancestors: []) }
            let absolute = FolderWalk.absolute(root)
            return Pending(path: root, ancestors: [], absolute: absolute, ignores: IgnoreStack.root(absolute))
        }
        realRoots = roots.compactMap { FileWriting.resolved($0) }
    }

    /// The last component of a walk path.
    static func name(_ path: String) -> Substring {
        // The last `/` found among the bytes (a backward walk over characters costs a path's length in
        // grapheme breaking); only a `/` next to a non-ASCII byte, which may combine with it, is left to
        // the character walk.
        let utf8 = path.utf8
        let found: Int?? = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var i = bytes.count - 1
            while i >= 0 && bytes[i] != UInt8(ascii: "/") { i -= 1 }
            return i
        }
        if let offset = found ?? nil {
            if offset < 0 { return path[...] }
            let after = offset + 1 >= utf8.count || utf8[utf8.index(utf8.startIndex, offsetBy: offset + 1)] < 0x80
            let before = offset == 0 || utf8[utf8.index(utf8.startIndex, offsetBy: offset - 1)] < 0x80
            if after && before {
                return path[utf8.index(utf8.startIndex, offsetBy: offset + 1)...]
            }
        }
        return path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path[...]
    }

    /// A walk path as an absolute, standardized path (no `.` or `..` components, no trailing `/`).
    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: full).standardizedFileURL.path
    }

    /// Whether a linked folder must not be walked: it contains a root (a link to `/` or to an ancestor
    /// would walk the whole file system, `/proc` included), or it is a kernel file system.
    private func isOutOfBounds(_ link: String) -> Bool {
        guard let target = FileWriting.resolved(link) else { return false }
        if target == "/" { return true }
        for prefix in ["/proc", "/sys", "/dev"] where target == prefix || target.hasPrefix(prefix + "/") { return true }
        return realRoots.contains { $0 == target || $0.hasPrefix(target + "/") }
    }

    /// Walks every root and returns the Swift files found (in no particular order).
    func run(jobs: Int) -> [String] {
        // (Reading folders gains nothing from more than a few dozen threads.)
        let threads = max(1, min(jobs, 64))
        if threads == 1 {
            work()
        } else {
            let group = DispatchGroup()
            for _ in 0..<threads {
                group.enter()
                Thread {
                    self.work()
                    group.leave()
                }.start()
            }
            group.wait()
        }
        condition.lock()
        defer { condition.unlock() }
        dropSecondPaths()
        followLinks()
        return found
    }

    /// A folder read under several paths (bind mounts): keeps what was found under the first path in
    /// byte order and drops the rest, whatever order the threads read them in.
    private func dropSecondPaths() {
        var pathsByID: [Discovery.DirectoryID: [String]] = [:]
        for entry in read { pathsByID[entry.id, default: []].append(Discovery.normalize(entry.path)) }
        var dropped: [String] = []
        for (_, paths) in pathsByID where Set(paths).count > 1 {
            let first = paths.min { $0.utf8.lexicographicallyPrecedes($1.utf8) }!
            dropped += Set(paths).subtracting([first]).map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        }
        guard !dropped.isEmpty else { return }
        func keep(_ path: String) -> Bool { !dropped.contains { Discovery.normalize(path).hasPrefix($0) } }
        found = found.filter(keep)
        links = links.filter(keep)
        unreadable = unreadable.filter(keep)
        skipped = skipped.filter(keep)
    }

    /// Takes folders until none is left and no other thread can add more.
    private func work() {
        var files: [String] = []
        var subfolders: [String] = []
        var links: [String] = []
        var special: [String] = []
        condition.lock()
        while true {
            guard let folder = pending.popLast() else {
                if busy == 0 { break }
                condition.wait()
                continue
            }
            busy += 1
            condition.unlock()
            files.removeAll(keepingCapacity: true)
            subfolders.removeAll(keepingCapacity: true)
            links.removeAll(keepingCapacity: true)
            special.removeAll(keepingCapacity: true)
            let id = Discovery.directoryID(folder.path)
            let isRead = id.map { !folder.ancestors.contains($0) } ?? false
            var ignoreFiles: [String] = []
            // A folder that cannot even be looked at (its path is longer than PATH_MAX, it went away) is
            // unreadable, never silently skipped; one already read under another path is skipped.
            let opened = isRead ? Discovery.read(folder.path, files: &files, subfolders: &subfolders, links: &links, special: &special,
                                                 ignoreFiles: &ignoreFiles) : id != nil
            // The folder's own ignore files join those above it; what they ignore is dropped here, and
            // an ignored folder is never entered.
            var stack = folder.ignores
            if ignoring && isRead {
                stack = stack.entering(folder.absolute, present: ignoreFiles)
                func kept(_ path: String, isDirectory: Bool) -> Bool {
                    !stack.ignores(name: FolderWalk.name(path), isDirectory: isDirectory)
                }
                files.removeAll { !kept($0, isDirectory: false) }
                special.removeAll { !kept($0, isDirectory: false) }
                subfolders.removeAll { !kept($0, isDirectory: true) }
                links.removeAll { !kept($0, isDirectory: true) }
            }
            condition.lock()
            if !opened { unreadable.append(folder.path) }
            if let id {
                seen.insert(id)
                if isRead { read.append((id, folder.path)) }
            }
            found.append(contentsOf: files)
            self.links.append(contentsOf: links)
            skipped.append(contentsOf: special)
            if let id, !subfolders.isEmpty {
                let ancestors = folder.ancestors + [id]
                pending.append(contentsOf: subfolders.map { path in
                    guard ignoring else { return Pending(path: path, ancestors: ancestors) }
                    let name = FolderWalk.name(path)
                    return Pending(path: path, ancestors: ancestors, absolute: folder.absolute + "/" + name,
                                   ignores: stack.descending(into: name))
                })
            }
            busy -= 1
            if !subfolders.isEmpty || busy == 0 { condition.broadcast() }
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Follows the links to folders, depth first in sorted order; each folder is read at most once.
    private func followLinks() {
        var stack = links.sorted().reversed() as [String]
        while let current = stack.popLast() {
            if isOutOfBounds(current) {
                skipped.append(current)
                continue
            }
            guard let id = Discovery.directoryID(current), seen.insert(id).inserted else { continue }
            var files: [String] = []
            var subfolders: [String] = []
            var links: [String] = []
            if !Discovery.read(current, files: &files, subfolders: &subfolders, links: &links, special: &skipped) { unreadable.append(current) }
            found.append(contentsOf: files)
            stack.append(contentsOf: (subfolders + links).sorted().reversed())
        }
    }
}
