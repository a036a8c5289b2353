import StatelintSyntax

/// How one construction site passes one argument of a view's initializer.
public enum ArgumentPassing: Sendable, Equatable {
    /// The site does not pass it (a default value, or another initializer).
    case notPassed
    /// A literal or a constant (an enum case, a static member written with its type).
    case constant
    /// Passed where the view gets a fresh identity for each value: presented (sheet, fullScreenCover,
    /// popover, navigation destination), a `ForEach` element (or a local derived from it), `.id(…)`
    /// naming the value, or the root of a new hosting controller.
    case freshIdentity
    /// Anything else: the parent may pass a new value while the view keeps its identity.
    case changing
}

/// A construction site and how it passes the argument asked about.
public struct CallerUse: Sendable {
    public var site: ConstructionSite
    public var passing: ArgumentPassing
    /// The argument as passed, when it is passed.
    public var argument: ArgumentKind?
}

/// Which argument of an initializer to look for at construction sites.
public struct ArgumentQuery: Sendable {
    /// The argument label (`_` for an unlabelled parameter).
    public var label: String
    /// For an unlabelled parameter, its position among the unlabelled parameters.
    public var unlabeledPosition: Int
    /// The labels the initializer accepts (`_` included when it has unlabelled parameters): a site that
    /// uses another label calls another initializer.
    public var acceptedLabels: Set<String>

    public init(label: String, unlabeledPosition: Int = 0, acceptedLabels: Set<String>) {
        self.label = label
        self.unlabeledPosition = unlabeledPosition
        self.acceptedLabels = acceptedLabels
    }
}

extension ProjectIndex {
    /// How every construction site of `type` that can call the initializer `query` describes passes the
    /// argument `query` names (sites of other initializers are left out).
    public func callers(of type: String, passing query: ArgumentQuery) -> [CallerUse] {
        var uses: [CallerUse] = []
        forEachCaller(of: type, passing: query) { uses.append($0); return true }
        return uses
    }

    /// Calls `body` with each caller use, in site order, until it returns false.
    public func forEachCaller(of type: String, passing query: ArgumentQuery, _ body: (CallerUse) -> Bool) {
        forEachConstructionSite(of: type) { site in
            // Trailing closures are unlabelled in the site; a site that names a label this initializer
            // does not have calls another one.
            guard site.labels.allSatisfy({ query.acceptedLabels.contains($0) || $0 == "_" }) else { return true }
            var found: ArgumentKind?
            if query.label == "_" {
                var seen = 0
                for (label, argument) in zip(site.labels, site.arguments) where label == "_" {
                    if seen == query.unlabeledPosition { found = argument; break }
                    seen += 1
                }
            } else if let k = site.labels.firstIndex(of: query.label) {
                found = site.arguments[k]
            }
            let use = found.map { CallerUse(site: site, passing: passing($0, at: site), argument: $0) }
                ?? CallerUse(site: site, passing: .notPassed, argument: nil)
            return body(use)
        }
    }

    func passing(_ argument: ArgumentKind, at site: ConstructionSite) -> ArgumentPassing {
        switch argument {
        case .literal, .constant, .fixedState(_, ifClass: nil), .pinned: return .constant
        case .fixedState(_, ifClass: let written?):
            // `Model`, `Model?`, `Store<State, Action>`.
            var type = Substring(written)
            type = type.withoutOptionalMarks
            if let open = type.firstIndex(of: "<") { type = type[..<open] }
            if let facts = facts(for: String(type)), facts.kind == .class || facts.kind == .actor { return .constant }
        default: break
        }
        // A hosting controller's root (`UIHostingController(rootView: V(x: x))`): each controller gets a new
        // view with its own state, and no SwiftUI parent passes it a later value.
        if site.isHostingRoot { return .freshIdentity }
        let name: String?
        switch argument {
        case .parameter(let n), .member(let n), .local(let n), .fixedState(let n, _), .memberPath(let n): name = n
        default: name = nil
        }
        for context in identityContexts(of: site) {
            switch context {
            case .presented:
                return .freshIdentity
            case .forEach:
                if case .local = argument { return .freshIdentity }
            case .id(let text):
                if let name, text.contains(name) { return .freshIdentity }
            }
        }
        return .changing
    }
}
