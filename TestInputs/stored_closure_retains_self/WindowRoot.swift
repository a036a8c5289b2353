import SwiftUI

struct WindowRoot: View {
    @State private var window = WindowState()
    var body: some View {
        Text("\(window.resized)")
            .onAppear { window.observe() }
    }
}
