import StatelintAnalysis
import StatelintDiagnostics
import StatelintRules

/// One enabled rule with the settings it runs with.
public struct RuleRun: Sendable {
    /// The rule.
    public var rule: any Rule.Type
    /// Its severity after configuration.
    public var severity: Severity { didSet { isConfigured = true } }
    /// Whether the configuration (or a caller) set the severity: a witnessed finding of an advisory rule
    /// then keeps it instead of being a warning.
    public private(set) var isConfigured: Bool
    /// Its configured options (an option not listed takes its default).
    public var options: [String: OptionValue]

    public init(rule: any Rule.Type, severity: Severity? = nil, options: [String: OptionValue] = [:]) {
        self.rule = rule
        self.severity = severity ?? rule.descriptor.defaultSeverity
        isConfigured = severity != nil
        self.options = options
    }

    /// The rule's id.
    public var id: String { rule.descriptor.id }

    /// Whether the rule queries facts collected after pass 1 (the engine checks the files it may report in
    /// after collecting them).
    public var waitsForSecondRound: Bool { rule.waitsForSecondRound }
}

/// What a run checks: the enabled rules with their severities and options, and the deployment target.
///
/// `.lintrc` and the command line's `--enable` / `--disable` are merged here, once, for every front end
/// (the command line, the plugins through it, an editor).
public struct LintSettings: Sendable {
    /// The enabled rules, in registry order.
    public var runs: [RuleRun]
    /// The oldest OS versions the project supports.
    public var deploymentTarget: DeploymentTarget

    /// Every rule at its default severity and options, with no deployment target.
    public static var defaults: LintSettings { LintSettings(rules: RuleRegistry.all) }

    /// These rules at their default settings.
    public init(rules: [any Rule.Type], deploymentTarget: DeploymentTarget = .unknown) {
        runs = rules.map { RuleRun(rule: $0) }
        self.deploymentTarget = deploymentTarget
    }

    /// The settings a configuration gives, then `enable` and `disable` (rule ids, checked by the caller)
    /// applied on top: a rule the configuration turns off runs when enabled on the command line (at its
    /// default severity), and `disable` wins over everything.
    /// `only` (rule ids, `--only`), when not empty, runs those rules and no other, whatever the
    /// configuration turns on or off (with its severity and options when it sets them).
    /// `detected` is what the project's build files say about its platforms (`ProjectTarget.detect(root:)`);
    /// the configuration's `deployment_target` wins over it.
    public init(configuration: Configuration, enable: [String] = [], disable: [String] = [], only: [String] = [],
                detected: DeploymentTarget = .unknown) {
        var runs: [RuleRun] = []
        for rule in RuleRegistry.all {
            let id = rule.descriptor.id
            if !only.isEmpty {
                guard only.contains(id) else { continue }
                if case .enabled(let severity, let options)? = configuration.rules[id] {
                    runs.append(RuleRun(rule: rule, severity: severity, options: options))
                } else {
                    runs.append(RuleRun(rule: rule))
                }
                continue
            }
            if disable.contains(id) { continue }
            switch configuration.rules[id] {
            case .off?:
                if enable.contains(id) { runs.append(RuleRun(rule: rule)) }
            case .enabled(let severity, let options)?:
                runs.append(RuleRun(rule: rule, severity: severity, options: options))
            case nil:
                runs.append(RuleRun(rule: rule))
            }
        }
        self.runs = runs
        deploymentTarget = ProjectTarget.combined(configured: DeploymentTarget(configured: configuration.deploymentTarget), detected: detected)
    }

    /// The descriptors of every rule statelint has (for SARIF's rule metadata), in registry order.
    public static var ruleDescriptors: [RuleDescriptor] { RuleRegistry.descriptors }

    /// The enabled rule types.
    public var enabled: [any Rule.Type] { runs.map(\.rule) }

    /// What pass 1 collects for the enabled rules (plus `extraFacts`).
    public func plan(extraFacts: Set<ProjectFact> = []) -> AnalysisPlan {
        AnalysisPlan(rules: runs.map(\.rule), extraFacts: extraFacts)
    }

    /// What the findings of a file depend on in these settings, as one string (the analysis cache's key
    /// for a file's findings): each enabled rule with its severity and options, and the deployment target.
    public var cacheDescription: String {
        var text = ""
        for run in runs {
            text += run.id + " " + run.severity.rawValue
            for key in run.options.keys.sorted() { text += " \(key)=\(run.options[key]!)" }
            text += "\n"
        }
        for platform in deploymentTarget.versions.keys.sorted() { text += "\(platform) \(deploymentTarget.versions[platform]!)\n" }
        if let platforms = deploymentTarget.platforms { text += "platforms " + platforms.sorted().joined(separator: " ") + "\n" }
        return text
    }

    /// What pass 1 collects for these settings, as one string (with `extraFacts`, and each registered fact's
    /// schema version): the analysis cache's key for summaries.
    public func analysisDescription(extraFacts: Set<ProjectFact> = []) -> String {
        // (Each registered fact's schema version too: a fact whose parts change meaning changes the key.)
        runs.map(\.id).sorted().joined(separator: " ") + " | " + extraFacts.map(\.rawValue).sorted().joined(separator: " ")
            + " | " + FactRegistry.schemaDescription
    }

    /// The settings of an enabled rule, or nil when it is off.
    public func run(of id: String) -> RuleRun? { runs.first { $0.id == id } }

    /// The enabled rule that judges suppression comments (`Rule.judgesSuppressions`), if any.
    var suppressionJudge: RuleRun? { runs.first { $0.rule.judgesSuppressions } }

    /// Whether the rule with this id runs.
    public func isEnabled(_ id: String) -> Bool { run(of: id) != nil }
}

extension Configuration {
    /// The rules a configuration may name, with the options each accepts (from their descriptors).
    static var knownRules: [RuleDescriptor] { RuleRegistry.descriptors }
}
