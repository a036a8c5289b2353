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
