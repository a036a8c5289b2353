/// A glob pattern matched against relative paths with `/` separators.
///
/// - `*` matches any run of characters within one path component (never `/`);
/// - `**` as a whole component matches any number of folders, including none
///   (`**/Generated/**`, `Sources/**/*.swift`);
/// - `?` matches one character (one Unicode scalar) other than `/`;
/// - every other character matches itself exactly (no `[…]` classes, no escapes).
///
/// A pattern without `/` matches any single component of the path, so `Pods` or `Generated`
/// matches that folder or file name anywhere, and `*.generated.swift` matches such files in any
/// folder. A pattern with a `/` is anchored at the start of the path (a leading `/` or `./` only
/// says so explicitly). A trailing `/` is ignored. Empty and `.` components are ignored in both
/// patterns and paths. Matching works on UTF-8 bytes and takes time proportional to the product of
/// the pattern and path lengths at most.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    private enum Segment: Sendable, Hashable {
        case globstar
        case part([UInt8])
    }

    /// The pattern as written.
    public let pattern: String
    private let segments: [Segment]
    private let anywhere: Bool

    /// Compiles a pattern.
    public init(_ pattern: String) {
        self.pattern = pattern
        var bytes = Array(pattern.utf8)
        while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        anywhere = !bytes.contains(UInt8(ascii: "/"))
        segments = Glob.components(bytes).map { $0 == [UInt8(ascii: "*"), UInt8(ascii: "*")] ? .globstar : .part($0) }
    }

    /// The pattern as written.
    public var description: String { pattern }

    /// Whether the relative path matches the pattern.
    public func matches(_ relativePath: String) -> Bool {
        matches(components: Glob.components(Array(relativePath.utf8))[...])
    }

    /// Whether the pattern has no `/` (it matches a single name anywhere).
    var isAnywhere: Bool { anywhere }

    /// For a pattern without `/`: whether one name (a file or folder name) matches it.
    func matches(name: [UInt8]) -> Bool {
        guard let first = segments.first else { return false }
        guard case .part(let part) = first else { return true }  // a lone `**`
        return Glob.matchPart(part, name)
    }

    /// Whether a path, already split into components, matches the pattern.
    func matches(components path: ArraySlice<[UInt8]>) -> Bool {
        guard !segments.isEmpty, !path.isEmpty else { return false }
        if anywhere {
            guard case .part(let part) = segments[0] else { return true }  // a lone `**`
            return path.contains { Glob.matchPart(part, $0) }
        }
        return matchSegments(path)
    }

    /// Splits on `/`, dropping empty and `.` components.
    static func components(_ bytes: [UInt8]) -> [[UInt8]] {
        bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
            .filter { !($0.count == 1 && $0.first == UInt8(ascii: ".")) }
            .map(Array.init)
    }

    /// `**` over components, with the classic single-backtrack-point wildcard algorithm.
    private func matchSegments(_ path: ArraySlice<[UInt8]>) -> Bool {
        // (The slice read in place, from its own first index.)
        let names = path
        let base = path.startIndex
        var p = 0
        var s = 0
        var starP = -1
        var starS = 0
        while s < names.count {
            if p < segments.count, case .globstar = segments[p] {
                starP = p
                starS = s
                p += 1
            } else if p < segments.count, case .part(let part) = segments[p], Glob.matchPart(part, names[base + s]) {
                p += 1
                s += 1
            } else if starP >= 0 {
                p = starP + 1
                starS += 1
                s = starS
            } else {
                return false
            }
        }
        while p < segments.count, case .globstar = segments[p] { p += 1 }
        return p == segments.count
    }

    /// `*` and `?` within one component; `?` and backtracking step over whole UTF-8 scalars.
    static func matchPart(_ pattern: [UInt8], _ name: [UInt8]) -> Bool {
        let star = UInt8(ascii: "*")
        let question = UInt8(ascii: "?")
        var p = 0
        var n = 0
        var starP = -1
        var starN = 0
        while n < name.count {
            if p < pattern.count && pattern[p] == star {
                starP = p
                starN = n
                p += 1
            } else if p < pattern.count && pattern[p] == question {
                p += 1
                n = nextScalar(name, n)
            } else if p < pattern.count && pattern[p] == name[n] {
                p += 1
                n += 1
            } else if starP >= 0 {
                p = starP + 1
                starN = nextScalar(name, starN)
                n = starN
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == star { p += 1 }
        return p == pattern.count
    }

    /// The offset after the UTF-8 scalar starting at `i` (continuation bytes are `10xxxxxx`).
    private static func nextScalar(_ bytes: [UInt8], _ i: Int) -> Int {
        var j = i + 1
        while j < bytes.count && bytes[j] & 0xC0 == 0x80 { j += 1 }
        return j
    }
}

/// Which files a configuration's `include` and `exclude` globs let through.
///
/// A glob applies to a path when it matches the path itself or one of its folders, so
/// `Sources/Generated` excludes everything under that folder. A file is linted when no `exclude`
/// glob applies and, if `include` is not empty, some `include` glob applies.
public struct PathFilter: Sendable {
    /// Globs of files and folders to lint; empty means everything.
    public let include: [Glob]
    /// Globs of files and folders to skip; they win over `include`.
    public let exclude: [Glob]

    /// Compiles the patterns.
    public init(include: [String], exclude: [String]) {
        self.include = include.map(Glob.init)
        self.exclude = exclude.map(Glob.init)
    }

    /// Whether the file at this relative path is linted.
    public func accepts(_ relativePath: String) -> Bool {
        let path = Glob.components(Array(relativePath.utf8))
        if exclude.contains(where: { PathFilter.applies($0, to: path) }) { return false }
        return include.isEmpty || include.contains { PathFilter.applies($0, to: path) }
    }

    /// Whether the folder at this relative path is excluded, with everything under it (a walk
    /// need not descend into it).
    public func excludesFolder(_ relativePath: String) -> Bool {
        let path = Glob.components(Array(relativePath.utf8))
        return exclude.contains { PathFilter.applies($0, to: path) }
    }

    private static func applies(_ glob: Glob, to path: [[UInt8]]) -> Bool {
        guard !path.isEmpty else { return false }
        for end in 1...path.count where glob.matches(components: path[..<end]) { return true }
        return false
    }
}
