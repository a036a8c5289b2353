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
