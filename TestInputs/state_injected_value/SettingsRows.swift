import SwiftUI

// Silent: a nested view with the same simple name as the local type in LocalTypes.swift.
enum Settings {
    struct Row: View {
        @State private var isOn = false
        var body: some View { Toggle("On", isOn: $isOn) }
    }
}
