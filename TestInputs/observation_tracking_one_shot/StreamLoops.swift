import Observation

@Observable final class DownloadProgress {
    var fraction = 0.0
}

// onChange yields into an AsyncStream, and the loop that consumes it tracks again for each change: every
// change is seen.
@MainActor final class ProgressWatcher {
    let progress: DownloadProgress
    private let (changes, continuation) = AsyncStream<Void>.makeStream()

    init(progress: DownloadProgress) { self.progress = progress }

    func start() async {
        track()
        for await _ in changes {
            track()
            print(progress.fraction)
        }
    }

    private func track() {
        withObservationTracking {
            _ = progress.fraction
        } onChange: { [continuation] in
            continuation.yield()
        }
    }
}
