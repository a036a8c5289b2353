import SwiftUI

// A @State seeded from a binding's value: the parent handed over write access because the value changes.
struct VolumeLabel: View {
    @State private var shown: Double

    init(volume: Binding<Double>) {
        _shown = State(initialValue: volume.wrappedValue) // expect: state_injected_value "read-only copy of the init parameter 'volume'"
    }

    var body: some View { Text("\(shown)") }
}

// A draft edited here and saved through the binding: an edit buffer, advisory only.
struct VolumeDraft: View {
    @Binding var volume: Double
    @State private var draft: Double

    init(volume: Binding<Double>) {
        _volume = volume
        _draft = State(initialValue: volume.wrappedValue) // expect: state_injected_value "edit buffer"
    }

    var body: some View {
        VStack {
            Slider(value: $draft)
            Button("Save") { volume = draft }
        }
    }
}

// An object handed the binding itself reads and writes the parent's storage through it: it copies nothing,
// so the binding is no witness (advisory only, like any object built from an input).
final class OffsetRelay: ObservableObject {
    let offset: Binding<Double>
    init(offset: Binding<Double>) { self.offset = offset }
    func scrolled(to y: Double) { offset.wrappedValue = y }
}

struct OffsetTracker: View {
    @StateObject private var relay: OffsetRelay

    init(offset: Binding<Double>) {
        _relay = StateObject(wrappedValue: OffsetRelay(offset: offset)) // expect: state_injected_value "built from the init parameter 'offset' once"
    }

    var body: some View { Button("down") { relay.scrolled(to: 10) } }
}

// A local copy of the binding's value is a copy all the same.
struct VolumeCaption: View {
    @State private var caption: String

    init(volume: Binding<Double>) {
        let level = volume.wrappedValue
        _caption = State(initialValue: "\(level)") // expect: state_injected_value "read-only copy of the init parameter 'volume'"
    }

    var body: some View { Text(caption) }
}

struct ScrollScreen: View {
    @State private var offset = 0.0
    var body: some View {
        OffsetTracker(offset: $offset)
    }
}

// An object (declared in another file) that copies the binding's value when it is made: a copy all the same.
struct FilterPicker: View {
    @StateObject private var box: DraftBox<Set<String>>

    init(selection: Binding<Set<String>>) {
        _box = StateObject(wrappedValue: DraftBox(source: selection)) // expect: state_injected_value "built from the init parameter 'selection' once"
    }

    var body: some View { Text("\(box.value.count) selected") }
}

// The same through an unlabeled parameter (`init(_ isOn: Binding<Bool>)` copies the value).
struct MirrorSwitch: View {
    @StateObject private var mirror: ToggleMirror

    init(isOn: Binding<Bool>) {
        _mirror = StateObject(wrappedValue: ToggleMirror(isOn)) // expect: state_injected_value "built from the init parameter 'isOn' once"
    }

    var body: some View { Text(mirror.isOn ? "on" : "off") }
}

// The screen that builds the views above, from bindings it is handed (so the binding is the only witness).
struct MixerScreen: View {
    var body: some View { Text("mixer") }

    func controls(volume: Binding<Double>, filters: Binding<Set<String>>, muted: Binding<Bool>) -> some View {
        VStack {
            VolumeLabel(volume: volume)
            VolumeDraft(volume: volume)
            VolumeCaption(volume: volume)
            FilterPicker(selection: filters)
            MirrorSwitch(isOn: muted)
        }
    }
}

// Nothing in the project builds this view (previews aside): no user reaches it, so its binding witnesses
// nothing (advisory, with a note saying so).
struct RetiredFilterPicker: View {
    @StateObject private var box: DraftBox<Set<String>>

    init(selection: Binding<Set<String>>) {
        _box = StateObject(wrappedValue: DraftBox(source: selection)) // expect: state_injected_value "built from the init parameter 'selection' once"
    }

    var body: some View { Text("\(box.value.count) selected") }
}

#Preview {
    RetiredFilterPicker(selection: .constant(["a"]))
}

// A library's public view is built by its clients: the binding is the witness, callers or not.
public struct SharedFilterPicker: View {
    @StateObject private var box: DraftBox<Set<String>>

    public init(selection: Binding<Set<String>>) {
        _box = StateObject(wrappedValue: DraftBox(source: selection)) // expect: state_injected_value "built from the init parameter 'selection' once"
    }

    public var body: some View { Text("\(box.value.count) selected") }
}
