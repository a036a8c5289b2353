#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A byte string to look for in many files: `memchr` jumps to its rarest byte, then the rest is compared.
public struct ByteSearch: Sendable {
    /// The bytes looked for.
    public let needle: [UInt8]
    /// The position in `needle` of the byte `memchr` looks for.
    let anchor: Int

    public init(_ text: String) {
        needle = Array(text.utf8)
        var best = 0
        for (i, byte) in needle.enumerated() where ByteSearch.rarity(byte) < ByteSearch.rarity(needle[best]) { best = i }
        anchor = best
    }

    /// How common a byte is in Swift source, roughly: digits and capitals are rarer than lowercase letters.
    static func rarity(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return 0
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 1
        case UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF: return 2
        case UInt8(ascii: "j"), UInt8(ascii: "k"), UInt8(ascii: "q"), UInt8(ascii: "x"), UInt8(ascii: "z"),
             UInt8(ascii: "v"), UInt8(ascii: "w"), UInt8(ascii: "y"), UInt8(ascii: "b"), UInt8(ascii: "g"): return 3
        default: return 4
        }
    }

    /// Whether `haystack` contains the needle.
    public func occurs(in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = needle.count
        guard count > 0 else { return true }
        guard haystack.count >= count, let base = haystack.baseAddress else { return false }
        let target = Int32(needle[anchor])
        // The anchor can only be where a whole needle fits around it.
        var from = anchor
        let last = haystack.count - (count - anchor)
        return needle.withUnsafeBufferPointer { pattern in
            while from <= last {
                guard let hit = memchr(base + from, target, last - from + 1) else { return false }
                let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                let start = position - anchor
                if memcmp(base + start, pattern.baseAddress!, count) == 0 { return true }
                from = position + 1
            }
            return false
        }
    }

    /// Whether `bytes` contain the needle.
    public func occurs(in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { occurs(in: $0) }
    }
}
