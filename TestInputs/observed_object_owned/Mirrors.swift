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

// Not mirrors, each reported: a notification publisher gives no current value, and each of the others writes
// its mirrored property itself (through a field, a subscript, an extension, a key path, `inout`, or a second
// `assign` from a subject).
final class DayChangeModel: ObservableObject {
    @Published var lastChange: Notification?
    init(center: NotificationCenter) {
        center.publisher(for: .NSCalendarDayChanged)
            .map { Optional($0) }
            .assign(to: &$lastChange)
    }
}

struct Meter { var level = 0.0 }

final class FieldWriter: ObservableObject {
    @Published var meter = Meter()
    init(mixer: Mixer) {
        mixer.$volume.map { Meter(level: $0) }.assign(to: &$meter)
    }
    func silence() { meter.level = 0 }
}

final class SubscriptWriter: ObservableObject {
    @Published var names: [String] = []
    init(mixer: Mixer) {
        mixer.$name.map { [$0] }.assign(to: &$names)
    }
    func rename() { self.names[0] = "Aux" }
}

final class ExtensionWriter: ObservableObject {
    @Published var volume = 0.0
    init(mixer: Mixer) { mixer.$volume.assign(to: &$volume) }
}

extension ExtensionWriter {
    func duck() { volume *= 0.5 }
}

final class KeyPathWriter: ObservableObject {
    @Published var muted = false
    private var bag: [AnyCancellable] = []
    init(mixer: Mixer, toggles: PassthroughSubject<Bool, Never>) {
        mixer.$muted.assign(to: &$muted)
        // (A cycle too, which subscription_retains_self reports.)
        toggles.assign(to: \.muted, on: self).store(in: &bag)
    }
}

final class WeakSinkWriter: ObservableObject {
    @Published var volume = 0.0
    private var bag: [AnyCancellable] = []
    init(mixer: Mixer, fader: PassthroughSubject<Double, Never>) {
        mixer.$volume.assign(to: &$volume)
        fader.sink { [weak self] in self?.volume = $0 }.store(in: &bag)
    }
}

final class InoutWriter: ObservableObject {
    @Published var name = ""
    init(mixer: Mixer) { mixer.$name.assign(to: &$name) }
    func clear() { Self.reset(&name) }
    static func reset(_ value: inout String) { value = "" }
}

final class SecondFeedWriter: ObservableObject {
    @Published var volume = 0.0
    init(mixer: Mixer) { mixer.$volume.assign(to: &$volume) }
    func follow(_ fader: PassthroughSubject<Double, Never>) { fader.assign(to: &$volume) }
}

struct MixerDesk: View {
    @ObservedObject private var day: DayChangeModel
    @ObservedObject private var field: FieldWriter
    @ObservedObject private var list: SubscriptWriter
    @ObservedObject private var ducker: ExtensionWriter
    @ObservedObject private var mute: KeyPathWriter
    @ObservedObject private var label: InoutWriter
    @ObservedObject private var fader: SecondFeedWriter
    @ObservedObject private var weakFader: WeakSinkWriter

    init(mixer: Mixer, toggles: PassthroughSubject<Bool, Never>, faders: PassthroughSubject<Double, Never>) {
        day = DayChangeModel(center: .default) // expect: observed_object_owned "creates 'DayChangeModel' in its init"
        field = FieldWriter(mixer: mixer) // expect: observed_object_owned "creates 'FieldWriter' in its init"
        list = SubscriptWriter(mixer: mixer) // expect: observed_object_owned "creates 'SubscriptWriter' in its init"
        ducker = ExtensionWriter(mixer: mixer) // expect: observed_object_owned "creates 'ExtensionWriter' in its init"
        mute = KeyPathWriter(mixer: mixer, toggles: toggles) // expect: observed_object_owned "creates 'KeyPathWriter' in its init"
        label = InoutWriter(mixer: mixer) // expect: observed_object_owned "creates 'InoutWriter' in its init"
        fader = SecondFeedWriter(mixer: mixer) // expect: observed_object_owned "creates 'SecondFeedWriter' in its init"
        weakFader = WeakSinkWriter(mixer: mixer, fader: faders) // expect: observed_object_owned "creates 'WeakSinkWriter' in its init"
    }

    var body: some View {
        Text("\(day.lastChange == nil ? 0 : 1) \(field.meter.level) \(list.names.count) \(ducker.volume)")
        Text("\(mute.muted ? 1 : 0) \(label.name) \(fader.volume) \(weakFader.volume)")
    }
}

// Not mirrors either: a chain that drops the current value, and a key-value publisher asked for new values only.
final class LaterVolume: ObservableObject {
    @Published var volume = 0.0
    init(mixer: Mixer) { mixer.$volume.dropFirst().assign(to: &$volume) }
}

final class NewChecks: ObservableObject {
    @Published var canCheck = false
    init(checker: UpdateChecker) {
        checker.publisher(for: \.canCheck, options: [.new]).assign(to: &$canCheck)
    }
}

// A key-value publisher asked for the initial value too is one.
final class InitialChecks: ObservableObject {
    @Published var canCheck = false
    init(checker: UpdateChecker) {
        checker.publisher(for: \.canCheck, options: [.initial, .new]).assign(to: &$canCheck)
    }
}

struct LaterPanel: View {
    @ObservedObject private var later: LaterVolume
    @ObservedObject private var checks: NewChecks
    @ObservedObject private var initial: InitialChecks

    init(mixer: Mixer, checker: UpdateChecker) {
        later = LaterVolume(mixer: mixer) // expect: observed_object_owned "creates 'LaterVolume' in its init"
        checks = NewChecks(checker: checker) // expect: observed_object_owned "creates 'NewChecks' in its init"
        initial = InitialChecks(checker: checker)
    }

    var body: some View {
        Text("\(later.volume) \(checks.canCheck ? 1 : 0) \(initial.canCheck ? 1 : 0)")
    }
}
