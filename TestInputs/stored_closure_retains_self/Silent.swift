import Foundation

final class Child {
    var onEvent: (() -> Void)?
}

final class Spared {
    var position = 0.0
    var onChange: (() -> Void)?
    var handlers: [() -> Void] = []
    let child = Child()
    let step = 1.0
    private var timer: Timer?
    static var shared: (() -> Void)?
    var computed: (() -> Void)? { nil }

    // [weak self] with guard let self inside the closure: strong only while it runs.
    func weakGuard() {
        onChange = { [weak self] in
            guard let self else { return }
            self.position += 1
        }
    }

    // [weak self] and self?.
    func weakOptional() {
        handlers.append { [weak self] in self?.position += 1 }
    }

    // [unowned self].
    func unowned() {
        child.onEvent = { [unowned self] in position += 1 }
    }

    // `[weak workspace, weak self]`: several weak captures.
    func severalWeak(workspace: Child) {
        onChange = { [weak workspace, weak self] in
            workspace?.onEvent?()
            self?.position += 1
        }
    }

    // Only parameters and captured values.
    func valuesOnly() {
        let step = self.step
        onChange = { [step] in print(step) }
        handlers.append { print("tick") }
    }

    // A capture list entry initialized from self runs once, when the closure is made.
    func captureInitializer() {
        onChange = { [position = self.position] in print(position) }
    }

    // One-shot closures: run once and released.
    func oneShot() {
        DispatchQueue.main.async { self.position += 1 }
        _ = [1, 2].map { Double($0) + self.position }
        withExtendedLifetime(self) { self.position = 0 }
    }

    // Kept only in a local.
    func localOnly() {
        let closure = { self.position += 1 }
        closure()
    }

    // Static storage: not an instance the object keeps.
    func staticStorage() {
        Spared.shared = { print("shared") }
    }

    // A timer that is not kept on self (and a kept one with [weak self]).
    func timers() {
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            self?.position += 1
        }
    }

    // An observer block that does not hold self.
    func observeWeakly() {
        _ = NotificationCenter.default.addObserver(forName: .NSCalendarDayChanged, object: nil, queue: nil) { [weak self] _ in
            self?.position = 0
        }
        NotificationCenter.default.addObserver(self, selector: #selector(NSObject.description), name: .NSCalendarDayChanged, object: nil)
    }

    // Stored on another object that self does not keep.
    func otherObject(_ other: Child) {
        other.onEvent = { self.position += 1 }
    }

    // A parameter that shadows a member.
    func shadowed(onChange: inout (() -> Void)?) {
        onChange = { self.position += 1 }
    }
}

// A lazy var initialized by a closure that is applied once: the value is kept, not the closure.
final class LazyValue {
    var base = 2
    lazy var doubled: Int = { self.base * 2 }()
    lazy var label: String = {
        let text = "\(self.base)"
        return text
    }()
}

// A struct keeps no reference to itself.
struct Row {
    var position = 0.0
    var onChange: (() -> Void)?
    mutating func install() {
        let copy = self
        onChange = { print(copy.position) }
    }
}

// A property named like a handler that is not a closure.
final class Misnamed {
    var handler = 0
    var timer = 0
    func set() {
        handler = [1, 2].map { $0 * self.timer }.count
    }
}

// Callbacks that release themselves when they run.
final class OneShot {
    var onReady: (() -> Void)?
    var timer: Timer?
    var count = 0

    func arm() {
        onReady = {
            self.count += 1
            self.onReady = nil
        }
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
            self.count += 1
            if self.count > 3 {
                self.timer?.invalidate()
                self.timer = nil
            }
        }
    }
}

// A closure nested in a [weak self] closure captures the weak variable, not the object
// (pocket-casts' CustomStepper shape).
final class Stepper {
    var holdTimer: Timer?
    var value = 0
    func touchDown() {
        holdTimer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { [weak self] _ in
            self?.holdTimer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in
                self?.value += 1
            }
        }
    }
}

// Timers that are not kept but end: one-shot, or invalidated by their own block, or weak.
final class Countdown {
    var left = 3
    func start() {
        Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in self.left = 0 }
        Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { timer in
            self.left -= 1
            if self.left == 0 { timer.invalidate() }
        }
        Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in self?.left -= 1 }
        let local = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in print("tick") }
        RunLoop.main.add(local, forMode: .common)
    }
}

// A one-shot scheduled timer lets go of its block when it fires: `self` is held until then, not forever.
final class ReconnectScheduler {
    var retryTimer: Timer?
    var attempts = 0
    func scheduleRetry() {
        retryTimer = Timer.scheduledTimer(withTimeInterval: 10, repeats: false) { _ in self.attempts += 1 }
    }
}
