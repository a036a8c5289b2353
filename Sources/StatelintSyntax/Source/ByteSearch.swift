import CStatelintSystem

/// A search for a byte string, by the C library's `memmem` (vectorised): far faster than a token loop
/// when what is looked for is rare, as a `statelint:` comment is.
enum ByteSearch {
    /// Whether `pattern` occurs in `bytes`.
    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, let wanted = pattern.baseAddress else { return pattern.isEmpty }
        return statelint_contains(base, bytes.count, wanted, pattern.count) != 0
    }
}
