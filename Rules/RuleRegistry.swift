import StatelintDiagnostics

/// Every rule statelint has, alphabetical by id.
public enum RuleRegistry {
    /// All rule types.
    public static let all: [any Rule.Type] = [
        ObservableIgnoredCandidateRule.self,
        ObservableInitAccessRule.self,
        ObservableReadInGeometryReaderRule.self,
        ObservationTrackingOneShotRule.self,
        ObservedObjectOwnedRule.self,
        ObserverInOnappearRule.self,
        PrintChangesLeftoverRule.self,
        StateClosureCapturesViewRule.self,
        StateEagerObjectInitRule.self,
        StateInjectedValueRule.self,
        StateTimerNeverInvalidatedRule.self,
        StateWriteInInitRule.self,
        StoredClosureRetainsSelfRule.self,
        SubscriptionRetainsSelfRule.self,
        TaskInOnappearRule.self,
        TaskRetainsSelfRule.self,
        UnusedSuppressionRule.self,
        ViewOwnedReferenceRule.self,
    ]

    /// Descriptors of all rules, alphabetical by id.
    public static var descriptors: [RuleDescriptor] { all.map { $0.descriptor } }

    /// The rule type with this id, if any.
    public static func rule(id: String) -> (any Rule.Type)? { all.first { $0.descriptor.id == id } }

    /// Whether an id names a rule.
    public static func isKnown(_ id: String) -> Bool { rule(id: id) != nil }
}
