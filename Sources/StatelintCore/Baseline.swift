import Foundation
import StatelintDiagnostics
import StatelintSyntax

/// Known findings to hide, matched by rule, path and the flagged line's text (not its number), with counts:
/// inserting lines above a finding does not resurrect it, and a second identical finding is still new.
public struct Baseline: Sendable, Equatable {
    struct Key: Hashable, Comparable {
        var rule: String
        var path: String
        var text: String

        static func < (a: Key, b: Key) -> Bool { (a.path, a.rule, a.text) < (b.path, b.rule, b.text) }
    }

    private(set) var counts: [Key: Int] = [:]

    /// The number of findings recorded.
    public var findingCount: Int { counts.values.reduce(0, +) }

    /// Records every finding of a report; paths are stored relative to `root` (the project folder), so the
    /// baseline matches wherever statelint runs from.
    public init(report: LintReport, root: String? = nil) {
        var cache = KeyCache()
        for d in report.diagnostics {
            counts[Baseline.key(d, report, root: root, cache: &cache), default: 0] += 1
        }
    }

    /// Each file's line table and project path, made once per run (not once per finding).
    struct KeyCache {
        var lines: [String: LineTable] = [:]
        var paths: [String: String] = [:]
    }

    init(counts: [Key: Int]) { self.counts = counts }

    /// A reported path (relative to the current folder, or absolute) relative to `root`.
    static func projectPath(_ path: String, root: String?) -> String {
        guard let root else { return path }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let standardized = URL(fileURLWithPath: absolute).standardizedFileURL.path
        let base = URL(fileURLWithPath: root).standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return standardized.hasPrefix(prefix) ? String(standardized.dropFirst(prefix.count)) : standardized
    }

    static func key(_ d: Diagnostic, _ report: LintReport, root: String? = nil) -> Key {
        var cache = KeyCache()
        return key(d, report, root: root, cache: &cache)
    }

    static func key(_ d: Diagnostic, _ report: LintReport, root: String?, cache: inout KeyCache) -> Key {
        var text = ""
        if let file = report.sources[d.path] {
            let lines = cache.lines[d.path] ?? LineTable(file.bytes)
            cache.lines[d.path] = lines
            let line = lines.location(of: d.range.lowerBound).line
            text = file.text(lines.lineRange(line, in: file.bytes)).trimmingCharacters(in: .whitespaces)
        }
        let path = cache.paths[d.path] ?? projectPath(d.path, root: root)
        cache.paths[d.path] = path
        return Key(rule: d.ruleID, path: path, text: text)
    }

    /// The report without the findings this baseline records (each recorded finding hides one).
    public func filter(_ report: LintReport, root: String? = nil) -> LintReport {
        apply(to: report, root: root).report
    }

    /// The report without the findings this baseline records, and how many recorded findings no longer
    /// occur: entries of files the run reported on (or of files that no longer exist) that no finding
    /// matched. Files the run did not look at (a run on named files) fix nothing.
    public func apply(to report: LintReport, root: String? = nil) -> (report: LintReport, fixed: Int) {
        var remaining = counts
        var kept: [Diagnostic] = []
        var cache = KeyCache()
        for d in report.diagnostics {
            let key = Baseline.key(d, report, root: root, cache: &cache)
            if let n = remaining[key], n > 0 {
                remaining[key] = n - 1
            } else {
                kept.append(d)
            }
        }
        var result = report
        result.baselined += report.diagnostics.count - kept.count
        result.diagnostics = kept
        let looked = Set(report.reportedPaths.map { Baseline.projectPath($0, root: root) })
        var fixed = 0
        for (key, n) in remaining where n > 0 {
            if looked.contains(key.path) || !Baseline.exists(key.path, root: root) { fixed += n }
        }
        return (result, fixed)
    }

    /// Whether a recorded path (relative to `root`) still names something on disk.
    static func exists(_ path: String, root: String?) -> Bool {
        let full = path.hasPrefix("/") || root == nil ? path : (root!.hasSuffix("/") ? root! + path : root! + "/" + path)
        var info = stat()
        return FilePath.fsStat(full, &info) == 0
    }

    /// Stable, sorted, reviewable JSON.
    public func render() -> String {
        var out = "{\n  \"version\" : 1,\n  \"findings\" : ["
        let keys = counts.keys.sorted()
        for (i, key) in keys.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            out += "    { \"path\" : \(Baseline.quote(key.path)), \"rule\" : \(Baseline.quote(key.rule)), "
            out += "\"line\" : \(Baseline.quote(key.text)), \"count\" : \(counts[key] ?? 0) }"
        }
        out += keys.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    /// The file's shape; decoding is strict: `"count": true` or `1.5` is not a count.
    private struct File: Decodable {
        struct Entry: Decodable {
            var path: String
            var rule: String
            var line: String
            var count: Int
        }
        var version: Int
        var findings: [Entry]
    }

    /// The largest count an entry may have (far beyond any real file; sums stay far from overflow).
    static let maximumCount = 1 << 40

    /// Reads a baseline file.
    /// - Throws: `StatelintError.io` when it cannot be read or is not a statelint baseline.
    public static func load(path: String) throws -> Baseline {
        guard case .success(let bytes) = FileReading.bytes(of: path) else {
            throw StatelintError.io(path: path, reason: "cannot read the baseline file")
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: Data(bytes))
        } catch {
            throw StatelintError.io(path: path, reason: "not a statelint baseline (expected {\"version\": 1, \"findings\": [{\"path\", \"rule\", \"line\", \"count\"}, ...]} with whole-number counts); write one with --write-baseline")
        }
        guard file.version == 1 else {
            throw StatelintError.io(path: path, reason: "baseline version \(file.version) is not supported (this statelint reads version 1)")
        }
        var counts: [Key: Int] = [:]
        for (number, entry) in file.findings.enumerated() {
            guard entry.count >= 1, entry.count <= maximumCount else {
                throw StatelintError.io(path: path, reason: "baseline entry \(number + 1) has count \(entry.count); a count is from 1 to \(maximumCount)")
            }
            // Entries for one finding add up (a merged file); the sum saturates instead of overflowing.
            let key = Key(rule: entry.rule, path: entry.path, text: entry.line)
            counts[key] = min(maximumCount, (counts[key] ?? 0) + entry.count)
        }
        return Baseline(counts: counts)
    }

    static func quote(_ s: String) -> String {
        var out = ""
        JSONWriter.writeString(s, into: &out)
        return out
    }
}
