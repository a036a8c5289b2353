import Foundation

/// A folder of the analysis cache, held open: every entry is opened, written, renamed and removed
/// relative to it, and nothing in it is followed through a link. It is used only when it is a real folder
/// (not a link) owned by the current user that no one else may write; a folder others may write (a shared
/// `/tmp`-like `STATELINT_CACHE_DIR`, mode 1777) is used through a private subfolder `statelint-<uid>`.
///
/// A repository is untrusted input: a committed `.statelint_cache` that links to `.git/objects/pack`
/// must never lead statelint to remove a file there, and a file someone else could have written must
/// never be read as statelint's own.
public final class CacheFolder: @unchecked Sendable {
    /// The folder's path, as shown.
    let path: String
    /// The open folder (`O_DIRECTORY | O_NOFOLLOW`).
    let fd: Int32

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }

    /// Why a folder cannot be the cache.
    public struct Refusal: Error, Equatable {
        public let message: String
    }

    /// Opens `path` as a cache folder, creating it (mode 0700) when it is missing. Its parent must exist
    /// unless `makingParents` (the user's own cache home, never a path a repository names).
    static func open(_ path: String, makingParents: Bool = false) -> Result<CacheFolder, Refusal> {
        if path.isEmpty { return .failure(Refusal(message: "the cache folder's name is empty")) }
        var fd = openFolder(path)
        if fd < 0 && errno == ENOENT {
            let parent = (path as NSString).deletingLastPathComponent
            if makingParents && !parent.isEmpty && parent != path {
                var info = stat()
                if lstat(parent, &info) != 0 {
                    if case .failure(let refusal) = makeParents(parent) { return .failure(refusal) }
                }
            }
            if mkdir(path, 0o700) != 0 && errno != EEXIST {
                let reason = errno
                var info = stat()
                if reason == ENOENT && lstat(parent.isEmpty ? "." : parent, &info) != 0 {
                    return .failure(Refusal(message: "cannot create the cache folder \(path): its parent folder \(parent) does not exist"))
                }
                return .failure(Refusal(message: "cannot create the cache folder \(path): \(FileWriting.reason(reason))"))
            }
            fd = openFolder(path)
        }
        guard fd >= 0 else {
            let reason = errno
            var info = stat()
            if lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK {
                return .failure(Refusal(message: "\(path) is a symbolic link; statelint does not follow a link for its cache"))
            }
            if lstat(path, &info) != 0 {
                return .failure(Refusal(message: "cannot create the cache folder \(path): \(FileWriting.reason(reason))"))
            }
            if info.st_mode & S_IFMT != S_IFDIR {
                return .failure(Refusal(message: "cannot use \(path) as the analysis cache: it is not a folder"))
            }
            return .failure(Refusal(message: "cannot open the cache folder \(path): \(FileWriting.reason(reason))"))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            return .failure(Refusal(message: "cannot open the cache folder \(path): \(FileWriting.reason(errno))"))
        }
        if info.st_mode & 0o022 != 0 {
            // Others may write here (a shared folder): a private subfolder of this user's, never another's.
            let name = "statelint-\(geteuid())"
            if mkdirat(fd, name, 0o700) != 0 && errno != EEXIST {
                let reason = errno
                close(fd)
                return .failure(Refusal(message: "cannot create the private cache folder \(path)/\(name): \(FileWriting.reason(reason))"))
            }
            let inner = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            close(fd)
            guard inner >= 0 else {
                return .failure(Refusal(message: "cannot use \(path)/\(name) as the analysis cache: it is not a folder of its own (a link, or another kind of file)"))
            }
            return checked(CacheFolder(path: path + "/" + name, fd: inner))
        }
        return checked(CacheFolder(path: path, fd: fd))
    }

    /// The folder, if it is this user's and no one else may write it.
    private static func checked(_ folder: CacheFolder) -> Result<CacheFolder, Refusal> {
        var info = stat()
        guard fstat(folder.fd, &info) == 0 else {
            return .failure(Refusal(message: "cannot open the cache folder \(folder.path): \(FileWriting.reason(errno))"))
        }
        if info.st_uid != geteuid() {
            return .failure(Refusal(message: "cannot use \(folder.path) as the analysis cache: it belongs to another user"))
        }
        if info.st_mode & 0o022 != 0 {
            return .failure(Refusal(message: "cannot use \(folder.path) as the analysis cache: others may write in it"))
        }
        return .success(folder)
    }

    private static func openFolder(_ path: String) -> Int32 {
        systemOpen(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }

    /// Creates the missing folders of the user's cache home (mode 0700).
    private static func makeParents(_ path: String) -> Result<Void, Refusal> {
        var missing: [String] = []
        var folder = path
        var info = stat()
        while !folder.isEmpty && folder != "/" && lstat(folder, &info) != 0 {
            missing.append(folder)
            folder = (folder as NSString).deletingLastPathComponent
        }
        for folder in missing.reversed() where mkdir(folder, 0o700) != 0 && errno != EEXIST {
            return .failure(Refusal(message: "cannot create the cache folder \(folder): \(FileWriting.reason(errno))"))
        }
        return .success(())
    }

    // MARK: Entries

    /// An entry's bytes, if it is a regular file of this user's that no one else may write (never through a
    /// link); nil otherwise, with why when it exists but is not trusted.
    func read(_ name: String) -> (bytes: [UInt8]?, distrusted: String?) {
        let entry = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard entry >= 0 else {
            return (nil, errno == ENOENT ? nil : "\(path)/\(name) cannot be opened as a file of statelint's (\(FileWriting.reason(errno)))")
        }
        defer { close(entry) }
        var info = stat()
        guard fstat(entry, &info) == 0 else { return (nil, nil) }
        guard info.st_mode & S_IFMT == S_IFREG else { return (nil, "\(path)/\(name) is not a regular file") }
        guard info.st_uid == geteuid() else { return (nil, "\(path)/\(name) belongs to another user") }
        guard info.st_mode & 0o022 == 0 else { return (nil, "\(path)/\(name) may be written by others") }
        let size = Int(info.st_size)
        guard size >= 0, size < 1 << 34 else { return (nil, nil) }
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        let complete = bytes.withUnsafeMutableBytes { buffer -> Bool in
            while offset < size {
                let n = systemRead(entry, buffer.baseAddress! + offset, size - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
        return (complete ? bytes : nil, nil)
    }

    /// Writes an entry whole: to a new file (mode 0600) renamed over the old entry. Nil, or why not.
    func write(_ name: String, _ bytes: [UInt8], durable: Bool = false) -> String? {
        var temporary = ""
        var entry: Int32 = -1
        for _ in 0..<16 {
            temporary = ".\(name).statelint-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            entry = openat(fd, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if entry >= 0 || errno != EEXIST { break }
        }
        guard entry >= 0 else { return "cannot write the analysis cache in \(path): \(FileWriting.reason(errno))" }
        var error = FileWriting.writeAllError(entry, bytes)
        if error == nil && durable && fsync(entry) != 0 { error = errno }
        close(entry)
        if let error {
            unlinkat(fd, temporary, 0)
            return "cannot write the analysis cache in \(path): \(FileWriting.reason(error))"
        }
        // (The old entry is removed first: ext4 flushes a file renamed over another to disk before the
        // rename returns, which cost a run several milliseconds; a run that reads between the two finds
        // no entry and analyses everything, correctly.)
        _ = remove(name)
        if renameat(fd, temporary, fd, name) != 0 {
            let reason = errno
            unlinkat(fd, temporary, 0)
            return "cannot write the analysis cache in \(path): \(FileWriting.reason(reason))"
        }
        return nil
    }

    /// Creates an entry with this content unless one exists (never through a link).
    func create(_ name: String, _ text: String) {
        let entry = openat(fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard entry >= 0 else { return }
        _ = FileWriting.writeAllError(entry, Array(text.utf8))
        close(entry)
    }

    /// Removes an entry if it is a regular file of this user's (a link, a folder or another user's file is
    /// left alone). Whether it was removed.
    @discardableResult
    func remove(_ name: String) -> Bool {
        var info = stat()
        guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG,
              info.st_uid == geteuid() else { return false }
        return unlinkat(fd, name, 0) == 0
    }

    /// The names in the folder with the modification time of each regular file (links and others left out).
    func regularFiles() -> [(name: String, modified: Int64)] {
        let copy = dup(fd)
        guard copy >= 0, let dir = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(dir) }
        rewinddir(dir)
        var found: [(name: String, modified: Int64)] = []
        while let item = readdir(dir) {
            let name = FilePath.name(of: item)
            guard name != ".", name != ".." else { continue }
            var info = stat()
            guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG,
                  info.st_uid == geteuid() else { continue }
            #if canImport(Darwin)
            let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
            #else
            let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            #endif
            found.append((name, modified))
        }
        return found
    }
}

#if canImport(Darwin)
import Darwin
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { Darwin.open(path, flags) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { Darwin.read(fd, buffer, count) }
#else
import Glibc
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { Glibc.open(path, flags) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { Glibc.read(fd, buffer, count) }
#endif
