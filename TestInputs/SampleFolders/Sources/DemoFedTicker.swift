import Combine
import Foundation

// Only the demo app builds this model, once, in its App: a demo proves nothing about how the app keeps
// it, so the cycle is not demoted as "built once for the app" and stays a warning.
final class DemoFedTicker: ObservableObject {
    @Published var ticks = 0
    private var cancellables = Set<AnyCancellable>()

    func start() {
        Timer.publish(every: 1, on: .main, in: .common).autoconnect()
            .sink { _ in self.ticks += 1 }
            .store(in: &cancellables)  // expect: subscription_retains_self "never released"
    }
}
