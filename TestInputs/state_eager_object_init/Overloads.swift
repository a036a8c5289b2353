import Observation
import SwiftUI

// The call's labels select the initializer: only the one that starts work is reported.
@Observable final class RadioTuner {
    var station = ""

    init() {}

    init(preset: String) {
        station = preset
        Task { await self.connect() }
    }

    func connect() async {}
}

struct RadioScreen: View {
    @State private var tuner = RadioTuner() // init() does nothing: silent
    var body: some View { Text(tuner.station) }
}

struct PresetRadioScreen: View {
    @State private var tuner = RadioTuner(preset: "FIP") // expect: state_eager_object_init "its init starts a Task"
    var body: some View { Text(tuner.station) }
}
