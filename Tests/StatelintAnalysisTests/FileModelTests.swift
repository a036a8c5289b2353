import StatelintAnalysis
import StatelintSyntax
import Testing

/// Helpers: one file as a project, its model, and nodes found by kind and text.
struct Project {
    let tree: SyntaxTree
    let index: ProjectIndex
    let model: FileModel

    init(_ text: String, others: [String] = [], plan: AnalysisPlan = .observableUses) {
        tree = SyntaxTree(file: SourceFile(path: "Main.swift", text: text))
        var summaries = [FileSummary(tree: SyntaxTree(file: SourceFile(path: "Main.swift", text: text)), plan: plan)]
        for (i, other) in others.enumerated() {
            summaries.append(FileSummary(tree: SyntaxTree(file: SourceFile(path: "Other\(i).swift", text: other)), plan: plan))
        }
        index = ProjectIndex(summaries: summaries)
        model = FileModel(tree: tree, index: index)
    }

    /// The index of the function named `name` (an accessor: the property's name).
    func function(_ name: String, kind: FunctionKind? = nil) -> Int {
        tree.functions.indices.first { i in
            let f = tree.functions[i]
            let named = f.kind == .accessor && f.ownerVariable >= 0 ? tree.variables[Int(f.ownerVariable)].name : f.name
            return named == name && (kind == nil || f.kind == kind)
        }!
    }

    /// The body model of the function named `name`.
    func body(_ name: String, kind: FunctionKind? = nil) -> BodyModel { model.body(function(name, kind: kind)) }

    /// The first node of `kind` whose source text is `text`.
    func node(_ kind: NodeKind, _ text: String) -> Int32 {
        Int32(tree.nodes.indices.first { tree.nodes[$0].kind == kind && tree.text(of: Int32($0)) == text }!)
    }
}

@Suite("Per-file semantic model")
struct FileModelTests {
    static let counter = """
        @Observable final class Counter {
            var count = 0
            var items: [Int] = []
            let limit = 3
            static var shared = 0
            init(count: Int) {
                self.count = count
                print(count)
                items.append(self.count)
                let local = limit
                _ = local
                count += 1
                Task { _ = self.count }
                [1].forEach { _ in _ = items }
            }
            func total() -> Int { count }
        }
        """

    @Test func memberReferencesHaveAccessKindsLocalityAndDeferral() {
        let p = Project(Self.counter)
        let refs = p.body("init").references
        // (name, access, isLocal, isDeferred) in source order.
        let seen = refs.map { "\($0.name):\($0.access):\($0.isLocal ? "local" : "member"):\($0.position.isDeferred ? "later" : "now")" }
        #expect(seen == [
            "count:write:member:now",         // self.count = …
            "count:read:local:now",           // = count (the parameter)
            "count:read:local:now",           // print(count)
            "items:read:member:now",          // items.append (a mutating call reads)
            "count:read:member:now",          // self.count
            "limit:read:member:now",
            "count:read:local:now",           // count += 1 is the parameter again
            "count:read:member:later",        // in Task { }
            "items:read:member:now",          // forEach runs now
        ], "\(seen)")
    }

    @Test func referencesAreOnlyMembersOfTheOwner() {
        let p = Project(Self.counter)
        #expect(!p.body("init").references.contains { $0.name == "print" || $0.name == "local" || $0.name == "Task" })
        #expect(p.body("total").references.map(\.name) == ["count"])
    }

    @Test func closuresKnowTheirCallLabelRoleAndNesting() {
        let p = Project("""
            struct V: View {
                @State var handler: (() -> Void)?
                var body: some View {
                    Button("Go") { print("a") }
                        .sheet(isPresented: .constant(true)) { Text("b") }
                        .onAppear { DispatchQueue.main.async { print("c") } }
                        .task { }
                    ForEach(items, id: \\.self) { _ in GeometryReader { _ in EmptyView() } }
                    Button(action: { }, label: { Text("d") })
                }
            }
            """)
        let body = p.body("body")
        let described = body.closures.map { c -> String in
            let role = c.role.map { "\($0)" } ?? "unknown"
            return "\(c.callee)/\(c.label ?? "_")/\(role)/\(c.position.closure)"
        }
        #expect(described == [
            "Button/_/onEvent/-1",
            "sheet/_/presents/-1",
            "onAppear/_/lifecycle/-1",
            "async/_/later/2",
            "task/_/lifecycle/-1",
            "ForEach/_/unknown/-1",
            "GeometryReader/_/everyFrame/5",
            "Button/action/onEvent/-1",
            "Button/label/unknown/-1",
        ], "\(described)")
        // The print in async is deferred (inside an action and a later closure); Text("b") is too.
        let printC = body.calls.first { p.tree.text(of: $0.node) == "print(\"c\")" }!
        #expect(printC.position.isDeferred)
        #expect(body.isInClosure(printC.position) { $0.role == .lifecycle })
    }

    @Test func assignmentsAndLocalsAreInSourceOrder() {
        let p = Project("""
            struct V: View {
                @State private var value: Int
                @State private var other = 0
                init(value: Int) {
                    let doubled = value * 2
                    self._value = State(initialValue: doubled)
                    var other = 1
                    other += 1
                    self.other = other
                }
                var body: some View { Text("") }
            }
            """)
        let body = p.body("init", kind: .initializer)
        #expect(body.locals.map { p.tree.text(of: $0.initializer) } == ["value * 2", "1"])
        let assignments = body.assignments.map { a in
            "\(a.target?.name ?? "-"):\(a.isPlain ? "=" : "op"):\(a.targetIsLocal ? "local" : "member")"
        }
        #expect(assignments == ["_value:=:member", "other:op:local", "other:=:member"], "\(assignments)")
        let order = (body.locals.map(\.position.order) + body.assignments.map(\.position.order))
        #expect(Set(order).count == order.count)
        #expect(body.locals[1].position.order < body.assignments[1].position.order)
    }

    @Test func selfAliasesAndLocalFunctions() {
        let p = Project("""
            final class C {
                var x = 0
                func f() {
                    let me = self
                    guard let strong = Optional(self) else { return }
                    func inner() { print(x) }
                    _ = (me, strong)
                }
            }
            """)
        let body = p.body("f")
        #expect(body.selfAliases == ["me"])
        let call = body.calls.first { p.tree.text(of: $0.node) == "print(x)" }!
        #expect(call.position.inLocalFunction)
        #expect(!body.calls.first { p.tree.text(of: $0.node) == "Optional(self)" }!.position.inLocalFunction)
    }

    /// One notion of a name bound to `self` for the index's member uses (pass 1) and the body model: a
    /// method that reads through `let me = self` reads for both, and a later local or closure parameter
    /// of the same name is not `self`.
    @Test func aliasesOfSelfForTheIndexAndTheBodyModel() {
        let p = Project("""
            @Observable final class M {
                var items: [Int] = []
                var count = 0
                var other = 0
                func f() {
                    let me = self
                    print(me.items)
                    me.reload()
                    me.count = 1
                    Task { print(me.other) }
                    if true { let me = Box(); print(me.other) }
                    [Box()].forEach { me in print(me.other) }
                    guard let strong = Optional(self) else { return }
                    _ = strong
                }
                func reload() {}
            }
            final class Box { var other = 0 }
            """)
        let uses = p.index.facts(for: "M")?.uses["f"] ?? []
        #expect(uses.contains(MemberUse(name: "items", isCall: false)), "\(uses)")
        #expect(uses.contains(MemberUse(name: "reload", isCall: true)), "\(uses)")
        #expect(!uses.contains { $0.name == "count" || $0.name == "other" }, "\(uses)")
        let body = p.body("f")
        let references = body.references.map { "\($0.name):\($0.access)\($0.position.isDeferred ? ":later" : "")" }
        #expect(references == ["items:read", "reload:call", "count:write", "other:read:later"], "\(references)")
    }

    @Test func aScopeWalkTellsWhichBindingANameIs() {
        let p = Project("""
            final class C {
                var x = 0
                func f(me: C) {
                    print(me.x)
                    let me = self
                    print(me.x)
                    do { let me = C(); print(me.x) }
                    [C()].forEach { me in print(me.x) }
                    do { print(me.x) }
                    if let me = Optional(C()) { print(me.x) }
                    print(me.x)
                }
            }
            """)
        let tree = p.tree
        let f = tree.functions[p.function("f")]
        var seen: [Bool] = []
        ScopeWalker.walk(tree, root: f.body, parameters: f.parameters.map(\.name)) { node, state in
            if tree[node].kind == .memberAccess && tree.text(of: node) == "me.x" {
                seen.append(tree.aliasedMemberReference(node, in: state) != nil)
            }
            return true
        }
        #expect(seen == [false, true, false, false, true, false, true])
    }

    @Test func ownersAreResolvedOnceAndLocalTypesHaveNoFacts() {
        let p = Project("""
            struct Outer { struct Inner { var a = 0 } }
            func g() { struct Local { var b = 0 } }
            """)
        let inner = Int32(p.tree.types.firstIndex { $0.name == "Inner" }!)
        let local = Int32(p.tree.types.firstIndex { $0.name == "Local" }!)
        #expect(p.model.owner(inner).name == "Outer.Inner")
        #expect(p.model.owner(inner).facts?.members["a"] != nil)
        #expect(p.model.owner(local).facts == nil)
    }

    @Test func capturesOnDemandSeeTheScopesAroundTheClosure() {
        let p = Project("""
            final class C {
                var x = 0
                var task: Task<Void, Never>?
                func f(x y: Int) {
                    let x = 1
                    task = Task { [weak self] in
                        guard let self else { return }
                        for await _ in stream() { print(x, self.x) }
                    }
                }
            }
            """)
        let body = p.body("f")
        let closure = body.closures[0]
        let captures = p.model.captures(of: closure, in: body)
        #expect(captures.selfCapture == .weak)
        // `x` is the local, not the member; `self.x` is the member.
        #expect(captures.memberNames == ["x"])
        #expect(captures.selfUses.count == 1)
        #expect(captures.strongRebindings.count == 1 && captures.longLivedLoops.count == 1)
        #expect(p.model.storageOfCall(taking: closure, in: body) == SelfStorage(member: "task", kind: .property,
                                                                               target: p.node(.identifier, "task")))
    }
}
