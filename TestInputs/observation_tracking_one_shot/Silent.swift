import Foundation
import Observation

@Observable final class FeedModel {
    var items: [String] = []
}

final class FeedController {
    let model: FeedModel
    init(model: FeedModel) { self.model = model }

    // Re-registers on the main actor (seed 000).
    func observe() {
        withObservationTracking {
            _ = model.items
        } onChange: { [weak self] in
            Task { @MainActor in self?.observe() }
        }
    }

    // Re-registers directly.
    func observeDirectly() {
        withObservationTracking {
            _ = model.items.count
        } onChange: {
            self.observeDirectly()
        }
    }

    // Through DispatchQueue.
    func observeQueued() {
        withObservationTracking({
            _ = model.items
        }, onChange: { [weak self] in
            DispatchQueue.main.async { self?.observeQueued() }
        })
    }

    // Through another function of the file that registers.
    func start() {
        withObservationTracking {
            _ = model.items
        } onChange: { [weak self] in
            Task { @MainActor in self?.restart() }
        }
    }

    func restart() {
        withObservationTracking {
            _ = model.items
        } onChange: { [weak self] in
            Task { @MainActor in self?.restart() }
        }
    }

    // Calls withObservationTracking again inside onChange.
    func nested() {
        withObservationTracking {
            _ = model.items
        } onChange: { [model] in
            withObservationTracking { _ = model.items } onChange: { self.nested() }
        }
    }

    // A function reference: not followed.
    func observeWithHandler() {
        withObservationTracking({ _ = model.items }, onChange: handleChange)
    }

    @Sendable func handleChange() {}

    // A local function that registers again.
    func local() {
        func track() {
            withObservationTracking {
                _ = model.items
            } onChange: {
                Task { @MainActor in track() }
            }
        }
        track()
    }
}

// Awaiting the next change: one-shot by design.
func nextChange(of model: FeedModel) async {
    await withCheckedContinuation { continuation in
        withObservationTracking {
            _ = model.items
        } onChange: {
            continuation.resume()
        }
    }
}

// UIKit-style: the invalidation makes the framework call the update method again, which tracks again.
final class FeedView {
    let model: FeedModel
    var needsLayout = false
    init(model: FeedModel) { self.model = model }
    func layout() {
        withObservationTracking {
            _ = model.items
        } onChange: { [weak self] in
            Task { @MainActor in self?.needsLayout = true }
        }
    }
    func draw() {
        withObservationTracking {
            _ = model.items.count
        } onChange: { [weak self] in
            Task { @MainActor in self?.setNeedsDisplay() }
        }
    }
    func setNeedsDisplay() {}
}

// Inside a loop, every pass registers again (a polling loop in a task).
final class LoopWatcher {
    @ObservationIgnored private var task: Task<Void, Never>?
    func start(settings: Settings) {
        task = Task {
            while !Task.isCancelled {
                _ = withObservationTracking { settings.value } onChange: { }
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
    }
}

@Observable final class Settings { var value = 0 }
