/// What a node of the lightweight tree is.
public enum NodeKind: UInt8, Sendable {
    case sourceFile
    // Declarations
    case typeDecl, variableDecl, functionDecl, accessor, parameter, otherDecl, importDecl
    // Statements
    case codeBlock, ifStmt, guardStmt, whileStmt, repeatStmt, forStmt, switchStmt, switchCase
    case doStmt, catchClause, deferStmt, returnStmt, throwStmt, jumpStmt, conditionBinding
    // Expressions
    case identifier, selfExpr, superExpr, memberAccess, call, argument, subscriptCall, closure
    case captureList, captureItem, closureParameter, assignment, sequence, binaryOperator
    case prefixOperator, postfixOperator, inoutExpr, tuple, collection, literal, stringLiteral
    case keyPath, ternary, tryExpr, awaitExpr, typeExpr, macroExpansion, implicitMember
    case pattern, unknown
}

/// One node of the tree, stored in the tree's arena; children form a linked list.
public struct SyntaxNode: Sendable {
    /// What the node is.
    public var kind: NodeKind
    /// Kind-specific bits (see `NodeFlags`).
    public var flags: NodeFlags
    /// Index of its first significant token.
    public var firstToken: Int32
    /// Index of its last significant token (inclusive); `firstToken - 1` when empty.
    public var lastToken: Int32
    /// Its parent's index, or -1 for the root.
    public var parent: Int32
    /// Its first child's index, or -1.
    public var firstChild: Int32
    /// Its last child's index, or -1.
    public var lastChild: Int32
    /// Its next sibling's index, or -1.
    public var nextSibling: Int32
    /// A kind-specific token index: the name of a member access, declaration, identifier,
    /// argument label, capture item or parameter; the operator of an assignment; or -1.
    public var token: Int32
    /// A kind-specific index into the tree's side tables (type, variable, function), or -1.
    public var info: Int32
}

/// Kind-specific facts about a node.
public struct NodeFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// A call's closure argument written after the parentheses.
    public static let trailingClosure = NodeFlags(rawValue: 1 << 0)
    /// Assignment with `=` (not a compound operator such as `+=`).
    public static let plainAssignment = NodeFlags(rawValue: 1 << 1)
    /// Capture item or binding declared `weak`.
    public static let weak = NodeFlags(rawValue: 1 << 2)
    /// Capture item declared `unowned`.
    public static let unowned = NodeFlags(rawValue: 1 << 3)
    /// `for try await` / `for await` loop.
    public static let awaitLoop = NodeFlags(rawValue: 1 << 4)
    /// A `var` (not `let`) binding.
    public static let mutableBinding = NodeFlags(rawValue: 1 << 5)
    /// Optional chaining (`?.`) on a member access or call.
    public static let optionalChain = NodeFlags(rawValue: 1 << 6)
    /// An immediately applied closure `{ … }()`.
    public static let immediatelyApplied = NodeFlags(rawValue: 1 << 7)
    /// A capture item with an initializer (`[x = expr]`).
    public static let hasInitializer = NodeFlags(rawValue: 1 << 8)
    /// Nesting was too deep; this node's contents were skipped.
    public static let skipped = NodeFlags(rawValue: 1 << 9)
}
