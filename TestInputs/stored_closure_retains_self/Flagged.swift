import Foundation

final class Child {
    var onEvent: (() -> Void)?
}

// Seed 003's shapes, adapted: closures a view model keeps that use `self` strongly.
final class PlayerModel {
    var position = 0.0
    var onChange: (() -> Void)?
    var handlers: [() -> Void] = []
    var handlersByKey: [String: () -> Void] = [:]
    let child = Child()
    private var timer: Timer?
    private var token: NSObjectProtocol?
    private var work: DispatchWorkItem?
    private var tokens: [NSObjectProtocol] = []
    let source = DispatchSource.makeTimerSource()

    // Explicit self in a closure kept in a stored property.
    func storedProperty() {
        onChange = { self.position += 1 } // expect: stored_closure_retains_self@9 "the cycle: 'self' → 'onChange' → closure → 'self'"
    }

    // `self.` on the left and Allman braces.
    func allman()
    {
        self.onChange =  // expect: stored_closure_retains_self
        {
            self.position = 0
        }
    }

    // A strong capture list entry.
    func strongCaptureList() {
        onChange = { [self] in position += 1 } // expect: stored_closure_retains_self
    }

    // Appended to a stored collection; inserted (the same cycle through 'handlers': one finding, with a note
    // for the insert); kept under a key.
    func collection() {
        handlers.append { self.position += 1 } // expect: stored_closure_retains_self
        handlers.insert({ self.position -= 1 }, at: 0)
        handlersByKey["reset"] = { self.position = 0 } // expect: stored_closure_retains_self
    }

    // A child object's callback: self → child → onEvent → closure → self.
    func childCallback() {
        child.onEvent = { self.position += 1 } // expect: stored_closure_retains_self "the cycle: 'self' → 'child' → 'onEvent' → closure → 'self'"
    }

    // A nested closure's [weak self] does not make the outer closure weak.
    func nestedWeak() {
        onChange = { // expect: stored_closure_retains_self
            DispatchQueue.main.async { [weak self] in
                self?.position += 1
            }
        }
    }

    // A repeating timer kept on self; its invalidate in deinit is dead code.
    func startTimer() {
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in // expect: stored_closure_retains_self "Timer stored in 'timer'"
            self.position += 1
        }
    }

    // A block observer whose token is kept.
    func observe() {
        token = NotificationCenter.default.addObserver(forName: .NSCalendarDayChanged, object: nil, queue: .main) { _ in // expect: stored_closure_retains_self "until removeObserver('token') runs"
            self.position = 0
        }
    }

    // A token collected in a local, then appended to a stored collection.
    func observeThroughLocal() {
        let observer = NotificationCenter.default.addObserver(forName: .NSCalendarDayChanged, object: nil, queue: nil) { _ in // expect: stored_closure_retains_self
            self.position = 0
        }
        tokens.append(observer)
    }

    // A work item kept to cancel it later.
    func schedule() {
        work = DispatchWorkItem { self.position = 0 } // expect: stored_closure_retains_self
        DispatchQueue.main.asyncAfter(deadline: .now() + 1, execute: work!)
    }

    // A handler set on a dispatch source self keeps.
    func startSource() {
        source.setEventHandler { self.position += 1 } // expect: stored_closure_retains_self "dispatch source 'source'"
        source.resume()
    }

    // A strong alias of self.
    func alias() {
        let me = self
        onChange = { me.position += 1 } // expect: stored_closure_retains_self
    }

    // guard let self in an outer closure: an inner closure kept on self holds the strong self.
    func reboundThenStored() {
        DispatchQueue.main.async { [weak self] in
            guard let self else { return }
            self.onChange = { self.position += 1 } // expect: stored_closure_retains_self
        }
    }

    // The token is not kept: the center holds the block, and the observer can never be removed.
    func observeForever() {
        _ = NotificationCenter.default.addObserver(forName: .NSCalendarDayChanged, object: nil, queue: nil) { _ in // expect: stored_closure_retains_self "its token is not kept, so it can never be removed"
            self.position = 0
        }
    }

    deinit {
        timer?.invalidate()
        NotificationCenter.default.removeObserver(token as Any)
    }
}

// A lazy var whose initializer is a closure (not applied): kept, and it holds self.
final class Formatter {
    var prefix = ">"
    lazy var format: (String) -> String = { text in self.prefix + text } // expect: stored_closure_retains_self "lazy var 'format'"
}

// An actor keeps a closure too.
actor Cache {
    var count = 0
    var onEvict: (() -> Void)?
    func install() {
        onEvict = { Task { await self.reset() } } // expect: stored_closure_retains_self
    }
    func reset() { count = 0 }
}

// Inside #if: still code.
final class Logger {
    var sink: ((String) -> Void)?
    var lines: [String] = []
    init() {
        #if DEBUG
        sink = { self.lines.append($0) } // expect: stored_closure_retains_self
        #endif
    }
}

// A repeating timer that is not kept: the run loop holds it, and nothing can invalidate it.
final class Clock {
    var now = Date()
    func start() {
        Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in // expect: stored_closure_retains_self "RunLoop → Timer → closure → 'self'"
            self.now = Date()
        }
        _ = Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { _ in self.now = Date() } // expect: stored_closure_retains_self
    }
}

// A timer that repeats, or one built but not scheduled, keeps its block: flagged.
final class Heartbeat {
    var beat: Timer?
    var pending: Timer?
    var count = 0
    func start() {
        beat = Timer.scheduledTimer(withTimeInterval: 10, repeats: true) { _ in self.count += 1 } // expect: stored_closure_retains_self
        pending = Timer(timeInterval: 10, repeats: false) { _ in self.count += 1 } // expect: stored_closure_retains_self
    }
}
