import Observation

@Observable final class UploadProgress {
    var fraction = 0.0
}

// onChange yields, but the loop that reads the stream never tracks again: only the first change arrives.
@MainActor final class UploadWatcher {
    let progress: UploadProgress
    private let (changes, continuation) = AsyncStream<Void>.makeStream()

    init(progress: UploadProgress) { self.progress = progress }

    func start() async {
        withObservationTracking { // expect: observation_tracking_one_shot "observes one change only"
            _ = progress.fraction
        } onChange: { [continuation] in
            continuation.yield()
        }
        for await _ in changes {
            print(progress.fraction)
        }
    }
}
