/// Validates UTF-8 without building a `String`.
public enum UTF8Check {
    /// Whether every byte sequence is well-formed UTF-8.
    public static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buf in
            var i = 0
            let n = buf.count
            let raw = UnsafeRawBufferPointer(buf)
            while i < n {
                // Eight ASCII bytes at a time.
                if i + 8 <= n && raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                    continue
                }
                if buf[i] < 0x80 { i += 1; continue }
                guard let (_, length) = CharClass.decode(buf, i) else { return false }
                i += length
            }
            return true
        }
    }
}
