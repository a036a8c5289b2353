/// Everything users see about a rule: id, texts, examples, default severity.
public struct RuleDescriptor: Sendable {
    /// Stable snake_case id used in configuration and suppressions.
    public var id: String
    /// UpperCamelCase name (SARIF `name`).
    public var name: String
    /// "What it does": one sentence ending with a period.
    public var summary: String
    /// "Why is this bad?": Markdown; includes a "Fix safety" paragraph when the rule has a fix.
    public var rationale: String
    /// Code that the rule flags, written with `// expect:` markers; run as tests.
    public var badExamples: [String]
    /// Code that the rule must not flag; run as tests.
    public var goodExamples: [String]
    /// Severity when the configuration says nothing.
    public var defaultSeverity: Severity
    /// SARIF tags.
    public var tags: [String]
    /// SARIF precision: `very-high`, `high`, `medium` or `low`.
    public var precision: String

    public init(id: String, name: String, summary: String, rationale: String, badExamples: [String],
                goodExamples: [String], defaultSeverity: Severity, tags: [String], precision: String) {
        self.id = id
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.badExamples = badExamples
        self.goodExamples = goodExamples
        self.defaultSeverity = defaultSeverity
        self.tags = tags
        self.precision = precision
    }
}
