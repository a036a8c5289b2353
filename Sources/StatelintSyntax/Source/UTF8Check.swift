import CStatelintSystem
/// Validates UTF-8 without building a `String`.
public enum UTF8Check {
    /// Whether every byte sequence is well-formed UTF-8 (the validation `lineCountIfValid` makes).
    public static func isValid(_ bytes: [UInt8]) -> Bool { lineCountIfValid(bytes) != nil }

    /// The number of lines (as `LineTable.count` counts them) when every byte sequence is well-formed UTF-8,
    /// else nil: validation and the line count in one read of the bytes. (A `\n` byte is never part of a
    /// multi-byte sequence, so counting it in the ASCII runs counts every one.)
    public static func lineCountIfValid(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buf -> Int? in
            let n = buf.count
            var newlines = 0
            var i = 0
            while i < n {
                i += statelint_ascii_prefix_counting(buf.baseAddress! + i, n - i, &newlines)
                if i >= n { break }
                guard let (_, length) = CharClass.decode(buf, i) else { return nil }
                i += length
            }
            return n > 0 && buf[n - 1] == 0x0A ? newlines : newlines + 1
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
