// The lexer's entry point (`Lexer.tokenize`) and what it returns (`LexedTokens`); the lexer itself is
// `LexerState` (Lexer.swift and its extensions).

/// A problem the lexer found, such as an unterminated string; lexing always goes on.
public struct LexDiagnostic: Sendable, Hashable {
    /// Byte offset the problem is reported at.
    public var offset: Int
    /// What is wrong, in one sentence.
    public var message: String
}

/// Every token of a file, trivia included, plus what the lexer found wrong.
public struct LexedTokens: Sendable {
    /// All tokens in order; their byte ranges tile the file exactly. (Lexed with `trivia: false`: the
    /// comments only.)
    public var tokens: [Token]
    /// The tokens that are not trivia, in order (what the parser reads), made in the same pass.
    public var significant: [Token]
    /// The indices in `tokens` of the comments, in order.
    public var comments: [Int32]
    /// Problems found while lexing.
    public var diagnostics: [LexDiagnostic]
    /// The indices in `significant` of the tokens `Lexer.tokenize(_:trivia:noting:)` was asked to note, in
    /// order (nil: none was asked).
    public var notable: [Int32]?
    /// With notes: for each significant token that opens, the closer that balances it (`DelimiterPairs`). A
    /// parser skips a body in one step with it.
    var partners: DelimiterPairs?

    /// Tokens and diagnostics; the significant tokens are taken from `tokens`.
    public init(tokens: [Token], diagnostics: [LexDiagnostic]) {
        self.init(tokens: tokens, significant: tokens.filter { !$0.kind.isTrivia },
                  comments: tokens.indices.filter { tokens[$0].kind.isComment }.map { Int32($0) }, diagnostics: diagnostics)
    }

    /// Tokens as the lexer made them (`tokens`, the significant ones, the comments' indices in `tokens`).
    public init(tokens: [Token], significant: [Token], comments: [Int32], diagnostics: [LexDiagnostic]) {
        self.tokens = tokens
        self.significant = significant
        self.comments = comments
        self.diagnostics = diagnostics
    }
}

/// The Swift 6 lexer: UTF-8 bytes in, tokens out, in one linear pass that never traps.
public enum Lexer {
    /// Lexes a whole file.
    /// - Parameters:
    ///   - bytes: The file's bytes; any content is accepted.
    ///   - trivia: Whether `tokens` holds every token (true) or only the comments (false: what linting
    ///     reads, without a token written per space and line end). The significant tokens, their flags
    ///     and the diagnostics are the same either way.
    ///   - noting: Which significant tokens to note by index (`LexedTokens.notable`), for a walk that reads
    ///     only those; nil notes none.
    /// - Returns: Tokens covering every byte, and diagnostics.
    public static func tokenize(_ bytes: [UInt8], trivia: Bool = true, noting: TokenNotes? = nil) -> LexedTokens {
        guard let noting else { return tokenize(bytes, trivia: trivia, notes: nil) }
        return noting.names.withTable { tokenize(bytes, trivia: trivia, notes: $0) }
    }

    private static func tokenize(_ bytes: [UInt8], trivia: Bool, notes table: UnsafePointer<UInt64>?) -> LexedTokens {
        bytes.withUnsafeBufferPointer { buf in
            // Room for a token per two bytes (real code has one per four or five), as much for the significant
            // ones (`TokenBuffer.append(_:alsoTo:)` checks one count for both) and for the notes; without
            // trivia, a comment per eight bytes. A file denser than that is lexed again with twice the room,
            // until it fits.
            var capacity = buf.count / 2 + 64
            var otherCapacity = trivia ? capacity : buf.count / 8 + 16
            while true {
                var significant: [Token] = []
                var diagnostics: [LexDiagnostic] = []
                var comments: [Int32] = []
                var notable: [Int32]?
                var partners: DelimiterPairs?
                var overflowed = false
                let all = [Token](unsafeUninitializedCapacity: otherCapacity) { allStorage, allCount in
                    significant = [Token](unsafeUninitializedCapacity: capacity) { significantStorage, significantCount in
                        func lex<Noting: LexerNoting>(_ notes: NoteBuffer, _: Noting.Type) -> Int {
                            var state = LexerState<Noting>(buf, tokens: TokenBuffer(allStorage),
                                                           significant: TokenBuffer(significantStorage), keepsTrivia: trivia)
                            state.notes = notes
                            state.run()
                            (allCount, significantCount) = (state.tokens.count, state.significant.count)
                            overflowed = state.tokens.overflowed || state.significant.overflowed
                            diagnostics = state.diagnostics
                            comments = state.comments
                            return state.notes.count
                        }
                        guard let table else { _ = lex(.none, NotingNothing.self); return }
                        // (At most one note, one partner and one open delimiter per significant token.)
                        let pairs = DelimiterPairs(capacity: capacity)
                        let stack = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
                        defer { stack.deallocate() }
                        notable = [Int32](unsafeUninitializedCapacity: capacity) { notes, count in
                            count = lex(NoteBuffer(notes, names: table, partners: pairs.base, stack: stack), NotingTokens.self)
                        }
                        partners = pairs
                    }
                }
                if !overflowed {
                    var lexed = LexedTokens(tokens: all, significant: significant, comments: comments, diagnostics: diagnostics)
                    lexed.notable = notable
                    lexed.partners = partners
                    return lexed
                }
                capacity *= 2
                otherCapacity *= 2
            }
        }
    }
}

/// Whether a lexer notes tokens (`LexedTokens.notable`): a type, so the lexer that notes nothing is made
/// without the tests (most files are lexed without notes).
protocol LexerNoting {
    static var notes: Bool { get }
}

enum NotingNothing: LexerNoting {
    @inline(__always) static var notes: Bool { false }
}

enum NotingTokens: LexerNoting {
    @inline(__always) static var notes: Bool { true }
}
