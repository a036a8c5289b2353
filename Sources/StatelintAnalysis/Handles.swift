/// What a handle holds: bookkeeping for work or a registration that an object keeps (to cancel or
/// remove it later), not state a view shows. One table for every rule that asks "is this a handle?".
public enum HandleKind: Sendable, Equatable {
    case task
    case tasks
    case subscription
    case subscriptions
    case timer
    case workItem
    case keyValueObservation
    case observerToken

    /// The handle in words, for messages ("a Task handle", "a timer").
    public var description: String {
        switch self {
        case .task: return "Task handle"
        case .tasks: return "collection of Task handles"
        case .subscription: return "Combine subscription"
        case .subscriptions: return "collection of Combine subscriptions"
        case .timer: return "timer"
        case .workItem: return "work item"
        case .keyValueObservation: return "key-value observation"
        case .observerToken: return "observer token"
        }
    }

    /// The kind of handle a type written in source holds (`Task<Void, Never>?`, `Set<AnyCancellable>`,
    /// `Combine.AnyCancellable`, `any NSObjectProtocol`, `[String: Task<Void, Never>]`), or nil.
    public static func of(written: String) -> HandleKind? {
        // `any P` without `any` (the word before a capital, after the start or a bracket), then no spaces.
        var words = written.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        for k in words.indices.reversed() where k + 1 < words.count && (words[k] == "any" || words[k].hasSuffix("[any") || words[k].hasSuffix("<any")
                                                                            || words[k].hasSuffix("(any") || words[k].hasSuffix(":any")) {
            words[k].removeLast(3)
        }
        var type = words.joined()
        while type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
        if type.hasPrefix("(") && type.hasSuffix(")") { type = String(type.dropFirst().dropLast()) }
        while type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
        for prefix in ["Combine.", "Foundation.", "_Concurrency.", "Dispatch.", "FirebaseAuth.", "FirebaseFirestore."] where type.hasPrefix(prefix) {
            type.removeFirst(prefix.count)
        }
        if type == "Task" || type.hasPrefix("Task<") { return .task }
        if type.hasPrefix("[Task<") || type.hasPrefix("Set<Task<") || type.hasPrefix("[") && type.contains(":Task<") && type.hasSuffix(">]") {
            return .tasks
        }
        if type.hasSuffix("AnyCancellable>") || type.hasSuffix(":AnyCancellable]") || type == "[AnyCancellable]" { return .subscriptions }
        return HandleKind.named[type]
    }

    static let named: [String: HandleKind] = [
        "AnyCancellable": .subscription, "Cancellable": .subscription,
        "Timer": .timer, "DispatchSourceTimer": .timer,
        "DispatchWorkItem": .workItem,
        "NSKeyValueObservation": .keyValueObservation, "[NSKeyValueObservation]": .keyValueObservation,
        "NSObjectProtocol": .observerToken, "[NSObjectProtocol]": .observerToken, "[Cancellable]": .subscriptions,
        // Firebase's listeners: removed with the handle `addStateDidChangeListener` / `addSnapshotListener` return.
        "AuthStateDidChangeListenerHandle": .observerToken, "IDTokenDidChangeListenerHandle": .observerToken,
        "ListenerRegistration": .observerToken,
    ]
}
