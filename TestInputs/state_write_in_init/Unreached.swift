import SwiftUI

// Only a preview builds this view: the write is discarded all the same, but no user reaches the view.
// Info, with a note saying so.
struct RetiredBanner: View {
    @State private var message = "Welcome"

    init(message: String) {
        self.message = message // expect: state_write_in_init "is discarded"
    }

    var body: some View { Text(message) }
}

#Preview {
    RetiredBanner(message: "Hello")
}

// A public view of a library: its clients build it, so nothing here needs to.
public struct SharedBanner: View {
    @State private var message = "Welcome"

    public init(message: String) {
        self.message = message // expect: state_write_in_init "is discarded"
    }

    public var body: some View { Text(message) }
}

// A view nested in its screen's type and built there by its simple name: reached, so an error.
struct Settings: View {
    var body: some View { Toggle() }
}

extension Settings {
    struct Toggle: View {
        @State private var isOn = false

        init(isOn: Bool = true) {
            self.isOn = isOn // expect: state_write_in_init "is discarded"
        }

        var body: some View { Text(isOn ? "on" : "off") }
    }
}
