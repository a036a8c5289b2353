import Observation

/// A model as teams write it: two lifetime hazards statelint reports.
@MainActor @Observable final class ProfileModel {
    var name: String
    var followers = 0
    @ObservationIgnored private var updates: Task<Void, Never>?
    private let service = ProfileService()

    init(name: String) {
        self.name = name
        // Reading tracked state in init: the view that creates the model starts observing it, and the task
        // below changes it, so each model the view builds re-renders the view, which builds another.
        print("loading \(name) (\(self.followers) followers)")
        // A stored task whose loop holds self: the model is never released.
        updates = Task {
            for await count in service.followerCounts() {
                followers = count
            }
        }
    }

    deinit { updates?.cancel() }
}

final class ProfileService {
    func followerCounts() -> AsyncStream<Int> { AsyncStream { $0.finish() } }
}
