import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// Flags a read of an `@Observable` model's tracked property inside content that re-evaluates at scroll
/// or layout rate (a `GeometryReader` content closure, `onGeometryChange`, `onScrollGeometryChange`,
/// `visualEffect`, `scrollTransition`).
public struct ObservableReadInGeometryReaderRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "observable_read_in_geometry_reader",
        name: "ObservableReadInGeometryReader",
        summary: "Flags a read of an `@Observable` model's tracked property inside `GeometryReader` content, `onGeometryChange`, `onScrollGeometryChange`, `visualEffect` or `scrollTransition`.",
        rationale: """
            These closures run again whenever the geometry changes — on every frame of a scroll or a \
            layout animation (for a `GeometryReader`, when its content reads its position in another \
            coordinate space, `proxy.frame(in: .global)`, as scroll-tracking headers do; a reader that uses \
            only its size runs again on resize and is not flagged). Each run that reads a tracked property of an `@Observable` model registers \
            that read with the model's observation again; memory was measured growing steadily in \
            exactly this shape (a `GeometryReader` reading an `@Observable` model while scrolling), while \
            the `ObservableObject` version stayed flat. Read the value once outside the closure and pass it \
            in, or keep what only layout needs out of the model.

            Reads of `ObservableObject` models, of value state (`@State var offset: CGFloat`), of \
            `@ObservationIgnored` properties, reads outside these closures, and reads inside actions within \
            them (a `Button`'s action, `onTapGesture`) are fine.
            """,
        badExamples: [
            """
            struct HeaderView: View {
                let model: FeedModel
                var body: some View {
                    GeometryReader { proxy in
                        Text(model.title) // expect: observable_read_in_geometry_reader
                            .offset(y: proxy.frame(in: .global).minY)
                    }
                }
            }

            @Observable final class FeedModel {
                var title = ""
            }
            """,
        ],
        goodExamples: [
            """
            struct HeaderView: View {
                let model: FeedModel
                var body: some View {
                    let title = model.title
                    GeometryReader { proxy in
                        Text(title)
                            .offset(y: proxy.frame(in: .global).minY)
                    }
                }
            }

            @Observable final class FeedModel {
                var title = ""
            }
            """,
        ],
        defaultSeverity: .info,
        tags: ["observation", "swiftui", "memory", "performance"],
        precision: "medium")

    public init() {}

    public static let requiredWords = ["GeometryReader", "onGeometryChange", "onScrollGeometryChange", "visualEffect", "scrollTransition"]
    static let calleeWords = requiredWords.map { Array($0.utf8) }

    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool {
        requiredWords.contains { file.mentions($0) }
    }

    public func check(_ context: RuleContext) {
        let tree = context.tree
        var modelsByOwner: [String: [String: (type: String, facts: TypeFacts)]] = [:]
        for (i, function) in tree.functions.enumerated() where function.ownerType >= 0 && function.body >= 0 {
            // Most bodies name none of the callees: no model is built for them.
            guard tree.names(ObservableReadInGeometryReaderRule.calleeWords, in: function.body) else { continue }
            let body = context.body(i)
            guard body.closures.contains(where: { $0.role == .everyFrame }) else { continue }
            let owner = context.owner(function.ownerType).name
            if modelsByOwner[owner] == nil { modelsByOwner[owner] = ObservableReadInGeometryReaderRule.models(of: owner, context: context) }
            guard let models = modelsByOwner[owner], !models.isEmpty else { continue }
            var seen = Set<String>()
            // Whether a GeometryReader tracks its position: once per reader, not once per read in it.
            var tracks: [Int32: Bool] = [:]
            func tracksPosition(_ closure: Int32) -> Bool {
                if let known = tracks[closure] { return known }
                let found = ObservableReadInGeometryReaderRule.tracksPosition(closure, tree: tree)
                tracks[closure] = found
                return found
            }
            for reference in body.references where !reference.isLocal && reference.access != .write {
                guard let model = models[reference.name],
                      let frame = ObservableReadInGeometryReaderRule.everyFrameClosure(around: reference.position, in: body),
                      frame.callee != "GeometryReader" || tracksPosition(frame.node)
                else { continue }
                // `model.count`: the property read through the model.
                let parent = tree[reference.node].parent
                guard parent >= 0, tree[parent].kind == .memberAccess, tree[parent].firstChild == reference.node, tree[parent].token >= 0
                else { continue }
                let property = tree.identifierText(tree[parent].token)
                guard let member = model.facts.members[property], member.kind == .storedVar, !member.isStatic,
                      !member.attributes.contains(.observationIgnored), tree.accessKind(of: parent) != .write,
                      seen.insert("\(frame.node)/\(reference.name).\(property)").inserted else { continue }
                let short = model.type.split(separator: ".").last.map(String.init) ?? model.type
                let place = frame.callee.isEmpty ? "this closure" : frame.callee == "GeometryReader" ? "GeometryReader's content" : "\(frame.callee)'s closure"
                context.report(
                    token: tree[parent].token,
                    "'\(short).\(property)' is read inside \(place), which runs at layout and scroll rate: each run registers the read again and memory grows",
                    help: "read '\(reference.name).\(property)' once outside the closure and pass the value in",
                    notes: [Note(range: ObservableReadInGeometryReaderRule.calleeName(frame.call, tree: tree), message: "re-evaluated on every geometry change: each run registers the read of '\(reference.name).\(property)' with the @Observable model's observation")])
            }
        }
    }

    /// Whether a `GeometryReader`'s content reads its position in a coordinate space other than its own
    /// (`proxy.frame(in: .global)`, `.named("scroll")`, `.scrollView`): then it runs again as it moves, on
    /// every frame of a scroll. A reader that uses only its size (`proxy.size`) runs again on resize.
    static func tracksPosition(_ closure: Int32, tree: SyntaxTree) -> Bool {
        let first = Int(tree[closure].firstToken)
        let last = Int(tree[closure].lastToken)
        guard first >= 0, last > first + 4 else { return false }
        for i in first...(last - 4) where tree.tokens[i].kind == .identifier && tree.token(Int32(i), is: "frame")
            && tree.tokens[i + 1].kind == .leftParen && tree.token(Int32(i + 2), is: "in") && tree.tokens[i + 3].kind == .colon {
            // `.local` is the reader's own space: its frame there changes only with its size.
            if !(tree.tokens[i + 4].kind == .period && i + 5 <= last && tree.token(Int32(i + 5), is: "local")) { return true }
        }
        return false
    }

    /// The closure with the every-frame role around a position, unless an action closure (a button's
    /// action, `onTapGesture`) or presented content (`sheet { … }`) lies in between.
    static func everyFrameClosure(around position: BodyModel.Position, in body: BodyModel) -> ClosureFact? {
        var index = position.closure
        while index >= 0 {
            let closure = body.closures[Int(index)]
            if closure.role == .everyFrame { return closure }
            // An action runs on its event; presented content (`sheet`, `navigationDestination`) is evaluated
            // by the presentation, not by the reader's content.
            if closure.role?.isAction == true || closure.role == .presents { return nil }
            index = closure.position.closure
        }
        return nil
    }

    /// The properties of type `owner` (declared in this file) whose type is an `@Observable` class:
    /// `let model: FeedModel`, `@State private var model = FeedModel()`, `@Bindable var model: FeedModel`,
    /// `@Environment(FeedModel.self) private var model`.
    static func models(of owner: String, context: RuleContext) -> [String: (type: String, facts: TypeFacts)] {
        let tree = context.tree
        var found: [String: (type: String, facts: TypeFacts)] = [:]
        for v in context.model.memberVariables(ofTypeNamed: owner) where !tree.variables[v].modifiers.contains(.static) {
            let variable = tree.variables[v]
            var written = tree.declaredType(of: variable)
            if written == nil, let environment = variable.attributes.first(where: { $0.baseName == "Environment" }),
               environment.lastToken > environment.atToken + 1 {
                // `@Environment(FeedModel.self)`: the type before `.self`.
                let text = tree.file.text(tree.range(ofTokens: environment.atToken, environment.lastToken))
                if let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close {
                    let inner = text[text.index(after: open)..<close].filter { !$0.isWhitespace }
                    if inner.hasSuffix(".self") { written = String(inner.dropLast(".self".count)) }
                }
            }
            guard var type = written?.filter({ !$0.isWhitespace }) else { continue }
            while type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
            guard let facts = context.index.facts(for: type), facts.isObservable, facts.kind == .class else { continue }
            found[variable.name] = (type, facts)
        }
        return found
    }

    static func calleeName(_ call: Int32, tree: SyntaxTree) -> Range<Int> {
        let callee = tree.callee(of: call)
        let token = tree[callee].token
        return token >= 0 ? tree.tokens[Int(token)].range : tree.byteRange(of: callee)
    }
}
