import Foundation
import StatelintAnalysis
import StatelintRules
import StatelintSyntax

/// A file that could not be linted, and why.
public struct FileProblem: Error, Sendable, Hashable {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
}

/// The outcome of a run: findings in a deterministic order, and files that could not be linted.
public struct LintReport: Sendable {
    /// Findings sorted by path, position and rule.
    public var diagnostics: [Diagnostic]
    /// Files that could not be read or were skipped.
    public var problems: [FileProblem]
    /// How many files were linted (reported on).
    public var fileCount: Int
    /// The files that have findings, by path (reporters show their lines).
    public var sources: [String: SourceFile]
    /// Where the time went (filled by the engine).
    public var stats = EngineStats()

    public init(diagnostics: [Diagnostic], problems: [FileProblem], fileCount: Int, sources: [String: SourceFile]) {
        self.diagnostics = diagnostics
        self.problems = problems
        self.fileCount = fileCount
        self.sources = sources
    }
}

/// Time per phase, summed over worker threads (CPU-ish seconds), plus sizes; printed by `--stats`.
public struct EngineStats: Sendable {
    public var files = 0
    public var lines = 0
    public var bytes = 0
    /// Reading files from disk (wall time of the parallel read).
    public var reading = 0.0
    /// Lexing and parsing for the index (pass 1), summed over threads.
    public var parsingForIndex = 0.0
    /// Extracting file summaries (pass 1), summed over threads.
    public var summarizing = 0.0
    /// Merging summaries into the project index (wall).
    public var indexing = 0.0
    /// Lexing and parsing again for the rules (pass 2), summed over threads.
    public var parsingForRules = 0.0
    /// Running rules and suppressions, summed over threads.
    public var checking = 0.0
    /// Files pass 2 skipped because no rule can report in them.
    public var skippedFiles = 0

    public init() {}
}

/// Seconds on a monotonic clock.
@inline(__always) func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Which rules run, and at which severity.
public struct RuleSettings: Sendable {
    /// The enabled rules.
    public var enabled: [any Rule.Type]
    /// Severity overrides by rule id.
    public var severities: [String: Severity]

    /// Every rule at its default severity.
    public static var defaults: RuleSettings { RuleSettings(enabled: RuleRegistry.all, severities: [:]) }

    public init(enabled: [any Rule.Type], severities: [String: Severity] = [:]) {
        self.enabled = enabled
        self.severities = severities
    }

    func severity(of id: String, default value: Severity) -> Severity { severities[id] ?? value }
    func isEnabled(_ id: String) -> Bool { enabled.contains { $0.descriptor.id == id } }
}

/// Runs rules over files: pass 1 summarises every file into the project index, pass 2 checks each file.
public struct Engine: Sendable {
    /// The rules to run and their severities.
    public var settings: RuleSettings
    /// Worker threads.
    public var jobs: Int

    public init(settings: RuleSettings = .defaults, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.settings = settings
        self.jobs = max(1, jobs)
    }

    public init(rules: [any Rule.Type], jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.init(settings: RuleSettings(enabled: rules), jobs: jobs)
    }

    /// Lints files on disk. `reportOnly` limits the files checked and reported; the index still sees all of `paths`.
    public func lint(paths: [String], reportOnly: Set<String>? = nil) -> LintReport {
        let readStart = monotonicSeconds()
        let loaded = Parallel.map(count: paths.count, jobs: jobs) { i in Engine.load(paths[i]) }
        let readTime = monotonicSeconds() - readStart
        var files: [SourceFile] = []
        var problems: [FileProblem] = []
        for (i, result) in loaded.enumerated() {
            switch result {
            case .success(let file): files.append(file)
            case .failure(let problem):
                if reportOnly == nil || reportOnly!.contains(Discovery.displayPath(paths[i])) { problems.append(problem) }
            }
        }
        var report = lint(files: files, reportOnly: reportOnly)
        report.problems = problems + report.problems
        report.stats.reading = readTime
        return report
    }

    /// Lints files already in memory as one project; `reportOnly` (display paths) limits what is checked.
    public func lint(files: [SourceFile], reportOnly: Set<String>? = nil) -> LintReport {
        let pass1 = Parallel.map(count: files.count, jobs: jobs) { i in
            let start = monotonicSeconds()
            // The index needs declarations everywhere, but member bodies only in @Observable classes.
            let tree = SyntaxTree(file: files[i], depth: .declarations(bodiesInClassesMarked: "Observable"))
            let parsed = monotonicSeconds()
            let summary = FileSummary(tree: tree)
            return (summary, parsed - start, monotonicSeconds() - parsed, tree.tokens.isEmpty ? 0 : LineTable.count(files[i].bytes))
        }
        var stats = EngineStats()
        let indexStart = monotonicSeconds()
        var index = ProjectIndex(summaries: pass1.map(\.0))
        // Extensions of observable classes declared elsewhere: their member uses are needed after all.
        let observable = Set(index.types.values.filter(\.isObservable).map(\.name))
        let late = pass1.indices.filter { i in
            pass1[i].0.extensionsWithoutUses.contains { index.facts(for: $0).map { observable.contains($0.name) } ?? false }
        }
        if !late.isEmpty {
            let frozen = index
            let extra = Parallel.map(count: late.count, jobs: jobs) { k in
                FileSummary(tree: SyntaxTree(file: files[late[k]])) { decl, name in
                    decl.kind == .extension && frozen.facts(for: name)?.isObservable == true
                }
            }
            for summary in extra { index.addUses(from: summary) }
        }
        stats.indexing = monotonicSeconds() - indexStart
        for entry in pass1 {
            stats.parsingForIndex += entry.1
            stats.summarizing += entry.2
            stats.lines += entry.3
        }
        stats.files = files.count
        stats.bytes = files.reduce(0) { $0 + $1.bytes.count }
        // Pass 2 only where some enabled rule could report.
        let settings = self.settings
        let finalIndex = index
        var checked: [SourceFile] = []
        for (i, file) in files.enumerated() where reportOnly?.contains(file.path) ?? true {
            if settings.enabled.contains(where: { $0.mayReport(in: pass1[i].0, index: finalIndex) }) {
                checked.append(file)
            } else {
                stats.skippedFiles += 1
            }
        }
        let reportedCount = reportOnly.map { only in files.filter { only.contains($0.path) }.count } ?? files.count
        let toCheck = checked
        let perFile = Parallel.map(count: toCheck.count, jobs: jobs) { i in
            let start = monotonicSeconds()
            let tree = SyntaxTree(file: toCheck[i])
            let parsed = monotonicSeconds()
            let found = Engine.check(tree, index: finalIndex, settings: settings)
            return (found, parsed - start, monotonicSeconds() - parsed)
        }
        var diagnostics: [Diagnostic] = []
        var sources: [String: SourceFile] = [:]
        for (i, entry) in perFile.enumerated() {
            stats.parsingForRules += entry.1
            stats.checking += entry.2
            guard !entry.0.isEmpty else { continue }
            diagnostics.append(contentsOf: entry.0)
            sources[toCheck[i].path] = toCheck[i]
        }
        diagnostics.sort(by: Engine.order)
        var report = LintReport(diagnostics: diagnostics, problems: [], fileCount: reportedCount, sources: sources)
        report.stats = stats
        return report
    }

    /// Runs the enabled rules on one file, applies its suppression comments and reports unused ones.
    static func check(_ tree: SyntaxTree, index: ProjectIndex, settings: RuleSettings) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for rule in settings.enabled {
            var context = RuleContext(tree: tree, index: index, descriptor: rule.descriptor)
            rule.init().check(&context)
            let severity = settings.severity(of: rule.descriptor.id, default: rule.descriptor.defaultSeverity)
            for var d in context.diagnostics {
                d.severity = severity
                found.append(d)
            }
        }
        let unusedID = UnusedSuppressionRule.descriptor.id
        // Nothing to silence and no comment to judge: skip building the line table.
        if found.isEmpty && !(settings.isEnabled(unusedID) && Suppressions.mayContainDirectives(tree)) { return found }
        let lines = LineTable(tree.file.bytes)
        var suppressions = Suppressions(tree: tree, lines: lines)
        found.removeAll { suppressions.suppresses(rule: $0.ruleID, line: lines.location(of: $0.range.lowerBound).line) }
        if settings.isEnabled(unusedID) {
            let severity = settings.severity(of: unusedID, default: UnusedSuppressionRule.descriptor.defaultSeverity)
            var reports = suppressions.malformed
            // Only entries for enabled rules can be judged: a disabled rule's comment may be needed elsewhere.
            for (range, rule, message) in suppressions.unused() where rule == "all" || settings.isEnabled(rule) {
                reports.append((range, message))
            }
            for (range, message) in reports {
                let line = lines.location(of: range.lowerBound).line
                if suppressions.suppresses(rule: unusedID, line: line, excluding: range) { continue }
                found.append(Diagnostic(
                    ruleID: unusedID, severity: severity, path: tree.file.path, range: range, message: message,
                    help: "remove the comment, or correct the rule id",
                    fix: Engine.commentRemoval(range, in: tree)))
            }
        }
        return found
    }

    /// Deleting a whole-line comment (with its line break); a trailing comment is left to the user.
    static func commentRemoval(_ range: Range<Int>, in tree: SyntaxTree) -> Fix? {
        let bytes = tree.file.bytes
        var start = range.lowerBound
        while start > 0 && (bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09) { start -= 1 }
        guard start == 0 || bytes[start - 1] == 0x0A || bytes[start - 1] == 0x0D else { return nil }
        var end = range.upperBound
        while end < bytes.count && (bytes[end] == 0x20 || bytes[end] == 0x09) { end += 1 }
        if end < bytes.count && bytes[end] == 0x0D { end += 1 }
        if end < bytes.count && bytes[end] == 0x0A { end += 1 }
        return Fix(title: "Remove the suppression comment", edits: [TextEdit(range: start..<end, replacement: "")], isSafe: true)
    }

    static func order(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        if a.path != b.path { return a.path < b.path }
        if a.range.lowerBound != b.range.lowerBound { return a.range.lowerBound < b.range.lowerBound }
        if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
        return a.message < b.message
    }

    /// Reads a file; a file that cannot be read or is not UTF-8 becomes a problem.
    static func load(_ path: String) -> Result<SourceFile, FileProblem> {
        let shown = Discovery.displayPath(path)
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(FileProblem(path: shown, message: "cannot be read; skipped"))
        }
        let bytes = [UInt8](data)
        guard bytes.count < Int(UInt32.max) else {
            return .failure(FileProblem(path: shown, message: "is larger than 4 GiB; skipped"))
        }
        guard UTF8Check.isValid(bytes) else {
            return .failure(FileProblem(path: shown, message: "is not valid UTF-8; skipped"))
        }
        return .success(SourceFile(path: shown, bytes: bytes))
    }
}
