import Combine
import Foundation
import Observation

@Observable final class Spared {
    var count = 0
    // Already ignored.
    @ObservationIgnored private var task: Task<Void, Never>?
    @ObservationIgnored
    private var cancellables = Set<AnyCancellable>()
    // A let is not tracked.
    let startup = Task<Void, Never> { }
    // Computed.
    var isLoading: Bool { false }
    var current: Task<Void, Never>? { nil }
    // Static.
    static var shared: AnyCancellable?
    // A property named task that is not a handle.
    var task2 = TaskItem()
    var tasks: [TaskItem] = []
    var timerLabel = "00:00"
    var timerInterval: TimeInterval = 1
}

// A property named task of another type.
@Observable final class TodoModel {
    var task: TaskItem?
    var subscriptionPlan: String?
}

// Not @Observable: an ObservableObject or a plain class tracks nothing.
final class LegacyModel: ObservableObject {
    @Published var count = 0
    private var task: Task<Void, Never>?
    private var cancellables = Set<AnyCancellable>()
}

struct TaskItem {
    var title = ""
}

// The model's own code shows whether the task is set: views that read `isLoading` follow the handle,
// so it must stay tracked.
@Observable final class FeedLoader {
    private var loadTask: Task<Void, Never>?
    var isLoading: Bool { loadTask != nil }

    func load() {
        loadTask = Task { }
    }
}
