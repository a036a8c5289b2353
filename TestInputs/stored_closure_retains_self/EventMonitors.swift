import AppKit

// AppKit keeps an event monitor's block until `NSEvent.removeMonitor(_:)` runs. A block that holds `self`
// strongly keeps the view alive for good when its token is dropped (and every view made this way goes on
// handling every key press), or until the removal runs when the token is kept.
final class SendKeyView: NSView {
    var onSend: (() -> Void)?

    init(onSend: @escaping () -> Void) {
        self.onSend = onSend
        super.init(frame: .zero)
        NSEvent.addLocalMonitorForEvents(matching: .keyDown) { event in // expect: stored_closure_retains_self "NSEvent monitor block holds 'self' strongly: its token is not kept, so it can never be removed; 'SendKeyView' is never released"
            self.onSend?()
            return event
        }
    }

    required init?(coder: NSCoder) { nil }
}

final class ShortcutRecorder {
    private var monitor: Any?
    var lastKey = ""

    func start() {
        monitor = NSEvent.addLocalMonitorForEvents(matching: .keyDown) { event in // expect: stored_closure_retains_self "AppKit keeps it until NSEvent.removeMonitor('monitor') runs"
            self.lastKey = event.characters ?? ""
            return nil
        }
    }

    func stop() {
        if let monitor { NSEvent.removeMonitor(monitor) }
    }
}

// Setting the token to nil does not remove the monitor: AppKit still holds the block.
final class ForgetfulRecorder {
    private var monitor: Any?
    var lastKey = ""

    func start() {
        monitor = NSEvent.addLocalMonitorForEvents(matching: .keyDown) { event in // expect: stored_closure_retains_self "AppKit keeps it until NSEvent.removeMonitor('monitor') runs; 'ForgetfulRecorder' lives until then"
            self.lastKey = event.characters ?? ""
            return nil
        }
    }

    func stop() {
        monitor = nil
    }
}

// Silent: a weak capture, and a global monitor whose block does not use `self`.
final class WeakKeyView: NSView {
    var onSend: (() -> Void)?

    init(onSend: @escaping () -> Void) {
        self.onSend = onSend
        super.init(frame: .zero)
        NSEvent.addLocalMonitorForEvents(matching: .keyDown) { [weak self] event in
            self?.onSend?()
            return event
        }
        NSEvent.addGlobalMonitorForEvents(matching: .keyDown) { event in
            print(event.keyCode)
        }
    }

    required init?(coder: NSCoder) { nil }
}
