import StatelintSyntax

/// What holds a closure literal once `self` keeps it: the link between the stored property and the
/// closure in a retain cycle `self` → property → holder → closure → `self`.
public enum ClosureHolder: Sendable, Equatable {
    /// The closure itself is stored (`onChange = { … }`, `handlers.append { … }`, `lazy var f = { … }`).
    case itself
    /// A Combine subscription (`sink`, `assign`) whose chain the closure is passed to.
    case subscription
    /// A `Task` whose operation the closure is.
    case task
    /// A `Timer` made with the closure as its block.
    case timer
    /// A `NotificationCenter` block observer (its token).
    case observer
    /// An AppKit event monitor (`NSEvent.addLocalMonitorForEvents(matching:handler:)`, its token): AppKit keeps
    /// the block until `NSEvent.removeMonitor(_:)`.
    case eventMonitor
    /// A key-value observation (`observe(\.x) { … }`).
    case keyValueObservation
    /// A `DispatchWorkItem`.
    case workItem
    /// A handler of a `DispatchSource` (`setEventHandler { … }`).
    case dispatchSource

    /// The holder in a chain of references, for messages (`subscription`, `Timer`).
    public var chainWord: String {
        switch self {
        case .itself: return "closure"
        case .subscription: return "subscription"
        case .task: return "Task"
        case .timer: return "Timer"
        case .observer: return "observer"
        case .eventMonitor: return "event monitor"
        case .keyValueObservation: return "observation"
        case .workItem: return "DispatchWorkItem"
        case .dispatchSource: return "dispatch source"
        }
    }
}

/// A closure kept on `self`: by what, where, and (when it travelled through a local first) the local.
public struct KeptClosure: Sendable {
    public var holder: ClosureHolder
    /// Where the value is kept on `self`.
    public var storage: SelfStorage
    /// The node that first keeps the value when it goes through a local (`.store(in: &bag)`,
    /// `let token = …`) before `self` keeps the local (`self.bag = bag`); otherwise -1.
    public var viaLocal: Int32 = -1
    /// The call that makes the holder (the chain's last call for a subscription), or the closure.
    public var holderNode: Int32

    public init(holder: ClosureHolder, storage: SelfStorage, viaLocal: Int32 = -1, holderNode: Int32) {
        self.holder = holder
        self.storage = storage
        self.viaLocal = viaLocal
        self.holderNode = holderNode
    }
}

extension SyntaxTree {
    /// Whether the significant token at `i`, a `{`, may open a closure literal that is kept: after `=`
    /// (`x = {`, `lazy var f = {`), or passed to `append` / `insert` / `updateValue` / `formUnion`
    /// (`handlers.append {`, `handlers.insert({`). A quick test on tokens, before any body is walked.
    public func opensKeptClosureLiteral(_ i: Int) -> Bool {
        guard i > 0, tokens[i].kind == .leftBrace else { return false }
        let before = tokens[i - 1]
        if before.kind == .operator && before.length == 1 && file.bytes[Int(before.start)] == UInt8(ascii: "=") { return true }
        return isIdentifier(before.kind == .leftParen ? i - 2 : i - 1, oneOf: SyntaxTree.keepingCalls)
    }

    static let keepingCalls: [[UInt8]] = ["append", "insert", "updateValue", "formUnion"].map { Array($0.utf8) }

    /// Whether the significant token at `i` is an identifier spelled as one of `words` (UTF-8 bytes).
    func isIdentifier(_ i: Int, oneOf words: [[UInt8]]) -> Bool {
        guard i >= 0, i < tokens.count, tokens[i].kind == .identifier else { return false }
        let t = tokens[i]
        let length = Int(t.length)
        return words.contains { $0.count == length && file.bytes[Int(t.start)..<t.end].elementsEqual($0) }
    }

    /// The significant tokens of node `node`, or nil when it has none.
    func tokenIndices(of node: Int32) -> ClosedRange<Int>? {
        let first = Int(nodes[Int(node)].firstToken)
        let last = Int(nodes[Int(node)].lastToken)
        return first >= 0 && last >= first && last < tokens.count ? first...last : nil
    }

    /// Whether the tokens of node `node` may keep a closure literal: one opens after `=` or is passed to a
    /// collection (`opensKeptClosureLiteral`), or an identifier names one of `holders` (`Timer`,
    /// `addObserver`). Rules skip bodies where this is false without building their model.
    public func mayKeepClosure(in node: Int32, holders: [[UInt8]]) -> Bool {
        guard let range = tokenIndices(of: node) else { return false }
        // (A name's length is tested first: most identifiers have none of the holders' lengths.)
        var lengths: UInt64 = 0
        for holder in holders { lengths |= 1 << UInt64(min(holder.count, 63)) }
        return range.contains {
            opensKeptClosureLiteral($0)
                || tokens[$0].kind == .identifier && (lengths >> UInt64(min(Int(tokens[$0].length), 63))) & 1 != 0 && isIdentifier($0, oneOf: holders)
        }
    }

    /// Whether an identifier among the tokens of node `node` is one of `words` (as UTF-8 bytes).
    public func names(_ words: [[UInt8]], in node: Int32) -> Bool {
        guard let range = tokenIndices(of: node) else { return false }
        return range.contains { isIdentifier($0, oneOf: words) }
    }

    /// Whether the value of call `call` is thrown away: the call is a statement of its own, or assigned to `_`.
    public func isDiscarded(_ call: Int32) -> Bool {
        var current = call
        while true {
            let parent = nodes[Int(current)].parent
            guard parent >= 0 else { return false }
            switch nodes[Int(parent)].kind {
            case .sequence where nodes[Int(parent)].firstChild == current && nodes[Int(current)].nextSibling < 0, .tryExpr, .awaitExpr:
                current = parent
            case .codeBlock, .closure:
                return true
            case .assignment:
                let lhs = assignmentSides(parent).lhs
                let target = unwrapSequence(lhs)
                return target >= 0 && nodes[Int(target)].token >= 0 && text(nodes[Int(target)].token) == "_" && lhs != current
            default:
                return false
            }
        }
    }

    /// Whether a `Timer` call passes `repeats: true`.
    public func repeats(_ call: Int32) -> Bool {
        for argument in children(of: call) where nodes[Int(argument)].kind == .argument && nodes[Int(argument)].token >= 0
            && text(nodes[Int(argument)].token) == "repeats" {
            let value = unwrapExpression(nodes[Int(argument)].firstChild)
            return value >= 0 && nodes[Int(value)].token >= 0 && text(nodes[Int(value)].token) == "true"
        }
        return false
    }

    /// Whether a call schedules a timer that fires once (`Timer.scheduledTimer(…, repeats: false)`): the
    /// run loop invalidates it after it fires, and the timer lets go of its block then.
    public func schedulesOneShotTimer(_ call: Int32) -> Bool {
        guard calleeName(call) == "scheduledTimer" else { return false }
        for argument in children(of: call) where nodes[Int(argument)].kind == .argument && nodes[Int(argument)].token >= 0
            && text(nodes[Int(argument)].token) == "repeats" {
            let value = unwrapExpression(nodes[Int(argument)].firstChild)
            return value >= 0 && nodes[Int(value)].token >= 0 && text(nodes[Int(value)].token) == "false"
        }
        return false
    }

    /// Whether a timer's block can invalidate its own timer: code inside `root` calls `invalidate()` on
    /// something other than a property of `self` (`timer.invalidate()`, `$0.invalidate()`). A timer the code
    /// never kept is not in `self.timer`, so `self.timer?.invalidate()` there stops some other timer, or none.
    public func invalidatesItsOwnTimer(within root: Int32) -> Bool {
        firstNode(in: root) { node in
            guard nodes[Int(node)].kind == .call, calleeName(node) == "invalidate" else { return false }
            let callee = callee(of: node)
            guard callee >= 0, nodes[Int(callee)].kind == .memberAccess else { return true }
            var base = nodes[Int(callee)].firstChild
            while base >= 0, nodes[Int(base)].kind == .postfixOperator { base = nodes[Int(base)].firstChild }
            guard base >= 0, nodes[Int(base)].kind == .memberAccess else { return true }
            var holder = nodes[Int(base)].firstChild
            while holder >= 0, nodes[Int(holder)].kind == .postfixOperator { holder = nodes[Int(holder)].firstChild }
            return holder < 0 || nodes[Int(holder)].kind != .selfExpr
        } != nil
    }

    /// Whether code inside `root` calls a method named `name` on anything (`timer.invalidate()`, `$0.invalidate()`).
    public func callsMethod(_ name: String, within root: Int32) -> Bool {
        firstNode(in: root) { nodes[Int($0)].kind == .call && calleeName($0) == name } != nil
    }

    /// Combine calls that subscribe: their result (an `AnyCancellable`) holds every closure of the chain.
    static let subscribingCalls: Set<String> = ["sink", "assign"]

    /// The subscription a call belongs to, when it is an operator of a Combine chain that subscribes:
    /// climbing `a.map { }.filter { }.sink { }` from `call` to the last call before `.store(in:)`.
    /// Returns that last call, or nil when the chain makes no subscription (`sink` / `assign`).
    public func subscription(containing call: Int32) -> Int32? {
        var current = call
        var subscribes = SyntaxTree.subscribingCalls.contains(calleeName(call))
        while true {
            let access = nodes[Int(current)].parent
            guard access >= 0, nodes[Int(access)].kind == .memberAccess, nodes[Int(access)].firstChild == current,
                  nodes[Int(access)].token >= 0, text(nodes[Int(access)].token) != "store" else { break }
            let next = nodes[Int(access)].parent
            guard next >= 0, nodes[Int(next)].kind == .call, nodes[Int(next)].firstChild == access else { break }
            current = next
            if SyntaxTree.subscribingCalls.contains(calleeName(current)) { subscribes = true }
        }
        return subscribes ? current : nil
    }

    /// Operators that end a subscription after a bounded number of values: the subscriber then releases
    /// its closures (and `assign` its object), so the cycle ends with it.
    static let finishingOperators: Set<String> = ["first", "tryFirst", "prefix", "tryPrefix", "output", "last", "tryLast", "collect", "timeout"]
    /// Publishers that finish on their own (one value, a request, an error, nothing).
    static let finishingSources: Set<String> = ["Just", "Future", "Fail", "Empty", "Deferred", "Record", "dataTaskPublisher", "Result"]
    /// Combine operators: a call with one of these names transforms its receiver's values, so the chain's
    /// source is further in.
    static let combineOperators: Set<String> = [
        "map", "tryMap", "compactMap", "tryCompactMap", "filter", "tryFilter", "flatMap", "switchToLatest", "removeDuplicates",
        "debounce", "throttle", "delay", "receive", "subscribe", "handleEvents", "eraseToAnyPublisher", "share", "multicast",
        "combineLatest", "merge", "zip", "scan", "tryScan", "dropFirst", "drop", "catch", "tryCatch", "replaceError",
        "replaceNil", "replaceEmpty", "mapError", "setFailureType", "print", "breakpoint", "breakpointOnError", "prepend",
        "append", "retry", "measureInterval", "autoconnect", "makeConnectable", "buffer", "sink", "assign", "decode", "encode",
        "ignoreOutput", "removeAll", "contains", "allSatisfy", "reduce", "count", "min", "max", "mapValues", "compactMapValues",
    ]

    /// Whether the subscription whose last call is `top` ends by itself, releasing its closures: its chain
    /// has an operator that bounds it (`.first()`, `.prefix(1)`), or its source finishes (`Just`, `Future`,
    /// `dataTaskPublisher`), or its source is what a method returns (`api.fetchUser()`: a request that
    /// completes, assumed, since the method's body is not followed). A `@Published` projection, a
    /// subject, `objectWillChange`, `NotificationCenter`'s and `Timer`'s publishers do not end.
    public func subscriptionFinishes(_ top: Int32) -> Bool {
        subscriptionFinishes(top, depth: 0)
    }

    /// Whether what a function of this file named `name` returns is a publisher that ends (see
    /// `subscriptionFinishes`); nil when no such function with a body is declared here, or its result is not
    /// one expression the function returns.
    func returnedPublisherFinishes(_ name: String, depth: Int) -> Bool? {
        guard depth < 4 else { return nil }
        for function in functions where function.name == name && function.body >= 0 && function.kind != .initializer {
            var returned: [Int32] = []
            let body = function.body
            let statements = Array(children(of: body))
            if statements.count == 1, nodes[Int(statements[0])].kind != .returnStmt, nodes[Int(statements[0])].kind != .variableDecl {
                returned.append(statements[0])
            }
            walk(body) { node in
                let kind = nodes[Int(node)].kind
                if kind == .closure || kind == .functionDecl { return false }
                if kind == .returnStmt, nodes[Int(node)].firstChild >= 0 { returned.append(nodes[Int(node)].firstChild) }
                return true
            }
            guard !returned.isEmpty else { return nil }
            return returned.allSatisfy { subscriptionFinishes(unwrapExpression($0), depth: depth + 1) }
        }
        return nil
    }

    func subscriptionFinishes(_ top: Int32, depth: Int) -> Bool {
        var current = top
        var steps = 0
        while current >= 0 && steps < 256 {
            steps += 1
            let n = nodes[Int(current)]
            switch n.kind {
            case .call:
                let name = calleeName(current)
                if SyntaxTree.finishingOperators.contains(name) || SyntaxTree.finishingSources.contains(name) { return true }
                let callee = callee(of: current)
                guard callee >= 0 else { return false }
                if nodes[Int(callee)].kind == .memberAccess {
                    // A method of an object or type that makes the publisher (`api.fetchUser()`): its source —
                    // followed when it is `self`'s method declared in this file.
                    if !SyntaxTree.combineOperators.contains(name) && name != "publisher" && name != "publish" {
                        let base = nodes[Int(callee)].firstChild
                        if base >= 0, nodes[Int(base)].kind == .selfExpr, let known = returnedPublisherFinishes(name, depth: depth) { return known }
                        // `Publishers.CombineLatest($a, $b)`, `Publishers.Merge(…)`: it ends when its inputs do.
                        if base >= 0, nodes[Int(base)].kind == .identifier, text(nodes[Int(base)].token) == "Publishers" {
                            let inputs = children(of: current).filter { nodes[Int($0)].kind == .argument && nodes[Int($0)].token < 0 }
                            if !inputs.isEmpty { return inputs.allSatisfy { subscriptionFinishes(unwrapExpression($0), depth: depth + 1) } }
                        }
                        return true
                    }
                    current = nodes[Int(callee)].firstChild
                } else {
                    // `makePublisher()`, `Publishers.Merge(…)`: a free function finishes as a method does,
                    // unless this file declares it and what it returns does not end (`notifications(.x)`
                    // returning `NotificationCenter.default.publisher(for:)`); a publisher type's initializer
                    // combines its inputs, which do not end.
                    guard nodes[Int(callee)].kind == .identifier && !(name.first?.isUppercase ?? false) else { return false }
                    return returnedPublisherFinishes(name, depth: depth) ?? true
                }
            case .memberAccess:
                // `[1, 2].publisher`: a sequence's publisher finishes.
                if n.token >= 0 && text(n.token) == "publisher", n.firstChild >= 0,
                   nodes[Int(unwrapSequence(n.firstChild))].kind == .collection { return true }
                return false
            case .postfixOperator, .sequence:
                current = n.firstChild
            default:
                return false
            }
        }
        return false
    }

    /// Whether code inside `closure` releases what stored property `member` keeps — `self.cancellables
    /// .removeValue(forKey: id)`, `self.timer?.invalidate()`, `self.handler = nil`, `subscription?.cancel()` —
    /// so the cycle ends when that code runs (a one-shot or self-ending callback).
    public func releasesStorage(_ member: String, within closure: Int32, cancelKeepsIt: Bool = false) -> Bool {
        release(of: member, within: closure, cancelKeepsIt: cancelKeepsIt) != nil
    }

    /// The first call or assignment inside `root` that releases what stored property `member` keeps (see
    /// `releasesStorage`), or nil. `removeObserver(member)` and `NSEvent.removeMonitor(member)` count too.
    /// With `cancelKeepsIt` (a `DispatchWorkItem`: `cancel()` stops it from running but keeps its block and
    /// what the block holds), `cancel()` does not count.
    /// With `removalOnly` (an observer token or an event monitor: the center or AppKit keeps the block until it is
    /// removed), only `removeObserver(member)` and `removeMonitor(member)` count: setting the token to nil does not.
    public func release(of member: String, within root: Int32, cancelKeepsIt: Bool = false, after: Int32 = -1,
                        removalOnly: Bool = false) -> Int32? {
        let releasing = SyntaxTree.releasingCalls
        // In source order: the first release is the earliest.
        return firstNode(in: root) { node in
            // (Past token `after`: a release later in the method that stored it.)
            if after >= 0 && nodes[Int(node)].firstToken <= after { return false }
            if removalOnly {
                guard nodes[Int(node)].kind == .call else { return false }
                let name = calleeName(node)
                return (name == "removeObserver" || name == "removeMonitor") && isCall(node, passing: member)
            }
            switch nodes[Int(node)].kind {
            case .call where releasing.contains(calleeName(node)) && !(cancelKeepsIt && calleeName(node) == "cancel"):
                return isCall(node, on: member)
            case .call where calleeName(node) == "removeObserver" || calleeName(node) == "removeMonitor":
                return isCall(node, passing: member)
            case .assignment:
                let (lhs, rhs) = assignmentSides(node)
                guard rhs.count == 1, let (root, _) = rootMember(of: lhs), root == member else { return false }
                let value = unwrapExpression(rhs[0])
                return value >= 0 && (nodes[Int(value)].kind == .literal && nodes[Int(value)].token >= 0 && text(nodes[Int(value)].token) == "nil"
                    || nodes[Int(value)].kind == .collection && nodes[Int(value)].firstChild < 0)
            default:
                return false
            }
        }
    }

    /// The first `invalidate()` call inside `root` on stored property `member` (`timer?.invalidate()`,
    /// `self.timer.invalidate()`), or nil. Only this stops a scheduled `Timer`: the run loop keeps it until
    /// then, so setting the property to `nil` or to a new timer does not.
    public func invalidation(of member: String, within root: Int32) -> Int32? {
        firstNode(in: root) { node in
            nodes[Int(node)].kind == .call && calleeName(node) == "invalidate" && isCall(node, on: member)
        }
    }

    /// Whether `call` is `Timer.scheduledTimer(…, repeats: true, …)`: a timer the run loop keeps and fires
    /// until it is invalidated.
    public func schedulesRepeatingTimer(_ call: Int32) -> Bool {
        nodes[Int(call)].kind == .call && calleeName(call) == "scheduledTimer" && repeats(call)
    }

    /// The calls that release what a stored property keeps (`bag.removeAll()`, `timer?.invalidate()`); the
    /// pass-1 scan of `ReleaseSite` looks for the same names.
    static let releasingCalls: Set<String> = ["removeValue", "removeAll", "cancel", "invalidate", "remove", "removeFirst", "removeLast"]

    /// Whether `call` is a method call on stored property `member` (`member.cancel()`, `self.member?.invalidate()`).
    func isCall(_ call: Int32, on member: String) -> Bool {
        let callee = callee(of: call)
        guard callee >= 0, nodes[Int(callee)].kind == .memberAccess, let (root, _) = rootMember(of: nodes[Int(callee)].firstChild)
        else { return false }
        return root == member
    }

    /// Whether `call` passes stored property `member` as an argument (`removeObserver(token)`, `token as Any`,
    /// `self.token!`: an argument's first element).
    public func isCall(_ call: Int32, passing member: String) -> Bool {
        for argument in children(of: call) where nodes[Int(argument)].kind == .argument {
            var value = nodes[Int(argument)].firstChild
            while value >= 0 && nodes[Int(value)].kind == .sequence { value = nodes[Int(value)].firstChild }
            if value >= 0, let (root, _) = rootMember(of: value), root == member { return true }
        }
        return false
    }

    /// The path of a storage target below `self`, as written: `cancellables`, `child` → `onChange`.
    public func storagePath(_ target: Int32) -> [String] {
        var names: [String] = []
        var current = unwrapSequence(target)
        var steps = 0
        while current >= 0 && steps < 64 {
            steps += 1
            let n = nodes[Int(current)]
            switch n.kind {
            case .memberAccess:
                if n.token >= 0 { names.append(identifierText(n.token)) }
                current = n.firstChild
            case .identifier:
                names.append(identifierText(n.token))
                current = -1
            case .subscriptCall, .postfixOperator, .inoutExpr:
                current = n.firstChild
            default:
                current = -1
            }
        }
        return names.reversed()
    }

    /// The closures around `node` up to (not including) `closure` whose capture list weakens `self`
    /// (`[weak self]`, `[unowned self]`): a use inside one does not hold `self` in `closure` itself.
    func isInsideWeakSelfClosure(_ node: Int32, below closure: Int32) -> Bool {
        var current = nodes[Int(node)].parent
        while current >= 0 && current != closure {
            if nodes[Int(current)].kind == .closure, let capture = selfCaptureKind(of: current), capture != .strong {
                // The capture item itself is evaluated in the enclosing closure: a strong use there.
                return nodes[Int(node)].kind != .captureItem || ancestor(of: node, kind: .closure) != current
            }
            current = nodes[Int(current)].parent
        }
        return false
    }

    /// How a closure's capture list names `self`, if it does.
    func selfCaptureKind(of closure: Int32) -> SelfCapture? { selfCaptureEntry(of: closure)?.capture }
}

extension ClosureCaptures {
    /// The uses by which a closure that outlives its statement (stored, or held by what it is passed to)
    /// holds `self` strongly for as long as it is kept: every use of `self` when the capture list does
    /// not weaken it (uses inside nested closures that weaken `self` themselves left out, the nested
    /// capture entry kept), the `[self]` entry first. Nil when it does not hold `self`: `[weak self]`
    /// (a `guard let self` inside re-binds it only while the closure runs), `[unowned self]`, or no use.
    public func strongHolds(of closure: Int32, in tree: SyntaxTree) -> [Int32]? {
        switch selfCapture {
        case .weak, .unowned:
            return nil
        case .strong, .implicit:
            let uses = selfUses.filter { !tree.isInsideWeakSelfClosure($0, below: closure) }
            if selfCapture == .strong { return [selfCaptureItem] + uses }
            return uses.isEmpty ? nil : uses
        }
    }
}

extension FileModel {
    /// Callee names whose result holds the closure passed to them, and what that result is.
    static let holderCalls: [String: ClosureHolder] = [
        "scheduledTimer": .timer, "Timer": .timer, "addObserver": .observer, "observe": .keyValueObservation,
        "DispatchWorkItem": .workItem, "addLocalMonitorForEvents": .eventMonitor, "addGlobalMonitorForEvents": .eventMonitor,
    ]
    /// `DispatchSource` methods that keep a handler on the source.
    static let sourceHandlers: Set<String> = ["setEventHandler", "setCancelHandler", "setRegistrationHandler"]

    /// Whether `center.addObserver(…)` is called on a local the body binds to a new `NotificationCenter()`.
    func isCenterOfItsOwn(_ call: Int32, in body: BodyModel) -> Bool {
        let callee = tree.callee(of: call)
        guard callee >= 0, tree[callee].kind == .memberAccess else { return false }
        let base = tree[callee].firstChild
        guard base >= 0, tree[base].kind == .identifier else { return false }
        let name = tree.identifierText(tree[base].token)
        for local in body.locals where local.initializer >= 0 && tree.boundVariables(of: local.node).contains(where: { tree.variables[$0].name == name }) {
            let value = tree.unwrapExpression(local.initializer)
            return value >= 0 && tree[value].kind == .call && tree.constructedType(value) == "NotificationCenter"
        }
        return false
    }

    /// How closure `closure` of body `body` ends up kept on `self`, if it does: stored itself (also through
    /// a local, or in a collection), or held by something `self` keeps (a Combine subscription, a `Task`,
    /// a `Timer`, an observer token, a key-value observation, a work item, a dispatch source).
    public func kept(_ closure: ClosureFact, in body: BodyModel) -> KeptClosure? {
        let call = closure.call
        if call < 0 || tree[call].flags.contains(.immediatelyApplied) && tree[call].firstChild == closure.node {
            if call >= 0 { return nil }
            return keptValue(closure.node, isLocal: closure.scope.isLocal, isParameter: closure.scope.isParameter, in: body).map {
                KeptClosure(holder: .itself, storage: $0.storage, viaLocal: $0.local, holderNode: closure.node)
            }
        }
        if tree.isTaskCreation(call) {
            guard let storage = storageOfCall(taking: closure, in: body) ?? keptValue(call, isLocal: closure.scope.isLocal, isParameter: closure.scope.isParameter, in: body)?.storage
            else { return nil }
            return KeptClosure(holder: .task, storage: storage, holderNode: call)
        }
        if let top = tree.subscription(containing: call) {
            if let storage = publishedAssignment(top, isLocal: closure.scope.isLocal, in: body) {
                return KeptClosure(holder: .subscription, storage: storage, viaLocal: -1, holderNode: top)
            }
            return keptValue(top, isLocal: closure.scope.isLocal, isParameter: closure.scope.isParameter, in: body).map {
                KeptClosure(holder: .subscription, storage: $0.storage, viaLocal: $0.local, holderNode: top)
            }
        }
        let name = closure.callee
        if let holder = FileModel.holderCalls[name] {
            if holder == .observer && closure.label != "using" && closure.label != nil { return nil }
            // A one-shot scheduled timer holds its block only until it fires.
            if holder == .timer && tree.schedulesOneShotTimer(call) { return nil }
            if let storage = storageOfCall(taking: closure, in: body) {
                return KeptClosure(holder: holder, storage: storage, holderNode: call)
            }
            if let found = keptValue(call, isLocal: closure.scope.isLocal, isParameter: closure.scope.isParameter, in: body) {
                return KeptClosure(holder: holder, storage: found.storage, viaLocal: found.local, holderNode: call)
            }
            // NotificationCenter keeps an observer block until the observer is removed, whether or not
            // `self` keeps the token (`member` is then empty) — unless the center is a new one in a local
            // (`let center = NotificationCenter()`): it goes, with the block, when the local does.
            if holder == .observer && !isCenterOfItsOwn(call, in: body) || holder == .eventMonitor {
                return KeptClosure(holder: holder, storage: SelfStorage(member: "", kind: .property, target: -1), holderNode: call)
            }
            // A repeating timer scheduled on the run loop and not kept: the run loop keeps it (and its block)
            // until it is invalidated, which nothing can do without the timer, unless the block does.
            if holder == .timer && name == "scheduledTimer" && tree.isDiscarded(call) && tree.repeats(call)
                && !tree.invalidatesItsOwnTimer(within: closure.node) {
                return KeptClosure(holder: .timer, storage: SelfStorage(member: "", kind: .property, target: -1), holderNode: call)
            }
            return nil
        }
        if FileModel.sourceHandlers.contains(name) {
            let callee = tree.callee(of: call)
            guard tree[callee].kind == .memberAccess else { return nil }
            let receiver = tree[callee].firstChild
            if let stored = storedMember(receiver, scope: closure.scope, in: body) {
                return KeptClosure(holder: .dispatchSource, storage: stored, holderNode: call)
            }
            // A source made in a local and then kept on self (`let source = DispatchSource.make…(…)`,
            // `source.setEventHandler { … }`, `fileMonitor = source`).
            let ownerType = tree.functions[body.function].ownerType
            guard receiver >= 0, tree[receiver].kind == .identifier, ownerType >= 0, let facts = owner(ownerType).facts else { return nil }
            let local = tree.identifierText(tree[receiver].token)
            guard closure.scope.isLocal(local), let stored = storage(ofLocal: local, after: tree[call].lastToken, in: body, facts: facts)
            else { return nil }
            return KeptClosure(holder: .dispatchSource, storage: stored, holderNode: call)
        }
        // `handlers.append { … }`, `handlers.insert({ … }, at: 0)`.
        if let direct = storage(of: closure, in: body) {
            return KeptClosure(holder: .itself, storage: direct, holderNode: closure.node)
        }
        return nil
    }

    /// A receiver rooted at a stored instance property of the body's owner (`source`, `self.source`).
    private func storedMember(_ receiver: Int32, scope: ScopeState, in body: BodyModel) -> SelfStorage? {
        let ownerType = tree.functions[body.function].ownerType
        guard receiver >= 0, ownerType >= 0, let facts = owner(ownerType).facts,
              let (name, reference) = tree.rootMember(of: receiver) else { return nil }
        if tree[reference].kind == .identifier && scope.isLocal(name) { return nil }
        guard let member = facts.members[name], member.kind == .storedVar || member.kind == .storedLet, !member.isStatic else { return nil }
        return SelfStorage(member: name, kind: .ownedObject, target: receiver)
    }

    /// Where the value of `value` is kept on `self`: directly, or through a local it is bound to
    /// (`let token = …`, `.store(in: &bag)`) that the same body then keeps on `self` (`self.bag = bag`,
    /// `tokens.append(token)`).
    func keptValue(_ value: Int32, isLocal: (String) -> Bool, isParameter: (String) -> Bool = { _ in true },
                   in body: BodyModel) -> (storage: SelfStorage, local: Int32)? {
        let ownerType = tree.functions[body.function].ownerType
        guard ownerType >= 0, let facts = owner(ownerType).facts else { return nil }
        // (An initializer's parameter stored in the `let` of its name is that member: `storedParameters`; not a
        // closure parameter or local that shadows it.)
        let aliases = storedParameters(of: body, facts: facts)
        if let direct = tree.storageOnSelf(of: value, isLocal: { isLocal($0) && !(aliases.contains($0) && isParameter($0)) },
                                           member: { facts.members[$0] }) {
            return (direct, -1)
        }
        guard let (local, via) = localHolding(value) else { return nil }
        return storage(ofLocal: local, after: tree[via].lastToken, in: body, facts: facts).map { ($0, via) }
    }

    /// Where the body keeps the value of its local `local` on `self` after token `after` (`self.bag = bag`,
    /// `fileMonitor = source`, `tokens.append(token)`), if it does.
    private func storage(ofLocal local: String, after: Int32, in body: BodyModel, facts: TypeFacts) -> SelfStorage? {
        let localNames = self.localNames(of: body)
        var found: SelfStorage?
        _ = tree.firstNode(in: tree.functions[body.function].body, skipping: { tree[$0].kind == .functionDecl || tree[$0].kind == .typeDecl }) { node in
            let n = tree[node]
            guard n.kind == .identifier && n.firstToken > after && tree.identifierText(n.token) == local else { return false }
            found = tree.storageOnSelf(of: node, isLocal: { localNames.contains($0) }, member: { facts.members[$0] })
            return found != nil
        }
        return found
    }

    /// Where the subscription whose last call is `top` (see `SyntaxTree.subscription(containing:)`) is kept
    /// on `self`, if it is. A bare name counts as local when the body binds it anywhere.
    public func keptSubscription(_ top: Int32, in body: BodyModel) -> KeptClosure? {
        let names = localNames(of: body)
        if let storage = publishedAssignment(top, isLocal: { names.contains($0) }, in: body) {
            return KeptClosure(holder: .subscription, storage: storage, viaLocal: -1, holderNode: top)
        }
        return keptValue(top, isLocal: { names.contains($0) }, in: body).map {
            KeptClosure(holder: .subscription, storage: $0.storage, viaLocal: $0.local, holderNode: top)
        }
    }

    /// `.assign(to: &$name)` (or `&self.$name`) into a `@Published` property of `self`: the property's
    /// publisher keeps the subscription for as long as `self` lives, and with it every closure of the chain.
    private func publishedAssignment(_ top: Int32, isLocal: (String) -> Bool, in body: BodyModel) -> SelfStorage? {
        guard tree[top].kind == .call, tree.calleeName(top) == "assign" else { return nil }
        let ownerType = tree.functions[body.function].ownerType
        guard ownerType >= 0, let facts = owner(ownerType).facts else { return nil }
        for argument in tree.children(of: top) where tree[argument].kind == .argument {
            guard tree[argument].token >= 0, tree.text(tree[argument].token) == "to" else { continue }
            let value = tree.unwrapSequence(tree[argument].firstChild)
            guard value >= 0, tree[value].kind == .inoutExpr else { return nil }
            let target = tree.unwrapSequence(tree[value].firstChild)
            guard target >= 0 else { return nil }
            let projected: String
            switch tree[target].kind {
            case .identifier:
                projected = tree.identifierText(tree[target].token)
                if isLocal(projected) { return nil }
            case .memberAccess where tree[target].token >= 0 && tree[target].firstChild >= 0 && tree[tree[target].firstChild].kind == .selfExpr:
                projected = tree.text(tree[target].token)
            default:
                return nil
            }
            guard projected.hasPrefix("$"), let member = facts.members[String(projected.dropFirst())], member.kind == .storedVar,
                  !member.isStatic, member.attributes.contains(.published) else { return nil }
            return SelfStorage(member: String(projected.dropFirst()), kind: .property, target: target)
        }
        return nil
    }

    /// The names a body binds: its function's parameters and its locals.
    private func localNames(of body: BodyModel) -> Set<String> {
        var names = Set(tree.functions[body.function].parameters.map(\.name))
        for binding in body.locals { for i in tree.boundVariables(of: binding.node) { names.insert(tree.variables[i].name) } }
        return names
    }

    /// The local a value is bound to (`let token = value`) or stored into (`value.store(in: &bag)`, `bag`
    /// a bare name), and the node that does it.
    private func localHolding(_ value: Int32) -> (name: String, node: Int32)? {
        var current = value
        while true {
            let parent = tree[current].parent
            guard parent >= 0 else { return nil }
            let p = tree[parent]
            switch p.kind {
            case .sequence, .tryExpr, .awaitExpr:
                if p.kind == .sequence && p.firstChild != current { return nil }
                current = parent
            case .variableDecl where p.firstChild == current:
                let bound = tree.boundVariables(of: parent)
                guard bound.count == 1 else { return nil }
                return (tree.variables[bound.lowerBound].name, parent)
            case .memberAccess where p.firstChild == current && p.token >= 0 && tree.text(p.token) == "store":
                let call = p.parent
                guard call >= 0, tree[call].kind == .call else { return nil }
                for argument in tree.children(of: call) where tree[argument].kind == .argument && tree[argument].token >= 0
                    && tree.text(tree[argument].token) == "in" {
                    let target = tree.unwrapSequence(tree[argument].firstChild)
                    guard target >= 0, tree[target].kind == .inoutExpr else { return nil }
                    let inner = tree[target].firstChild
                    guard inner >= 0, tree[inner].kind == .identifier else { return nil }
                    return (tree.identifierText(tree[inner].token), call)
                }
                return nil
            default:
                return nil
            }
        }
    }

    /// Calls named one of `names` on member `member` (`member.cancel()`, `member?.invalidate()`,
    /// `self.member.removeAll()`) in the deinit of type `type` in this file: clean-up that cannot run
    /// while the cycle holds the object.
    public func deinitCalls(_ names: Set<String>, on member: String, in type: Int32) -> [Int32] {
        deinitCalls(names, in: type) { tree.isCall($0, on: member) }
    }

    /// Calls named one of `names` in the deinit of type `type` in this file that pass member `member`
    /// (`NotificationCenter.default.removeObserver(token)`).
    public func deinitCalls(_ names: Set<String>, passing member: String, in type: Int32) -> [Int32] {
        deinitCalls(names, in: type) { tree.isCall($0, passing: member) }
    }

    private func deinitCalls(_ names: Set<String>, in type: Int32, where test: (Int32) -> Bool) -> [Int32] {
        var found: [Int32] = []
        for i in functions(ofType: type) where tree.functions[i].kind == .deinitializer && tree.functions[i].body >= 0 {
            for call in body(i).calls where names.contains(tree.calleeName(call.node)) && test(call.node) { found.append(call.node) }
        }
        return found
    }

    /// What a closure that initializes a `lazy var` of type `type` captures (`lazy var f = { self.g() }`).
    public func captures(ofMemberInitializer closure: Int32, in type: Int32) -> ClosureCaptures {
        let facts = owner(type).facts
        return tree.captures(of: closure, continuing: ScopeState()) { name in
            facts?.members[name].map { !$0.isStatic } ?? false
        }
    }
}
