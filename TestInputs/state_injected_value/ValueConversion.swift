import SwiftUI

// A seed converted to a plain value (`Int(…)`) is a copy of the input, not a model built from it: edited
// by the view, it is an edit buffer (advisory); only read, a read-only copy the parent's changes miss.
struct HoursField: View {
    @State private var hours: Int?

    init(seconds: Double) {
        _hours = State(initialValue: Int(seconds / 3600)) // expect: state_injected_value "edit buffer seeded from the init parameter 'seconds'"
    }

    var body: some View { TextField("Hours", value: $hours, format: .number) }
}

struct HoursLabel: View {
    @State private var hours: String

    init(seconds: Double) {
        _hours = State(initialValue: String(seconds / 3600)) // expect: state_injected_value "read-only copy of the init parameter 'seconds'"
    }

    var body: some View { Text(hours) }
}

struct TimerSettings: View {
    @State private var seconds = 3600.0
    var body: some View {
        VStack {
            HoursField(seconds: seconds)
            HoursLabel(seconds: seconds)
            Button("+1h") { seconds += 3600 }
        }
    }
}
