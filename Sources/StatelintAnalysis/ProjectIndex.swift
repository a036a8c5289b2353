import StatelintSyntax

/// What the project says about one type, merged from its declaration and all its extensions.
public struct TypeFacts: Sendable {
    /// Qualified name (`Outer.Inner`).
    public var name: String
    /// The declaration's kind, or nil when only extensions were seen.
    public var kind: TypeKind?
    /// Attribute base names on the declaration (`Observable`, `MainActor`).
    public var attributes: Set<String>
    /// Conformances and superclass base names, from the declaration and extensions (`View`).
    public var conformances: Set<String>
}

/// The facts one file contributes to the project index; extracted in parallel, merged once.
public struct FileSummary: Sendable {
    /// One entry per type declaration or extension in the file.
    public var types: [TypeFacts]

    /// Extracts a file's contribution.
    public init(tree: SyntaxTree) {
        types = tree.types.indices.map { i in
            let decl = tree.types[i]
            return TypeFacts(
                name: tree.qualifiedName(ofType: Int32(i)),
                kind: decl.kind == .extension ? nil : decl.kind,
                attributes: Set(decl.attributes.map { String($0.baseName) }),
                conformances: Set(decl.inherited.map { name in
                    if let dot = name.lastIndex(of: ".") { return String(name[name.index(after: dot)...]) }
                    return name
                }))
        }
    }
}

/// Facts about every linted file, built before any rule runs; immutable and shareable across threads.
public struct ProjectIndex: Sendable {
    /// Types by qualified name.
    public private(set) var types: [String: TypeFacts] = [:]
    /// Qualified names by simple (last-component) name.
    public private(set) var qualifiedNames: [String: [String]] = [:]

    /// An empty index.
    public init() {}

    /// Merges file summaries; the result does not depend on their order.
    public init(summaries: [FileSummary]) {
        for summary in summaries {
            for facts in summary.types { merge(facts) }
        }
        for key in qualifiedNames.keys { qualifiedNames[key]?.sort() }
    }

    mutating func merge(_ facts: TypeFacts) {
        if var existing = types[facts.name] {
            if existing.kind == nil { existing.kind = facts.kind }
            existing.attributes.formUnion(facts.attributes)
            existing.conformances.formUnion(facts.conformances)
            types[facts.name] = existing
        } else {
            types[facts.name] = facts
            let simple = facts.name.split(separator: ".").last.map(String.init) ?? facts.name
            qualifiedNames[simple, default: []].append(facts.name)
        }
    }

    /// Facts for a qualified name, or for a simple name when it is unambiguous.
    public func facts(for name: String) -> TypeFacts? {
        if let facts = types[name] { return facts }
        if let names = qualifiedNames[name], names.count == 1 { return types[names[0]] }
        return nil
    }

    /// The protocols SwiftUI calls `body` on.
    public static let swiftUIProtocols: Set<String> = ["View", "App", "Scene", "ViewModifier"]

    /// Whether the type conforms to `View`, `App`, `Scene` or `ViewModifier` anywhere in the project.
    public func isSwiftUIType(_ name: String) -> Bool {
        guard let facts = facts(for: name) else { return false }
        return !facts.conformances.isDisjoint(with: ProjectIndex.swiftUIProtocols)
    }
}

extension SyntaxTree {
    /// The qualified name of a type declaration (`Outer.Inner`); an extension's written name counts.
    public func qualifiedName(ofType index: Int32) -> String {
        var parts: [String] = []
        var current = index
        var guardCount = 0
        while current >= 0 && guardCount < 64 {
            parts.append(types[Int(current)].name)
            if types[Int(current)].kind == .extension { break }
            current = types[Int(current)].parentType
            guardCount += 1
        }
        return parts.reversed().joined(separator: ".")
    }
}
