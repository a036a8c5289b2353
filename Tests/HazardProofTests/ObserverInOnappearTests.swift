import Foundation
import Testing

// docs/rules.md — `observer_in_onappear`.
//
// SwiftUI is not on Linux; what the rule rests on is Foundation's: a block observer stays registered until
// its token is removed. So code that registers one each time a view appears and drops the token (what the
// rule flags) delivers every notification once per appearance so far, and keeps each block (and what it
// captured) alive; the spared form, which removes the kept token when the view disappears, delivers once.
// `onAppear()` / `onDisappear()` below stand for the modifiers' closures, called as SwiftUI would.
// (`queue: nil` delivers synchronously on the posting thread: no waiting involved.)

private let arrived = Notification.Name("statelint.proof.observerInOnAppear")

@Suite("observer_in_onappear: an observer registered on each appearance")
struct ObserverInOnappearTests {
    @Test func droppedTokensPileUpOnePerAppearance() {
        let center = NotificationCenter()
        let delivered = Counter()
        func onAppear() {
            _ = center.addObserver(forName: arrived, object: nil, queue: nil) { _ in delivered.increment() }
        }
        for _ in 0..<3 { onAppear() }
        center.post(name: arrived, object: nil)
        #expect(delivered.count == 3, "one notification ran the handler once per appearance")
    }

    @Test func aTokenRemovedOnDisappearDeliversOnce() {
        let center = NotificationCenter()
        let delivered = Counter()
        var token: NSObjectProtocol?
        func onAppear() { token = center.addObserver(forName: arrived, object: nil, queue: nil) { _ in delivered.increment() } }
        func onDisappear() { if let token { center.removeObserver(token) } }
        for _ in 0..<2 {
            onAppear()
            onDisappear()
        }
        onAppear()
        center.post(name: arrived, object: nil)
        #expect(delivered.count == 1)
    }

    @Test func aDroppedObserverKeepsWhatItsBlockCaptured() {
        final class Screen: Sendable {}
        let center = NotificationCenter()
        weak var gone: Screen?
        do {
            let screen = Screen()
            gone = screen
            _ = center.addObserver(forName: arrived, object: nil, queue: nil) { _ in _ = screen }
        }
        #expect(gone != nil, "the center keeps the block, and the block keeps the screen")
    }
}
