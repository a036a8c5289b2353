import Combine
import Foundation

/// A search screen's model in the Combine style: two retain cycles that keep it alive after its
/// screen closes, each time the screen opens.
final class SearchModel: ObservableObject {
    @Published var query = ""
    @Published private(set) var results: [String] = []
    @Published private(set) var isOffline = false
    /// Called by the screen when a result is picked.
    var onPick: ((String) -> Void)?
    private let index = SearchIndex()
    private var cancellables = Set<AnyCancellable>()
    private var history: [String] = []

    init() {
        // The sink holds self, and self holds the subscription in `cancellables`.
        $query
            .debounce(for: .milliseconds(250), scheduler: RunLoop.main)
            .removeDuplicates()
            .sink { query in
                self.results = self.index.search(query)
            }
            .store(in: &cancellables)
        // The same cycle through a closure kept in a property.
        onPick = { result in
            self.history.append(result)
        }
        // Spared: [weak self] breaks the cycle.
        NotificationCenter.default.publisher(for: .NSSystemClockDidChange)
            .sink { [weak self] _ in self?.isOffline = false }
            .store(in: &cancellables)
    }
}

final class SearchIndex {
    func search(_ query: String) -> [String] { query.isEmpty ? [] : [query] }
}
