/// The value of a rule option, as configured or by default.
public enum OptionValue: Sendable, Hashable {
    case bool(Bool)
    case integer(Int)
    case string(String)
    case list([String])

    /// The value as `.lintrc` writes it (`true`, `3`, `name`, `[a, b]`).
    public var configText: String {
        switch self {
        case .bool(let value): return value ? "true" : "false"
        case .integer(let value): return String(value)
        case .string(let value): return value
        case .list(let values): return "[" + values.joined(separator: ", ") + "]"
        }
    }
}

/// An option a rule accepts in `.lintrc` (`rule_id: {severity: warning, KEY: VALUE}`), declared in its
/// descriptor: the configuration checks values against it, and `explain`, `.lintrc.example`,
/// `docs/rules.md` and SARIF document it from the same declaration.
public struct RuleOption: Sendable {
    /// What values the option takes.
    public enum Kind: Sendable, Equatable {
        case bool
        case integer(ClosedRange<Int>)
        case string
        case list
        /// One of these words.
        case choice([String])

        /// What a value must look like, for error messages and documentation.
        public var expected: String {
            switch self {
            case .bool: return "true or false"
            case .integer(let range): return "a whole number from \(range.lowerBound) to \(range.upperBound)"
            case .string: return "a single value"
            case .list: return "a list of values such as [a, b]"
            case .choice(let words): return words.count == 1 ? words[0] : words.dropLast().joined(separator: ", ") + " or " + words.last!
            }
        }
    }

    /// The snake_case key in `.lintrc`.
    public var key: String
    /// The values it takes.
    public var kind: Kind
    /// The value when the configuration says nothing.
    public var defaultValue: OptionValue
    /// What it changes, in one sentence.
    public var summary: String

    public init(key: String, kind: Kind, defaultValue: OptionValue, summary: String) {
        self.key = key
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
    }

    /// Checks a value written in `.lintrc` (a scalar, or the items of a list).
    /// - Returns: the typed value, or nil when it does not fit `kind`.
    public func value(scalar: String?, list: [String]?) -> OptionValue? {
        switch kind {
        case .bool:
            switch scalar {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: return nil
            }
        case .integer(let range):
            guard let scalar, let number = Int(scalar), range.contains(number) else { return nil }
            return .integer(number)
        case .string:
            guard let scalar, !scalar.isEmpty else { return nil }
            return .string(scalar)
        case .list:
            if let list { return list.contains(where: \.isEmpty) ? nil : .list(list) }
            guard let scalar, !scalar.isEmpty else { return nil }
            return .list([scalar])
        case .choice(let words):
            guard let scalar, words.contains(scalar) else { return nil }
            return .string(scalar)
        }
    }
}

/// A typed handle on an option: declared once as a static of the rule, listed in its descriptor, and
/// read through the rule's context (`context[Rule.someOption]`).
public struct TypedOption<Value: Sendable>: Sendable {
    /// The declaration (key, kind, default, summary).
    public let declaration: RuleOption
    let extract: @Sendable (OptionValue) -> Value?

    /// The default value, typed.
    public var defaultValue: Value { extract(declaration.defaultValue)! }

    /// The value among configured options, or the default.
    public func value(in options: [String: OptionValue]) -> Value {
        options[declaration.key].flatMap(extract) ?? defaultValue
    }
}

extension TypedOption where Value == Bool {
    public static func bool(_ key: String, default value: Bool, summary: String) -> TypedOption {
        TypedOption(declaration: RuleOption(key: key, kind: .bool, defaultValue: .bool(value), summary: summary)) {
            if case .bool(let b) = $0 { return b }
            return nil
        }
    }
}

extension TypedOption where Value == Int {
    public static func integer(_ key: String, default value: Int, in range: ClosedRange<Int>, summary: String) -> TypedOption {
        TypedOption(declaration: RuleOption(key: key, kind: .integer(range), defaultValue: .integer(value), summary: summary)) {
            if case .integer(let n) = $0 { return n }
            return nil
        }
    }
}

extension TypedOption where Value == [String] {
    public static func list(_ key: String, default value: [String], summary: String) -> TypedOption {
        TypedOption(declaration: RuleOption(key: key, kind: .list, defaultValue: .list(value), summary: summary)) {
            if case .list(let items) = $0 { return items }
            return nil
        }
    }
}

extension TypedOption where Value == String {
    public static func choice(_ key: String, among words: [String], default value: String, summary: String) -> TypedOption {
        TypedOption(declaration: RuleOption(key: key, kind: .choice(words), defaultValue: .string(value), summary: summary)) {
            if case .string(let s) = $0 { return s }
            return nil
        }
    }
}
