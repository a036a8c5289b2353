import Foundation
import StatelintDiagnostics

/// How the configuration sets one rule.
public enum RuleSetting: Sendable, Hashable {
    /// The rule does not run.
    case off
    /// The rule runs, reporting at this severity, with these options.
    case enabled(Severity, options: [String: OptionValue])

    /// The severity, or `nil` when the rule is off.
    public var severity: Severity? {
        if case .enabled(let severity, _) = self { return severity }
        return nil
    }

    /// The rule's options (none when the rule is off).
    public var options: [String: OptionValue] {
        if case .enabled(_, let options) = self { return options }
        return [:]
    }
}

/// The settings of a `.lintrc` file (a YAML subset; `.lintrc.example` documents every key).
///
/// Every key is optional; a missing key keeps the default shown in `init`. An unknown key, rule id,
/// option or value is a `ConfigError` naming `FILE:LINE:COL` and the closest valid spelling.
public struct Configuration: Sendable, Equatable {
    /// The name of the file `locate(from:)` looks for.
    public static let fileName = ".lintrc"
    /// The keys a configuration may have, in the order `.lintrc.example` documents them.
    public static let keys = ["include", "exclude", "rules", "severity_threshold", "show_info", "deployment_target", "baseline", "format"]
    /// The values of `format`.
    public static var formats: [String] { ReportFormat.allCases.map(\.rawValue) }
    /// The keys of `deployment_target`.
    public static var platforms: [String] { DeploymentTarget.platforms }

    /// Globs of files and folders to lint (empty: everything under the paths given).
    public var include: [String]
    /// Globs of files and folders to skip, on top of the folders always skipped.
    public var exclude: [String]
    /// Settings by rule id; a rule not listed runs at its default severity.
    public var rules: [String: RuleSetting]
    /// Findings at or above this severity make the run fail (`nil`: the command line's default).
    public var severityThreshold: Severity?
    /// Whether reports show `info` findings (advisories); `nil`: the command line's default (only with
    /// `--show-info`). They are counted either way.
    public var showInfo: Bool?
    /// Minimum OS versions by platform (`ios`, `macos`, `tvos`, `watchos`, `visionos`), e.g. `"17.0"`.
    public var deploymentTarget: [String: String]
    /// Path of the baseline file of known findings to hide (`nil`: none).
    public var baseline: String?
    /// Report format: text, xcode, sarif, github, json, checkstyle, gitlab, junit, sonarqube or html (`nil`: the command line's default).
    public var format: String?

    /// Line and column (1-based) of a top-level key's value in configuration text, for errors found after
    /// loading (a baseline file that cannot be read); nil when the key is not at the start of a line.
    public static func location(ofKey key: String, in text: String) -> (line: Int, column: Int)? {
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.hasPrefix(key + ":") {
            let value = line.dropFirst(key.count + 1).prefix { $0 == " " || $0 == "\t" }
            return (number + 1, key.utf8.count + 2 + value.utf8.count)
        }
        return nil
    }

    /// Creates a configuration; the defaults are those of an empty `.lintrc`.
    public init(include: [String] = [], exclude: [String] = [], rules: [String: RuleSetting] = [:],
                severityThreshold: Severity? = nil, deploymentTarget: [String: String] = [:],
                baseline: String? = nil, format: String? = nil) {
        self.include = include
        self.exclude = exclude
        self.rules = rules
        self.severityThreshold = severityThreshold
        self.deploymentTarget = deploymentTarget
        self.baseline = baseline
        self.format = format
    }

    /// The severity a rule runs at, or `nil` when the configuration turns it off.
    public func severity(for descriptor: RuleDescriptor) -> Severity? {
        guard let setting = rules[descriptor.id] else { return descriptor.defaultSeverity }
        return setting.severity
    }

    /// The `include` and `exclude` globs, compiled.
    public var pathFilter: PathFilter { PathFilter(include: include, exclude: exclude) }

    // MARK: Finding and reading

    /// The nearest `.lintrc` from `directory` upward, up to the root of the git work tree it is in.
    public static func locate(from directory: String) -> String? {
        let fm = FileManager.default
        let absolute = directory.hasPrefix("/") ? directory : fm.currentDirectoryPath + "/" + directory
        var folder = URL(fileURLWithPath: absolute).standardizedFileURL.path
        while true {
            let candidate = folder.hasSuffix("/") ? folder + fileName : folder + "/" + fileName
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: candidate, isDirectory: &isDirectory) && !isDirectory.boolValue {
                return candidate
            }
            // The search stops at the repository's root: a .lintrc above the work tree belongs to
            // something else (and would make its folder the project, read whole).
            if fm.fileExists(atPath: folder.hasSuffix("/") ? folder + ".git" : folder + "/.git") { return nil }
            guard folder != "/", let slash = folder.lastIndex(of: "/") else { return nil }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
        }
    }

    /// Reads and checks the configuration file at `path`.
    /// - Throws: `ConfigError` when the file cannot be read or is not a valid configuration.
    public static func load(path: String) throws -> Configuration {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ConfigError(path: path, line: 0, column: 0, message: "no such configuration file")
        }
        if isDirectory.boolValue {
            throw ConfigError(path: path, line: 0, column: 0, message: "the configuration path is a folder, not a file")
        }
        switch FileReading.bytes(of: path) {
        case .success(let bytes): return try parse(bytes: bytes, path: path)
        case .failure(.notRegular):
            throw ConfigError(path: path, line: 0, column: 0, message: "the configuration path is not a regular file")
        case .failure(.unreadable):
            throw ConfigError(path: path, line: 0, column: 0, message: "the configuration file cannot be read")
        }
    }

    /// Checks configuration text; `path` is only used in error messages.
    /// - Throws: `ConfigError` when the text is not a valid configuration.
    public static func parse(text: String, path: String) throws -> Configuration {
        try parse(bytes: Array(text.utf8), path: path)
    }

    /// Checks configuration bytes (which must be UTF-8); `path` is only used in error messages.
    static func parse(bytes: [UInt8], path: String) throws(ConfigError) -> Configuration {
        let root: YAMLNode
        do {
            root = try YAMLSubset.parse(bytes: bytes)
        } catch {
            throw ConfigError(path: path, line: error.line, column: error.column, message: error.message)
        }
        var reader = ConfigReader(path: path)
        return try reader.read(root)
    }
}

// MARK: - Checking

private struct ConfigReader {
    let path: String
    var configuration = Configuration()

    init(path: String) {
        self.path = path
    }

    func error(_ node: YAMLNode, _ message: String, suggestion: String? = nil) -> ConfigError {
        ConfigError(path: path, line: node.line, column: node.column, message: message, suggestion: suggestion)
    }

    func error(key pair: YAMLPair, _ message: String, suggestion: String? = nil) -> ConfigError {
        ConfigError(path: path, line: pair.keyLine, column: pair.keyColumn, message: message, suggestion: suggestion)
    }

    /// SwiftLint's keys, with what statelint writes instead (a `.swiftlint.yml` habit gets a way forward,
    /// not just "unknown key").
    static let swiftLintKeys: [String: String] = [
        "disabled_rules": "statelint turns a rule off under 'rules:' (for example 'rules: {task_in_onappear: off}')",
        "only_rules": "statelint runs every rule unless 'rules:' sets it to off; to run some rules only, use --only RULE on the command line",
        "opt_in_rules": "statelint turns a rule on under 'rules:' (for example 'rules: {unused_suppression: warning}')",
        "analyzer_rules": "statelint has no analyzer rules; set rules under 'rules:'",
        "included": "statelint's key is 'include' (a list of glob patterns)",
        "excluded": "statelint's key is 'exclude' (a list of glob patterns)",
        "reporter": "statelint's key is 'format' (or --format on the command line)",
        "strict": "statelint's exit status follows 'severity_threshold' (info, warning or error)",
        "lenient": "statelint's exit status follows 'severity_threshold' (info, warning or error)",
        "warning_threshold": "statelint's exit status follows 'severity_threshold' (info, warning or error)",
        "custom_rules": "statelint has no regular-expression rules; its rules are listed by 'statelint rules'",
        "parent_config": "statelint reads one .lintrc per folder (a subfolder's .lintrc adds to the root's)",
        "child_config": "statelint reads one .lintrc per folder (a subfolder's .lintrc adds to the root's)",
        "allow_zero_lintable_files": "statelint warns when no Swift file is found and exits 0",
        "check_for_updates": "statelint never checks for updates",
        "write_baseline": "statelint writes a baseline with --write-baseline FILE on the command line",
    ]

    mutating func read(_ root: YAMLNode) throws(ConfigError) -> Configuration {
        if root.isNull { return configuration }
        guard case .map(let pairs) = root.content else {
            throw error(root, "a configuration must be a map of settings ('key: value' lines), found \(root.kindDescription)")
        }
        // Every SwiftLint key at once, each with statelint's spelling: a `.swiftlint.yml` copied over is
        // put right in one pass, not one key per run.
        let swiftLint = pairs.compactMap { pair in
            ConfigReader.swiftLintKeys[pair.key].map { error(key: pair, "'\(pair.key)' is SwiftLint's key; \($0)") }
        }
        if var first = swiftLint.first {
            first.more = Array(swiftLint.dropFirst())
            throw first
        }
        for pair in pairs {
            let value = pair.value
            switch pair.key {
            case "include":
                configuration.include = try globs(value, key: "include")
            case "exclude":
                configuration.exclude = try globs(value, key: "exclude")
            case "rules":
                configuration.rules = try rules(value)
            case "severity_threshold":
                guard let word = try scalar(value, key: "severity_threshold", expected: "info, warning or error") else { continue }
                guard let severity = Severity(rawValue: word) else {
                    throw error(value, "invalid severity_threshold '\(word)' (expected info, warning or error)",
                                suggestion: Spelling.suggestion(for: word, among: Severity.allCases.map(\.rawValue)))
                }
                configuration.severityThreshold = severity
            case "show_info":
                guard let word = try scalar(value, key: "show_info", expected: "true or false") else { continue }
                guard word == "true" || word == "false" else {
                    throw error(value, "invalid show_info '\(word)' (expected true or false)",
                                suggestion: Spelling.suggestion(for: word, among: ["true", "false"]))
                }
                configuration.showInfo = word == "true"
            case "deployment_target":
                configuration.deploymentTarget = try deploymentTarget(value)
            case "baseline":
                guard let file = try scalar(value, key: "baseline", expected: "a file path") else { continue }
                if file.isEmpty { throw error(value, "baseline must be a file path, not empty") }
                configuration.baseline = file
            case "format":
                let expected = ConfigReader.alternatives(Configuration.formats)
                guard let word = try scalar(value, key: "format", expected: expected) else { continue }
                guard Configuration.formats.contains(word) else {
                    throw error(value, "invalid format '\(word)' (expected \(expected))",
                                suggestion: Spelling.suggestion(for: word, among: Configuration.formats))
                }
                configuration.format = word
            default:
                throw error(key: pair, "unknown key '\(pair.key)'",
                            suggestion: Spelling.suggestion(for: pair.key, among: Configuration.keys))
            }
        }
        return configuration
    }

    /// A scalar's text, `nil` for a null value, or an error naming what was expected.
    func scalar(_ node: YAMLNode, key: String, expected: String) throws(ConfigError) -> String? {
        if node.isNull { return nil }
        guard let text = node.scalar else {
            throw error(node, "'\(key)' must be a single value (\(expected)), found \(node.kindDescription)")
        }
        return text
    }

    func globs(_ node: YAMLNode, key: String) throws(ConfigError) -> [String] {
        if node.isNull { return [] }
        guard case .list(let items) = node.content else {
            let example = node.scalar.map { " such as [\($0)]" } ?? ""
            throw error(node, "'\(key)' must be a list of glob patterns\(example), found \(node.kindDescription)")
        }
        var patterns: [String] = []
        for item in items {
            guard let text = item.scalar, !item.isNull else {
                throw error(item, "each entry of '\(key)' must be a glob pattern, found \(item.kindDescription)")
            }
            if text.isEmpty { throw error(item, "an entry of '\(key)' is empty") }
            patterns.append(text)
        }
        return patterns
    }

    func rules(_ node: YAMLNode) throws(ConfigError) -> [String: RuleSetting] {
        if node.isNull { return [:] }
        guard case .map(let pairs) = node.content else {
            throw error(node, "'rules' must be a map of rule ids to off, info, warning, error or {severity: ...}, found \(node.kindDescription)")
        }
        var result: [String: RuleSetting] = [:]
        let known = Configuration.knownRules
        let ids = known.map(\.id)
        for pair in pairs {
            let id = pair.key
            guard let descriptor = known.first(where: { $0.id == id }) else {
                let byName = known.first { $0.name.lowercased() == id.lowercased() }?.id
                throw error(key: pair, "unknown rule '\(id)'",
                            suggestion: byName ?? Spelling.suggestion(for: id, among: ids))
            }
            result[id] = try ruleSetting(pair.value, rule: descriptor)
        }
        return result
    }

    func ruleSetting(_ node: YAMLNode, rule: RuleDescriptor) throws(ConfigError) -> RuleSetting {
        let id = rule.id
        let levels = ["off"] + Severity.allCases.map(\.rawValue)
        switch node.content {
        case .scalar(let word, _):
            return try level(word, node: node, id: id, levels: levels, options: [:])
        case .map(let pairs):
            let allowed = rule.options.map(\.key)
            var severityNode: YAMLNode? = nil
            var options: [String: OptionValue] = [:]
            for pair in pairs {
                if pair.key == "severity" {
                    severityNode = pair.value
                    continue
                }
                guard allowed.contains(pair.key) else {
                    let accepted = allowed.isEmpty
                        ? "rule '\(id)' has no options; only 'severity' is allowed"
                        : "rule '\(id)' accepts severity, " + allowed.joined(separator: ", ")
                    throw error(key: pair, "unknown option '\(pair.key)' for rule '\(id)' (\(accepted))",
                                suggestion: Spelling.suggestion(for: pair.key, among: ["severity"] + allowed))
                }
                options[pair.key] = try optionValue(pair.value, option: rule.options.first { $0.key == pair.key }!, rule: id)
            }
            guard let severityNode, !severityNode.isNull else {
                return .enabled(rule.defaultSeverity, options: options)
            }
            guard let word = severityNode.scalar else {
                throw error(severityNode, "the severity of rule '\(id)' must be off, info, warning or error, found \(severityNode.kindDescription)")
            }
            return try level(word, node: severityNode, id: id, levels: levels, options: options)
        case .empty, .list:
            throw error(node, "rule '\(id)' must be set to off, info, warning, error or {severity: ...}, found \(node.kindDescription)")
        }
    }

    /// A rule option's value, checked against its declaration.
    func optionValue(_ node: YAMLNode, option: RuleOption, rule id: String) throws(ConfigError) -> OptionValue {
        var items: [String]?
        if case .list(let list) = node.content {
            items = []
            for item in list {
                guard let text = item.scalar, !item.isNull else {
                    throw error(item, "each entry of option '\(option.key)' of rule '\(id)' must be a single value, found \(item.kindDescription)")
                }
                // The entry itself is named (an empty name matches nothing: a slip, not a setting).
                if text.trimmingCharacters(in: .whitespaces).isEmpty {
                    throw error(item, "an entry of option '\(option.key)' of rule '\(id)' is empty; write a name or remove the entry")
                }
                items?.append(text)
            }
        } else if node.scalar == nil || node.isNull {
            throw error(node, "option '\(option.key)' of rule '\(id)' must be \(option.kind.expected), found \(node.kindDescription)")
        }
        guard let value = option.value(scalar: items == nil ? node.scalar : nil, list: items) else {
            let shown = node.scalar.map { "'\($0)'" } ?? node.kindDescription
            var suggestion: String?
            if case .choice(let words) = option.kind, let word = node.scalar { suggestion = Spelling.suggestion(for: word, among: words) }
            throw error(node, "invalid value \(shown) for option '\(option.key)' of rule '\(id)' (expected \(option.kind.expected))",
                        suggestion: suggestion)
        }
        return value
    }

    func level(_ word: String, node: YAMLNode, id: String, levels: [String], options: [String: OptionValue]) throws(ConfigError) -> RuleSetting {
        if word == "off" { return .off }
        if let severity = Severity(rawValue: word) { return .enabled(severity, options: options) }
        throw error(node, "invalid severity '\(word)' for rule '\(id)' (expected off, info, warning or error)",
                    suggestion: Spelling.suggestion(for: word, among: levels))
    }

    func deploymentTarget(_ node: YAMLNode) throws(ConfigError) -> [String: String] {
        if node.isNull { return [:] }
        guard case .map(let pairs) = node.content else {
            throw error(node, "'deployment_target' must be a map of platforms to versions, such as {ios: \"17.0\"}, found \(node.kindDescription)")
        }
        var result: [String: String] = [:]
        for pair in pairs {
            guard Configuration.platforms.contains(pair.key) else {
                throw error(key: pair, "unknown platform '\(pair.key)' in deployment_target (expected \(ConfigReader.alternatives(Configuration.platforms)))",
                            suggestion: Spelling.suggestion(for: pair.key, among: Configuration.platforms))
            }
            guard let version = pair.value.scalar, !pair.value.isNull, OSVersion(version) != nil else {
                let shown = pair.value.scalar.map { "'\($0)'" } ?? pair.value.kindDescription
                throw error(pair.value, "invalid deployment target \(shown) for '\(pair.key)' (expected a version such as 17, 17.0 or 17.0.1)")
            }
            result[pair.key] = version
        }
        return result
    }

    /// `a, b or c`.
    static func alternatives(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
