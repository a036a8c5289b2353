import Testing
@testable import StatelintSyntax

@Suite("Parser")
struct ParserTests {
    // MARK: - Types

    @Test func typeWithAttributesModifiersGenericsInheritance() {
        let tree = parse("@MainActor final class A<T>: B, C where T: D {\n  var x = 1\n}")
        #expect(tree.types.count == 1)
        let a = tree.types[0]
        #expect(a.kind == .class)
        #expect(a.name == "A")
        #expect(a.attributes.map(\.name) == ["MainActor"])
        #expect(a.hasAttribute("MainActor"))
        #expect(a.modifiers == [.final])
        #expect(a.inherited == ["B", "C"])  // `where T: D` is not inheritance
        #expect(tree.text(a.nameToken) == "A")
        #expect(tree.text(a.keywordToken) == "class")
        #expect(tree.text(a.openBrace) == "{")
        #expect(tree.text(a.closeBrace) == "}")
        #expect(a.closeBrace == Int32(tree.tokens.count - 1))
        #expect(a.parentType == -1)
        #expect(tree[a.node].kind == .typeDecl)
        #expect(tree[a.node].info == 0)
        // The attribute's tokens: `@` is token 0, the name token 1.
        #expect(a.attributes[0].atToken == 0 && a.attributes[0].lastToken == 1)
        #expect(tree.variables.map(\.name) == ["x"])
        #expect(tree.variables[0].ownerType == 0)
    }

    @Test func nestedTypesAndExtensions() {
        let source = """
            struct Outer {
              struct Inner: Equatable { enum E { case a } }
            }
            extension Outer.Inner: P, Q.R {}
            extension Array where Element == Int {}
            public actor Act: Sendable {}
            protocol Proto: AnyObject {}
            """
        let tree = parse(source)
        #expect(tree.types.map(\.name) == ["Outer", "Inner", "E", "Outer.Inner", "Array", "Act", "Proto"])
        #expect(tree.types.map(\.kind) == [.struct, .struct, .enum, .extension, .extension, .actor, .protocol])
        #expect(tree.types.map(\.parentType) == [-1, 0, 1, -1, -1, -1, -1])
        #expect(tree.types[1].inherited == ["Equatable"])
        #expect(tree.types[3].inherited == ["P", "Q.R"])
        #expect(tree.types[4].inherited == [])
        #expect(tree.types[5].modifiers == [.public])
        #expect(tree.types[6].inherited == ["AnyObject"])
        // The extension's name token is the first token of the extended type.
        #expect(tree.text(tree.types[3].nameToken) == "Outer")
        // Nested type nodes hang below their parents.
        #expect(tree[tree.types[2].node].parent == tree.types[1].node)
        #expect(tree.childKinds(0) == [.typeDecl, .typeDecl, .typeDecl, .typeDecl, .typeDecl])
    }

    @Test func qualifiedAttributeName() {
        let tree = parse("@Observation.Observable final class M {}")
        #expect(tree.types[0].attributes.map(\.name) == ["Observation.Observable"])
        #expect(tree.types[0].attributes[0].baseName == "Observable")
        #expect(tree.types[0].hasAttribute("Observable"))
    }

    // MARK: - Properties

    static let propertySource = """
        struct S {
          @State private var count: Int = 0
          @Published var name = "x"
          private(set) var total = 0
          public private(set) var shown = 1
          var computed: Int { count * 2 }
          var full: String {
            get { name }
            set { name = newValue }
          }
          var observed: Int = 1 {
            willSet { print(newValue) }
            didSet(old) { print(old) }
          }
          let a = 1, b: Double
          static let shared = S()
          lazy var l: [Int] = []
          weak var delegate: D?
        }
        """

    @Test func propertyTable() {
        let tree = parse(Self.propertySource)
        let vars = tree.variables
        #expect(vars.map(\.name) == ["count", "name", "total", "shown", "computed", "full", "observed", "a", "b", "shared", "l", "delegate"])
        #expect(vars.map(\.isVar) == [true, true, true, true, true, true, true, false, false, false, true, true])
        #expect(vars.allSatisfy { $0.ownerType == 0 })
        #expect(vars.map(\.isComputed) == [false, false, false, false, true, true, false, false, false, false, false, false])
        #expect(vars.map(\.hasObservers) == [false, false, false, false, false, false, true, false, false, false, false, false])
        #expect(vars[0].attributes.map(\.name) == ["State"])
        #expect(vars[0].hasAttribute("State"))
        #expect(vars[0].modifiers == [.private])
        #expect(vars[1].attributes.map(\.name) == ["Published"])
        // private(set) records only the setter's access; `public` stays the declaration's access.
        #expect(vars[2].modifiers == [.setterAccess])
        #expect(vars[3].modifiers == [.public, .setterAccess])
        #expect(vars[9].modifiers == [.static])
        #expect(vars[10].modifiers == [.lazy])
        #expect(vars[11].modifiers == [.weak])
        // Type annotations and initializers.
        #expect(tree.text(vars[0].typeRange) == "Int")
        #expect(vars[1].typeRange == nil)
        #expect(tree.text(vars[5].typeRange) == "String")
        #expect(tree.text(vars[10].typeRange) == "[Int]")
        #expect(tree.text(vars[11].typeRange) == "D?")
        #expect(tree.text(vars[8].typeRange) == "Double")
        func initText(_ v: VariableDecl) -> String? { v.initializer >= 0 ? tree.text(of: v.initializer) : nil }
        #expect(vars.map(initText) == ["0", "\"x\"", "0", "1", nil, nil, "1", "1", nil, "S()", "[]", nil])
        // `let a = 1, b: Double` makes two declaration nodes.
        #expect(vars[7].node != vars[8].node)
        #expect(tree.text(vars[7].keywordToken) == "let" && vars[7].keywordToken == vars[8].keywordToken)
    }

    @Test func accessors() {
        let tree = parse(Self.propertySource)
        let accessors = tree.functions.filter { $0.kind == .accessor }
        #expect(accessors.map(\.name) == ["get", "get", "set", "willSet", "didSet"])
        let owners = accessors.map { tree.variables[Int($0.ownerVariable)].name }
        #expect(owners == ["computed", "full", "full", "observed", "observed"])
        // The implicit getter's "name" token is the opening brace.
        #expect(tree.text(accessors[0].nameToken) == "{")
        #expect(accessors.map { $0.parameters.map(\.name) } == [[], [], [], [], ["old"]])
        #expect(accessors.allSatisfy { $0.body >= 0 && tree[$0.body].kind == .codeBlock })
        #expect(accessors.allSatisfy { tree[$0.node].kind == .accessor && $0.ownerType == 0 })
        // `set { name = newValue }` holds a plain assignment.
        let setBody = accessors[2].body
        #expect(tree.nodes(.assignment, under: setBody).map { tree.text(of: $0) } == ["name = newValue"])
    }

    @Test func subscriptWithAccessors() {
        let tree = parse("struct S { subscript(i: Int) -> Int { get { i } set {} } }")
        #expect(tree.functions.map(\.kind) == [.subscript, .accessor, .accessor])
        #expect(tree.functions[0].parameters.map(\.name) == ["i"])
        #expect(tree.functions[0].parameters[0].label == nil)
        #expect(tree.functions[1...].map(\.ownerVariable) == [-1, -1])
        #expect(tree.variables.isEmpty)
    }

    // MARK: - Functions

    @Test func functionsInitsDeinit() {
        let source = """
            final class K {
              init(a: Int, _ b: String = "x", c d: Int...) {}
              convenience init?() { self.init(a: 1) }
              deinit { print("bye") }
              @discardableResult
              public static func f<T>(_ x: T, with y: [T] = [], z: @escaping () -> Void) async throws -> T where T: Equatable { x }
              mutating func g() {}
              func h(in x: inout Int, `default` value: Int) {}
            }
            func top(_ a: Int) -> Int { a }
            """
        let tree = parse(source)
        let fns = tree.functions
        #expect(fns.map(\.kind) == [.initializer, .initializer, .deinitializer, .function, .function, .function, .function])
        #expect(fns.map(\.name) == ["init", "init", "deinit", "f", "g", "h", "top"])
        #expect(fns.map(\.ownerType) == [0, 0, 0, 0, 0, 0, -1])
        func params(_ f: FunctionDecl) -> [String] { f.parameters.map { "\($0.label ?? "-") \($0.name)" } }
        #expect(params(fns[0]) == ["- a", "_ b", "c d"])
        #expect(tree.text(fns[0].parameters[0].typeRange) == "Int")
        #expect(tree.text(fns[0].parameters[1].typeRange) == "String")
        #expect(tree.text(fns[0].parameters[2].typeRange) == "Int...")  // the variadic type as written
        #expect(fns[1].modifiers == [.convenience])
        #expect(params(fns[1]) == [])
        #expect(fns[3].attributes.map(\.name) == ["discardableResult"])
        #expect(fns[3].modifiers == [.public, .static])
        #expect(params(fns[3]) == ["_ x", "with y", "- z"])
        #expect(tree.text(fns[3].parameters[1].typeRange) == "[T]")
        #expect(tree.text(fns[3].parameters[2].typeRange) == "@escaping () -> Void")
        #expect(fns[4].modifiers == [.mutating])
        #expect(params(fns[5]) == ["in x", "default value"])
        #expect(params(fns[6]) == ["_ a"])
        #expect(fns.allSatisfy { $0.body >= 0 && tree[$0.body].kind == .codeBlock })
        // Default values are parsed as expressions below the parameter node.
        let b = tree.nodes(.parameter).first { tree.text(tree[$0].token) == "b" }!
        #expect(tree.childKinds(b) == [.sequence])
        #expect(tree.text(of: tree.children(of: b).first { _ in true }!) == "\"x\"")
        // `self.init(a: 1)` is a call of a member access with a labeled argument.
        let call = tree.nodes(.call, under: fns[1].body)[0]
        #expect(tree.text(of: call) == "self.init(a: 1)")
        let arg = tree.nodes(.argument, under: call)[0]
        #expect(tree.text(tree[arg].token) == "a")
    }

    // MARK: - Closures

    @Test func closureCaptureLists() {
        let tree = parse("let f = { [weak self, unowned x, y = z, unowned(unsafe) w] in self?.go() }")
        let items = tree.nodes(.captureItem)
        #expect(items.map { tree.text(tree[$0].token) } == ["self", "x", "y", "w"])
        #expect(items.map { tree[$0].flags } == [[.weak], [.unowned], [.hasInitializer], [.unowned]])
        #expect(tree.childKinds(items[2]) == [.sequence])
        #expect(tree.text(of: tree.children(of: items[2]).first { _ in true }!) == "z")
        let closure = tree.nodes(.closure)[0]
        #expect(tree.childKinds(closure) == [.captureList, .sequence])
        // The body's `self?.go()`: an optional-chained member access.
        let member = tree.nodes(.memberAccess)[0]
        #expect(tree.text(tree[member].token) == "go")
        #expect(tree[member].flags.contains(.optionalChain))
    }

    @Test(arguments: [
        ("{ a, b in a + b }", ["a", "b"]),
        ("{ (a: Int) -> Int in a }", ["a"]),
        ("{ (p, q: Int) async throws -> Void in }", ["p", "q"]),
        ("{ [x] _ in x }", ["_"]),
        ("{ $0 + 1 }", []),
        ("{ print(1) }", []),
    ])
    func closureParameters(_ source: String, _ names: [String]) {
        let tree = parse("let c = " + source)
        let params = tree.nodes(.closureParameter)
        #expect(params.map { tree.text(tree[$0].token) } == names)
        #expect(params.allSatisfy { tree[$0].parent == tree.nodes(.closure)[0] })
    }

    @Test(arguments: [
        ("{ x -> Int in x }", ["x"]),
        ("{ x async in x }", ["x"]),
        ("{ a, b throws -> Int in a }", ["a", "b"]),
    ])
    func closureParametersWithoutParentheses(_ source: String, _ names: [String]) {
        // An identifier list followed by effects or a result type: every name is a parameter.
        let tree = parse("let c = " + source)
        #expect(tree.nodes(.closureParameter).map { tree.text(tree[$0].token) } == names)
    }

    @Test func closureAttributesBeforeSignature() {
        // `{ @MainActor in … }`: an attribute, no parameters.
        let plain = parse("Task { @MainActor in go() }")
        // `{ @MainActor [weak self] in … }`: the capture list follows the attribute.
        let captured = parse("Task { @MainActor [weak self] in self?.go() }")
        let typed = parse("let d = { @Sendable (x: Int) in x }")
        #expect(typed.nodes(.closureParameter).map { typed.text(typed[$0].token) } == ["x"])
        #expect(plain.nodes(.closureParameter).isEmpty)
        #expect(captured.nodes(.closureParameter).isEmpty)
        #expect(captured.nodes(.captureItem).map { captured.text(captured[$0].token) } == ["self"])
        #expect(captured.nodes(.captureItem).map { captured[$0].flags } == [[.weak]])
    }

    @Test func multipleTrailingClosures() {
        let tree = parse("""
            Button { tap() } label: { Text("x") }
            withTaskCancellationHandler {
              await work()
            } onCancel: {
              cancel()
            }
            """)
        let calls = tree.children(of: 0).map { tree.children(of: $0).first { _ in true }! }
        #expect(calls.map { tree[$0].kind } == [.call, .call])
        for call in calls {
            let args = tree.children(of: call).filter { tree[$0].kind == .argument }
            #expect(args.count == 2)
            #expect(args.allSatisfy { tree[$0].flags.contains(.trailingClosure) })
            #expect(args.allSatisfy { tree.childKinds($0) == [.closure] })
        }
        let labels = tree.nodes(.argument).filter { tree[$0].flags.contains(.trailingClosure) }.map { tree.text(tree[$0].token) }
        #expect(labels == ["", "label", "", "onCancel"])
        #expect(tree.nodes(.awaitExpr).count == 1)
    }

    @Test func immediatelyAppliedClosure() {
        let tree = parse("let v = { 1 }()")
        let call = tree.nodes(.call)[0]
        #expect(tree[call].flags.contains(.immediatelyApplied))
        #expect(tree.childKinds(call) == [.closure])
    }

    // MARK: - Member chains

    @Test func modifierChainAcrossLinesWithIfConfig() {
        let tree = parse("""
            var body: some View {
              VStack {
                Text("a")
              }
              .padding()
              #if os(iOS)
              .navigationTitle("t")
              #endif
              .frame(width: 1)
            }
            """)
        #expect(tree.variables.map(\.isComputed) == [true])
        #expect(tree.text(tree.variables[0].typeRange) == "some View")
        let getter = tree.functions[0]
        #expect(getter.kind == .accessor && getter.name == "get")
        // One statement: the whole chain, outermost call first.
        let statements = tree.children(of: getter.body).map { $0 }
        #expect(statements.count == 1)
        let members = tree.nodes(.memberAccess, under: getter.body).map { tree.text(tree[$0].token) }
        #expect(members == ["frame", "navigationTitle", "padding"])
        let outer = tree.children(of: statements[0]).first { _ in true }!
        #expect(tree[outer].kind == .call)
        #expect(tree.text(of: outer).hasPrefix("VStack {"))
        #expect(tree.text(of: outer).hasSuffix(".frame(width: 1)"))
        // Text("a") stays inside VStack's trailing closure.
        let vstack = tree.nodes(.call, under: getter.body).first { tree.text(of: $0).hasPrefix("VStack") && tree.text(of: $0).hasSuffix("}") }
        #expect(vstack != nil)
    }

    @Test func optionalChainsAndSubscripts() {
        let tree = parse("a?.b.c[0]?.d()")
        let members = tree.nodes(.memberAccess)
        #expect(members.map { tree.text(tree[$0].token) } == ["d", "c", "b"])
        #expect(members.map { tree[$0].flags.contains(.optionalChain) } == [true, false, true])
        #expect(tree.nodes(.subscriptCall).count == 1)
    }

    // MARK: - Assignments

    @Test(arguments: [
        ("x = 1", NodeKind.assignment, "=", true),
        ("a.b = c ?? d", .assignment, "=", true),
        ("x += 2", .assignment, "+=", false),
        ("x ??= y", .assignment, "??=", false),
        ("x <<= 1", .assignment, "<<=", false),
        ("x == 3", .sequence, "", false),
        ("x != 3", .sequence, "", false),
        ("x <= 3", .sequence, "", false),
        ("x >= 3", .sequence, "", false),
        ("x === y", .sequence, "", false),
        ("x !== y", .sequence, "", false),
        ("f(x)", .sequence, "", false),
        ("x = y == z", .assignment, "=", true),
    ])
    func assignmentKinds(_ source: String, _ kind: NodeKind, _ op: String, _ plain: Bool) {
        let tree = parse(source)
        let statement = tree.children(of: 0).map { $0 }
        #expect(statement.count == 1)
        #expect(tree[statement[0]].kind == kind)
        #expect(tree.text(tree[statement[0]].token) == op)
        #expect(tree[statement[0]].flags.contains(.plainAssignment) == plain)
    }

    // MARK: - Statements

    static let statementSource = """
        func run() async throws {
          for await item in stream { use(item) }
          for try await (k, v) in pairs where k > 0 {}
          for case let .some(n) in opts {}
          for i in 0..<3 {}
          while let next = it.next() {}
          repeat { n -= 1 } while n > 0
          guard let self else { return }
          guard let self = self, var y = z else { return }
          if let x, let w = q {}
          switch value {
          case .a(let v), .b(let v): print(v)
          case let (l, r) where l < r: break
          case is Int: break
          default: fallthrough
          }
          do { try f() } catch let e as MyError { } catch { }
          defer { cleanup() }
          outer: for j in 0..<3 { continue outer }
        }
        """

    @Test func statementKinds() {
        let tree = parse(Self.statementSource)
        let body = tree.functions[0].body
        #expect(tree.childKinds(body) == [
            .forStmt, .forStmt, .forStmt, .forStmt, .whileStmt, .repeatStmt, .guardStmt, .guardStmt, .ifStmt,
            .switchStmt, .doStmt, .deferStmt, .forStmt,
        ])
        let loops = tree.children(of: body).filter { tree[$0].kind == .forStmt }
        #expect(loops.map { tree[$0].flags.contains(.awaitLoop) } == [true, true, false, false, false])
        #expect(loops.map { tree.text(tree[$0].token) } == ["item", "k", "n", "i", "j"])
        #expect(tree.diagnostics.isEmpty)
    }

    @Test func bindingsRecordedAsVariables() {
        let tree = parse(Self.statementSource)
        let names = tree.variables.map { "\($0.name)@\(tree[$0.node].kind)" }
        #expect(names == [
            "item@forStmt", "k@forStmt", "v@forStmt", "n@forStmt", "i@forStmt", "next@conditionBinding",
            "self@conditionBinding", "self@conditionBinding", "y@conditionBinding", "x@conditionBinding",
            "w@conditionBinding", "v@switchCase", "v@switchCase", "l@switchCase", "r@switchCase", "e@catchClause",
            "j@forStmt",
        ])
        let bindings = tree.variables.filter { tree[$0.node].kind == .conditionBinding }
        #expect(bindings.map(\.isVar) == [false, false, false, true, false, false])
        func initText(_ v: VariableDecl) -> String? { v.initializer >= 0 ? tree.text(of: v.initializer) : nil }
        // `guard let self` and `if let x` have no initializer; `guard let self = self` does.
        #expect(bindings.map(initText) == ["it.next()", nil, "self", "z", nil, "q"])
        #expect(tree.nodes(.conditionBinding).map { tree[$0].flags.contains(.mutableBinding) } == [false, false, false, true, false, false])
        #expect(tree.variables.allSatisfy { $0.ownerType == -1 })
    }

    @Test func switchCases() {
        let tree = parse(Self.statementSource)
        let cases = tree.nodes(.switchCase)
        #expect(cases.count == 4)
        #expect(tree.text(of: cases[3]) == "default: fallthrough")
        #expect(tree.childKinds(cases[0]) == [.sequence])
        // The `where` guard is parsed as an expression, then the body.
        #expect(tree.childKinds(cases[1]) == [.sequence, .jumpStmt])
        #expect(tree.text(of: tree.children(of: cases[1]).first { _ in true }!) == "l < r")
    }

    @Test func switchCaseVarBindingsAreMutable() {
        // `var` inside a case pattern declares a mutable binding.
        let tree = parse("switch e { case .a(var m), .b(let m): m += 1 }\nif case .c(var q) = e {}")
        #expect(tree.variables.map(\.name) == ["m", "m", "q"])
        #expect(tree.variables.map(\.isVar) == [true, false, true])
    }

    @Test func elseIfChain() {
        let tree = parse("if a {} else if b {} else if c {} else {}")
        let ifs = tree.nodes(.ifStmt)
        #expect(ifs.count == 3)
        #expect(tree[ifs[1]].parent == ifs[0] && tree[ifs[2]].parent == ifs[1])
        #expect(tree.childKinds(ifs[2]) == [.sequence, .codeBlock, .codeBlock])
        #expect(tree.text(of: ifs[0]) == "if a {} else if b {} else if c {} else {}")
        #expect(tree.text(of: ifs[2]) == "if c {} else {}")
    }

    @Test func imports() {
        let tree = parse("import SwiftUI\nimport struct Foundation.URL\n@testable import Mod.Sub")
        #expect(tree.imports == ["SwiftUI", "Foundation.URL", "Mod.Sub"])
        #expect(tree.childKinds(0) == [.importDecl, .importDecl, .importDecl])
    }

    @Test func treeDumpFormat() {
        let tree = parse("x = f(1)")
        #expect(TreeDump.render(tree) == """
            sourceFile @1:1
              assignment '=' flags=2 @1:1
                identifier 'x' @1:1
                binaryOperator '=' @1:3
                call @1:5
                  identifier 'f' @1:5
                  argument @1:7
                    sequence @1:7
                      literal '1' @1:7

            """)
    }
}
