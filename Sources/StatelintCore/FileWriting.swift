import CStatelintSystem
import Foundation

/// Writes files without losing anything that is not ours to change: `--fix` replaces a source file only
/// if it still holds what was read, keeps its links, owner and mode, and never follows a planted link;
/// reports go through to devices and terminals and replace a regular file atomically.
public enum FileWriting {
    /// Why a write did not happen; the message completes "PATH …".
    public struct Refusal: Error, Sendable, Equatable {
        public var message: String
        /// A write was tried and failed (a full disk, a file size limit, an I/O error): an error, not a
        /// file left alone on purpose. The file still holds what it held before.
        public var isWriteFailure: Bool
        public init(_ message: String, isWriteFailure: Bool = false) {
            self.message = message
            self.isWriteFailure = isWriteFailure
        }
    }

    /// `strerror` for an errno value.
    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Identity and state of a file, from `stat`.
    struct Status: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var mode: UInt32
        var links: UInt64
        var owner: UInt32
        var group: UInt32
        var modified: Int64
        var changed: Int64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            mode = UInt32(info.st_mode)
            links = UInt64(info.st_nlink)
            owner = UInt32(info.st_uid)
            group = UInt32(info.st_gid)
            #if os(Linux)
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
            #else
            modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
            changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
            #endif
        }

        var isRegular: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }
        var isDirectory: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
        var isSymbolicLink: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFLNK) }
        var permissions: mode_t { mode_t(mode & 0o7777) }
        /// Whether nobody may write it (a read-only file is not ours to change, even as root).
        var isReadOnly: Bool { mode & 0o222 == 0 }
        /// Same file, unchanged since: identity, size and times.
        func sameContentState(_ other: Status) -> Bool {
            device == other.device && inode == other.inode && size == other.size
                && modified == other.modified && changed == other.changed
        }
    }

    static func status(_ path: String, follow: Bool) -> Status? {
        var info = stat()
        let result = follow ? FilePath.fsStat(path, &info) : FilePath.fsLstat(path, &info)
        return result == 0 ? Status(info) : nil
    }

    static func status(fd: Int32) -> Status? {
        var info = stat()
        return fstat(fd, &info) == 0 ? Status(info) : nil
    }

    /// `realpath(3)`: the path with every symbolic link resolved, or nil.
    public static func resolved(_ path: String) -> String? {
        FilePath.fsRealpath(path)
    }

    // MARK: - Fixing a source file

    /// Replaces the file at `path` with `new`, but only if it still holds `expected` (what the run read).
    /// A symbolic link is followed and kept; a file with several hard links is written in place, so every
    /// link sees the fix; owner, group and mode are kept; a read-only file is not changed.
    public static func replaceSource(at path: String, expected: [UInt8], with new: [UInt8]) -> Result<Void, Refusal> {
        guard let target = resolved(path) else { return .failure(Refusal("could not be fixed: it no longer exists; left as it is")) }
        // What is on disk now (a regular file, links not followed), and its state when read.
        guard let (current, readState) = contents(of: target) else {
            return .failure(Refusal("is no longer a readable regular file; not fixed"))
        }
        if readState.isReadOnly {
            return .failure(Refusal("is read-only; not fixed (make it writable to apply the fixes)"))
        }
        guard FilePath.fsAccess(target, W_OK) == 0 else { return .failure(Refusal("is not writable; not fixed")) }
        let folder = (target as NSString).deletingLastPathComponent
        guard current == expected else {
            return .failure(Refusal("changed while statelint ran; not fixed (run again to fix the new version)"))
        }
        if readState.links > 1 {
            return writeInPlace(target, expected: expected, new: new, state: readState)
        }
        // A new file next to it, then an atomic swap; the old file must still be what was read.
        let temporary: (fd: Int32, path: String)
        switch createTemporary(in: folder, near: (target as NSString).lastPathComponent) {
        case .success(let created): temporary = created
        case .failure(let refusal): return .failure(refusal)
        }
        var keepTemporary = false
        defer {
            if !keepTemporary { FilePath.fsUnlink(temporary.path) }
        }
        let ownerKept = fchown(temporary.fd, readState.owner, readState.group) == 0
            || (readState.owner == geteuid() && (readState.group == getegid() || fchown(temporary.fd, uid_t(bitPattern: -1), readState.group) == 0))
        guard ownerKept else {
            // Another user's file that we may write: a new file would become ours. Write it in place.
            close(temporary.fd)
            return writeInPlace(target, expected: expected, new: new, state: readState)
        }
        if let code = writeAllError(temporary.fd, new) ?? (fchmod(temporary.fd, readState.permissions) == 0 ? nil : errno)
            ?? (fsync(temporary.fd) == 0 ? nil : errno) {
            close(temporary.fd)
            return .failure(Refusal("could not be fixed: the fixed version could not be written next to it (\(reason(code))); left as it is", isWriteFailure: true))
        }
        // Extended attributes (ACLs, Finder tags, quarantine) belong to the file, not to its bytes: copied to
        // the new file, or, where one cannot be copied, the file is written in place and keeps them all.
        if statelint_copy_xattrs(target, temporary.fd) != 0 {
            close(temporary.fd)
            return writeInPlace(target, expected: expected, new: new, state: readState)
        }
        close(temporary.fd)
        // Last check, then the swap; after it, the file swapped out must be the one that was read
        // (an editor's save in between is swapped back).
        guard let latest = status(target, follow: false), latest.sameContentState(readState),
              let (again, _) = contents(of: target), again == expected else {
            return .failure(Refusal("changed while statelint ran; not fixed (run again to fix the new version)"))
        }
        if statelint_exchange(temporary.path, target) == 0 {
            if let (old, _) = contents(of: temporary.path), old == expected {
                return .success(())
            }
            // Someone saved between the check and the swap: give them their file back.
            if statelint_exchange(temporary.path, target) == 0 {
                return .failure(Refusal("changed while statelint ran; not fixed (run again to fix the new version)"))
            }
            keepTemporary = true
            return .failure(Refusal("changed while statelint ran, and the other version could not be put back: it is kept in \(temporary.path)"))
        }
        // No atomic swap on this file system: a plain rename right after the check.
        guard FilePath.fsRename(temporary.path, target) == 0 else {
            return .failure(Refusal("could not be replaced with the fixed version; left as it is"))
        }
        return .success(())
    }

    /// Writes over the file's own bytes (keeps hard links and ownership): after checking again that it is
    /// the same file with the same contents.
    static func writeInPlace(_ target: String, expected: [UInt8], new: [UInt8], state: Status) -> Result<Void, Refusal> {
        let fd = FilePath.fsOpen(target, O_RDWR | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(Refusal("could not be opened for writing; not fixed")) }
        defer { close(fd) }
        guard let now = status(fd: fd), now.isRegular, now.sameContentState(state),
              let current = FileReading.readAll(fd, expected: Int(now.size)), current == expected else {
            return .failure(Refusal("changed while statelint ran; not fixed (run again to fix the new version)"))
        }
        // The space for a longer file first: a fix cut short at the old size would lose the file's end.
        if new.count > expected.count {
            let code = statelint_reserve(fd, Int64(new.count))
            if code != 0 && code != EOPNOTSUPP {
                return .failure(Refusal("could not be fixed: no space for the fixed version (\(reason(code))); left as it is", isWriteFailure: true))
            }
        }
        var failure = lseek(fd, 0, SEEK_SET) == 0 ? writeAllError(fd, new) : errno
        if failure == nil && ftruncate(fd, off_t(new.count)) != 0 { failure = errno }
        if failure == nil && fsync(fd) != 0 { failure = errno }
        guard let failure else { return .success(()) }
        // A short write (no reservation on this file system, a size limit): put the old bytes back. They
        // fit where they were.
        let restored = lseek(fd, 0, SEEK_SET) == 0 && writeAllError(fd, expected) == nil
            && ftruncate(fd, off_t(expected.count)) == 0 && fsync(fd) == 0
        return .failure(Refusal(restored
            ? "could not be fixed: the fixed version could not be written (\(reason(failure))); left as it was"
            : "could not be fixed: the fixed version could not be written (\(reason(failure))), and the old version could not be put back; check it",
            isWriteFailure: true))
    }

    /// The bytes of a regular file (links not followed) and its state when they were read.
    static func contents(of path: String) -> ([UInt8], Status)? {
        let fd = FilePath.fsOpen(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let state = status(fd: fd), state.isRegular, let bytes = FileReading.readAll(fd, expected: Int(state.size)) else { return nil }
        return (bytes, state)
    }

    /// A new file with an unpredictable name in `folder`, created exclusively (never through a planted
    /// link), readable only by us until it gets the final mode.
    static func createTemporary(in folder: String, near name: String) -> Result<(fd: Int32, path: String), Refusal> {
        for _ in 0..<16 {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let path = (folder.isEmpty ? "." : folder) + "/.\(name).statelint-\(suffix)"
            let fd = FilePath.fsOpen(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { return .success((fd, path)) }
            if errno != EEXIST { break }
        }
        return .failure(Refusal("could not be written: no new file can be created in its folder (\(String(cString: strerror(errno))))"))
    }

    /// Writes every byte, retrying interrupted and partial writes (and waiting on a descriptor someone
    /// else made non-blocking); nil, or the errno value of the write that failed (ENOSPC when a write
    /// made no progress).
    static func writeAllError(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                    var waiting = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&waiting, 1, 1000)
                    continue
                }
                if n < 0 { return errno }
                if n == 0 { return ENOSPC }
                offset += n
            }
            return nil
        }
    }

    // MARK: - Writing a report

    /// Where a report goes, checked before anything else is written.
    public enum OutputTarget: Sendable, Equatable {
        /// A device, terminal, FIFO or socket (`/dev/null`, `/dev/stdout`): written through, never replaced.
        case passThrough(String)
        /// A regular file (a symbolic link resolved to it), replaced atomically, or a new file.
        case file(String)
        /// One of this process's open descriptors (`/dev/stdout`, `/dev/fd/3`, `/proc/self/fd/1`, or the
        /// file standard output or error is redirected to): written at its own offset and mode, so a
        /// log opened with `>>` is appended to and what it held stays.
        case descriptor(Int32)
    }

    /// The descriptor a path names by its spelling: `/dev/stdin|stdout|stderr`, `/dev/fd/N`,
    /// `/proc/self/fd/N`, `/proc/thread-self/fd/N` and `/proc/PID/fd/N` with this process's PID.
    public static func descriptorNamed(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdin": return 0
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default: break
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        func number(_ text: Substring) -> Int32? {
            guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int32(text)
        }
        if parts.count == 3, parts[0] == "dev", parts[1] == "fd" { return number(parts[2]) }
        if parts.count == 4, parts[0] == "proc", parts[2] == "fd",
           parts[1] == "self" || parts[1] == "thread-self" || parts[1] == Substring(String(getpid())) {
            return number(parts[3])
        }
        return nil
    }

    /// The descriptor a path names: by its spelling, or through symbolic links whose targets are so
    /// spelled (`out -> /dev/stdout`).
    static func descriptorReached(from path: String) -> Int32? {
        var current = path
        for _ in 0..<40 {
            if let fd = descriptorNamed(current) { return fd }
            guard status(current, follow: false)?.isSymbolicLink == true else { return nil }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
        }
        return nil
    }

    /// Whether `fd` is open for writing.
    static func isWritable(fd: Int32) -> Bool {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0 else { return false }
        let mode = flags & O_ACCMODE
        return mode == O_WRONLY || mode == O_RDWR
    }

    /// Checks that a report can be written to `path` without replacing anything that is not a report:
    /// a folder, a missing folder, or a dangling link is refused; a link is followed (and kept); a device
    /// or terminal is written through.
    public static func outputTarget(_ path: String) -> Result<OutputTarget, Refusal> {
        if path.isEmpty { return .failure(Refusal("is not a file name")) }
        if let fd = descriptorReached(from: path) {
            guard isWritable(fd: fd) else {
                return .failure(Refusal("names descriptor \(fd), which is not open for writing"))
            }
            return .success(.descriptor(fd))
        }
        if let followed = status(path, follow: true) {
            if followed.isDirectory { return .failure(Refusal("is a folder")) }
            // The file standard output or error already writes to (`--output log.txt >> log.txt`): through
            // that descriptor, not over what it holds.
            if followed.isRegular {
                for fd: Int32 in [1, 2] {
                    if let open = status(fd: fd), open.device == followed.device, open.inode == followed.inode, isWritable(fd: fd) {
                        return .success(.descriptor(fd))
                    }
                }
            }
            if !followed.isRegular { return .success(.passThrough(path)) }
            guard let target = resolved(path) else { return .failure(Refusal("cannot be resolved")) }
            let folder = (target as NSString).deletingLastPathComponent
            guard FilePath.fsAccess(target, W_OK) == 0 || FilePath.fsAccess(folder, W_OK) == 0 else {
                return .failure(Refusal("is not writable"))
            }
            return .success(.file(target))
        }
        if status(path, follow: false)?.isSymbolicLink == true {
            return .failure(Refusal("is a symbolic link to a missing file"))
        }
        let folder = (path as NSString).deletingLastPathComponent
        let folderPath = folder.isEmpty ? "." : folder
        guard let folderStatus = status(folderPath, follow: true), folderStatus.isDirectory else {
            return .failure(Refusal("cannot be created: the folder '\(folderPath)' does not exist"))
        }
        guard FilePath.fsAccess(folderPath, W_OK) == 0 else {
            return .failure(Refusal("cannot be created: the folder '\(folderPath)' is not writable"))
        }
        // One spelling for a new file (`r.json`, `./r.json` and `$PWD/r.json` are one file).
        if let realFolder = resolved(folderPath) {
            let name = (path as NSString).lastPathComponent
            return .success(.file(realFolder == "/" ? "/" + name : realFolder + "/" + name))
        }
        return .success(.file(path))
    }

    /// Writes a report to a checked target.
    public static func writeReport(_ bytes: [UInt8], to target: OutputTarget) -> Result<Void, Refusal> {
        switch target {
        case .descriptor(let fd):
            if let code = writeAllError(fd, bytes) {
                return .failure(Refusal("could not be written completely (\(reason(code)))", isWriteFailure: true))
            }
            return .success(())
        case .passThrough(let path):
            let fd = FilePath.fsOpen(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { return .failure(Refusal("cannot be opened for writing (\(String(cString: strerror(errno))))")) }
            defer { close(fd) }
            // Blocking writes from here on (a FIFO with a reader, a slow terminal).
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            if let code = writeAllError(fd, bytes) {
                return .failure(Refusal("could not be written completely (\(reason(code)))", isWriteFailure: true))
            }
            return .success(())
        case .file(let path):
            let existing = status(path, follow: false)
            if let existing, existing.links > 1 {
                // Keep the other links: write over the same file, its space reserved first.
                let fd = FilePath.fsOpen(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
                guard fd >= 0 else { return .failure(Refusal("cannot be opened for writing (\(reason(errno)))")) }
                defer { close(fd) }
                let reserved = statelint_reserve(fd, Int64(bytes.count))
                if reserved != 0 && reserved != EOPNOTSUPP {
                    return .failure(Refusal("could not be written (\(reason(reserved))); what it held is kept", isWriteFailure: true))
                }
                if let code = writeAllError(fd, bytes) ?? (ftruncate(fd, off_t(bytes.count)) == 0 ? nil : errno) {
                    return .failure(Refusal("could not be written completely (\(reason(code)))", isWriteFailure: true))
                }
                return .success(())
            }
            let folder = (path as NSString).deletingLastPathComponent
            let temporary: (fd: Int32, path: String)
            switch createTemporary(in: folder, near: (path as NSString).lastPathComponent) {
            case .success(let created): temporary = created
            case .failure(let refusal): return .failure(refusal)
            }
            var mode = mode_t(0o644)
            if let existing {
                mode = existing.permissions
                _ = fchown(temporary.fd, existing.owner, existing.group)
            } else {
                let mask = umask(0o022)
                umask(mask)
                mode = 0o666 & ~mask
            }
            let failure = writeAllError(temporary.fd, bytes) ?? (fchmod(temporary.fd, mode) == 0 ? nil : errno)
            close(temporary.fd)
            if let failure {
                FilePath.fsUnlink(temporary.path)
                return .failure(Refusal("could not be written (\(reason(failure))); what it held is kept", isWriteFailure: true))
            }
            guard FilePath.fsRename(temporary.path, path) == 0 else {
                let code = errno
                FilePath.fsUnlink(temporary.path)
                return .failure(Refusal("could not be written (\(reason(code))); what it held is kept", isWriteFailure: true))
            }
            return .success(())
        }
    }
}

/// A file's device and inode: the same file (or folder) under any name.
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64

    /// The identity of what `path` names (links followed), or nil when it cannot be read.
    public init?(path: String) {
        var info = stat()
        guard FilePath.fsStat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
