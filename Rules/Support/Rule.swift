import StatelintAnalysis
import StatelintSyntax

/// How serious a finding is; `info` prints as `note` in compiler-style output.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case info, warning, error

    /// The word used in clang/Xcode-style output.
    public var compilerWord: String { self == .info ? "note" : rawValue }

    private var rank: Int {
        switch self {
        case .info: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A text edit: replace a byte range of a file with new text.
public struct TextEdit: Sendable, Hashable {
    /// Byte range to replace.
    public var range: Range<Int>
    /// Replacement text.
    public var replacement: String

    public init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

/// A fix-it: edits that repair a finding, and whether `--fix` may apply them unattended.
public struct Fix: Sendable, Hashable {
    /// What the fix does, in a few words.
    public var title: String
    /// The edits, all in the finding's file.
    public var edits: [TextEdit]
    /// Whether it never changes behaviour beyond removing the hazard (applied by `--fix`).
    public var isSafe: Bool

    public init(title: String, edits: [TextEdit], isSafe: Bool) {
        self.title = title
        self.edits = edits
        self.isSafe = isSafe
    }
}

/// A secondary location that explains a finding.
public struct Note: Sendable, Hashable {
    /// Byte range in the finding's file.
    public var range: Range<Int>
    /// What is there.
    public var message: String

    public init(range: Range<Int>, message: String) {
        self.range = range
        self.message = message
    }
}

/// One finding of one rule in one file.
public struct Diagnostic: Sendable, Hashable {
    /// The rule's id.
    public var ruleID: String
    /// Severity after configuration.
    public var severity: Severity
    /// The file's path as reported.
    public var path: String
    /// Byte range of the flagged code.
    public var range: Range<Int>
    /// The message: what is wrong and what happens at run time.
    public var message: String
    /// How to fix it.
    public var help: String?
    /// Related locations.
    public var notes: [Note]
    /// An optional fix-it.
    public var fix: Fix?

    public init(ruleID: String, severity: Severity, path: String, range: Range<Int>, message: String,
                help: String? = nil, notes: [Note] = [], fix: Fix? = nil) {
        self.ruleID = ruleID
        self.severity = severity
        self.path = path
        self.range = range
        self.message = message
        self.help = help
        self.notes = notes
        self.fix = fix
    }
}

/// What a rule sees: one file's tree, the project index, and a place to report.
public struct RuleContext {
    /// The file's tree.
    public let tree: SyntaxTree
    /// Facts about every linted file.
    public let index: ProjectIndex
    let descriptor: RuleDescriptor
    /// Findings reported so far.
    public private(set) var diagnostics: [Diagnostic] = []
    /// Owner types already looked up (rules ask for the owner of every function).
    private var owners: [Int32: (name: String, facts: TypeFacts?)] = [:]

    /// The qualified name and project facts of the type at `type` in this file's type table, looked up once.
    /// A local type (declared in a function or closure body) has no facts: the project index never sees
    /// it (pass 1 skips bodies), and its simple name must not resolve to another file's nested type.
    public mutating func owner(_ type: Int32) -> (name: String, facts: TypeFacts?) {
        if let known = owners[type] { return known }
        let name = tree.qualifiedName(ofType: type)
        let found = (name: name, facts: tree.isLocalType(type) ? nil : index.facts(for: name))
        owners[type] = found
        return found
    }

    public init(tree: SyntaxTree, index: ProjectIndex, descriptor: RuleDescriptor) {
        self.tree = tree
        self.index = index
        self.descriptor = descriptor
    }

    /// Reports a finding over a byte range.
    public mutating func report(_ range: Range<Int>, _ message: String, help: String? = nil, notes: [Note] = [], fix: Fix? = nil) {
        diagnostics.append(Diagnostic(
            ruleID: descriptor.id, severity: descriptor.defaultSeverity, path: tree.file.path, range: range,
            message: message, help: help, notes: notes, fix: fix))
    }

    /// Reports a finding at a significant token.
    public mutating func report(token: Int32, _ message: String, help: String? = nil, notes: [Note] = [], fix: Fix? = nil) {
        report(tree.range(ofTokens: token, token), message, help: help, notes: notes, fix: fix)
    }
}

/// A rule: stateless, `Sendable`, described by a descriptor, checking one file at a time.
public protocol Rule: Sendable {
    /// The rule's metadata; the only source of its user-facing text.
    static var descriptor: RuleDescriptor { get }
    /// Creates the rule.
    init()
    /// Checks one file and reports through the context.
    func check(_ context: inout RuleContext)
    /// Whether the rule could report anything in a file, judged from its summary and the index; the
    /// engine skips the second parse of files no enabled rule could report in. Must never say no wrongly.
    static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool
}

extension Rule {
    /// By default a rule may report in any file.
    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool { true }
}

extension FileSummary {
    /// Whether the file declares or extends a SwiftUI `View`, `App`, `Scene` or `ViewModifier`.
    public func touchesSwiftUIType(_ index: ProjectIndex) -> Bool {
        typeNames.contains { index.isSwiftUIType($0) }
    }
}
