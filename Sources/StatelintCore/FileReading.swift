import Foundation
import StatelintSyntax

/// Reads whole files: only regular files (a FIFO or a device would block or never end), straight into
/// an array with `open`/`fstat`/`read` (no intermediate `Data`).
public enum FileReading {
    public enum Failure: Error, Sendable {
        /// Missing, not permitted, or a read error.
        case unreadable
        /// A folder, FIFO, socket or device.
        case notRegular
    }

    /// The bytes of the regular file at `path`.
    public static func bytes(of path: String) -> Result<[UInt8], Failure> {
        var stamp: UInt64?
        return bytes(of: path, settledStamp: &stamp)
    }

    /// The bytes of the regular file at `path`, and in `settledStamp` what identifies this state of the file
    /// (device, inode, size, modification and change times, hashed) when it was last changed more than two
    /// seconds before it was read and did not change while it was read, else nil: on a local file system a
    /// later read with the same stamp reads the same bytes (the kernel sets the change time of every
    /// write). (A file changed twice within one tick of the file system's clock, as an editor saving may, can keep its
    /// times: a recently changed file gets no stamp, as Git treats a "racily clean" one.)
    public static func bytes(of path: String, settledStamp: inout UInt64?) -> Result<[UInt8], Failure> {
        bytes(of: path, settledStamp: &settledStamp, now: DiskCache.now())
    }

    /// `bytes(of:settledStamp:)` with the wall clock's `now` (nanoseconds) given (tests).
    static func bytes(of path: String, settledStamp: inout UInt64?, now: Int64) -> Result<[UInt8], Failure> {
        let fd = FilePath.fsOpen(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.unreadable) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notRegular) }
        guard let bytes = readAll(fd, expected: Int(info.st_size)) else { return .failure(.unreadable) }
        let status = FileWriting.Status(info)
        settledStamp = nil
        // (The state asked again after the read: a write while it read leaves no stamp.)
        if Int64(bytes.count) == status.size && status.changed < now - 2_000_000_000,
           let after = FileWriting.status(fd: fd), after == status {
            var hash = StableHash()
            for part in [status.device, status.inode, UInt64(bitPattern: status.size), UInt64(bitPattern: status.modified),
                         UInt64(bitPattern: status.changed)] { hash.combine(part) }
            settledStamp = hash.finished
        }
        return .success(bytes)
    }

    /// All of standard input, or nil when it cannot be read (closed, or a read error).
    public static func standardInput() -> [UInt8]? {
        var info = stat()
        guard fstat(STDIN_FILENO, &info) == 0 else { return nil }
        let size = (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
        return readAll(STDIN_FILENO, expected: size)
    }

    /// Reads a file descriptor to its end: its size (`expected`) and some room in one buffer, so a
    /// file read whole takes one allocation; a file that grew meanwhile is read on in chunks.
    static func readAll(_ fd: Int32, expected: Int) -> [UInt8]? {
        var result: [UInt8] = []
        var capacity = max(expected, 0) + 4096
        while true {
            var failed = false
            let chunk = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                while count < capacity {
                    let n = read(fd, buffer.baseAddress! + count, capacity - count)
                    if n < 0 && errno == EINTR { continue }
                    if n < 0 { failed = true }
                    if n <= 0 { break }
                    count += n
                }
            }
            if failed { return nil }
            if result.isEmpty { result = chunk } else { result += chunk }
            if chunk.count < capacity { return result }
            capacity = 65_536
        }
    }
}
