/// Validates UTF-8 without building a `String`.
public enum UTF8Check {
    /// Whether every byte sequence is well-formed UTF-8.
    public static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buf in
            var i = 0
            let n = buf.count
            while i < n {
                if buf[i] < 0x80 { i += 1; continue }
                guard let (_, length) = CharClass.decode(buf, i) else { return false }
                i += length
            }
            return true
        }
    }
}
