import SwiftUI
import Combine

// An object whose only published state mirrors another object's value (Sparkle's documented updater view
// model): a new one shows the same value at once, so making it again loses nothing. One that also writes the
// mirrored property itself, or subscribes to a subject that gives no current value, has state of its own.
final class UpdateChecker: NSObject {
    @objc dynamic var canCheck = false
    @objc dynamic var lastCheck: Date?
}

final class CheckForUpdatesModel: ObservableObject {
    @Published var canCheckForUpdates = false

    init(checker: UpdateChecker) {
        checker.publisher(for: \.canCheck)
            .assign(to: &$canCheckForUpdates)
    }
}

struct CheckForUpdatesButton: View {
    @ObservedObject private var model: CheckForUpdatesModel
    let checker: UpdateChecker

    init(checker: UpdateChecker) {
        self.checker = checker
        self.model = CheckForUpdatesModel(checker: checker)
    }

    var body: some View {
        Button("Check for Updates…") {}
            .disabled(!model.canCheckForUpdates)
    }
}

final class LatchingCheckModel: ObservableObject {
    @Published var canCheck = false

    init(checker: UpdateChecker) {
        checker.publisher(for: \.canCheck)
            .assign(to: &$canCheck)
    }

    func pause() { canCheck = false }
}

final class PingModel: ObservableObject {
    @Published var pings = 0
    let ping = PassthroughSubject<Int, Never>()

    init(checker: UpdateChecker) {
        _ = checker.publisher(for: \.canCheck).map { $0 }
        ping.assign(to: &$pings)
    }
}

struct CheckRow: View {
    @ObservedObject private var latch: LatchingCheckModel
    @ObservedObject private var pinger: PingModel

    init(checker: UpdateChecker) {
        self.latch = LatchingCheckModel(checker: checker) // expect: observed_object_owned "creates 'LatchingCheckModel' in its init"
        self.pinger = PingModel(checker: checker) // expect: observed_object_owned "creates 'PingModel' in its init"
    }

    var body: some View {
        Text("\(latch.canCheck ? 1 : 0) \(pinger.pings)")
    }
}

// More mirrors, each made by a view's init and silent: of another object's published value (`mixer.$volume`),
// with operators in between, several in one object, and one across a `;`.
final class Mixer: ObservableObject {
    @Published var volume = 0.5
    @Published var muted = false
    @Published var name = "Main"
}

final class VolumeMirror: ObservableObject {
    @Published var volume = 0.0
    init(mixer: Mixer) { mixer.$volume.assign(to: &$volume) }
}

final class MuteMirror: ObservableObject {
    @Published var label = ""
    init(mixer: Mixer) {
        mixer.$muted
            .map { $0 ? "Muted" : "On" }
            .removeDuplicates()
            .assign(to: &$label)
    }
}

final class MixerMirror: ObservableObject {
    @Published var volume = 0.0
    @Published var name = ""
    init(mixer: Mixer) {
        mixer.$volume.assign(to: &$volume); mixer.$name.assign(to: &$name)
    }
}

final class TitleMirror: ObservableObject {
    @Published var title = ""
    init(mixer: Mixer) {
        mixer.$name.map { $0.uppercased() }.assign(to: &$title)
    }
}

struct MixerStrip: View {
    @ObservedObject private var volume: VolumeMirror
    @ObservedObject private var mute: MuteMirror
    @ObservedObject private var mirror: MixerMirror
    @ObservedObject private var title: TitleMirror

    init(mixer: Mixer) {
        volume = VolumeMirror(mixer: mixer)
        mute = MuteMirror(mixer: mixer)
        mirror = MixerMirror(mixer: mixer)
        title = TitleMirror(mixer: mixer)
    }

    var body: some View {
        Text("\(title.title) \(mirror.name) \(volume.volume) \(mute.label)")
    }
}
