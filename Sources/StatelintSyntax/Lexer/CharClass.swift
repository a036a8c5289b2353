/// Character classes of the Swift lexical grammar, on bytes and Unicode scalars.
@usableFromInline
enum CharClass {
    @inline(__always) static func isASCIIIdentifierStart(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F
    }

    /// `[A-Za-z0-9_$]`, as two 64-bit masks (one shift and test per byte).
    @inline(__always) static func isASCIIIdentifierContinue(_ b: UInt8) -> Bool {
        let low: UInt64 = 0x03FF_0010_0000_0000  // `$` (0x24), `0`–`9` (0x30–0x39)
        let high: UInt64 = 0x07FF_FFFE_87FF_FFFE  // `A`–`Z` (0x41–0x5A), `_` (0x5F), `a`–`z` (0x61–0x7A)
        let mask = b < 64 ? low : (b < 128 ? high : 0)
        return mask & (1 << UInt64(b & 63)) != 0
    }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    @inline(__always) static func isHexDigit(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= 0x61 && b <= 0x66) || (b >= 0x41 && b <= 0x46)
    }

    /// ASCII operator characters: `/ = - + ! * % < > & | ^ ~ ?` (and `.` by the dot-operator rule).
    @inline(__always) static func isASCIIOperator(_ b: UInt8) -> Bool {
        switch b {
        case 0x2F, 0x3D, 0x2D, 0x2B, 0x21, 0x2A, 0x25, 0x3C, 0x3E, 0x26, 0x7C, 0x5E, 0x7E, 0x3F: return true
        default: return false
        }
    }

    /// Decodes the UTF-8 scalar at `i`: its value and byte length, or `nil` when the bytes are not valid UTF-8.
    @inline(__always)
    static func decode(_ buf: UnsafeBufferPointer<UInt8>, _ i: Int) -> (scalar: UInt32, length: Int)? {
        let n = buf.count
        let b0 = buf[i]
        if b0 < 0x80 { return (UInt32(b0), 1) }
        let length: Int
        var value: UInt32
        if b0 & 0xE0 == 0xC0 { length = 2; value = UInt32(b0 & 0x1F) }
        else if b0 & 0xF0 == 0xE0 { length = 3; value = UInt32(b0 & 0x0F) }
        else if b0 & 0xF8 == 0xF0 { length = 4; value = UInt32(b0 & 0x07) }
        else { return nil }
        if i + length > n { return nil }
        var k = 1
        while k < length {
            let b = buf[i + k]
            if b & 0xC0 != 0x80 { return nil }
            value = (value << 6) | UInt32(b & 0x3F)
            k += 1
        }
        // Reject overlong forms, surrogates and values past U+10FFFF.
        switch length {
        case 2 where value < 0x80: return nil
        case 3 where value < 0x800 || (value >= 0xD800 && value <= 0xDFFF): return nil
        case 4 where value < 0x10000 || value > 0x10FFFF: return nil
        default: break
        }
        return (value, length)
    }

    private static func inRanges(_ c: UInt32, _ ranges: [ClosedRange<UInt32>]) -> Bool {
        var lo = 0
        var hi = ranges.count - 1
        while lo <= hi {
            let mid = (lo + hi) >> 1
            let r = ranges[mid]
            if c < r.lowerBound { hi = mid - 1 } else if c > r.upperBound { lo = mid + 1 } else { return true }
        }
        return false
    }

    /// identifier-head of the Swift grammar, for non-ASCII scalars.
    static func isIdentifierStart(_ c: UInt32) -> Bool {
        if c < 0x80 { return isASCIIIdentifierStart(UInt8(c)) }
        return inRanges(c, identifierHead)
    }

    /// identifier-character of the Swift grammar.
    static func isIdentifierContinue(_ c: UInt32) -> Bool {
        if c < 0x80 { return isASCIIIdentifierContinue(UInt8(c)) }
        return inRanges(c, identifierHead) || inRanges(c, identifierCombining)
    }

    /// operator-head of the Swift grammar.
    static func isOperatorStart(_ c: UInt32) -> Bool {
        if c < 0x80 { return isASCIIOperator(UInt8(c)) }
        return inRanges(c, operatorHead)
    }

    /// operator-character of the Swift grammar.
    static func isOperatorContinue(_ c: UInt32) -> Bool {
        if c < 0x80 { return isASCIIOperator(UInt8(c)) }
        return inRanges(c, operatorHead) || inRanges(c, operatorCombining)
    }

    static let identifierHead: [ClosedRange<UInt32>] = [
        0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA,
        0xBC...0xBE, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF,
        0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF,
        0x1E00...0x1FFF,
        0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F,
        0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793,
        0x2C00...0x2DFF, 0x2E80...0x2FFF,
        0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF,
        0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F, 0xFE30...0xFE44,
        0xFE47...0xFFFD,
        0x10000...0x1FFFD, 0x20000...0x2FFFD, 0x30000...0x3FFFD, 0x40000...0x4FFFD,
        0x50000...0x5FFFD, 0x60000...0x6FFFD, 0x70000...0x7FFFD, 0x80000...0x8FFFD,
        0x90000...0x9FFFD, 0xA0000...0xAFFFD, 0xB0000...0xBFFFD, 0xC0000...0xCFFFD,
        0xD0000...0xDFFFD, 0xE0000...0xEFFFD,
    ]
    static let identifierCombining: [ClosedRange<UInt32>] = [
        0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
    ]
    static let operatorHead: [ClosedRange<UInt32>] = [
        0xA1...0xA7, 0xA9...0xA9, 0xAB...0xAC, 0xAE...0xAE, 0xB0...0xB1, 0xB6...0xB6,
        0xBB...0xBB, 0xBF...0xBF, 0xD7...0xD7, 0xF7...0xF7,
        0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E, 0x2041...0x2053, 0x2055...0x205E,
        0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F,
        0x3001...0x3003, 0x3008...0x3020, 0x3030...0x3030,
    ]
    static let operatorCombining: [ClosedRange<UInt32>] = [
        0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F,
        0xE0100...0xE01EF,
    ]
}
