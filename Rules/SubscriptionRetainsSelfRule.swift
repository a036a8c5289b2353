import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// Flags a Combine subscription kept on `self` whose closures (or `assign(to:on: self)`) hold `self`
/// strongly: a retain cycle through the stored `AnyCancellable`.
public struct SubscriptionRetainsSelfRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "subscription_retains_self",
        name: "SubscriptionRetainsSelf",
        summary: "Flags a Combine subscription kept on `self` whose `sink` / operator closures, or `assign(to:on: self)`, hold `self` strongly.",
        rationale: """
            A subscription (`sink`, `assign`) holds every closure of its chain for as long as it lives, and \
            `.store(in: &cancellables)` makes it live as long as `self`. When one of those closures uses \
            `self` strongly — `counter.objectWillChange.sink { self.objectWillChange.send() }` — or \
            `assign(to: \\.value, on: self)` targets `self`, the object holds the subscription and the \
            subscription holds the object: `'self' → 'cancellables' → subscription → closure → 'self'`. \
            It is never released and its `deinit` never runs; a view model leaks each time its screen opens. \
            `assign(to: &$property)` keeps the subscription in `self`'s own `@Published` property for as long \
            as `self` lives, so a closure up the chain that uses `self` strongly (`.map { $0 == self.initial \
            }.assign(to: &$canDiscard)`) closes the same cycle.

            A subscription stored into `self`'s collection inside another subscription's closure \
            (`logins.sink { … profile.sink { … }.store(in: &self.cancellables) }`) is flagged too: each event \
            adds one more, and the collection keeps them all for as long as `self` lives. So is one stored by a \
            UIKit method that runs again and again (`viewWillAppear`, `layoutSubviews`), or by the method \
            that gives a reused cell its item (`configure(with:)`, `update(_:)` of a `…Cell`): the cell keeps \
            every earlier item's subscriptions, which go on updating it. Emptying the collection first (in the \
            method, or in `prepareForReuse()`), a single `AnyCancellable?` property each event replaces, or an \
            outer subscription that ends are fine.

            `[weak self]` (with `guard let self` inside the closure), `[unowned self]`, capturing only the \
            values the closure needs (`[store]`), `assign(to: &$value)` from a chain whose closures do not use \
            `self`, `assign(to:on:)` targeting another \
            object, and subscriptions kept in locals, returned, or kept on another object are fine. So are \
            subscriptions that end, since a finished subscriber releases its closures: a source that \
            finishes (`Just`, `Future`, `dataTaskPublisher`, `Publishers.CombineLatest` of sources that do, or a publisher a method returns, assumed to be \
            a request unless a function of the same file returns a publisher that does not end, such as \
            `NotificationCenter`'s), a bounding operator (`.first()`, `.prefix(1)`), or a closure that cancels or removes \
            its own subscription. In a type with a shared instance (`static let shared`), an app \
            delegate, or a class the project builds once for the app (a `static` or global's initial value, a stored property of the `App` or its delegate, the `App`'s `init`, a delegate's launch method such as `scene(_:willConnectTo:options:)`, a dependency container's singleton, cached or application scope, the `@State` or `@StateObject` of a scene's root view such as `WindowGroup { Root() }` but not a `DocumentGroup`'s or a `WindowGroup(for:)`'s; a preview does not count as building it) the finding is `info`, with a note where it is built: that \
            instance lives as long as the app anyway. \
            A cycle another method of the type breaks (it cancels, invalidates, \
            removes or sets to nil what `self` keeps, and does not then keep a new closure that holds `self` there) is `info` too, with a note there: it lasts until that \
            method runs.
            """,
        badExamples: [
            """
            import Combine

            final class SettingsModel: ObservableObject {
                let counter = Counter()
                private var cancellables = Set<AnyCancellable>()
                init() {
                    counter.objectWillChange.sink { _ in
                        self.objectWillChange.send()
                    }.store(in: &cancellables) // expect: subscription_retains_self
                }
            }
            """,
        ],
        goodExamples: [
            """
            import Combine

            final class SettingsModel: ObservableObject {
                let counter = Counter()
                private var cancellables = Set<AnyCancellable>()
                init() {
                    counter.objectWillChange.sink { [weak self] _ in
                        self?.objectWillChange.send()
                    }.store(in: &cancellables)
                }
            }
            """,
        ],
        defaultSeverity: .warning,
        tags: ["combine", "memory", "lifetime"],
        precision: "high")

    public init() {}

    /// Objects built once for the app: a cycle through one of them is reported at info.
    public static let projectFacts: Set<ProjectFact> = [.appOwners, .releases, .constructionSites]
    /// The sites of classes with a shared instance: built elsewhere too, their other instances leak.
    public static func wantsConstructionSites(of type: TypeFacts, in index: ProjectIndex) -> Bool { RetainCycle.wantsSites(of: type, in: index) }

    public static let requiredWords = ["sink", "assign"]

    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool {
        (file.mentions("sink") || file.mentions("assign")) && StoredClosureRetainsSelfRule.declaresClassOrActor(file, index: index)
    }

    static let cleanUp: Set<String> = ["cancel", "removeAll"]

    /// One subscription's evidence: where it is kept, and the strong uses of `self` in its chain.
    private struct Subscription {
        var kept: KeptClosure
        var uses: [Int32] = []
        var captures: [ClosureCaptures] = []
        var assignsToSelf = false
        /// Methods of the instance passed as the chain's closures (`sink(receiveValue: handle)`).
        var methods: [(node: Int32, name: String)] = []
    }

    public func check(_ context: RuleContext) {
        let tree = context.tree
        let words = SubscriptionRetainsSelfRule.requiredWords.map { Array($0.utf8) }
        for member in RetainCycle.instanceBodies(context, where: { tree.names(words, in: $0) }) {
            let (i, typeName, facts, body) = (member.index, member.typeName, member.facts, member.body)
            var found: [Int32: Subscription] = [:]
            var order: [Int32] = []
            for closure in body.closures where closure.call >= 0 {
                guard let kept = context.model.kept(closure, in: body), kept.holder == .subscription else { continue }
                let captures = context.model.captures(of: closure, in: body)
                guard let uses = captures.strongHolds(of: closure.node, in: tree) else { continue }
                if found[kept.holderNode] == nil { order.append(kept.holderNode); found[kept.holderNode] = Subscription(kept: kept) }
                found[kept.holderNode]?.uses += uses
                found[kept.holderNode]?.captures.append(captures)
            }
            // `.assign(to: \.x, on: self)`: the subscription holds its target strongly.
            for call in body.calls where tree.calleeName(call.node) == "assign" {
                guard let target = SubscriptionRetainsSelfRule.assignTarget(call.node, tree: tree, aliases: body.selfAliases),
                      let top = tree.subscription(containing: call.node),
                      let kept = context.model.keptSubscription(top, in: body) else { continue }
                if found[top] == nil { order.append(top); found[top] = Subscription(kept: kept) }
                found[top]?.uses.insert(target, at: 0)
                found[top]?.assignsToSelf = true
            }
            // `.sink(receiveValue: handle)`, `.map(self.transform)`: a method of the instance passed where a closure
            // goes is a closure that holds `self` strongly (a method reference captures its object).
            for reference in body.references where !reference.isLocal {
                guard let member = facts.members[reference.name], !member.isStatic else { continue }
                // (`items(with:)`: the method named with its argument labels; a property may share its base name.)
                var expression = reference.node
                var argument = tree[expression].parent
                if argument >= 0, tree[argument].kind == .call, tree.callee(of: argument) == expression,
                   SubscriptionRetainsSelfRule.isCompoundName(argument, tree: tree) {
                    expression = argument
                    argument = tree[expression].parent
                } else if member.kind != .method {
                    continue
                }
                if argument >= 0, tree[argument].kind == .sequence { argument = tree[argument].parent }
                guard argument >= 0, tree[argument].kind == .argument, tree.unwrapExpression(argument) == expression else { continue }
                let call = tree[argument].parent
                guard call >= 0, tree[call].kind == .call, let top = tree.subscription(containing: call),
                      let kept = context.model.keptSubscription(top, in: body) else { continue }
                if found[top] == nil { order.append(top); found[top] = Subscription(kept: kept) }
                found[top]?.methods.append((expression, reference.name))
            }
            SubscriptionRetainsSelfRule.checkStoredPerEvent(member, context: context)
            for top in order {
                // A subscription that ends (its source finishes, or its own code cancels or removes it)
                // releases its closures then: the cycle does not outlive it.
                guard let subscription = found[top], !tree.subscriptionFinishes(top),
                      !tree.releasesStorage(subscription.kept.storage.member, within: top) else { continue }
                report(subscription, typeName: typeName, facts: facts, ownerType: member.ownerType, function: i, context: context)
            }
        }
    }

    /// `.store(in: &cancellables)` inside another subscription's closure: each event adds one more
    /// subscription to the collection, and the collection keeps them all (and what their closures hold) for
    /// as long as `self` lives. Spared when the closure empties the collection first, or the outer
    /// subscription ends (`.first()`, `Just`).
    static func checkStoredPerEvent(_ member: RetainCycle.InstanceBody, context: RuleContext) {
        let tree = context.tree
        for call in member.body.calls where tree.calleeName(call.node) == "store" {
            let callee = tree.callee(of: call.node)
            guard callee >= 0, tree[callee].kind == .memberAccess else { continue }
            let base = tree[callee].firstChild
            guard base >= 0, tree[base].kind == .call, let top = tree.subscription(containing: base),
                  let kept = context.model.keptSubscription(top, in: member.body), kept.storage.kind == .storeIn else { continue }
            let place = RetainCycle.storageName(kept, tree: tree)
            let short = RetainCycle.shortName(member.typeName)
            let token = RetainCycle.anchor(kept, tree: tree)
            let notes: [Note]
            let event: String
            var unit = "call"
            var help = "subscribe once, outside the closure (switchToLatest or flatMap join the inner publisher to the outer one); or keep the inner one in a single 'AnyCancellable?' property that each event replaces"
            if let outer = tree.ancestor(of: top, kind: .closure), let outerCall = enclosingCall(ofClosure: outer, tree: tree),
               let outerTop = tree.subscription(containing: outerCall), !tree.subscriptionFinishes(outerTop),
               !tree.releasesStorage(kept.storage.member, within: outer),
               // (The closure must be in the function itself: a nested function's closure has its own body.)
               tree.ancestor(of: outer, kind: .functionDecl) == tree.ancestor(of: call.node, kind: .functionDecl) {
                let outerCallee = tree.callee(of: outerCall)
                let outerToken = tree[outerCallee].kind == .memberAccess && tree[outerCallee].token >= 0 ? tree[outerCallee].token : tree[outerCallee].firstToken
                let outerName = tree.calleeName(outerCall)
                notes = [Note(range: tree.tokens[Int(outerToken)].range,
                              message: "this '\(outerName)' closure runs on every value its subscription delivers, and adds another subscription each time")]
                event = "on every value of another subscription"
                unit = "event"
            } else if tree.ancestor(of: top, kind: .closure).map({ tree.ancestor(of: $0, kind: .functionDecl) != tree.functions[member.index].node }) ?? true,
                      let method = repeatedCallback(member.index, tree: tree),
                      !tree.releasesStorage(kept.storage.member, within: tree.functions[member.index].body) {
                // A UIKit method that runs again and again (`viewWillAppear`, `layoutSubviews`, `apply(_:)`).
                notes = [Note(range: tree.tokens[Int(tree.functions[member.index].nameToken)].range,
                              message: "UIKit calls '\(method)' again and again, and each call adds another subscription")]
                event = "each time '\(method)' runs"
                help = "subscribe once (in viewDidLoad or the initializer), or empty '\(place)' before subscribing again"
            } else if tree.ancestor(of: top, kind: .closure).map({ tree.ancestor(of: $0, kind: .functionDecl) != tree.functions[member.index].node }) ?? true,
                      let method = reuseConfiguration(member.index, tree: tree),
                      !tree.releasesStorage(kept.storage.member, within: tree.functions[member.index].body),
                      RetainCycle.releaseElsewhere(kept.storage.member, typeName: member.typeName, storingFunction: member.index,
                                                   context: context) == nil {
                // A reused cell's configuration method (`configure(with:)`): it runs for every item the cell shows,
                // and nothing empties the collection (no `prepareForReuse` that does).
                notes = [Note(range: tree.tokens[Int(tree.functions[member.index].nameToken)].range,
                              message: "'\(short)' is a reused cell: '\(method)' runs for each item it is given, and each call adds another subscription, which goes on updating the cell for the earlier items")]
                event = "each time '\(method)' configures the reused cell"
                help = "empty '\(place)' in prepareForReuse() (or before subscribing in '\(method)'), so the cell keeps only its current item's subscriptions"
            } else {
                continue
            }
            context.report(
                token: token,
                "Subscription stored in '\(place)' \(event): '\(place)' grows by one per \(unit) while '\(short)' lives",
                help: help, notes: notes)
        }
    }

    /// Overrides UIKit calls many times in an object's life: each appearance, layout pass or trait change.
    static let repeatedCallbacks: Set<String> = [
        "viewWillAppear", "viewDidAppear", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "layoutSubviews",
        "apply", "updateConstraints", "traitCollectionDidChange", "viewIsAppearing",
    ]

    /// The name of the function at `index` when it is an `override` of a method UIKit calls again and again.
    static func repeatedCallback(_ index: Int, tree: SyntaxTree) -> String? {
        let function = tree.functions[index]
        guard function.kind == .function, function.modifiers.contains(.override), repeatedCallbacks.contains(function.name) else { return nil }
        return function.name
    }

    /// The names of the methods that give a reused cell its item (`configure(with:)`, `update(_:)`, `bind(to:)`).
    static let configurationNames: Set<String> = ["configure", "update", "bind", "setup", "setUp", "set", "apply", "populate", "fill", "render",
                                                   "display", "show", "load"]

    /// The name of the function at `index` when it configures a reused cell for an item: a method with a
    /// parameter, named as one that gives the cell its content (`configurationNames`, or starting with
    /// `configure`), of a class that is a cell (its name or a parent's ends in `Cell`, `ReusableView`,
    /// `HeaderFooterView`). A collection or table view calls it again each time it reuses the cell.
    static func reuseConfiguration(_ index: Int, tree: SyntaxTree) -> String? {
        let function = tree.functions[index]
        guard function.kind == .function, !function.parameters.isEmpty, function.ownerType >= 0,
              !function.modifiers.contains(.static), !function.modifiers.contains(.class),
              configurationNames.contains(function.name) || function.name.hasPrefix("configure") else { return nil }
        let owner = tree.types[Int(function.ownerType)]
        func isCell(_ name: String) -> Bool {
            name.hasSuffix("Cell") || name.hasSuffix("ReusableView") || name.hasSuffix("HeaderFooterView")
        }
        guard owner.kind == .class || owner.kind == .extension, isCell(owner.name) || owner.inherited.contains(where: isCell) else { return nil }
        return "\(function.name)(\(function.parameters.map { ($0.label ?? $0.name) + ":" }.joined()))"
    }

    /// The call a closure is passed to, as an argument or a trailing closure.
    static func enclosingCall(ofClosure closure: Int32, tree: SyntaxTree) -> Int32? {
        var parent = tree[closure].parent
        if parent >= 0, tree[parent].kind == .argument { parent = tree[parent].parent }
        return parent >= 0 && tree[parent].kind == .call ? parent : nil
    }

    /// Whether a call is a function's compound name, not a call (`items(with:)`, `load(_:from:)`): every
    /// argument is a label with no value.
    static func isCompoundName(_ call: Int32, tree: SyntaxTree) -> Bool {
        var any = false
        for child in tree.children(of: call) where tree[child].kind == .argument {
            guard tree[child].firstChild < 0 else { return false }
            any = true
        }
        return any
    }

    /// The `self` (or alias of `self`) an `assign(to:on:)` call targets, if it does.
    static func assignTarget(_ call: Int32, tree: SyntaxTree, aliases: [String]) -> Int32? {
        for argument in tree.children(of: call) where tree[argument].kind == .argument && tree[argument].token >= 0
            && tree.text(tree[argument].token) == "on" {
            let value = tree.unwrapExpression(tree[argument].firstChild)
            guard value >= 0 else { return nil }
            if tree[value].kind == .selfExpr { return value }
            if tree[value].kind == .identifier && aliases.contains(tree.identifierText(tree[value].token)) { return value }
        }
        return nil
    }

    private func report(_ subscription: Subscription, typeName: String, facts: TypeFacts, ownerType: Int32, function: Int,
                        context: RuleContext) {
        let tree = context.tree
        let kept = subscription.kept
        let place = RetainCycle.storageName(kept, tree: tree)
        let onlyAssign = subscription.captures.isEmpty && subscription.methods.isEmpty
        var help: String
        if let first = subscription.captures.first {
            help = RetainCycle.captureHelp(first, facts: facts)
            if subscription.assignsToSelf { help += "; replace assign(to:on: self) with assign(to: &$property)" }
        } else if subscription.methods.isEmpty {
            help = "replace assign(to: \\.property, on: self) with assign(to: &$property) (the subscription then lives as long as the property, without holding 'self'), or sink with [weak self]"
        } else {
            help = ""
        }
        if let (_, name) = subscription.methods.first {
            help += (help.isEmpty ? "" : "; ")
                + "pass a closure that captures [weak self] instead of the method: { [weak self] in self?.\(name)($0) }"
        }
        let how = onlyAssign ? "assigns to 'self', so it holds 'self' strongly"
            : subscription.captures.isEmpty && !subscription.assignsToSelf
                ? "holds 'self' strongly through the method '\(subscription.methods[0].name)' passed as its closure"
                : "holds 'self' strongly through its closure"
        var uses: [Int32] = []
        for use in subscription.uses where !uses.contains(use) { uses.append(use) }
        let methodNotes = subscription.methods.prefix(3).map { method in
            Note(range: tree.byteRange(of: method.node),
                 message: "'\(method.name)' is a method of 'self': passed as a closure, it holds 'self' strongly")
        }
        RetainCycle.report(kept, uses: uses, typeName: typeName, facts: facts, ownerType: ownerType, function: function,
                           cleanUp: SubscriptionRetainsSelfRule.cleanUp, help: help, sameCycle: methodNotes, throughClosure: !onlyAssign,
                           context: context) {
            "Subscription stored in '\(place)' \(how): \($0)"
        }
    }
}
