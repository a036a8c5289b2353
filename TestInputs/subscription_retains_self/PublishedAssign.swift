import Combine
import Foundation

// `assign(to: &$property)` keeps the subscription in the property's own publisher, for as long as the
// object lives: a closure upstream that uses `self` strongly is a cycle (one compose model leaked per
// screen). A source built with `Publishers.CombineLatest` ends only when its inputs do.
final class DraftModel: ObservableObject {
    @Published var text = ""
    @Published var hasPoll = false
    @Published private(set) var canDiscard = true
    @Published var summary = ""
    var initialText = ""
    var cancellables = Set<AnyCancellable>()

    init(initialText: String) {
        self.initialText = initialText
        $text
            .map { $0 == self.initialText }
            .assign(to: &$canDiscard) // expect: subscription_retains_self "Subscription stored in '$canDiscard' holds 'self' strongly"
        Publishers.CombineLatest($text, $hasPoll)
            .sink { text, poll in self.summary = poll ? "poll" : text }
            .store(in: &cancellables) // expect: subscription_retains_self "Subscription stored in 'cancellables' holds 'self' strongly"
    }
}

// Contrasts: no closure uses `self`, a weak capture, a source that ends, a property of an object that
// is not kept.
final class QuietDraft: ObservableObject {
    @Published var text = ""
    @Published private(set) var isEmpty = true
    @Published private(set) var length = 0
    @Published var title = ""
    var cancellables = Set<AnyCancellable>()

    init() {
        $text.map { $0.isEmpty }.assign(to: &$isEmpty)
        $text.map { [weak self] in ($0.count, self?.title.count ?? 0).0 }.assign(to: &$length)
        Publishers.CombineLatest(Just("a"), Just("b"))
            .sink { a, b in self.title = a + b }
            .store(in: &cancellables)
        let scratch = OtherModel()
        $text.map { _ in self.title }.assign(to: &scratch.$name)
    }
}

final class OtherModel: ObservableObject {
    @Published var name = ""
}
