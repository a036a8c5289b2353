import Foundation
import Observation

@Observable final class CounterModel {
    var count = 0
    var title = ""
}

final class CounterLabel {
    let model: CounterModel
    var text = ""
    init(model: CounterModel) { self.model = model }

    // Seed 000's shape without the re-registration: one change, then silence.
    func observe() {
        withObservationTracking { // expect: observation_tracking_one_shot "observes one change only"
            text = "\(model.count)"
        } onChange: {
            print("count changed")
        }
    }

    // onChange in parentheses.
    func observeTitle() {
        withObservationTracking({ // expect: observation_tracking_one_shot
            _ = model.title
        }, onChange: {
            print("title changed")
        })
    }

    // A hop to the main actor that does something else.
    func observeAndLog() {
        withObservationTracking { // expect: observation_tracking_one_shot
            _ = model.count
        } onChange: {
            Task { @MainActor in print("changed") }
        }
    }

    // Allman braces.
    func observeAllman()
    {
        withObservationTracking // expect: observation_tracking_one_shot
        {
            _ = model.count
        }
        onChange:
        {
            DispatchQueue.main.async { print("changed") }
        }
    }

    // In an initializer: nothing to call again.
    init(other: CounterModel) {
        model = other
        withObservationTracking { // expect: observation_tracking_one_shot
            _ = other.count
        } onChange: {
            print("once")
        }
    }

    // Calls a function that does not register.
    func observeAndUpdate() {
        withObservationTracking { // expect: observation_tracking_one_shot
            _ = model.count
        } onChange: { [weak self] in
            self?.update()
        }
    }

    func update() { text = "" }
}

// A free function, and one inside a local function.
func trackOnce(_ model: CounterModel) {
    withObservationTracking { // expect: observation_tracking_one_shot
        _ = model.count
    } onChange: {
        print("changed")
    }
}

func outer(_ model: CounterModel) {
    func inner() {
        withObservationTracking { // expect: observation_tracking_one_shot
            _ = model.title
        } onChange: {
            print("changed")
        }
    }
    inner()
}
