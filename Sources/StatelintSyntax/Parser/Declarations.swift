/// Declaration modifiers, as a bit set.
public struct Modifiers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let `private` = Modifiers(rawValue: 1 << 0)
    public static let `fileprivate` = Modifiers(rawValue: 1 << 1)
    public static let `internal` = Modifiers(rawValue: 1 << 2)
    public static let `public` = Modifiers(rawValue: 1 << 3)
    public static let open = Modifiers(rawValue: 1 << 4)
    public static let package = Modifiers(rawValue: 1 << 5)
    public static let `static` = Modifiers(rawValue: 1 << 6)
    public static let `class` = Modifiers(rawValue: 1 << 7)
    public static let final = Modifiers(rawValue: 1 << 8)
    public static let override = Modifiers(rawValue: 1 << 9)
    public static let mutating = Modifiers(rawValue: 1 << 10)
    public static let nonmutating = Modifiers(rawValue: 1 << 11)
    public static let lazy = Modifiers(rawValue: 1 << 12)
    public static let weak = Modifiers(rawValue: 1 << 13)
    public static let unowned = Modifiers(rawValue: 1 << 14)
    public static let convenience = Modifiers(rawValue: 1 << 15)
    public static let required = Modifiers(rawValue: 1 << 16)
    public static let dynamic = Modifiers(rawValue: 1 << 17)
    public static let optional = Modifiers(rawValue: 1 << 18)
    public static let nonisolated = Modifiers(rawValue: 1 << 19)
    public static let indirect = Modifiers(rawValue: 1 << 20)
    /// `private(set)`, `fileprivate(set)` and the like: the setter's access only.
    public static let setterAccess = Modifiers(rawValue: 1 << 21)
    public static let prefix = Modifiers(rawValue: 1 << 22)
    public static let postfix = Modifiers(rawValue: 1 << 23)
    public static let infix = Modifiers(rawValue: 1 << 24)
}

/// An attribute such as `@State` or `@available(iOS 17, *)`.
public struct Attribute: Sendable, Hashable {
    /// The attribute's name without `@`, with any module qualifier (`Observation.Observable`).
    public var name: String
    /// Token index of the `@`.
    public var atToken: Int32
    /// Token index of the last token of the attribute (the name, or the closing parenthesis).
    public var lastToken: Int32

    /// The name without a module qualifier (`Observable` for `Observation.Observable`).
    public var baseName: Substring {
        // (Most names have no dot: a scan of the bytes says so without walking characters back.)
        guard isQualified else { return name[...] }
        if let dot = name.lastIndex(of: ".") { return name[name.index(after: dot)...] }
        return name[...]
    }

    /// `baseName` as a string: the name itself when it has no qualifier (no copy).
    public var baseNameString: String { isQualified ? String(baseName) : name }

    /// Whether the name has a module qualifier (a `.`).
    var isQualified: Bool {
        name.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: ".")) } ?? name.utf8.contains(UInt8(ascii: "."))
    }
}

/// The kind of a type declaration.
public enum TypeKind: UInt8, Sendable {
    case `class`, `struct`, `enum`, actor, `protocol`, `extension`
}

/// A class, struct, enum, actor, protocol or extension.
public struct TypeDecl: Sendable {
    /// What kind of declaration it is.
    public var kind: TypeKind
    /// The declared name, or for an extension the extended type as written (`Outer.Inner`).
    public var name: String
    /// Token index of the name (the first token of an extension's type).
    public var nameToken: Int32
    /// Token index of the `class`/`struct`/… keyword.
    public var keywordToken: Int32
    /// Attributes written before it.
    public var attributes: [Attribute]
    /// Modifiers written before it.
    public var modifiers: Modifiers
    /// Inherited types and conformances as written (`View`, `SwiftUI.View`, `A & B` split in two).
    public var inherited: [String]
    /// The node of the declaration (kind `.typeDecl`).
    public var node: Int32
    /// Index of the enclosing type declaration in `SyntaxTree.types`, or -1.
    public var parentType: Int32
    /// Token indices of the member block's braces (-1 when missing).
    public var openBrace: Int32
    public var closeBrace: Int32

    /// Whether an attribute with this base name is present (`"Observable"` matches `@Observation.Observable`).
    public func hasAttribute(_ base: String) -> Bool { attributes.contains { $0.baseName == base } }
}

/// A `var` or `let` declaration: a member, a local or a global; one entry per bound name.
public struct VariableDecl: Sendable {
    /// The bound name (without backticks).
    public var name: String
    /// Token index of the name.
    public var nameToken: Int32
    /// Token index of `var` or `let`.
    public var keywordToken: Int32
    /// `var` (true) or `let` (false).
    public var isVar: Bool
    /// Attributes written before it.
    public var attributes: [Attribute]
    /// Modifiers written before it.
    public var modifiers: Modifiers
    /// Token range of the type annotation, if any (first, last inclusive).
    public var typeRange: ClosedRange<Int32>?
    /// The node of the initializer expression, or -1.
    public var initializer: Int32
    /// Whether it has a `get`/`set` or implicit-getter body (computed), as opposed to storage.
    public var isComputed: Bool
    /// Whether it has `willSet`/`didSet` observers.
    public var hasObservers: Bool
    /// The node of the declaration (kind `.variableDecl`).
    public var node: Int32
    /// Index of the type declaration it is a member of, or -1 for locals and globals.
    public var ownerType: Int32

    /// Whether it is stored (not computed).
    public var isStored: Bool { !isComputed }
    /// Whether an attribute with this base name is present.
    public func hasAttribute(_ base: String) -> Bool { attributes.contains { $0.baseName == base } }
}

/// The kind of a function-like declaration.
public enum FunctionKind: UInt8, Sendable {
    case function, initializer, deinitializer, `subscript`, accessor
}

/// A parameter of a function, initializer, subscript or closure.
public struct Parameter: Sendable {
    /// The argument label (`_` when none), or nil when label and name are the same word.
    public var label: String?
    /// The name used inside the body.
    public var name: String
    /// Token index of the name.
    public var nameToken: Int32
    /// Token range of the type, if any.
    public var typeRange: ClosedRange<Int32>?
}

/// A function, initializer, deinitializer, subscript or accessor with its body.
public struct FunctionDecl: Sendable {
    /// What kind it is.
    public var kind: FunctionKind
    /// The name (`init`, `deinit`, `subscript`, the accessor keyword, or the function's name).
    public var name: String
    /// Token index of the name or keyword.
    public var nameToken: Int32
    /// Attributes written before it.
    public var attributes: [Attribute]
    /// Modifiers written before it.
    public var modifiers: Modifiers
    /// Its parameters.
    public var parameters: [Parameter]
    /// The body's code block node, or -1 when there is none.
    public var body: Int32
    /// The node of the declaration.
    public var node: Int32
    /// Index of the type declaration it is a member of, or -1.
    public var ownerType: Int32
    /// For an accessor, the index of the variable it belongs to in `SyntaxTree.variables`; else -1.
    public var ownerVariable: Int32

    /// Whether an attribute with this base name is present.
    public func hasAttribute(_ base: String) -> Bool { attributes.contains { $0.baseName == base } }
}

/// A problem the parser found; it recovered and went on.
public struct ParseDiagnostic: Sendable, Hashable {
    /// Byte offset the problem is reported at.
    public var offset: Int
    /// What is wrong, in one sentence.
    public var message: String
    /// A limit of statelint's (nesting depth), not a problem of the code: part of the file is not analysed.
    public var isLimit = false
}
