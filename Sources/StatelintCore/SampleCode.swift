import Foundation

/// The project's sample code: folders of demos, examples, samples and playgrounds beside the app or library
/// (`Examples/`, `KingfisherDemo/`, `DemoAppSwiftUI/`, `Debug/Examples/`, `Charts.playground/`, Xcode's
/// `Preview Content/`). No user of the app runs that code, so a finding in it is reported as `info` at most,
/// and what it builds is no witness and builds nothing once for the app (`FileSummary.markAsSampleCode()`).
///
/// A folder is sample code when its name is one of those words (`Demo`, `Examples`, `sample`), ends in one
/// (`UIKitExample`, `ChartsDemo`, `demo-playground`; not `…Samples`, which may be an audio app's), or starts
/// with one followed by `App` (`DemoApp`, `ExampleAppSwiftUI`). Only the folders below the project root
/// count, and none when the root itself is named as one (`mlx-swift-examples`: there the examples are the
/// product).
public struct SampleCode: Sendable, Hashable {
    /// The project root, absolute and standardized, ending in `/`.
    let root: String
    /// The folder relative paths are resolved from, absolute.
    let cwd: String
    /// False when the root is itself named as samples.
    public let isActive: Bool

    public init(root: String, cwd: String) {
        let standardized = SampleCode.standardized(root.hasPrefix("/") ? root : cwd + "/" + root)
        self.root = standardized == "/" ? "/" : standardized + "/"
        self.cwd = cwd
        isActive = !(standardized.split(separator: "/").last.map(SampleCode.isSampleFolder) ?? false)
    }

    /// Nothing is sample code.
    public static let none = SampleCode(inactiveRoot: "/")

    private init(inactiveRoot: String) {
        (root, cwd, isActive) = (inactiveRoot, inactiveRoot, false)
    }

    /// What the cache keys the classification by.
    public var cacheDescription: String { isActive ? "sample code below " + root : "no sample code" }

    /// Which of `count` files (`path(i)` as reported) are sample code; empty when none can be. The files of
    /// one folder are classified once (a path in the same folder as the one before reuses its answer): this
    /// runs for every file of every run.
    public func classify(count: Int, path: (Int) -> String) -> [Bool] {
        guard isActive else { return [] }
        var result = [Bool](repeating: false, count: count)
        // The previous file's folder (its path up to the last `/`), and whether it is sample code.
        var previous: [UInt8] = []
        var previousIsSample = false
        var any = false
        for i in 0..<count {
            var file = path(i)
            file.makeContiguousUTF8()
            // (nil: the same folder as the file before; else whether its path may name a sample folder.)
            let mayBeSample = file.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
                var end = bytes.count
                while end > 0 && bytes[end - 1] != UInt8(ascii: "/") { end -= 1 }
                if end == previous.count && (end == 0 || previous.withUnsafeBufferPointer { memcmp($0.baseAddress!, bytes.baseAddress!, end) == 0 }) {
                    return nil
                }
                previous = Array(bytes[0..<end])
                return SampleCode.mayName(UnsafeBufferPointer(rebasing: bytes[0..<end]))
            } ?? true
            if let mayBeSample {
                previousIsSample = mayBeSample && folder(of: String(decoding: previous, as: UTF8.self) + "_") != nil
            }
            result[i] = previousIsSample
            any = any || previousIsSample
        }
        return any ? result : []
    }

    /// The sample folder that holds the file at `path` (as reported: relative to `cwd`, or absolute), relative
    /// to the root and ending in `/` (`Examples/`, `Debug/Examples/`); nil when the file is not sample code.
    public func folder(of path: String) -> String? {
        guard isActive, SampleCode.mayName(path.utf8) else { return nil }
        let absolute = SampleCode.standardized(path.hasPrefix("/") ? path : cwd + "/" + path)
        guard absolute.hasPrefix(root) else { return nil }
        let below = absolute.utf8.dropFirst(root.utf8.count)
        // Each folder below the root, up to the file's name.
        for folder in below.split(separator: UInt8(ascii: "/")).dropLast()
            where folder.withContiguousStorageIfAvailable(SampleCode.mayName) != false && SampleCode.isSampleFolder(Substring(folder)) {
            return String(Substring(below[below.startIndex..<folder.endIndex])) + "/"
        }
        return nil
    }

    /// Whether one folder name names sample code.
    static func isSampleFolder(_ name: Substring) -> Bool {
        let lower = name.lowercased()
        if lower.hasSuffix(".playground") || lower.hasSuffix(".playgroundbook") || lower == "preview content" || lower == "previewcontent" {
            return true
        }
        var words = SampleCode.words(of: name)
        while let last = words.last, last.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { words.removeLast() }
        guard let first = words.first, let last = words.last else { return false }
        if words.count == 1 { return keywords.contains(first) }
        if endings.contains(last) { return true }
        return keywords.contains(first) && (words[1] == "app" || words[1] == "apps")
    }

    /// The words a folder name names sample code with.
    static let keywords: Set<String> = ["demo", "demos", "example", "examples", "sample", "samples", "playground", "playgrounds"]
    /// The words a name may end in (not `samples`: `AudioSamples` may be an app's own code).
    static let endings: Set<String> = ["demo", "demos", "example", "examples", "playground", "playgrounds"]

    /// A name's words, lowercased: split at anything not an ASCII letter or digit (bytes beyond ASCII count
    /// as lowercase letters), between a lowercase letter and an uppercase one, before the last capital of a
    /// run followed by a lowercase letter (`SwiftUIDemo`: swift, ui, demo), and between letters and digits.
    /// (On bytes: `Character` properties cost thousands of instructions a name.)
    private enum Kind { case lower, upper, digit, other }

    static func words<S: StringProtocol>(of name: S) -> [String] {
        func kind(_ b: UInt8) -> Kind {
            switch b {
            case 0x61...0x7A, 0x80...: return .lower
            case 0x41...0x5A: return .upper
            case 0x30...0x39: return .digit
            default: return .other
            }
        }
        let bytes = Array(name.utf8)
        var words: [String] = []
        var start = 0
        func flush(_ end: Int) {
            if end > start { words.append(String(decoding: bytes[start..<end].map { kind($0) == .upper ? $0 | 0x20 : $0 }, as: UTF8.self)) }
        }
        for k in bytes.indices {
            let c = kind(bytes[k])
            guard c != .other else { flush(k); start = k + 1; continue }
            guard k > start else { continue }
            let previous = kind(bytes[k - 1])
            let next = k + 1 < bytes.count ? kind(bytes[k + 1]) : .other
            if previous == .lower && c == .upper || (previous == .digit) != (c == .digit)
                || previous == .upper && c == .upper && next == .lower {
                flush(k)
                start = k
            }
        }
        flush(bytes.count)
        return words
    }

    /// Whether a path may name a sample folder at all (a cheap test of its bytes before it is split, made
    /// for every file): it holds `demo`, `ampl` (`example`, `sample`), `playg` or `previ` in any case,
    /// tested at their rarer letters `m`, `y` and `v`.
    static func mayName(_ path: String.UTF8View) -> Bool {
        path.withContiguousStorageIfAvailable(mayName) ?? Array(path).withUnsafeBufferPointer(mayName)
    }

    static func mayName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func at(_ k: Int, _ text: StaticString) -> Bool {
            guard k >= 0, k + text.utf8CodeUnitCount <= bytes.count else { return false }
            for j in 0..<text.utf8CodeUnitCount where bytes[k + j] | 0x20 != text.utf8Start[j] { return false }
            return true
        }
        var k = 1
        while k < bytes.count {
            switch bytes[k] | 0x20 {
            case 0x6D:  // m
                if at(k - 2, "demo") || at(k - 1, "ampl") { return true }
            case 0x79:  // y
                if at(k - 3, "playg") { return true }
            case 0x76:  // v
                if at(k - 3, "previ") { return true }
            default: break
            }
            k += 1
        }
        return false
    }

    /// A path with `.` and `..` resolved and no repeated or trailing `/`.
    static func standardized(_ path: String) -> String {
        var parts: [Substring.UTF8View] = []
        for part in path.utf8.split(separator: UInt8(ascii: "/")) {
            if part.elementsEqual(".".utf8) { continue }
            if part.elementsEqual("..".utf8) { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count + 1)
        for part in parts { bytes.append(UInt8(ascii: "/")); bytes.append(contentsOf: part) }
        return bytes.isEmpty ? "/" : String(decoding: bytes, as: UTF8.self)
    }
}
