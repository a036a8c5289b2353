import Foundation

/// File names are bytes; statelint's paths are `String`s. A name that is not valid UTF-8 keeps its
/// bytes: each byte of an invalid sequence becomes the private-use scalar U+F700 + byte
/// (U+F780–U+F7FF), and turns back into that byte whenever the path goes to the file system
/// (`withCString`). A name that holds such a scalar itself escapes its bytes the same way, so every
/// name round-trips. Reporters show an escaped byte as `\xNN` (`rawByte(of:)`).
public enum FilePath {
    /// A path or name from the file system (or the command line), as bytes.
    public static func string<C: Collection>(fromBytes bytes: C) -> String where C.Element == UInt8 {
        // Nearly every name is ASCII: as it is.
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        let b = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < b.count {
            let length = validSequenceLength(b, i)
            if length == 0 {
                scalars.append(Unicode.Scalar(0xF700 + UInt32(b[i]))!)
                i += 1
                continue
            }
            var value: UInt32
            switch length {
            case 1: value = UInt32(b[i])
            case 2: value = UInt32(b[i] & 0x1F) << 6 | UInt32(b[i + 1] & 0x3F)
            case 3: value = UInt32(b[i] & 0x0F) << 12 | UInt32(b[i + 1] & 0x3F) << 6 | UInt32(b[i + 2] & 0x3F)
            default:
                value = UInt32(b[i] & 0x07) << 18 | UInt32(b[i + 1] & 0x3F) << 12 | UInt32(b[i + 2] & 0x3F) << 6 | UInt32(b[i + 3] & 0x3F)
            }
            if isEscape(value) {
                // A literal U+F780–U+F7FF: its three bytes are escaped, so it cannot be read as one.
                for k in 0..<3 { scalars.append(Unicode.Scalar(0xF700 + UInt32(b[i + k]))!) }
            } else {
                scalars.append(Unicode.Scalar(value)!)
            }
            i += length
        }
        return String(scalars)
    }

    /// Where a folder entry's name starts, in place. A record `readdir` returns is only as long as its
    /// name (`d_reclen`), often shorter than `dirent`: a copy of `d_name` (which reading the field through `pointee`,
    /// `withUnsafeBytes(of:)` or `withUnsafePointer(to:)` on it make) reads past the record, and past the
    /// end of the stream's buffer when the record is its last one (a crash when a page ends there).
    public static func namePointer(of entry: UnsafeMutablePointer<dirent>) -> UnsafePointer<CChar> {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
        return (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self)
    }

    /// A folder entry's name, read in place up to its NUL (see `namePointer(of:)`).
    public static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
        string(fromCString: namePointer(of: entry))
    }

    /// A NUL-terminated C string from the file system (a `readdir` name).
    public static func string(fromCString pointer: UnsafePointer<CChar>) -> String {
        let length = strlen(pointer)
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) { string(fromBytes: UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// The path's bytes as the file system knows them.
    public static func bytes(_ path: String) -> [UInt8] {
        guard mayHoldEscapes(path) else { return Array(path.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if let byte = rawByte(of: scalar) { out.append(byte) } else { out.append(contentsOf: String(scalar).utf8) }
        }
        return out
    }

    /// Calls `body` with the path as the file system's C string.
    public static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        guard mayHoldEscapes(path) else { return try path.withCString(body) }
        var raw = bytes(path).map { CChar(bitPattern: $0) }
        raw.append(0)
        return try raw.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The file-name byte an escape scalar stands for, or nil.
    @inline(__always) public static func rawByte(of scalar: Unicode.Scalar) -> UInt8? {
        isEscape(scalar.value) ? UInt8(scalar.value - 0xF700) : nil
    }

    @inline(__always) static func isEscape(_ value: UInt32) -> Bool { value >= 0xF780 && value <= 0xF7FF }

    /// Escapes are U+F780–U+F7FF: in UTF-8, EF 9E xx or EF 9F xx.
    static func mayHoldEscapes(_ path: String) -> Bool {
        // (Native strings: a scan of their bytes, without the view's per-byte iterator.)
        if let found = path.utf8.withContiguousStorageIfAvailable({ bytes -> Bool in
            var i = 0
            while i + 1 < bytes.count {
                if bytes[i] == 0xEF && (bytes[i + 1] == 0x9E || bytes[i + 1] == 0x9F) { return true }
                i += 1
            }
            return false
        }) { return found }
        var previous: UInt8 = 0
        for byte in path.utf8 {
            if previous == 0xEF && (byte == 0x9E || byte == 0x9F) { return true }
            previous = byte
        }
        return false
    }

    /// The length of the valid UTF-8 sequence at `i`, or 0 when the byte there does not start one.
    static func validSequenceLength(_ b: [UInt8], _ i: Int) -> Int {
        let b0 = b[i]
        func continuation(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            i + k < b.count && b[i + k] >= low && b[i + k] <= high
        }
        switch b0 {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }
}

// The system calls statelint makes on paths, through `FilePath.withCString` (names that are not UTF-8
// reach the file system as their own bytes).
extension FilePath {
    public static func fsOpen(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        withCString(path) { open($0, flags, mode) }
    }

    public static func fsStat(_ path: String, _ info: inout stat) -> Int32 {
        withCString(path) { stat($0, &info) }
    }

    public static func fsLstat(_ path: String, _ info: inout stat) -> Int32 {
        withCString(path) { lstat($0, &info) }
    }

    public static func fsAccess(_ path: String, _ mode: Int32) -> Int32 {
        withCString(path) { access($0, mode) }
    }

    @discardableResult
    public static func fsUnlink(_ path: String) -> Int32 {
        withCString(path) { unlink($0) }
    }

    public static func fsRename(_ from: String, _ to: String) -> Int32 {
        withCString(from) { a in withCString(to) { b in rename(a, b) } }
    }

    public static func fsOpendir(_ path: String) -> OpaquePointer? {
        withCString(path) { opendir($0) }
    }

    /// `realpath(3)`: the path with every link resolved, or nil.
    public static func fsRealpath(_ path: String) -> String? {
        withCString(path) { c -> String? in
            guard let resolved = realpath(c, nil) else { return nil }
            defer { free(resolved) }
            return string(fromCString: resolved)
        }
    }
}
