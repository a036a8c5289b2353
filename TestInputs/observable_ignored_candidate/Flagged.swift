import Combine
import Foundation
import Observation

// A model as first written, before it marks its task @ObservationIgnored.
@MainActor @Observable final class ContentModel {
    var count = 0
    private var task: Task<Void, Never>? // expect: observable_ignored_candidate "'task' in @Observable 'ContentModel' holds a Task handle"
    var loader: Task<[String], any Error>? = nil // expect: observable_ignored_candidate
    private var cancellables = Set<AnyCancellable>() // expect: observable_ignored_candidate "collection of Combine subscriptions"
    private var subscription: AnyCancellable? // expect: observable_ignored_candidate
    private var timer: Timer? // expect: observable_ignored_candidate "timer"
    private var token: (any NSObjectProtocol)? // expect: observable_ignored_candidate "observer token"
    private var observation: NSKeyValueObservation? // expect: observable_ignored_candidate
    private var work: DispatchWorkItem? // expect: observable_ignored_candidate
    private var bag: [AnyCancellable] = [] // expect: observable_ignored_candidate
    private var requests: [UUID: Task<Void, Never>] = [:] // expect: observable_ignored_candidate
    var refresher = Task<Void, Never> { } // expect: observable_ignored_candidate
    private(set) var pending: Combine.AnyCancellable? // expect: observable_ignored_candidate
}

@Observable
class Player
{
    var position = 0.0
    var ticker: Timer? // expect: observable_ignored_candidate
}

// Firebase's listener handles are observer tokens too.
@Observable final class AuthModel {
    var authStateHandler: AuthStateDidChangeListenerHandle? // expect: observable_ignored_candidate "holds an observer token"
    var user: String?
}

// Contrast: the model only assigns and cancels its task; nothing reads it as a value.
@Observable final class SearchLoader {
    private var searchTask: Task<Void, Never>? // expect: observable_ignored_candidate "no view reads, yet Observation tracks"

    func search() {
        searchTask?.cancel()
        searchTask = Task { }
    }
}
