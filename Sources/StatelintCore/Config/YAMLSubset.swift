import StatelintSyntax

/// A node read by `YAMLSubset`, with the 1-based line and UTF-8 byte column where it starts.
public struct YAMLNode: Sendable, Equatable {
    /// What a node holds.
    public enum Content: Sendable, Equatable {
        /// Nothing was written (`key:` with no value, or an empty document).
        case empty
        /// A scalar: its text after unquoting, and how it was written.
        case scalar(String, YAMLScalarStyle)
        /// A list, block (`- a`) or flow (`[a, b]`).
        case list([YAMLNode])
        /// A map in written order, block (`a: 1`) or flow (`{a: 1}`); keys are unique scalars.
        case map([YAMLPair])
    }

    /// The node's content.
    public var content: Content
    /// 1-based line of the node's first character.
    public var line: Int
    /// 1-based UTF-8 byte column of the node's first character.
    public var column: Int

    /// Creates a node.
    public init(_ content: Content, line: Int, column: Int) {
        self.content = content
        self.line = line
        self.column = column
    }

    /// The scalar's text, or `nil` when the node is not a scalar.
    public var scalar: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// Whether the node means "no value": nothing written, or a plain `~` / `null`.
    public var isNull: Bool {
        switch content {
        case .empty: return true
        case .scalar(let text, .plain): return text == "~" || text == "null" || text == "Null" || text == "NULL"
        default: return false
        }
    }

    /// A word for the node's kind, for error messages ("a list", "a map", "a scalar", "nothing").
    public var kindDescription: String {
        switch content {
        case .empty: return "nothing"
        case .scalar: return "a single value"
        case .list: return "a list"
        case .map: return "a map"
        }
    }
}

/// How a scalar was written.
public enum YAMLScalarStyle: Sendable, Equatable {
    /// Unquoted.
    case plain
    /// In `'single quotes'`.
    case singleQuoted
    /// In `"double quotes"`.
    case doubleQuoted
}

/// One `key: value` entry of a map.
public struct YAMLPair: Sendable, Equatable {
    /// The key's text.
    public var key: String
    /// 1-based line of the key.
    public var keyLine: Int
    /// 1-based UTF-8 byte column of the key.
    public var keyColumn: Int
    /// The value.
    public var value: YAMLNode

    /// Creates a pair.
    public init(key: String, keyLine: Int, keyColumn: Int, value: YAMLNode) {
        self.key = key
        self.keyLine = keyLine
        self.keyColumn = keyColumn
        self.value = value
    }
}

/// Why a text is not in the YAML subset, at a 1-based line and UTF-8 byte column.
public struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based UTF-8 byte column.
    public var column: Int
    /// What is wrong, and how to write it instead when that helps.
    public var message: String

    /// Creates an error.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `LINE:COL: MESSAGE`.
    public var description: String { "\(line):\(column): \(message)" }
}

/// A hand-written reader for the part of YAML a `.lintrc` needs.
///
/// Supported: block maps and lists (indentation with spaces), flow maps `{a: 1}` and lists `[a, b]`
/// (which may span lines), plain, `'single'` (`''` for a quote) and `"double"` quoted scalars
/// (escapes `\"`, `\\`, `\n`, `\t`, `\/`), `#` comments, blank lines, an optional leading `---`,
/// `\n`, `\r\n` or `\r` line breaks, and a UTF-8 byte order mark. Everything else — tabs in indentation, anchors,
/// aliases, tags, block scalars, directives, several documents, multi-line plain or quoted scalars,
/// complex keys — is rejected with a `YAMLError`. The reader never traps and always terminates;
/// nesting is limited to `maxDepth` levels.
public enum YAMLSubset {
    /// The deepest nesting of lists and maps accepted.
    public static let maxDepth = 64

    /// Reads a document from text.
    public static func parse(_ text: String) throws(YAMLError) -> YAMLNode {
        try parse(bytes: Array(text.utf8))
    }

    /// Reads a document from bytes; invalid UTF-8 and control characters are errors.
    public static func parse(bytes: [UInt8]) throws(YAMLError) -> YAMLNode {
        var input = bytes
        if input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF {
            input.removeFirst(3)
        }
        var reader = YAMLReader(input)
        try reader.checkCharacters()
        return try reader.parseDocument()
    }
}
