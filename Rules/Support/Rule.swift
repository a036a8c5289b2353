import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// What a rule sees while it checks one file: the tree, the project index, the owner cache, its own
/// settings (severity, options) and the project's deployment target, and a place to report.
///
/// The engine builds one context per file and hands it to every enabled rule in turn; rules report into
/// it directly, from any closure (it is a reference, not an `inout` value).
public final class RuleContext {
    /// The file's tree.
    public let tree: SyntaxTree
    /// Facts about every linted file.
    public let index: ProjectIndex
    /// The oldest OS versions the project supports (`deployment_target`).
    public let deploymentTarget: DeploymentTarget
    /// The rule being run.
    public private(set) var descriptor: RuleDescriptor
    private var severity: Severity
    /// Whether the configuration set the running rule's severity (a witnessed finding then keeps it).
    private var severityIsConfigured = false
    private var options: [String: OptionValue] = [:]
    /// Findings reported so far, by every rule run on this context.
    public private(set) var findings: [Diagnostic] = []
    /// The file's semantic model (owner types, and each body's references, calls, closures and
    /// assignments), built on first use and shared by every rule.
    public private(set) lazy var model = FileModel(tree: tree, index: index)

    public init(tree: SyntaxTree, index: ProjectIndex, deploymentTarget: DeploymentTarget = .unknown) {
        self.tree = tree
        self.index = index
        self.deploymentTarget = deploymentTarget
        self.descriptor = RuleDescriptor(id: "", name: "", summary: "", rationale: "", badExamples: [], goodExamples: [],
                                         defaultSeverity: .warning, tags: [], precision: "")
        self.severity = .warning
    }

    /// Runs one rule with its settings; its findings join `findings`.
    public func run(_ rule: any Rule.Type, severity: Severity? = nil, options: [String: OptionValue] = [:]) {
        descriptor = rule.descriptor
        self.severity = severity ?? rule.descriptor.defaultSeverity
        severityIsConfigured = severity != nil
        self.options = options
        rule.init().check(self)
    }

    /// The value of one of the running rule's options (configured, else its default).
    public subscript<Value>(option: TypedOption<Value>) -> Value { option.value(in: options) }

    /// The qualified name and project facts of the type at `type` (see `FileModel.owner(_:)`).
    public func owner(_ type: Int32) -> (name: String, facts: TypeFacts?) { model.owner(type) }

    /// The model of a function's body (see `FileModel.body(_:)`).
    public func body(_ function: Int) -> BodyModel { model.body(function) }

    /// Reports a finding of the running rule over a byte range.
    /// An `advisory` finding (a shape the rule describes rather than a hazard it proves) is reported at
    /// `info`, whatever the rule's severity. A `witnessed` finding of an advisory rule (its notes show the
    /// hazard happening: the loop that outlives the view) is a warning, unless the configuration sets the
    /// rule's severity.
    public func report(_ range: Range<Int>, _ message: String, help: String? = nil, notes: [Note] = [], fix: Fix? = nil,
                       advisory: Bool = false, witnessed: Bool = false) {
        let level = advisory ? .info : witnessed && !severityIsConfigured ? max(severity, .warning) : severity
        findings.append(Diagnostic(
            ruleID: descriptor.id, severity: level, path: tree.file.path, range: range,
            message: message, help: help, notes: notes, fix: fix))
    }

    /// Reports a finding at a significant token.
    public func report(token: Int32, _ message: String, help: String? = nil, notes: [Note] = [], fix: Fix? = nil,
                       advisory: Bool = false, witnessed: Bool = false) {
        report(tree.range(ofTokens: token, token), message, help: help, notes: notes, fix: fix, advisory: advisory, witnessed: witnessed)
    }
}

/// A rule: stateless, `Sendable`, described by a descriptor, checking one file at a time.
public protocol Rule: Sendable {
    /// The rule's metadata; the only source of its user-facing text.
    static var descriptor: RuleDescriptor { get }
    /// Creates the rule.
    init()
    /// Checks one file and reports through the context.
    func check(_ context: RuleContext)
    /// Whether the rule could report anything in a file, judged from its summary and the index; the
    /// engine skips the second parse of files no enabled rule could report in, and does not run the rule
    /// where it says no. Must never say no wrongly.
    static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool
    /// The cross-file facts the rule queries in the project index; pass 1 collects what the enabled
    /// rules declare, and nothing else.
    static var projectFacts: Set<ProjectFact> { get }
    /// Identifiers whose presence pass 1 records for `mayReport` (`file.mentions("Task")`).
    static var requiredWords: [String] { get }
    /// For a rule that declares construction sites or presentations: the types it asks about. Sites are
    /// collected for these only, and the rule runs (after the site search) only in the files that declare
    /// or extend one of them, so it must report only on these types.
    static func wantsConstructionSites(of type: TypeFacts, in index: ProjectIndex) -> Bool
    /// Whether the rule judges the suppression comments themselves (one that silences nothing, or is
    /// malformed): the engine applies a file's comments after every rule ran, and reports each such comment
    /// through `suppressionFinding`. At most one rule does (`unused_suppression`).
    static var judgesSuppressions: Bool { get }
    /// For the rule that judges suppressions: the finding for a comment (at `range`) that silences nothing
    /// or is malformed. `removing`: the comments to delete for the fix (empty for no fix).
    static func suppressionFinding(_ range: Range<Int>, _ message: String, severity: Severity, removing: [Range<Int>],
                                   in tree: SyntaxTree) -> Diagnostic?
}

extension Rule {
    /// By default a rule may report in any file.
    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool { true }
    /// By default a rule needs no cross-file facts beyond the types and their members.
    public static var projectFacts: Set<ProjectFact> { [] }
    /// By default no words are recorded for the rule.
    public static var requiredWords: [String] { [] }
    /// By default sites of every type.
    public static func wantsConstructionSites(of type: TypeFacts, in index: ProjectIndex) -> Bool { true }
    /// By default a rule does not judge suppression comments.
    public static var judgesSuppressions: Bool { false }
    /// By default no finding (only the rule that judges suppressions makes one).
    public static func suppressionFinding(_ range: Range<Int>, _ message: String, severity: Severity, removing: [Range<Int>],
                                          in tree: SyntaxTree) -> Diagnostic? { nil }
}

extension Rule {
    /// Whether the rule queries facts collected after pass 1 (construction sites or presentations): the
    /// engine checks the files it may report in once they are collected (`SecondRoundSearch`).
    public static var waitsForSecondRound: Bool { !projectFacts.isDisjoint(with: AnalysisPlan.siteFacts) }
}

extension AnalysisPlan {
    /// What pass 1 collects for these rules (plus `extraFacts`): the facts they declare, the words they
    /// need, and the types whose construction sites are wanted (those some rule asks about; every type
    /// when only `extraFacts` want them).
    public init(rules: [any Rule.Type], extraFacts: Set<ProjectFact> = []) {
        let siteFacts = AnalysisPlan.siteFacts
        var facts: [ProjectFact] = Array(extraFacts)
        var words: [String] = []
        var siteRules: [any Rule.Type] = []
        for rule in rules {
            facts += rule.projectFacts
            words += rule.requiredWords
            if rule.waitsForSecondRound { siteRules.append(rule) }
        }
        let everyType = siteRules.isEmpty || !extraFacts.isDisjoint(with: siteFacts)
        let askers = siteRules
        let filter: @Sendable (TypeFacts, ProjectIndex) -> Bool = { type, index in askers.contains { $0.wantsConstructionSites(of: type, in: index) } }
        self.init(facts: facts, words: words, siteFilter: everyType ? nil : filter)
    }
}

extension FileSummary {
    /// Whether the file declares or extends a SwiftUI `View`, `App`, `Scene` or `ViewModifier`.
    public func touchesSwiftUIType(_ index: ProjectIndex) -> Bool {
        typeNames.contains { index.isSwiftUIType($0) }
    }
}
