import CStatelintSystem
/// Validates UTF-8 without building a `String`.
public enum UTF8Check {
    /// Whether every byte sequence is well-formed UTF-8.
    public static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buf in
            let n = buf.count
            guard n > 0 else { return true }
            var i = 0
            while i < n {
                // ASCII runs in C (vectorised).
                i += statelint_ascii_prefix(buf.baseAddress! + i, n - i)
                if i >= n { break }
                guard let (_, length) = CharClass.decode(buf, i) else { return false }
                i += length
            }
            return true
        }
    }
}

/// Byte runs compared many bytes a step.
public enum ByteRuns {
    /// Whether the `count` bytes at `a` and at `b` are the same.
    @inline(__always)
    public static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        statelint_bytes_equal(a, b, count) != 0
    }
}
