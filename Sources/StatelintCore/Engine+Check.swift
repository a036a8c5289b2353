import StatelintAnalysis
import StatelintDiagnostics
import StatelintRules
import StatelintSyntax

/// The rules on one file (with its suppression comments), and the report's finishing: the files notes
/// point into, and the order of findings. Used by pass 2 and by a report the disk cache reuses.
extension Engine {
    /// Runs the enabled rules on one file, applies its suppression comments and reports unused ones.
    /// With the file's pass-1 summary, a rule that says it cannot report in the file (`mayReport`) is not run.
    /// In the project's sample code (`SampleCode`), a finding is `info` at most, with a note saying why.
    static func check(_ tree: SyntaxTree, index: ProjectIndex, settings: LintSettings, summary: FileSummary? = nil,
                      sampleCode: SampleCode = .none) -> [Diagnostic] {
        let context = RuleContext(tree: tree, index: index, deploymentTarget: settings.deploymentTarget)
        for run in settings.runs {
            if let summary, !run.rule.mayReport(in: summary, index: index) { continue }
            context.run(run.rule, severity: run.isConfigured ? run.severity : nil, options: run.options)
        }
        var found = context.findings
        // (The path is classified only for a file with a finding to cap.)
        if found.contains(where: { $0.severity > .info }), let sampleFolder = sampleCode.folder(of: tree.file.path) {
            for k in found.indices where found[k].severity > .info {
                found[k].severity = .info
                found[k].notes.append(Note(range: found[k].range, message: "'\(sampleFolder)' is sample code (a demo, example or playground folder), "
                    + "which no user of the app runs: reported as info"))
            }
        }
        let unused = settings.suppressionJudge
        // Nothing to silence and no comment to judge: skip building the line table.
        if found.isEmpty && !(unused != nil && Suppressions.mayContainDirectives(tree)) { return found }
        let lines = LineTable(tree.file.bytes)
        var suppressions = Suppressions(tree: tree, lines: lines)
        found.removeAll { suppressions.suppresses(rule: $0.ruleID, line: lines.location(of: $0.range.lowerBound).line) }
        if let unused {
            // (A malformed comment gets no fix: it may be prose, or name a rule that is only misspelt. It is at
            // least a warning: it silences nothing its author meant it to, so CI must see it.)
            var reports = suppressions.malformed.map {
                (range: $0.range, message: $0.message, removal: [Range<Int>](), severity: max(unused.severity, .warning))
            }
            // Only entries for enabled rules can be judged: a disabled rule's comment may be needed elsewhere.
            for (range, rule, message, removal) in suppressions.unused() where rule == "all" || settings.isEnabled(rule) {
                reports.append((range, message, removal, unused.severity))
            }
            for (range, message, removal, severity) in reports {
                let line = lines.location(of: range.lowerBound).line
                if suppressions.suppresses(rule: unused.id, line: line, excluding: range) { continue }
                if let finding = unused.rule.suppressionFinding(range, message, severity: severity, removing: removal, in: tree) {
                    found.append(finding)
                }
            }
        }
        return found
    }

    /// Notes in other files (a call site): reporters need those files' lines too.
    static func addNoteSources(of diagnostics: [Diagnostic], to sources: inout [String: SourceFile], count: Int,
                               path: (Int) -> String, load: (Int) -> Result<SourceFile, FileProblem>) {
        var noteFiles = Set<String>()
        for d in diagnostics { for note in d.notes { if let p = note.path, sources[p] == nil { noteFiles.insert(p) } } }
        guard !noteFiles.isEmpty else { return }
        for i in 0..<count where noteFiles.contains(path(i)) {
            if case .success(let file) = load(i) { sources[file.path] = file }
        }
    }

        static func order(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        if a.path != b.path { return a.path < b.path }
        if a.range.lowerBound != b.range.lowerBound { return a.range.lowerBound < b.range.lowerBound }
        if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
        return a.message < b.message
    }
}
