import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// The report of a retain cycle through `self`, shared by the retains-self rules: where to point, the
/// chain of references in words, and the notes (strong uses, the local the value went through, the
/// clean-up in `deinit` that cannot run).
enum RetainCycle {
    /// A member body of a class or actor: where `self` can be kept alive by what it keeps.
    struct InstanceBody: Sendable {
        /// The function's index in `tree.functions`.
        var index: Int
        var ownerType: Int32
        var typeName: String
        var facts: TypeFacts
        var body: BodyModel
    }

    /// Every member body of a class or actor in the file, in order (bodies built on demand); with
    /// `test`, only those whose body node passes it (a quick look at tokens before the model is built).
    static func instanceBodies(_ context: RuleContext, where test: ((Int32) -> Bool)? = nil) -> some Sequence<InstanceBody> {
        context.tree.functions.indices.lazy.compactMap { i -> InstanceBody? in
            let function = context.tree.functions[i]
            guard function.ownerType >= 0 && function.body >= 0, test?(function.body) ?? true else { return nil }
            let (typeName, owner) = context.owner(function.ownerType)
            guard let facts = owner, facts.kind == .class || facts.kind == .actor else { return nil }
            return InstanceBody(index: i, ownerType: function.ownerType, typeName: typeName, facts: facts, body: context.body(i))
        }
    }

    /// Reports a retains-self finding: `message` receives the outcome (`outcome(…)`); the notes are the
    /// strong uses, the local, dead clean-up calls in `deinit` named `cleanUp`, and the release elsewhere.
    /// `sameCycle` are notes for other closures that close the same cycle (one finding per root cause).
    static func report(_ kept: KeptClosure, uses: [Int32], typeName: String, facts: TypeFacts, ownerType: Int32, function: Int,
                       cleanUp: Set<String>, help: String, sameCycle: [Note] = [], throughClosure: Bool = true, context: RuleContext,
                       message: (String) -> String) {
        let outcome = outcome(kept.storage.member, typeName: typeName, facts: facts, storingFunction: function,
                              storeEnd: storeEnd(of: kept, tree: context.tree), cancelKeepsIt: kept.holder == .workItem, context: context)
        let token = anchor(kept, tree: context.tree)
        var notes = [cycleNote(chain(kept, tree: context.tree, throughClosure: throughClosure), at: token, tree: context.tree)]
        notes += self.notes(kept, strongUses: uses, ownerType: ownerType, cleanUp: cleanUp, context: context)
        if let note = outcome.note { notes.append(note) }
        if kept.holder == .workItem, !outcome.released,
           let cancel = releaseElsewhere(kept.storage.member, typeName: typeName, storingFunction: function, context: context) {
            // `pending?.cancel()` alone: the cancelled work item keeps its block.
            notes.append(Note(range: cancel.range,
                              message: "cancel() stops the DispatchWorkItem from running but keeps its block, and 'self' with it: set '\(kept.storage.member)' to nil too",
                              path: cancel.path))
        }
        notes += lifetimeNote(outcome.lifetime, at: token, tree: context.tree)
        notes += strongLocalsOfWeakMembers(kept, typeName: typeName, function: function, context: context)
        notes += sameCycle
        context.report(token: token, message(outcome.text), help: help, notes: notes, advisory: outcome.advisory)
    }

    /// Notes for locals that hold a `weak` member of the type strongly and are used by the kept closure
    /// (`let delegate = self.delegate; handler = { …; delegate?.didChange() }`): the closure keeps that
    /// object alive too, for as long as the cycle lasts.
    static func strongLocalsOfWeakMembers(_ kept: KeptClosure, typeName: String, function: Int, context: RuleContext) -> [Note] {
        let tree = context.tree
        guard function >= 0, kept.holderNode >= 0 else { return [] }
        var weakMembers = Set<String>()
        for v in context.model.memberVariables(ofTypeNamed: typeName) where tree.variables[v].modifiers.contains(.weak) {
            weakMembers.insert(tree.variables[v].name)
        }
        guard !weakMembers.isEmpty else { return [] }
        var notes: [Note] = []
        for local in context.body(function).locals where local.initializer >= 0 {
            let value = tree.unwrapExpression(local.initializer)
            guard value >= 0, let (member, _) = tree.memberReference(value), weakMembers.contains(member) else { continue }
            for i in tree.boundVariables(of: local.node) {
                let name = tree.variables[i].name
                let used = tree.firstNode(in: kept.holderNode) { node in
                    tree[node].kind == .identifier && tree[node].token >= 0 && tree.identifierText(tree[node].token) == name
                } != nil
                guard used else { continue }
                notes.append(Note(range: tree.tokens[Int(tree.variables[i].nameToken)].range,
                                  message: "the local '\(name)' holds the weak property '\(member)' strongly, and the closure uses it: the cycle keeps that object alive too"))
            }
        }
        return notes.count > 3 ? Array(notes.prefix(3)) : notes
    }

    /// The note that spells a cycle out at the finding (the message names only its ends): "the cycle: 'self' →
    /// 'cancellables' → subscription → closure → 'self'".
    static func cycleNote(_ chain: String, at token: Int32, tree: SyntaxTree) -> Note {
        Note(range: tree.range(ofTokens: token, token), message: "the cycle: \(chain)")
    }

    /// `'self' → 'cancellables' → subscription → closure → 'self'`.
    /// A closure that holds `self` only through a capture-list entry (`assign(to:on: self)` has none) is
    /// left out with `throughClosure: false`.
    static func chain(_ kept: KeptClosure, tree: SyntaxTree, throughClosure: Bool = true) -> String {
        var links = ["'self'"]
        if kept.storage.target >= 0 { links += tree.storagePath(kept.storage.target).map { "'\($0)'" } }
        if links.count == 1 { links.append("'\(kept.storage.member)'") }
        if kept.holder != .itself && kept.holder != .dispatchSource { links.append(kept.holder.chainWord) }
        if throughClosure { links.append("closure") }
        links.append("'self'")
        return links.joined(separator: " → ")
    }

    /// The path of the storage as written, for messages: `cancellables`, `child.onChange`.
    static func storageName(_ kept: KeptClosure, tree: SyntaxTree) -> String {
        let path = kept.storage.target >= 0 ? tree.storagePath(kept.storage.target) : []
        return path.isEmpty ? kept.storage.member : path.joined(separator: ".")
    }

    /// The token a finding points at: the line that keeps the value (`.store(in:)`, the assignment's
    /// target, `let token =` when a local carries it).
    static func anchor(_ kept: KeptClosure, tree: SyntaxTree) -> Int32 {
        if kept.viaLocal >= 0 { return storeToken(around: kept.viaLocal, tree: tree) ?? tree[kept.viaLocal].firstToken }
        if kept.storage.kind == .storeIn, let token = storeToken(around: kept.storage.target, tree: tree) { return token }
        return tree[kept.storage.target].firstToken
    }

    /// The `store` of the `.store(in:)` call at or around `node`.
    private static func storeToken(around node: Int32, tree: SyntaxTree) -> Int32? {
        var current = node
        var steps = 0
        while current >= 0 && steps < 8 {
            steps += 1
            if tree[current].kind == .call, tree.calleeName(current) == "store" {
                let callee = tree.callee(of: current)
                return tree[callee].token >= 0 ? tree[callee].token : nil
            }
            current = tree[current].parent
        }
        return nil
    }

    /// The note on one strong use of `self`. A use that is an inner closure's capture list (`Task { [weak self] in
    /// … }` inside the kept closure) is strong in the closure around it, which must read `self` to make the
    /// inner one: the note says so rather than pointing at a `[weak self]` without a word.
    static func strongNote(_ use: Int32, tree: SyntaxTree) -> Note {
        // (`weak self` as one capture node, or `self` after its `weak`.)
        let first = tree[use].firstToken
        let marker = tree.token(first, is: "self") ? first - 1 : first
        if marker >= 0, tree.token(marker, is: "weak") || tree.token(marker, is: "unowned"), tree.token(marker + 1, is: "self") {
            return Note(range: tree.byteRange(of: use),
                        message: "'self' is held strongly by the closure around this one: this capture list reads 'self' when the inner closure is made, so the outer closure keeps it; capture [weak self] in the outer closure too")
        }
        return Note(range: tree.byteRange(of: use), message: "'self' is held strongly here")
    }

    /// Notes: the strong uses (three at most), where a local is kept on `self`, and the clean-up calls in
    /// `deinit` that never run.
    static func notes(_ kept: KeptClosure, strongUses: [Int32], ownerType: Int32, cleanUp: Set<String>,
                      context: RuleContext) -> [Note] {
        let tree = context.tree
        var notes = strongUses.prefix(3).map { strongNote($0, tree: tree) }
        if kept.viaLocal >= 0 {
            notes.append(Note(range: tree.byteRange(of: kept.storage.target),
                              message: "the local is kept on 'self' here, in '\(kept.storage.member)'"))
        }
        if let method = kept.storage.returnedBy {
            notes.append(Note(range: tree.byteRange(of: kept.storage.target), message: "what '\(method)()' returns is stored here"))
        }
        for call in context.model.deinitCalls(cleanUp, on: kept.storage.member, in: ownerType) {
            notes.append(Note(range: tree.byteRange(of: call),
                              message: "this never runs: deinit cannot run while the cycle holds 'self'"))
        }
        return notes
    }

    /// Names of a static property that holds a type's shared instance.
    static let sharedInstanceNames: Set<String> = ["shared", "sharedInstance", "instance", "default", "standard", "current"]

    /// The name of a type's shared instance (a `static` stored `shared`, `default` …), if it has one (the
    /// first by name). (One pass over the members, a bit test each: asked of every class of the project.)
    static func sharedInstance(of facts: TypeFacts) -> String? {
        let entries = facts.members.entries
        for k in entries.indices where entries[k].value.isStatic {
            let kind = entries[k].value.kind
            if (kind == .storedLet || kind == .storedVar) && sharedInstanceNames.contains(entries[k].name) { return entries[k].name }
        }
        return nil
    }

    /// The classes whose construction sites the retains-self rules ask for: those with a shared instance
    /// that another file (previews aside) may also build (`sharedElsewhere`). (Built only in its own file, a
    /// class is not searched for: the search would parse files no rule reads. Another instance its own file
    /// builds is not looked for.)
    static func wantsSites(of type: TypeFacts, in index: ProjectIndex) -> Bool {
        (type.kind == .class || type.kind == .actor) && sharedInstance(of: type) != nil && index.appOwner(of: type.name) == nil
    }

    /// Why an object lives as long as the app, and where the project shows it (no range: at the finding).
    /// `spares` is false when the note is a witness against it instead: a type with a shared instance that
    /// the project also builds elsewhere, whose other instances leak.
    struct Lifetime {
        var reason: String
        var path: String?
        var range: Range<Int>?
        var spares = true
    }

    /// Whether the finding is advice because the object lives as long as the app.
    static func spares(_ lifetime: Lifetime?) -> Bool { lifetime?.spares ?? false }

    /// Why the object may live as long as the app anyway, which makes a cycle through `self` cost nothing
    /// for that instance: an app or scene delegate, a type with a shared instance (`static let shared`), or
    /// a class the project builds once for the app (a `static` or global's initial value, a stored property
    /// of the `App` or its delegate, the `App`'s `init`: `ProjectIndex.appOwner(of:)`).
    /// The finding is then reported at `info`, with this reason in a note (`lifetimeNote`).
    static func appLifetime(of typeName: String, facts: TypeFacts?, context: RuleContext) -> Lifetime? {
        let short = shortName(typeName)
        if short.hasSuffix("AppDelegate") || short.hasSuffix("SceneDelegate") {
            return Lifetime(reason: "an app delegate lives as long as the app: the cycle costs nothing there")
        }
        if let facts, let shared = sharedInstance(of: facts) {
            if let site = sharedElsewhere(typeName, context: context) {
                let place = site.enclosingMember.map { member in ", in '\(site.enclosingType.map { shortName($0) + "." } ?? "")\(member)'" } ?? ""
                return Lifetime(reason: "'\(short)' is also built here\(place), apart from '\(short).\(shared)': each such instance is never released",
                                path: site.path == context.tree.file.path ? nil : site.path, range: site.range, spares: false)
            }
            return Lifetime(reason: "'\(short).\(shared)' lives as long as the app: the cycle costs nothing for it, and every other instance leaks")
        }
        if let owner = context.index.appOwner(of: typeName) {
            return Lifetime(
                reason: "\(owner.holder) builds this '\(short)' once, for the app's lifetime: the cycle costs nothing for it, and any other instance leaks",
                path: owner.path == context.tree.file.path ? nil : owner.path, range: owner.range)
        }
        return nil
    }

    /// The first place that builds a type with a shared instance other than once for the app: not the
    /// shared instance's (or any static or global's) initial value, not a preview, not a static factory of the
    /// type itself (`static var preview: Store { Store() }`), not in a type the app builds once.
    static func sharedElsewhere(_ typeName: String, context: RuleContext) -> ConstructionSite? {
        var found: ConstructionSite?
        context.index.forEachConstructionSite(of: typeName) { site in
            guard !site.isInPreview, !site.runsOnce else { return true }
            if let owner = site.enclosingType {
                if site.memberIsStatic && shortName(owner) == shortName(typeName) { return true }
                if owner != typeName, AppOwner.isApp(named: shortName(owner), inheriting: context.index.facts(for: owner)?.inherits ?? [])
                    || context.index.appOwner(of: owner) != nil || context.index.isBuiltOnce(owner) { return true }
            }
            found = site
            return false
        }
        return found
    }

    /// The note that says why an object lives as long as the app: where the project builds it, else at the finding.
    static func lifetimeNote(_ lifetime: Lifetime?, at token: Int32, tree: SyntaxTree) -> [Note] {
        guard let lifetime else { return [] }
        return [Note(range: lifetime.range ?? tree.range(ofTokens: token, token), message: lifetime.reason, path: lifetime.path)]
    }

    /// The last token of the store of `kept` (its target and the closure it keeps), after which a release in
    /// the same method ends the cycle; -1 when the store is not known.
    static func storeEnd(of kept: KeptClosure, tree: SyntaxTree) -> Int32 {
        let target = kept.storage.target
        guard target >= 0 else { return -1 }
        return max(tree[target].lastToken, kept.holderNode >= 0 ? tree[kept.holderNode].lastToken : -1)
    }

    /// Where a release is: its range (in `path` when another file's) and the method that does it.
    struct Release {
        var range: Range<Int>
        var path: String?
        var method: String
    }

    /// Where another method of the type (not `deinit`, not the method that stores it) releases what
    /// `member` keeps (`timer?.invalidate()`, `handler = nil`, `task?.cancel()`, `removeObserver(token)`):
    /// in this file first, else in another file of the project (`ReleasesFact`: an extension's
    /// subscription that the class's main file cancels in `windowShouldClose`). The cycle is then managed,
    /// and lasts only until that method runs. The finding is reported at `info`, with a note there.
    /// (`cancelKeepsIt`: a `DispatchWorkItem`, whose `cancel()` keeps its block.)
    static func releaseElsewhere(_ member: String, typeName: String, storingFunction: Int, storedAt target: Int32 = -1,
                                 cancelKeepsIt: Bool = false, removalOnly: Bool = false, context: RuleContext) -> Release? {
        releaseOrRefill(member, typeName: typeName, storingFunction: storingFunction, storedAt: target,
                        cancelKeepsIt: cancelKeepsIt, removalOnly: removalOnly, context: context).release
    }

    /// `releaseElsewhere`, and without one, the first method that empties `member` only to keep a new
    /// closure holding `self` there again (`refilling`): `refill` is where it stores it, which a note shows
    /// (a reader who sees the `removeAll()` is told why it is no release).
    /// A release later in the method that stores (`storeEnd`: the store's last token) counts too: a
    /// `natPort = nil` after the loop of the task that set its handler, the `else { handler = nil }` of a
    /// property's `didSet` that sets it when the property is not nil.
    static func releaseOrRefill(_ member: String, typeName: String, storingFunction: Int, storedAt target: Int32 = -1,
                                storeEnd: Int32 = -1, cancelKeepsIt: Bool = false, removalOnly: Bool = false,
                                context: RuleContext) -> (release: Release?, refill: Release?) {
        guard !member.isEmpty else { return (nil, nil) }
        let tree = context.tree
        var refill: Release?
        for i in context.model.functions(ofTypeNamed: typeName) {
            let function = tree.functions[i]
            guard function.body >= 0, function.kind != .deinitializer else { continue }
            let storing = i == storingFunction || target >= 0 && tree.isDescendant(target, of: function.body)
            guard !storing || tree[function.body].firstToken <= storeEnd && storeEnd <= tree[function.body].lastToken,
                  let node = tree.release(of: member, within: function.body, cancelKeepsIt: cancelKeepsIt, after: storing ? storeEnd : -1,
                                          removalOnly: removalOnly),
                  mayRun(i, storingFunction: storingFunction, typeName: typeName, context: context)
            else { continue }
            // An accessor is named by its property (`'delay''s willSet`), not as a method.
            let method = function.kind == .accessor && function.ownerVariable >= 0
                ? "'\(tree.variables[Int(function.ownerVariable)].name)''s \(function.name)"
                : function.kind == .initializer ? "the initializer" : function.name.isEmpty ? "" : "'\(function.name)()'"
            if let stored = refilling(member, after: node, within: function.body, tree: tree) {
                if refill == nil { refill = Release(range: tree.byteRange(of: stored), method: method) }
                continue
            }
            return (Release(range: tree.byteRange(of: node), method: method), nil)
        }
        if let name = context.index.resolvedName(of: typeName), let site = context.index.value(of: ReleasesFact.self, at: name)?[member],
           site.path != tree.file.path,
           !(cancelKeepsIt && site.callee == "cancel"),
           !removalOnly || site.callee == "removeObserver" || site.callee == "removeMonitor" {
            return (Release(range: site.range, path: site.path, method: site.method.isEmpty ? "" : "'\(site.method)()'"), nil)
        }
        return (nil, refill)
    }

    /// Whether function `i`, a release of what `storingFunction` keeps, may end the cycle: a private or
    /// fileprivate method named nowhere in its type (and its extensions in the file) but in its own body,
    /// in a `deinit` (`deinit { Task { self?.stopMonitor() } }`: it cannot run while the cycle holds), and
    /// in methods that call the storing method again after it (`stopMonitor(); …; startMonitor()`: clearing
    /// to subscribe again renews the cycle) is no release.
    static func mayRun(_ i: Int, storingFunction: Int, typeName: String, context: RuleContext) -> Bool {
        let tree = context.tree
        let function = tree.functions[i]
        guard function.kind == .function, !function.modifiers.isDisjoint(with: [.private, .fileprivate]), function.node >= 0 else { return true }
        let own = tree[function.node].firstToken...tree[function.node].lastToken
        var deinits: [ClosedRange<Int32>] = []
        for other in tree.functions where other.kind == .deinitializer && other.body >= 0 {
            deinits.append(tree[other.body].firstToken...tree[other.body].lastToken)
        }
        let members = context.model.functions(ofTypeNamed: typeName)
        let storing = storingFunction >= 0 && storingFunction != i && tree.functions[storingFunction].kind == .function
            ? Array(tree.functions[storingFunction].name.utf8) : nil
        let name = Array(function.name.utf8)
        for type in context.model.typeIndices(named: typeName) {
            let decl = tree[tree.types[Int(type)].node]
            for t in decl.firstToken...decl.lastToken where tree.tokens[Int(t)].kind == .identifier {
                guard !own.contains(t), tree.text(t).utf8.elementsEqual(name), !deinits.contains(where: { $0.contains(t) }) else { continue }
                // (A call followed, in the same member, by a call of the storing method: a refill.)
                if let storing, let caller = members.first(where: { m in
                       let body = tree.functions[m].body
                       return body >= 0 && tree[body].firstToken <= t && t <= tree[body].lastToken
                   }) {
                    let end = tree[tree.functions[caller].body].lastToken
                    var renewed = false
                    var k = t + 1
                    while k <= end && !renewed {
                        renewed = tree.tokens[Int(k)].kind == .identifier && tree.text(k).utf8.elementsEqual(storing)
                        k += 1
                    }
                    if renewed { continue }
                }
                return true
            }
        }
        return false
    }

    /// Where `body`, after the release at `release`, keeps a new closure that holds `self` strongly in
    /// `member` again (the store or assignment; nil when it does not) (`bag.removeAll(); feed.sink { self.items = $0 }.store(in: &bag)`,
    /// `task?.cancel(); task = Task { self.poll() }`): clearing to subscribe again renews the cycle rather
    /// than ending it. A closure with a capture list of `weak` or `unowned` does not hold it.
    static func refilling(_ member: String, after release: Int32, within body: Int32, tree: SyntaxTree) -> Int32? {
        let after = tree[release].lastToken
        return tree.firstNode(in: body) { node in
            guard tree[node].firstToken > after else { return false }
            // What is stored: the chain before `.store(in: &member)` (not its argument), or the right-hand side
            // of `member = …` (not `self.member` on the left).
            let value: Int32
            switch tree[node].kind {
            case .call where tree.calleeName(node) == "store":
                // `.store(in: &member)`, `.store(in: &self.member)`.
                let stored = tree.children(of: node).contains { argument in
                    tree[argument].kind == .argument && tree.firstNode(in: argument) { tree.rootMember(of: $0)?.name == member } != nil
                }
                guard stored else { return false }
                value = tree[node].firstChild
            case .assignment:
                let (lhs, rhs) = tree.assignmentSides(node)
                guard rhs.count == 1, tree.rootMember(of: lhs)?.name == member else { return false }
                value = rhs[0]
            default:
                return false
            }
            guard value >= 0 else { return false }
            // A closure in what is stored that names `self` without a weak capture (`member = nil` stores none).
            var holdsSelf = false
            var weakCapture = false
            tree.walk(value) { inner in
                guard tree[inner].kind == .closure else { return true }
                for t in Int(tree[inner].firstToken)...Int(tree[inner].lastToken) where tree.tokens[t].kind == .keyword || tree.tokens[t].kind == .identifier {
                    switch tree.text(Int32(t)) {
                    case "self": holdsSelf = true
                    case "weak", "unowned": weakCapture = true
                    default: break
                    }
                }
                return false
            }
            return holdsSelf && !weakCapture
        }
    }

    /// The end of a retains-self message, the note for a managed cycle, and whether the finding is advice:
    /// "'X' is never released" (", so its deinit never runs" when it has one), or, when another method releases the storage
    /// (`releaseElsewhere`), "'X' lives until 'stop()' releases it" at `info`; an object
    /// that lives as long as the app adds its reason (`appLifetime`) at `info` too.
    static func outcome(_ member: String, typeName: String, facts: TypeFacts?, storingFunction: Int, storedAt target: Int32 = -1,
                        storeEnd: Int32 = -1, cancelKeepsIt: Bool = false, context: RuleContext)
        -> (text: String, note: Note?, advisory: Bool, lifetime: Lifetime?, released: Bool) {
        let short = shortName(typeName)
        let lifetime = appLifetime(of: typeName, facts: facts, context: context)
        let (release, refill) = releaseOrRefill(member, typeName: typeName, storingFunction: storingFunction, storedAt: target,
                                                storeEnd: storeEnd, cancelKeepsIt: cancelKeepsIt, context: context)
        if let release {
            let method = release.method.isEmpty ? "another member" : release.method
            let note = Note(range: release.range, message: "'\(member)' is released here: the cycle lasts until this runs", path: release.path)
            // (A witness that other instances leak does not apply: this cycle ends when the release runs.)
            return ("'\(short)' lives until \(method) releases it", note, true, spares(lifetime) ? lifetime : nil, true)
        }
        // "its deinit never runs" only for a class that has one (declared in this file: a deinit cannot be in
        // an extension, so a class declared elsewhere is not claimed to have one).
        let tree = context.tree
        let hasDeinit = context.model.functions(ofTypeNamed: typeName).contains { tree.functions[$0].kind == .deinitializer }
        // A method that empties the member to fill it again: say why it is no release.
        let refillNote = refill.map { refill in
            Note(range: refill.range, message: "\(refill.method.isEmpty ? "another member" : refill.method) empties '\(member)' and then keeps a new "
                 + "closure holding 'self' strongly here: that renews the cycle instead of ending it")
        }
        return ("'\(short)' is never released\(hasDeinit ? ", so its deinit never runs" : "")", refillNote, spares(lifetime), lifetime, false)
    }

    /// The last component of a qualified type name.
    static func shortName(_ typeName: String) -> String {
        String(typeName.lastDottedPart)
    }

    /// `[weak self]` plus, when the closure uses only stored `let`s of `self`, the value captures that
    /// would replace `self` (`[service, store]`).
    static func captureHelp(_ captures: ClosureCaptures, facts: TypeFacts?) -> String {
        let lets = captures.memberNames.filter { facts?.members[$0]?.kind == .storedLet }
        var help = "capture [weak self] and use self?. (or guard let self) inside the closure"
        if !lets.isEmpty && lets.count == captures.memberNames.count && lets.count <= 3 {
            help += ", or capture only the values it uses ([\(lets.joined(separator: ", "))]) instead of 'self'"
        }
        return help
    }
}
