import StatelintAnalysis
import StatelintSyntax
import Testing

/// What keeps a closure alive on `self` (`FileModel.kept`), whether a subscription ends, and how `self`
/// reaches nested closures: the model the retains-self rules share.
@Suite("Retention: closures kept on self")
struct RetentionTests {
    @Test func everyHolderIsNamedWithItsStorage() {
        let p = Project("""
            final class Model {
                var handler: (() -> Void)?
                var timer: Timer?
                var token: NSObjectProtocol?
                var observation: NSKeyValueObservation?
                var work: DispatchWorkItem?
                var task: Task<Void, Never>?
                var cancellables = Set<AnyCancellable>()
                var bag = Set<AnyCancellable>()
                let source = DispatchSource.makeTimerSource()
                func f() {
                    handler = { }
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in }
                    token = NotificationCenter.default.addObserver(forName: n, object: nil, queue: nil) { _ in }
                    observation = player.observe(\\.rate) { _, _ in }
                    work = DispatchWorkItem { }
                    task = Task { }
                    $value.map { $0 }.sink { _ in }.store(in: &cancellables)
                    source.setEventHandler { }
                    var local = Set<AnyCancellable>()
                    $value.sink { _ in }.store(in: &local)
                    bag = local
                    _ = NotificationCenter.default.addObserver(forName: n, object: nil, queue: nil) { _ in }
                    items.forEach { _ in }
                    let h = { }
                    h()
                }
            }
            """)
        let body = p.body("f")
        let kept = body.closures.map { c -> String in
            guard let k = p.model.kept(c, in: body) else { return "-" }
            return "\(k.holder):\(k.storage.member)\(k.viaLocal >= 0 ? "+local" : "")"
        }
        #expect(kept == [
            "itself:handler", "timer:timer", "observer:token", "keyValueObservation:observation", "workItem:work", "task:task",
            "subscription:cancellables", "subscription:cancellables", "dispatchSource:source", "subscription:bag+local",
            "observer:", "-", "-",
        ], "\(kept)")
    }

    @Test func subscriptionsThatEndAreTold() {
        let finishing = [
            "Just(1).sink { _ in }", "api.fetch().sink { _ in }", "URLSession.shared.dataTaskPublisher(for: u).map { $0 }.sink { _ in }",
            "$value.first().sink { _ in }", "$value.prefix(2).sink { _ in }", "[1, 2].publisher.sink { _ in }",
            "Future { p in p(.success(1)) }.sink { _ in }",
        ]
        let endless = [
            "$value.sink { _ in }", "counter.objectWillChange.sink { _ in }", "subject.eraseToAnyPublisher().sink { _ in }",
            "NotificationCenter.default.publisher(for: n).sink { _ in }", "Timer.publish(every: 1, on: .main, in: .common).autoconnect().sink { _ in }",
            "model.$state.debounce(for: 1, scheduler: q).removeDuplicates().sink { _ in }", "$a.combineLatest($b).sink { _ in }",
        ]
        for (source, expected) in finishing.map({ ($0, true) }) + endless.map({ ($0, false) }) {
            let tree = SyntaxTree(file: SourceFile(path: "t.swift", text: "func f() { \(source) }"))
            let sink = tree.nodes.indices.last { tree.nodes[$0].kind == .call && tree.calleeName(Int32($0)) == "sink" }.map(Int32.init)
            let top = sink.flatMap { tree.subscription(containing: $0) }
            #expect(top != nil, "\(source)")
            if let top { #expect(tree.subscriptionFinishes(top) == expected, "\(source)") }
        }
        // A chain without sink or assign makes no subscription.
        let tree = SyntaxTree(file: SourceFile(path: "t.swift", text: "func f() { items.map { $0 }.filter { $0 > 0 } }"))
        let map = tree.nodes.indices.first { tree.nodes[$0].kind == .call && tree.calleeName(Int32($0)) == "map" }.map(Int32.init)!
        #expect(tree.subscription(containing: map) == nil)
    }

    @Test func nestedClosuresInheritAWeakSelfUnlessReboundStrongly() {
        let p = Project("""
            final class Model {
                var count = 0
                var timer: Timer?
                func f() {
                    run { [weak self] in
                        self?.timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in self?.count += 1 }
                    }
                    run { [weak self] in
                        guard let self else { return }
                        self.timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in self.count += 1 }
                    }
                    run { [unowned self] in
                        run { self.count += 1 }
                    }
                    run {
                        run { self.count += 1 }
                    }
                }
            }
            """)
        let body = p.body("f")
        // The inner closure of each pair.
        let inner = body.closures.enumerated().filter { $0.offset % 2 == 1 }.map { p.model.captures(of: $0.element, in: body).selfCapture }
        #expect(inner == [.weak, .implicit, .unowned, .implicit], "\(inner)")
    }

    @Test func callbacksThatReleaseTheirOwnStorage() {
        let p = Project("""
            final class Model {
                var handler: (() -> Void)?
                var timer: Timer?
                var requests: [Int: AnyCancellable] = [:]
                func f() {
                    handler = { self.handler = nil }
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in self.timer?.invalidate() }
                    requests[1] = $value.sink { _ in self.requests.removeValue(forKey: 1) }
                    handler = { self.timer = nil }
                }
            }
            """)
        let body = p.body("f")
        let releases = body.closures.map { c in p.tree.releasesStorage(p.model.kept(c, in: body)!.storage.member, within: c.node) }
        #expect(releases == [true, true, true, false])
    }

    @Test func aliasesOfSelfAreUsesOfSelf() {
        let p = Project("""
            final class Model {
                var count = 0
                var handler: (() -> Void)?
                func f() {
                    let me = self
                    handler = { me.count += 1 }
                    handler = { let me = 1; print(me) }
                }
            }
            """)
        let body = p.body("f")
        let uses = body.closures.map { p.model.captures(of: $0, in: body).strongHolds(of: $0.node, in: p.tree)?.count ?? 0 }
        #expect(uses == [1, 0])
    }
}
