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
    /// Byte range in the finding's file, or in `path`.
    public var range: Range<Int>
    /// What is there.
    public var message: String
    /// The file of the note when it is not the finding's (a call site in another file); the engine
    /// adds such files to the report's sources.
    public var path: String?

    public init(range: Range<Int>, message: String, path: String? = nil) {
        self.range = range
        self.message = message
        self.path = path
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
