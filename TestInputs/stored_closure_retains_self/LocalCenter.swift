import Foundation

// An observer added to a new center held in a local: the center, and the block with it, go when the
// local does. Silent.
final class DownloadChecker {
    var finished = 0

    func run() {
        let center = NotificationCenter()
        center.addObserver(forName: .init("done"), object: nil, queue: nil) { _ in self.finished += 1 }
        center.post(name: .init("done"), object: nil)
    }
}

// A local that names the default center is the default center: flagged.
final class DefaultChecker {
    var finished = 0

    func run() {
        let center = NotificationCenter.default
        center.addObserver(forName: .init("done"), object: nil, queue: nil) { _ in self.finished += 1 } // expect: stored_closure_retains_self
    }
}

// A center the object keeps holds the block as long as the object lives: flagged.
final class OwnCenterChecker {
    let center = NotificationCenter()
    var finished = 0

    func run() {
        center.addObserver(forName: .init("done"), object: nil, queue: nil) { _ in self.finished += 1 } // expect: stored_closure_retains_self
    }
}
