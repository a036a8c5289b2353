import StatelintAnalysis
import StatelintSyntax
import Testing

/// "Where is this value kept on self" and the callee-role table.
@Suite("Storage on self and callee roles")
struct StorageAndRoleTests {
    @Test func valuesKeptOnSelfInEveryShape() {
        let p = Project("""
            final class Store {
                var handler: (() -> Void)?
                var handlers: [() -> Void] = []
                var byKey: [String: () -> Void] = [:]
                var cancellables = Set<AnyCancellable>()
                let child = Child()
                static var shared: (() -> Void)?
                func f() {
                    handler = { }
                    handlers.append { }
                    byKey["a"] = { }
                    publisher.sink { _ in }.store(in: &cancellables)
                    child.onChange = { }
                    Store.shared = { }
                    var local: (() -> Void)? = nil
                    local = { }
                    let handler = 1
                    _ = (local, handler)
                    send { }
                }
            }
            """)
        let body = p.body("f")
        let stored = body.closures.map { c -> String in
            let own = p.model.storage(of: c, in: body)
            let call = p.model.storageOfCall(taking: c, in: body)
            let s = own ?? call
            return s.map { "\($0.member):\($0.kind)" } ?? "-"
        }
        #expect(stored == [
            "handler:property", "handlers:collection", "byKey:subscripted", "cancellables:storeIn", "child:ownedObject",
            "-", "-", "-",
        ], "\(stored)")
    }

    @Test func theRoleTableDecidesTiming() {
        let cases: [(String, CalleeRole?)] = [
            ("items.forEach { _ in }", .runsNow),
            ("withAnimation { }", .runsNow),
            ("view.onTapGesture { }", .onEvent),
            ("view.onAppear { }", .lifecycle),
            ("view.task { }", .lifecycle),
            ("GeometryReader { _ in }", .everyFrame),
            ("view.onGeometryChange(for: CGSize.self) { $0.size } action: { _ in }", .everyFrame),
            ("view.fullScreenCover(isPresented: $x) { }", .presents),
            ("NavigationLink(destination: { }) { }", .presents),
            ("Task { }", .later),
            ("DispatchQueue.main.async { }", .later),
            ("Button(\"t\") { }", .onEvent),
            ("Button { } label: { }", .onEvent),
            ("custom { }", nil),
            ("{ }()", .runsNow),
        ]
        for (code, role) in cases {
            let tree = SyntaxTree(file: SourceFile(path: "A.swift", text: "func f() { \(code) }"))
            let closure = Int32(tree.nodes.indices.first { tree.nodes[$0].kind == .closure }!)
            #expect(tree.role(ofClosure: closure) == role, "\(code)")
            #expect(tree.timing(ofClosure: closure) == (role == .runsNow ? .now : .later), "\(code)")
        }
    }

    @Test func rolesSayWhatIsAnAction() {
        #expect(CalleeRole.onEvent.isAction && CalleeRole.lifecycle.isAction && CalleeRole.later.isAction)
        #expect(!CalleeRole.runsNow.isAction && !CalleeRole.everyFrame.isAction && !CalleeRole.presents.isAction)
    }
}
