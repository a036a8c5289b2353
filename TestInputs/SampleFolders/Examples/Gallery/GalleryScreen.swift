import Combine
import SwiftUI

// Sample code (a folder named Examples): what it builds is no witness, and its own findings are info
// at most, with a note that says so.
struct CaptionGalleryScreen: View {
    @State private var caption = "a"
    var body: some View {
        CaptionBadge(label: caption)
        Button("Next") { caption += "!" }
    }
}

final class GalleryCaptionTicker: ObservableObject {
    @Published var count = 0
    private var cancellables = Set<AnyCancellable>()
    init() {
        Timer.publish(every: 1, on: .main, in: .common).autoconnect()
            .sink { _ in self.count += 1 }
            .store(in: &cancellables)  // expect: subscription_retains_self "'Examples/' is sample code"
    }
}
