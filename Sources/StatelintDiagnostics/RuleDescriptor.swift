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
    /// The options it accepts in `.lintrc` besides `severity` (declared as `TypedOption`s of the rule).
    public var options: [RuleOption]

    public init(id: String, name: String, summary: String, rationale: String, badExamples: [String],
                goodExamples: [String], defaultSeverity: Severity, tags: [String], precision: String,
                options: [RuleOption] = []) {
        self.id = id
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.badExamples = badExamples
        self.goodExamples = goodExamples
        self.defaultSeverity = defaultSeverity
        self.tags = tags
        self.precision = precision
        self.options = options
    }

    /// Whether the rule offers automatic fixes (its rationale then has a "Fix safety" paragraph; a
    /// metadata test keeps the two in step with the rule's code).
    public var hasFix: Bool { rationale.contains("Fix safety") }

    /// The options as `explain` prints them (plain text), or nil when the rule has none.
    public var optionsText: String? {
        guard !options.isEmpty else { return nil }
        var out = "Options (in .lintrc: `\(id): {severity: \(defaultSeverity.rawValue), \(options[0].key): \(options[0].defaultValue.configText)}`):\n"
        for option in options {
            out += "\n  \(option.key): \(option.kind.expected); default \(option.defaultValue.configText)\n    \(option.summary)\n"
        }
        return out
    }

    /// The options as Markdown (documentation and SARIF help), or nil when the rule has none.
    public var optionsMarkdown: String? {
        guard !options.isEmpty else { return nil }
        var out = "Options, set in `.lintrc` as `\(id): {severity: \(defaultSeverity.rawValue), \(options[0].key): \(options[0].defaultValue.configText)}`:\n\n"
        out += "| Option | Values | Default | Effect |\n|---|---|---|---|\n"
        for option in options {
            out += "| `\(option.key)` | \(option.kind.expected) | `\(option.defaultValue.configText)` | \(option.summary) |\n"
        }
        return out
    }

    /// An example as users see it (`explain`, SARIF help, docs): without its `// expect…` test markers
    /// and the spaces before them; a line that held only a marker goes entirely.
    public static func displayText(of example: String) -> String {
        example.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> Substring? in
            guard let marker = line.firstRange(of: "// expect") else { return line }
            var kept = line[..<marker.lowerBound]
            while kept.last == " " || kept.last == "\t" { kept = kept.dropLast() }
            return kept.isEmpty ? nil : kept
        }.joined(separator: "\n")
    }
}
