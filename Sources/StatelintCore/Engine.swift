import Foundation
import StatelintAnalysis
import StatelintRules
import StatelintSyntax

/// A file that could not be linted, and why.
public struct FileProblem: Error, Sendable, Hashable {
    public var path: String
    public var message: String
}

/// The outcome of a run: findings in a deterministic order, and files that could not be linted.
public struct LintReport: Sendable {
    /// Findings sorted by path, position and rule.
    public var diagnostics: [Diagnostic]
    /// Files that could not be read or were skipped.
    public var problems: [FileProblem]
    /// How many files were linted.
    public var fileCount: Int
    /// The files that have findings, by path (reporters show their lines).
    public var sources: [String: SourceFile]
}

/// Runs rules over files: pass 1 summarises every file into the project index, pass 2 checks each file.
public struct Engine: Sendable {
    /// The rules to run.
    public var rules: [any Rule.Type]
    /// Worker threads.
    public var jobs: Int

    public init(rules: [any Rule.Type] = RuleRegistry.all, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.rules = rules
        self.jobs = max(1, jobs)
    }

    /// Lints files on disk.
    public func lint(paths: [String]) -> LintReport {
        let loaded = Parallel.map(count: paths.count, jobs: jobs) { i in Engine.load(paths[i]) }
        var files: [SourceFile] = []
        var problems: [FileProblem] = []
        for result in loaded {
            switch result {
            case .success(let file): files.append(file)
            case .failure(let problem): problems.append(problem)
            }
        }
        var report = lint(files: files)
        report.problems = problems + report.problems
        return report
    }

    /// Lints files already in memory as one project.
    public func lint(files: [SourceFile]) -> LintReport {
        let summaries = Parallel.map(count: files.count, jobs: jobs) { i in
            FileSummary(tree: SyntaxTree(file: files[i]))
        }
        let index = ProjectIndex(summaries: summaries)
        let rules = self.rules
        let perFile = Parallel.map(count: files.count, jobs: jobs) { i in
            Engine.check(SyntaxTree(file: files[i]), index: index, rules: rules)
        }
        var diagnostics: [Diagnostic] = []
        var sources: [String: SourceFile] = [:]
        for (i, found) in perFile.enumerated() where !found.isEmpty {
            diagnostics.append(contentsOf: found)
            sources[files[i].path] = files[i]
        }
        diagnostics.sort(by: Engine.order)
        return LintReport(diagnostics: diagnostics, problems: [], fileCount: files.count, sources: sources)
    }

    static func check(_ tree: SyntaxTree, index: ProjectIndex, rules: [any Rule.Type]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for rule in rules {
            var context = RuleContext(tree: tree, index: index, descriptor: rule.descriptor)
            rule.init().check(&context)
            found.append(contentsOf: context.diagnostics)
        }
        return found
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
