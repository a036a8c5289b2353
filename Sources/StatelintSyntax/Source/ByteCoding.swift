/// A compact binary encoding for what statelint keeps between runs (the analysis cache): unsigned
/// LEB128 numbers, length-prefixed UTF-8 strings. No reflection and no JSON: decoding a project's
/// summaries must cost much less than parsing them again.
public struct ByteWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    public mutating func byte(_ value: UInt8) { bytes.append(value) }

    public mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// An unsigned number in 7-bit groups, low first.
    public mutating func number(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// A non-negative count or offset (negative values are written as zig-zag numbers).
    public mutating func int(_ value: Int) {
        number(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63))))
    }

    /// A fixed 8-byte value (hashes: a number would take up to ten bytes).
    public mutating func word(_ value: UInt64) {
        var v = value
        for _ in 0..<8 {
            bytes.append(UInt8(truncatingIfNeeded: v))
            v >>= 8
        }
    }

    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            int(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    public mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }

    public mutating func strings(_ values: [String]) {
        int(values.count)
        for value in values { string(value) }
    }

    public mutating func range(_ value: Range<Int>) {
        int(value.lowerBound)
        int(value.count)
    }

    /// Bytes as they are, with their length.
    public mutating func blob(_ value: ArraySlice<UInt8>) {
        int(value.count)
        bytes.append(contentsOf: value)
    }

    public mutating func raw(_ value: some Sequence<UInt8>) { bytes.append(contentsOf: value) }
}

/// Reads what a `ByteWriter` wrote. Every read is bounds-checked: a truncated or corrupt input throws
/// `ByteReader.Malformed`, it never traps or reads past the end.
public struct ByteReader {
    public struct Malformed: Error, Sendable { public init() {} }

    public let bytes: ArraySlice<UInt8>
    public private(set) var position: Int

    public init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    public init(_ bytes: [UInt8]) { self.init(bytes[...]) }

    public var isAtEnd: Bool { position == bytes.endIndex }

    public mutating func byte() throws -> UInt8 {
        guard position < bytes.endIndex else { throw Malformed() }
        defer { position += 1 }
        return bytes[position]
    }

    public mutating func bool() throws -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw Malformed()
        }
    }

    public mutating func number() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try byte()
            guard shift < 64 else { throw Malformed() }
            result |= UInt64(b & 0x7f) << shift
            if b < 0x80 { return result }
            shift += 7
        }
    }

    public mutating func int() throws -> Int {
        let raw = try number()
        return Int(truncatingIfNeeded: Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }

    /// A count of things each at least `minimumSize` bytes long: more than the bytes left is corrupt (no
    /// huge allocation from a damaged length).
    public mutating func count(minimumSize: Int = 1) throws -> Int {
        let n = try int()
        guard n >= 0, n <= (bytes.endIndex - position) / max(1, minimumSize) else { throw Malformed() }
        return n
    }

    public mutating func word() throws -> UInt64 {
        guard bytes.endIndex - position >= 8 else { throw Malformed() }
        var v: UInt64 = 0
        for k in 0..<8 { v |= UInt64(bytes[position + k]) << (8 * UInt64(k)) }
        position += 8
        return v
    }

    public mutating func slice() throws -> ArraySlice<UInt8> {
        let n = try count()
        defer { position += n }
        return bytes[position..<position + n]
    }

    public mutating func string() throws -> String {
        let n = try count()
        defer { position += n }
        return bytes.withUnsafeBufferPointer { buffer in
            let base = position - bytes.startIndex
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[base..<base + n]), as: UTF8.self)
        }
    }

    public mutating func optionalString() throws -> String? {
        try bool() ? try string() : nil
    }

    public mutating func strings() throws -> [String] {
        let n = try count()
        var result: [String] = []
        result.reserveCapacity(n)
        for _ in 0..<n { result.append(try string()) }
        return result
    }

    public mutating func range() throws -> Range<Int> {
        let lower = try int()
        let length = try int()
        guard lower >= 0, length >= 0, lower <= Int.max - length else { throw Malformed() }
        return lower..<lower + length
    }

    /// Reads `n` bytes as they are.
    public mutating func raw(_ n: Int) throws -> ArraySlice<UInt8> {
        guard n >= 0, bytes.endIndex - position >= n else { throw Malformed() }
        defer { position += n }
        return bytes[position..<position + n]
    }
}

/// A 64-bit hash that is the same in every process and on every machine (Swift's `Hasher` is seeded per
/// process): content hashes and fingerprints kept between runs. Eight bytes at a time, so hashing a
/// whole project's sources costs little next to reading them.
public struct StableHash: Sendable {
    public private(set) var value: UInt64 = 0x243f_6a88_85a3_08d3

    public init() {}

    @inline(__always) mutating func mix(_ word: UInt64) {
        var k = word &* 0x87c3_7b91_1142_53d5
        k = (k << 31) | (k >> 33)
        k = k &* 0x4cf5_ad43_2745_937f
        value ^= k
        value = ((value << 27) | (value >> 37)) &* 5 &+ 0x52dc_e729
    }

    public mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        var i = 0
        // Bulk: two lanes of xor, rotate, multiply (each step a bijection of the lane, so one changed word
        // always changes the result), folded into the hash at the end.
        if count >= 64 {
            var a = value ^ 0x9e37_79b9_7f4a_7c15
            var b = value &+ 0xc2b2_ae3d_27d4_eb4f
            while i + 16 <= count {
                let x = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian
                let y = bytes.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self).littleEndian
                a = ((a ^ x) << 29 | (a ^ x) >> 35) &* 0x9e37_79b9_7f4a_7c15
                b = ((b ^ y) << 31 | (b ^ y) >> 33) &* 0xc2b2_ae3d_27d4_eb4f
                i += 16
            }
            mix(a)
            mix(b)
        }
        while i + 8 <= count {
            mix(bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian)
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < count {
            tail |= UInt64(bytes[i]) << shift
            shift += 8
            i += 1
        }
        mix(tail ^ (UInt64(count) << 56))
    }

    public mutating func combine(_ bytes: [UInt8]) { bytes.withUnsafeBytes { combine($0) } }

    public mutating func combine(_ bytes: ArraySlice<UInt8>) { bytes.withUnsafeBytes { combine($0) } }

    public mutating func combine(_ string: String) {
        var string = string
        string.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
    }

    public mutating func combine(_ number: UInt64) { mix(number) }

    /// The hash, finished (so that short inputs still spread over all 64 bits).
    public var finished: UInt64 {
        var h = value
        h ^= h >> 33
        h = h &* 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        h = h &* 0xc4ce_b9fe_1a85_ec53
        h ^= h >> 33
        return h
    }

    public static func of(_ bytes: [UInt8]) -> UInt64 {
        var h = StableHash()
        h.combine(bytes)
        return h.finished
    }

    public static func of(_ string: String) -> UInt64 {
        var h = StableHash()
        h.combine(string)
        return h.finished
    }
}
