import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// Flags reads of tracked properties inside an `@Observable` class's `init`.
public struct ObservableInitAccessRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "observable_init_access",
        name: "ObservableInitAccess",
        summary: "Flags reads of an `@Observable` class's tracked properties inside its `init`.",
        rationale: """
            `@Observable` turns every stored `var` into a computed property whose getter (and `_modify`) \
            registers the access with the current observation tracking. SwiftUI tracks while it builds a \
            view value, so when a view creates the model (`@State private var model = Model()`), a read \
            of `count` inside `Model.init` makes the *view* depend on `count`. Each later change of `count` \
            re-creates the view value, which runs `Model.init` again: extra work, lost intermediate \
            state, and confusing double "init" logs.

            Reads include plain reads (also in string interpolation, and through a local bound to `self`: \
            `let me = self; print(me.count)`), compound assignments (`count += 1`), \
            mutating calls and subscripts (`items.append(x)`, `dict[k] = v`), `&count` arguments, reads in \
            closures that run during `init` (`forEach`, `map`, `{ … }()`), and calls to methods or computed \
            properties that read tracked state. Plain writes (`self.count = 0`), the backing storage \
            `_count`, `@ObservationIgnored` properties, `let`s and closures that run later (`Task { }`) are \
            not tracked. A method named without a call (`onKeyDown(action: handle)`) is a function value \
            that runs later; passed to a callee that runs it at once (`items.forEach(handle)`) it is a call. \
            A tracked property only this file can set (`private`, `private(set)`) that no code changes \
            outside initializers (or only through the members of an object it holds) is not reported, unless \
            work the init starts changes it later: observing it never rebuilds a view.

            A class the project builds only as the initial value of a `static` property or a global (a \
            singleton), or only in the `init` or a stored property of such a singleton, runs `init` once: \
            its findings are reported at info, with the site.

            The warning's witness is a loop: work the `init` starts (a `Task`, a subscription's or a \
            callback's closure, or a method one of them calls, followed through the type's methods in its file) \
            writes the property the `init` read, later. Each model a re-render builds starts that work again, \
            and its write re-renders the view that built it, which builds another model: a fetch repeated \
            for as long as the view is shown. Without such a write, the view re-renders once when the first \
            model's property changes and then observes the throwaway that re-render built, which nothing \
            changes: the finding is advice (info), with that said in a note. (A view that builds the model in its \
            `body` and hands it to a child that does not keep it in `@State` loses the model on each update: \
            `observed_object_owned` and `view_owned_reference` report that root cause.)

            **Fix safety**: replacing `count` with `_count` (and `self.count` with `self._count`) in a plain \
            read gets the same value without registering an access; it is marked safe. A change in place \
            (`count += 1`, `items.append(x)`, `items.sort()`) through `_count` would skip the property's \
            `didSet`/`willSet`, so that fix is offered but not safe (`--fix` leaves it). Calls to methods \
            that read tracked state have no automatic fix, and neither has an `init` in an extension in \
            another file than the class: the backing storage is private to the class's own file.
            """,
        badExamples: [
            """
            @Observable final class Counter {
                var count: Int
                var history: [Int] = []
                init(count: Int) {
                    self.count = count
                    print("init \\(self.count)") // expect: observable_init_access
                    history.append(count) // expect: observable_init_access
                }
            }
            """,
        ],
        goodExamples: [
            """
            @Observable final class Counter {
                var count: Int
                @ObservationIgnored var log: [String] = []
                init(count: Int) {
                    self.count = count
                    print("init \\(self._count)")
                    log.append("created")
                    Task { print(self.count) }
                }
            }
            """,
        ],
        defaultSeverity: .warning,
        tags: ["observation", "swiftui", "performance"],
        precision: "high")

    public init() {}

    /// What each method of an `@Observable` class reads: a call in `init` may read tracked state; and
    /// where the class is constructed (a class built only as a `static let` singleton runs `init` once).
    public static let projectFacts: Set<ProjectFact> = [.observableMemberUses, .constructionSites]

    /// Every `@Observable` class: its inits may be in extensions (`declaresInit` counts only the type's
    /// own body, as the memberwise initializer does).
    public static func wantsConstructionSites(of type: TypeFacts, in index: ProjectIndex) -> Bool {
        type.isObservable && type.kind == .class
    }

    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool {
        file.typesWithInit.contains { index.outline(of: $0)?.isObservable == true }
    }

    /// Methods of the standard collections and values that change them in place.
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "popLast", "popFirst",
        "sort", "reverse", "shuffle", "toggle", "formUnion", "formIntersection", "formSymmetricDifference", "subtract",
        "merge", "updateValue", "removeValue", "swapAt", "replaceSubrange", "negate", "reserveCapacity",
    ]

    public func check(_ context: RuleContext) {
        let tree = context.tree
        let index = context.index
        var fileWrites: [String: MemberWrites]?
        for (i, function) in tree.functions.enumerated() where function.kind == .initializer && function.ownerType >= 0 {
            guard function.body >= 0 else { continue }
            let (typeName, owner) = context.owner(function.ownerType)
            guard let facts = owner, facts.isObservable, facts.kind != .struct else { continue }
            let shortName = typeName.split(separator: ".").last.map(String.init) ?? typeName
            let where_ = "'\(shortName).init'"
            // The macro's backing storage (`_name`) is private: visible in the type's own declaration and in
            // extensions in its file, not in an extension in another file (there no fix is offered).
            let storageVisible = tree.types[Int(function.ownerType)].kind != .extension || tree.types.indices.contains {
                tree.types[$0].kind != .extension && tree.qualifiedName(ofType: Int32($0)) == typeName
            }
            // Built only as a singleton (`static let shared = Model()`, a global): init runs once, so
            // whatever observes its reads does so once. Said, at info, with the site.
            var singleton: [Note] = []
            if index.isBuiltOnce(typeName) {
                let sites = index.constructionSites(of: typeName).filter { !$0.isInPreview }
                singleton = sites.prefix(3).map {
                    Note(range: $0.range, message: $0.runsOnce
                        ? "'\(shortName)' is built only here, once (a static or global initial value): its init runs once"
                        : "'\(shortName)' is built only here, by '\($0.enclosingType ?? "")', which is itself built once: its init runs once",
                        path: $0.path)
                }
            }
            /// A tracked property nothing changes after init (a file-scoped setter, and no write outside
            /// initializers in the file, or only through the members of the object it holds:
            /// `updater.automaticallyChecks = on` calls the getter of `updater`, not its setter): observing it
            /// never rebuilds a view.
            func neverChanges(_ property: String) -> Bool {
                guard let found = context.model.memberVariables(ofTypeNamed: typeName).first(where: {
                    tree.variables[$0].name == property && tree.variables[$0].isStored
                }) else { return false }
                let variable = tree.variables[found]
                guard tree.hasFileScopedSetter(variable) else { return false }
                if fileWrites == nil {
                    // Every file-scoped stored `var` at once: one pass over the tokens.
                    fileWrites = tree.writes(ofMembers: Set(tree.variables.lazy.filter { $0.isVar && $0.isStored && tree.hasFileScopedSetter($0) }.map(\.name)))
                }
                switch fileWrites?[property] ?? MemberWrites.none {
                case .none: return true
                case .throughMembers: return tree.declaredType(of: variable).map { index.isClassOrActor($0, orFramework: true) } ?? false
                case .reassigned: return false
                }
            }
            // The witness: work the init starts that writes the property it read, later (a Task, a subscription's
            // or a callback's closure, or a method one of them calls). Each model a re-render builds does that
            // again, and each such write re-renders the view that built it, which builds another: a loop. Without
            // one, the view re-renders once when the first model's property changes, then observes the
            // throwaway its re-render built, which nothing changes: advice (info).
            var loops: [String: Note?] = [:]
            /// Whether a reference changes the member: assigns it, changes it in place, or calls a mutating
            /// method on it (`items.append(x)`; not `items.contains(x)`).
            func writes(_ r: MemberReferenceFact) -> Bool {
                if r.access == .write { return true }
                guard r.access == .read else { return false }
                switch tree.readUse(of: r.node) {
                case .value: return false
                case .mutation: return true
                case .methodCall(let method): return ObservableInitAccessRule.mutatingMethods.contains(method)
                }
            }
            /// The first write of each member in code the init runs later, followed through the type's methods in
            /// this file (four calls deep), with the methods on the way: one walk for all of the init's reads.
            var laterWrites: [String: (Int32, [String])]?
            func laterWrite(of property: String) -> (Int32, [String])? {
                if let laterWrites { return laterWrites[property] }
                var byName: [String: [Int]] = [:]
                for f in context.model.functions(ofTypeNamed: typeName) where tree.functions[f].kind == .function && tree.functions[f].body >= 0 {
                    byName[tree.functions[f].name, default: []].append(f)
                }
                var found: [String: (Int32, [String])] = [:]
                // (A method is walked once as run now and once as run later: a later route is not hidden by an earlier one.)
                var seen: Set<Int> = [i &* 2]
                var queue: [(function: Int, deferred: Bool, path: [String])] = [(i, false, [])]
                var next = 0
                while next < queue.count {
                    let (f, deferred, path) = queue[next]
                    next += 1
                    for r in context.body(f).references where !r.isLocal {
                        if (deferred || r.position.isDeferred) && found[r.name] == nil && writes(r) { found[r.name] = (r.node, path) }
                        // Methods it calls, and methods it names as values (`.sink(receiveValue: apply)` runs later;
                        // `items.forEach(add)` runs now).
                        guard path.count < 4, let methods = byName[r.name],
                              r.access == .call || r.access == .read && facts.members[r.name]?.kind == .method else { continue }
                        let later = deferred || r.position.isDeferred || r.access == .read && !tree.isPassedToRunNow(r.node)
                        for g in methods where seen.insert(g &* 2 &+ (later ? 1 : 0)).inserted {
                            queue.append((g, later, path + [r.name]))
                        }
                    }
                }
                laterWrites = found
                return found[property]
            }
            /// The notes and severity of a read of `property`: its loop (a warning), or why it is advice.
            func outcome(_ property: String) -> (notes: [Note], advisory: Bool) {
                if !singleton.isEmpty { return (singleton, true) }
                if loops[property] == nil {
                    loops[property] = .some(laterWrite(of: property).map { write, path in
                        let via = path.isEmpty ? "" : " (through " + path.map { "'\($0)()'" }.joined(separator: ", ") + ")"
                        return Note(range: tree.byteRange(of: write),
                                    message: "what the init starts writes '\(property)' here later\(via): each write re-renders the view that built the model, which builds another '\(shortName)' whose init starts it again")
                    })
                }
                if let loop = loops[property] ?? nil { return ([loop], false) }
                return ([Note(range: tree.tokens[Int(tree[function.node].firstToken)].range,
                              message: "nothing '\(shortName).init' starts writes '\(property)' later: a view that builds it re-renders once when '\(property)' changes, then observes the throwaway '\(shortName)' that re-render built")],
                        true)
            }
            /// What the reads cost: every time a view re-creates the model, or once for a singleton.
            func consequence(_ property: String) -> String {
                singleton.isEmpty
                    ? "views that create \(shortName) re-render when '\(property)' changes"
                    : "as a singleton, at most the first view to use it observes '\(property)'"
            }
            // What runs during init: not code in closures that run later (`Task { }`), not locals.
            for reference in context.body(i).references where !reference.position.isDeferred && !reference.isLocal {
                let name = reference.name
                switch reference.access {
                case .write, .reference:
                    continue
                case .read where facts.isTracked(name):
                    // (A property nothing changes after init may still be written by the work the init starts.)
                    if neverChanges(name) && laterWrite(of: name) == nil { continue }
                    // Only a plain get of the backing storage does what the property's getter did: a change in
                    // place through '_name' skips didSet/willSet, and a method may be mutating.
                    let use = tree.readUse(of: reference.node)
                    let what: String
                    let fix: Fix
                    let edit = TextEdit(range: tree.tokens[Int(reference.nameToken)].range, replacement: tree.backingStorageSpelling(reference.nameToken))
                    switch use {
                    case .value:
                        what = "reads tracked property '\(name)'"
                        fix = Fix(title: "Read the backing storage '_\(name)'", edits: [edit], isSafe: true)
                    case .mutation:
                        what = "changes tracked property '\(name)' in place, which reads it"
                        fix = Fix(title: "Change the backing storage '_\(name)' (skips its didSet/willSet)", edits: [edit], isSafe: false)
                    case .methodCall(let method):
                        what = "calls '\(method)' on tracked property '\(name)', which reads it"
                        fix = Fix(title: "Call '\(method)' on the backing storage '_\(name)' (a mutating method skips its didSet/willSet)", edits: [edit], isSafe: false)
                    }
                    context.report(token: reference.nameToken,
                        "\(where_) \(what): \(consequence(name))",
                        help: !storageVisible
                            ? "the backing storage '_\(name)' is private to the file that declares '\(shortName)': move this init there and use '_\(name)', or take the value as a parameter instead of reading '\(name)'"
                            : use.isPureRead
                            ? "read the backing storage '_\(name)' inside init; it is not tracked"
                            : "inside init, use the backing storage '_\(name)', which is not tracked (a change through it skips didSet/willSet), or build the value in a local and assign it once",
                        notes: outcome(name).notes, fix: storageVisible ? fix : nil,
                        advisory: outcome(name).advisory)
                case .read, .call:
                    guard let member = facts.members[name], member.runs(by: reference.use(in: tree)),
                          let (property, via) = index.trackedRead(in: facts, through: name),
                          !neverChanges(property) || laterWrite(of: property) != nil else { continue }
                    let what = member.kind == .method ? "calls '\(name)()'" : "reads computed property '\(name)'"
                    // (A long chain is named by its ends: the message stays one readable line.)
                    var steps = via.dropFirst().map { "'\($0)'" }
                    if steps.count > 6 { steps = steps.prefix(3) + ["… \(steps.count - 5) more"] + steps.suffix(2) }
                    // The chain goes in a note: the message names its ends.
                    let chain = steps.isEmpty ? [] : [Note(range: tree.tokens[Int(reference.nameToken)].range,
                                                           message: "'\(name)' reads '\(property)' through " + steps.joined(separator: ", "))]
                    context.report(token: reference.nameToken,
                        "\(where_) \(what), which reads tracked property '\(property)': \(consequence(property))",
                        help: "inside init, set up state through the backing storage ('_\(property)'), or move the call out of init (for example into a method the view calls from .task)",
                        notes: chain + outcome(property).notes, advisory: outcome(property).advisory)
                }
            }
        }
    }
}
