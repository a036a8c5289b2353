import Observation

enum Hotkeys { static func onKeyDown(action: @escaping () -> Void) {} }

// A method named without a call is a function value: passed as a callback it runs later, outside
// the init (and any view's tracking). Silent.
@Observable final class Popup {
    var height: Double = 0
    var monitors: [() -> Void] = []

    init() {
        Hotkeys.onKeyDown(action: handleKeyDown)
        Hotkeys.onKeyDown(action: self.handleKeyDown)
        _monitors.append(handleKeyDown)
    }

    private func handleKeyDown() { if height > 0 { height = 0 } }
}

// Passed to a callee that runs its argument at once, it is called now: flagged.
@Observable final class Inbox {
    var unread = 0
    var ids: [Int] = []

    init(ids: [Int]) {
        _ids = ids
        _ids.forEach(count) // expect: observable_init_access "calls 'count()', which reads tracked property 'unread'"
    }

    func count(_ id: Int) { print(unread, id) }
}

// Tracked properties nothing can change after init (a file-scoped setter, written only in init):
// observing them never rebuilds a view. Silent.
@Observable final class Decorator {
    private(set) var title: String
    private var badge = 0
    fileprivate(set) var subtitle = ""

    init(title: String) {
        self.title = title
        print(title, self.title, badge, subtitle)
    }
}

// The same reads with a setter other files can use, or a write after init: flagged.
@Observable final class OpenDecorator {
    var title: String
    private(set) var level = 0

    init(title: String) {
        self.title = title
        print(self.title) // expect: observable_init_access "reads tracked property 'title'"
        print(level) // expect: observable_init_access "reads tracked property 'level'"
    }

    func bump() { level += 1 }
}

// A tracked property that holds a framework object, changed only through its members (`player.rate = 0`
// calls the getter of `player`, not its setter): silent. One that holds a value (a struct) changed through
// its members, or a framework object reassigned: flagged.
import AVFoundation

@Observable final class PlayerModel {
    private var player: AVPlayer
    private var window: NSWindow?

    init(url: URL) {
        player = AVPlayer(url: url)
        player.play()
        window?.title = "Player"
    }

    func mute() {
        player.volume = 0
        window?.title = "Muted"
    }
}

struct PlayerFrame { var width = 0.0 }

@Observable final class FramedPlayerModel {
    private var frame = PlayerFrame()
    private var engine: AVPlayer

    init(url: URL) {
        engine = AVPlayer(url: url)
        print(frame.width) // expect: observable_init_access "reads tracked property 'frame'"
        engine.play() // expect: observable_init_access "'engine'"
    }

    func resize() { frame.width = 10 }
    func reload(url: URL) { engine = AVPlayer(url: url) }
}
