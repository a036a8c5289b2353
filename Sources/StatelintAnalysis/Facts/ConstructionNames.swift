import StatelintSyntax

// Pass 1's per-file notes for the construction-site search (`FileSummary.constructions`). The engine's site
// search reads them so it parses only files that may hold a wanted site.

/// What pass 1 notes of a file for the construction-site search, from its tokens: the names that may be
/// constructed in it (an uppercase identifier followed by `(`, by a trailing closure's `{`, or by
/// `.init`), whether it calls `.init(…)` without a type (the type is then in an annotation), and whether
/// it names an identity context (a helper called in one builds views with that identity). A few dozen
/// bytes per file, so the search parses only the files that may hold a wanted site.
public struct ConstructionNames: Sendable, Equatable {
    /// Hashes (the low 32 bits of `WordSet.hash`) of the names, without duplicates.
    public internal(set) var hashes: [UInt32] = []
    /// The hashes (of `hashes`) of the names the file constructs only in previews (a `#Preview { … }`, a
    /// `PreviewProvider`): no user reaches those, so they do not count as the project building the type
    /// (`ProjectIndex.constructingFileCount(of:)`), though the site search still reads them. Sorted.
    public internal(set) var previewOnly: [UInt32] = []
    /// The file calls `.init(…)` on an implicit type.
    public internal(set) var implicitInit = false
    /// The file names `sheet`, `fullScreenCover`, `popover`, `navigationDestination`, `NavigationLink`,
    /// `ForEach` or `List`, or calls `.id(…)`.
    public internal(set) var identityContexts = false
    /// Hashes (as `hashes`) of the types named in `navigationDestination(for: T.self)`, without duplicates:
    /// a call of `route.view()` in that content builds views a destination at a time.
    public internal(set) var destinationTypes: [UInt32] = []

    /// Nothing noted (the plan collects no sites, or the file was not indexed).
    public static let none = ConstructionNames()

    init() {}

    /// The names that make an identity context (`id` as the modifier `.id(…)`).
    public static let contextNames: Set<String> = ["sheet", "fullScreenCover", "popover", "navigationDestination",
                                                   "NavigationLink", "ForEach", "List", "id"]

    /// The lengths of the names that make an identity context, as a bit set (most names are ruled out by it).
    static let contextLengths: UInt64 = contextNames.reduce(0) { $0 | 1 << UInt64($1.utf8.count) }

    /// Whether the bytes spell one of the names that make an identity context.
    @inline(__always) static func isContextWord(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Bool {
        func spells(_ word: StaticString) -> Bool {
            let p = word.utf8Start
            for k in 1..<length where b[start + k] != p[k] { return false }
            return true
        }
        switch (length, b[start]) {
        case (2, UInt8(ascii: "i")): return b[start + 1] == UInt8(ascii: "d")
        case (4, UInt8(ascii: "L")): return spells("List")
        case (5, UInt8(ascii: "s")): return spells("sheet")
        case (7, UInt8(ascii: "p")): return spells("popover")
        case (7, UInt8(ascii: "F")): return spells("ForEach")
        case (14, UInt8(ascii: "N")): return spells("NavigationLink")
        case (15, UInt8(ascii: "f")): return spells("fullScreenCover")
        case (21, UInt8(ascii: "n")): return spells("navigationDestination")
        default: return false
        }
    }

    public init(_ tree: SyntaxTree) {
        var nothing = NoTokenVisitor()
        self.init(tree, also: &nothing)
    }

    /// The notes, in a walk of the file's tokens that `visitor` shares (the file's tokens are walked once
    /// for every token-level fact of its summary). With `notable` (`LexedTokens.notable`, the lexer noting
    /// `ConstructionNames.tokenNotes(words:)`), only those tokens are visited: every token the walk acts on is
    /// among them.
    init<Visitor: TokenVisitor>(_ tree: SyntaxTree, notable: [Int32]? = nil, also visitor: inout Visitor) {
        let contextLengths = ConstructionNames.contextLengths
        // (One loop for both: over the noted indices, or over every token. What it finds is kept in the closure's
        // own variables: ones it captured were checked for exclusive access at every write.)
        let every = notable == nil
        let notes = notable ?? []
        var (found, implicitInit, identityContexts, destinationTypes) = tree.file.bytes.withUnsafeBufferPointer { b in
          tree.tokens.withUnsafeBufferPointer { tokens in notes.withUnsafeBufferPointer { notes in
            var found: [UInt32] = []
            var implicitInit = false
            var identityContexts = false
            var destinationTypes: [UInt32] = []
            for k in 0..<(every ? tokens.count : notes.count) {
                let i = every ? k : Int(notes[k])
                let token = tokens[i]
                // Names only (identifiers and keywords, next to each other in `TokenKind`), and `{` for the visitor.
                guard token.kind.rawValue &- TokenKind.identifier.rawValue < 2, token.length > 0 else {
                    if token.kind == .leftBrace { visitor.leftBrace(i, tokens, b) }
                    continue
                }
                let isIdentifier = token.kind == .identifier
                if isIdentifier { visitor.identifier(token, b) } else { visitor.keyword(token) }
                var start = Int(token.start)
                var length = Int(token.length)
                var first = b[start]
                if first == UInt8(ascii: "`") && length >= 2 {
                    start += 1
                    length -= 2
                    guard length > 0 else { continue }
                    first = b[start]
                }
                let end = start + length
                if isIdentifier && first &- UInt8(ascii: "A") < 26 && i + 1 < tokens.count {
                    // (`constructedName(at:…)` written out: a call here, not inlined, cost 1 % of a cold run.
                    // `constructionNamesAgreeWithTheirRecogniser` checks the two agree.)
                    let next = tokens[i + 1]
                    // (`struct T {` declares, `-> T {` is a return type; `T {` elsewhere may be a call with a
                    // trailing closure.)
                    var after = i + 1
                    // `Editor<Focus>(…)`: past the generic arguments.
                    if next.kind == .operator && next.length == 1 && b[Int(next.start)] == UInt8(ascii: "<") {
                        after = ConstructionNames.endOfGenericArguments(from: i + 1, tokens, b)
                    }
                    let following = after < tokens.count ? tokens[after] : next
                    var constructs = after < tokens.count && (following.kind == .leftParen
                        || following.kind == .leftBrace && !(i > 0 && (tokens[i - 1].kind == .keyword || tokens[i - 1].kind == .arrow)))
                    let inherited = constructs && following.kind == .leftBrace && ConstructionNames.isInheritedName(at: i, tokens, b)
                    if !constructs && next.kind == .period && i + 2 < tokens.count {
                        constructs = ConstructionNames.isInit(tokens[i + 2], b)
                    }
                    if constructs {
                        // (Framework names, most of what a view constructs, are left out at once.)
                        let hash = UInt32(truncatingIfNeeded: WordSet.hash(UnsafeBufferPointer(rebasing: b[start..<end])))
                        if !ConstructionNames.isFrameworkName(hash) && (!inherited || hash == ConstructionNames.previewProviderHash) { found.append(hash) }
                    }
                } else if length == 4 && i > 0 && tokens[i - 1].kind == .period && ConstructionNames.isInit(token, b) {
                    // `.init(…)` with nothing before the dot (not `T.init`, `self.init`, `x.init`, `f().init`).
                    if i < 2 { implicitInit = true; continue }
                    let before = tokens[i - 2]
                    let isBase = before.kind == .identifier || before.kind == .keyword || before.kind == .rightParen
                        || before.kind == .rightBracket || before.kind == .rightBrace
                        || (before.kind == .operator && before.flags.contains(.leftBound))
                    if !isBase { implicitInit = true }
                }
                guard isIdentifier else { continue }
                if length == 21 && first == UInt8(ascii: "n"), let type = ConstructionNames.destinationType(at: i, tokens, b) {
                    destinationTypes.append(type)
                }
                if !identityContexts && length < 64 && (contextLengths >> UInt64(length)) & 1 != 0
                    && ConstructionNames.isContextWord(b, start, length) {
                    // `id` only as the modifier `.id(…)` (every model has an `id`).
                    identityContexts = length != 2
                        || (i > 0 && tokens[i - 1].kind == .period && i + 1 < tokens.count && tokens[i + 1].kind == .leftParen)
                }
            }
            return (found, implicitInit, identityContexts, destinationTypes)
        } } }
        self.implicitInit = implicitInit
        self.identityContexts = identityContexts
        // Sorted, without duplicates (what previews build counted first: a name every construction of which is
        // in one is built only there).
        found.sort()
        // (`#Preview {`, `#Preview(` and `PreviewProvider {` read as constructions: a file without one of them
        // has no preview, and its tree is not looked at.)
        let inPreviews = ConstructionNames.contains(found, ConstructionNames.previewHash)
            || ConstructionNames.contains(found, ConstructionNames.previewProviderHash) ? ConstructionNames.previewConstructions(tree) : []
        var kept = 0
        if inPreviews.isEmpty {
            for k in found.indices where k == 0 || found[k] != found[k - 1] {
                found[kept] = found[k]
                kept += 1
            }
        } else {
            var run = 0
            var nextPreview = 0
            for k in found.indices {
                run = k > 0 && found[k] == found[k - 1] ? run + 1 : 1
                if k + 1 == found.count || found[k + 1] != found[k] {
                    while nextPreview < inPreviews.count && inPreviews[nextPreview].hash < found[k] { nextPreview += 1 }
                    if nextPreview < inPreviews.count && inPreviews[nextPreview].hash == found[k] && inPreviews[nextPreview].count >= run {
                        previewOnly.append(found[k])
                    }
                }
                guard k == 0 || found[k] != found[k - 1] else { continue }
                found[kept] = found[k]
                kept += 1
            }
        }
        hashes = Array(found[..<kept])
        self.destinationTypes = Array(Set(destinationTypes)).sorted()
    }

    /// What the lexer notes for the walk of a summary (`init(_:notable:also:)`, `TokenVisitor.walk`) whose
    /// visitor looks for `words`: every name the walk may act on (the words; names that start with an
    /// uppercase letter, the types a file may construct; `init`; `navigationDestination`; the identity
    /// contexts' names; the keyword `self`), and every `{`.
    public static func tokenNotes(words: [String]) -> TokenNotes {
        var notes = TokenNotes()
        notes.names = NamePrefilter(words + ["init", "self", "navigationDestination"] + contextNames)
        for first in UInt8(ascii: "A")...UInt8(ascii: "Z") {
            for length in 1...63 { notes.names.insert(start: first, length: length) }
        }
        return notes
    }

    /// Framework types nearly every file constructs (`Text(…)`, `VStack {`, `Date()`): not noted, to keep
    /// the notes small. A project type of such a name is searched for in every file (`SecondRoundSearch`).
    public static let frameworkNames: Set<String> = [
        "Text", "Image", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "GridItem",
        "Grid", "GridRow", "Spacer", "Divider", "Button", "Label", "Toggle", "TextField", "SecureField", "TextEditor",
        "Picker", "Slider", "Stepper", "DatePicker", "ProgressView", "ScrollView", "ScrollViewReader", "List", "ForEach",
        "Section", "Form", "Group", "GroupBox", "NavigationStack", "NavigationView", "NavigationLink", "NavigationSplitView",
        "TabView", "Tab", "Menu", "Link", "ShareLink", "Color", "Font", "Circle", "Rectangle", "RoundedRectangle", "Capsule",
        "Ellipse", "GeometryReader", "AsyncImage", "ContentUnavailableView", "EmptyView", "AnyView", "Binding", "State",
        "Task", "Date", "URL", "UUID", "String", "Int", "Double", "Float", "CGFloat", "CGSize", "CGPoint", "CGRect", "Array",
        "Set", "Dictionary", "Data", "Result", "Error", "NSError", "Published", "Just", "Timer", "Animation", "EdgeInsets",
        "Angle", "LinearGradient", "RadialGradient", "Gradient", "Path", "ToolbarItem", "ToolbarItemGroup", "Logger",
        "Locale", "Calendar", "DateFormatter", "NumberFormatter", "Decimal", "IndexSet", "Bool", "Range", "UIColor",
        "NSColor", "UIImage", "NSImage", "UIFont", "NSFont", "Alert", "AttributedString", "LocalizedStringKey",
        "NSPredicate", "NSSortDescriptor", "JSONDecoder", "JSONEncoder", "PassthroughSubject", "CurrentValueSubject",
        "AnyCancellable", "DispatchQueue", "Duration", "Measurement", "Selection", "SortDescriptor", "Environment",
    ]
    static let frameworkHashes = Set(frameworkNames.map { UInt32(truncatingIfNeeded: WordSet.hash($0.utf8)) }).sorted()

    /// The framework names' hashes by their low 12 bits, as a bit set: most other hashes are ruled out by one
    /// load; made once, never written after, never freed.
    nonisolated(unsafe) static let frameworkBits: UnsafePointer<UInt64> = {
        let bits = UnsafeMutablePointer<UInt64>.allocate(capacity: 64)
        bits.initialize(repeating: 0, count: 64)
        for hash in frameworkHashes { bits[Int(hash & 4095) >> 6] |= 1 << UInt64(hash & 63) }
        return UnsafePointer(bits)
    }()

    /// Whether `hash` is a framework name's (`frameworkHashes`).
    @inline(__always) static func isFrameworkName(_ hash: UInt32) -> Bool {
        guard (frameworkBits[Int(hash & 4095) >> 6] >> UInt64(hash & 63)) & 1 != 0 else { return false }
        return frameworkHashes.withUnsafeBufferPointer { sorted in
            var low = 0
            var high = sorted.count
            while low < high {
                let mid = (low + high) >> 1
                if sorted[mid] < hash { low = mid + 1 } else { high = mid }
            }
            return low < sorted.count && sorted[low] == hash
        }
    }

    /// Whether the name at `i`, before a `{`, is the last of a declaration's inherited types or constraints
    /// (`class Remote: Store {`, `struct A: P, Q {`, `struct A: P & Q {`, `extension A: P where T: Q {`), or a computed property's
    /// type (`var data: Store {`): the body of the declaration opens there, no trailing closure. Scanned back (at most 32 tokens) from a `:` or `,` before it to a
    /// declaring keyword, stopping at any bracket (`f(content: Card {`, an argument, is a construction).
    /// (Not inlined: it runs only for a name before `{`, and inlined it made the hot loop around it dearer.)
    @inline(never)
    static func isInheritedName(at i: Int, _ tokens: UnsafeBufferPointer<Token>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        // A dotted name (`extension NSEvent.ModifierFlags {`, `var flags: NSEvent.ModifierFlags {`) is read from
        // its first part.
        var i = i
        if i > 2, tokens[i - 1].kind == .period {
            var k = i - 2
            while k >= 2 && tokens[k].kind == .identifier && tokens[k - 1].kind == .period { k -= 2 }
            guard k >= 1, tokens[k].kind == .identifier else { return false }
            if tokens[k - 1].kind == .keyword && tokens[k - 1].keyword == .extension { return true }
            i = k
        }
        guard i > 1, tokens[i - 1].kind == .colon || tokens[i - 1].kind == .comma
            || tokens[i - 1].kind == .operator && tokens[i - 1].length == 1 && b[Int(tokens[i - 1].start)] == UInt8(ascii: "&") else { return false }
        var k = i - 2
        let stop = max(0, i - 34)
        while k >= stop {
            let t = tokens[k]
            switch t.kind {
            case .leftParen, .rightParen, .leftBrace, .rightBrace, .leftBracket, .rightBracket:
                return false
            case .keyword:
                switch t.keyword {
                case .class, .struct, .enum, .extension, .protocol, .actor, .var, .let: return true
                case .return, .case: return false
                default: break
                }
            case .identifier:
                // (`actor` is a contextual keyword: `actor Name`.)
                if t.keyword == .actor && tokens[k + 1].kind == .identifier { return true }
            case .operator:
                // An expression: `let card = flag ? a : Card {`, `var x = y, z: Card {` is no declaration's type
                // (`struct A: P & Q {` is one).
                if t.length == 1 && !t.flags.contains(.leftBound) && (b[Int(t.start)] == UInt8(ascii: "=") || b[Int(t.start)] == UInt8(ascii: "?")) {
                    return false
                }
            case .semicolon:
                return false
            default:
                break
            }
            k -= 1
        }
        return false
    }

    /// The token after the `>` that closes the generic arguments opened by the `<` at `open`, or `open`
    /// itself when they do not close within a few tokens (then it is a comparison).
    static func endOfGenericArguments(from open: Int, _ tokens: UnsafeBufferPointer<Token>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        var depth = 0
        var k = open
        while k < tokens.count && k < open + 32 {
            let t = tokens[k]
            if t.kind == .operator {
                for offset in 0..<Int(t.length) {
                    switch b[Int(t.start) + offset] {
                    case UInt8(ascii: "<"): depth += 1
                    case UInt8(ascii: ">"): depth -= 1
                    case UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "."), UInt8(ascii: "&"): break
                    default: return open
                    }
                }
                if depth == 0 { return k + 1 }
            } else if !(t.kind == .identifier || t.kind == .keyword || t.kind == .comma || t.kind == .period || t.kind == .colon
                        || t.kind == .leftBracket || t.kind == .rightBracket || t.kind == .leftParen || t.kind == .rightParen) {
                return open
            }
            k += 1
        }
        return open
    }

    /// The hash of the name at `i` (bytes `start..<end`, an identifier that starts uppercase) when it is
    /// constructed there: followed by `(`, by a trailing closure's `{` (not `struct T {`, `-> T {`), by
    /// `.init`, past any generic arguments; nil for a framework name (`frameworkNames`) or no construction.
    static func constructedName(at i: Int, start: Int, end: Int, _ tokens: UnsafeBufferPointer<Token>,
                                _ b: UnsafeBufferPointer<UInt8>) -> UInt32? {
        let next = tokens[i + 1]
        var after = i + 1
        // `Editor<Focus>(…)`: past the generic arguments.
        if next.kind == .operator && next.length == 1 && b[Int(next.start)] == UInt8(ascii: "<") {
            after = ConstructionNames.endOfGenericArguments(from: i + 1, tokens, b)
        }
        let following = after < tokens.count ? tokens[after] : next
        var constructs = after < tokens.count && (following.kind == .leftParen
            || following.kind == .leftBrace && !(i > 0 && (tokens[i - 1].kind == .keyword || tokens[i - 1].kind == .arrow)))
        let inherited = constructs && following.kind == .leftBrace && ConstructionNames.isInheritedName(at: i, tokens, b)
        if !constructs && next.kind == .period && i + 2 < tokens.count {
            constructs = ConstructionNames.isInit(tokens[i + 2], b)
        }
        guard constructs else { return nil }
        // (Framework names, most of what a view constructs, are left out at once.)
        let hash = UInt32(truncatingIfNeeded: WordSet.hash(UnsafeBufferPointer(rebasing: b[start..<end])))
        // (The last inherited name before a declaration's body builds nothing; `PreviewProvider {` is kept: it
        // tells the preview walk the file has previews.)
        return ConstructionNames.isFrameworkName(hash) || inherited && hash != ConstructionNames.previewProviderHash ? nil : hash
    }

    /// The names constructed by the tokens at `range` (every identifier, not only the noted ones; each at
    /// most `tokens.count - 1`), appended to `found`.
    static func constructedNames(in range: Range<Int>, _ tokens: UnsafeBufferPointer<Token>, _ b: UnsafeBufferPointer<UInt8>,
                                 into found: inout [UInt32]) {
        for i in range where i + 1 < tokens.count && tokens[i].kind == .identifier && tokens[i].length > 0 {
            var start = Int(tokens[i].start)
            var end = tokens[i].end
            if b[start] == UInt8(ascii: "`") && end - start >= 3 {
                start += 1
                end -= 1
            }
            guard b[start] &- UInt8(ascii: "A") < 26,
                  let hash = ConstructionNames.constructedName(at: i, start: start, end: end, tokens, b) else { continue }
            found.append(hash)
        }
    }

    static let previewHash = UInt32(truncatingIfNeeded: WordSet.hash("Preview".utf8))
    static let previewProviderHash = UInt32(truncatingIfNeeded: WordSet.hash("PreviewProvider".utf8))

    /// How many times each name is constructed in the file's previews, sorted by hash: in the top-level
    /// `#Preview { … }`s (a `#if` does not nest them) and the types that list `PreviewProvider`, by their token
    /// ranges in the tree, each token walked once (a type that lists `PreviewProvider` among others, before
    /// the last, is seen only when the file has another preview).
    static func previewConstructions(_ tree: SyntaxTree) -> [(hash: UInt32, count: Int)] {
        var ranges: [Range<Int>] = []
        let tokens = tree.tokens
        for child in tree.children(of: 0) {
            let first = Int(tree[child].firstToken)
            guard first >= 0, first + 1 < tokens.count, tokens[first].kind == .pound, tokens[first + 1].kind == .identifier,
                  tokens[first + 1].length == 7, tree.identifierText(Int32(first + 1)) == "Preview" else { continue }
            ranges.append(first..<max(first, Int(tree[child].lastToken) + 1))
        }
        // (By length first: most inherited names are not it.)
        for t in tree.types.indices where tree.types[t].inherited.contains(where: { name in
            let count = name.utf8.count
            return (count == 15 || count == 23) && (name == "PreviewProvider" || name == "SwiftUI.PreviewProvider")
        }) {
            let node = tree[tree.types[t].node]
            if node.firstToken >= 0 && node.lastToken >= node.firstToken { ranges.append(Int(node.firstToken)..<(Int(node.lastToken) + 1)) }
        }
        guard !ranges.isEmpty else { return [] }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var found: [UInt32] = []
        tree.file.bytes.withUnsafeBufferPointer { b in tree.tokens.withUnsafeBufferPointer { tokens in
            var done = 0
            for range in ranges {
                // (A type nested in another's range is walked once.)
                let low = max(range.lowerBound, done)
                let high = min(range.upperBound, tokens.count - 1)
                guard low < high else { continue }
                ConstructionNames.constructedNames(in: low..<high, tokens, b, into: &found)
                done = max(done, range.upperBound)
            }
        } }
        found.sort()
        var counts: [(hash: UInt32, count: Int)] = []
        for hash in found {
            if let last = counts.last, last.hash == hash { counts[counts.count - 1].count += 1 } else { counts.append((hash, 1)) }
        }
        return counts
    }

    /// Whether the sorted `list` holds `hash`.
    static func contains(_ list: [UInt32], _ hash: UInt32) -> Bool {
        var low = 0
        var high = list.count
        while low < high {
            let mid = (low + high) >> 1
            if list[mid] < hash { low = mid + 1 } else { high = mid }
        }
        return low < list.count && list[low] == hash
    }

    @inline(__always) static func isInit(_ token: Token, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let s = Int(token.start)
        return token.length == 4 && b[s] == UInt8(ascii: "i") && b[s + 1] == UInt8(ascii: "n") && b[s + 2] == UInt8(ascii: "i")
            && b[s + 3] == UInt8(ascii: "t")
    }

    /// The hash of `T` when the tokens at `i` read `navigationDestination(for: T.self` (or `Outer.T.self`).
    static func destinationType(at i: Int, _ tokens: UnsafeBufferPointer<Token>, _ b: UnsafeBufferPointer<UInt8>) -> UInt32? {
        func spells(_ k: Int, _ word: String) -> Bool {
            guard k < tokens.count, Int(tokens[k].length) == word.utf8.count else { return false }
            return b[Int(tokens[k].start)..<tokens[k].end].elementsEqual(word.utf8)
        }
        guard spells(i, "navigationDestination"), i + 5 < tokens.count, tokens[i + 1].kind == .leftParen, spells(i + 2, "for"),
              tokens[i + 3].kind == .colon else { return nil }
        var k = i + 4
        var last = -1
        while k + 1 < tokens.count && tokens[k].kind == .identifier && tokens[k + 1].kind == .period {
            last = k
            k += 2
        }
        guard last >= 0, k < tokens.count, tokens[k].kind == .keyword, tokens[k].keyword == .self else { return nil }
        return UInt32(truncatingIfNeeded: WordSet.hash(UnsafeBufferPointer(rebasing: b[Int(tokens[last].start)..<tokens[last].end])))
    }

    /// Whether one of `types` is used as a navigation destination's data in the file.
    public func usesAsDestination(any types: WordSet) -> Bool {
        !destinationTypes.isEmpty && destinationTypes.contains { types.shortHashes.contains($0) }
    }

    /// Whether the file may construct one of `types` (or builds a `.init(…)` whose type only a scan can tell).
    public func mayConstruct(any types: WordSet) -> Bool {
        // Both sorted: a merge.
        let wanted = types.shortHashes
        var i = 0
        var j = 0
        while i < hashes.count && j < wanted.count {
            if hashes[i] == wanted[j] { return true }
            if hashes[i] < wanted[j] { i += 1 } else { j += 1 }
        }
        return false
    }
}

/// What else a walk of a file's significant tokens collects (`ConstructionNames.init(_:also:)` calls it
/// for every name and `{`, in order): the facts of a summary that read tokens share one walk.
protocol TokenVisitor {
    /// An identifier (its bytes as written, backticks included).
    mutating func identifier(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>)
    /// A keyword.
    mutating func keyword(_ token: Token)
    /// A `{` at index `i`.
    mutating func leftBrace(_ i: Int, _ tokens: UnsafeBufferPointer<Token>, _ bytes: UnsafeBufferPointer<UInt8>)
}

extension TokenVisitor {
    /// The same calls as `ConstructionNames.init(_:notable:also:)` makes, for a summary without those notes
    /// (with `notable`, to those tokens only).
    mutating func walk(_ tree: SyntaxTree, notable: [Int32]? = nil) {
        // (Over the noted indices or every token, as `ConstructionNames.init(_:notable:also:)`.)
        let every = notable == nil
        let notes = notable ?? []
        tree.file.bytes.withUnsafeBufferPointer { b in tree.tokens.withUnsafeBufferPointer { tokens in notes.withUnsafeBufferPointer { notes in
            for k in 0..<(every ? tokens.count : notes.count) {
                let i = every ? k : Int(notes[k])
                let token = tokens[i]
                guard token.length > 0 else { continue }
                switch token.kind {
                case .identifier: identifier(token, b)
                case .keyword: keyword(token)
                case .leftBrace: leftBrace(i, tokens, b)
                default: break
                }
            }
        } } }
    }
}

/// A visitor that collects nothing.
struct NoTokenVisitor: TokenVisitor {
    @inline(__always) mutating func identifier(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>) {}
    @inline(__always) mutating func keyword(_ token: Token) {}
    @inline(__always) mutating func leftBrace(_ i: Int, _ tokens: UnsafeBufferPointer<Token>, _ bytes: UnsafeBufferPointer<UInt8>) {}
}
