import SwiftUI
import UIKit

// A hosting controller whose root is set again keeps the root's identity and state: the state seeded
// from the first value stays, and the new value is ignored. The re-assignment is the witness.
struct ScoreBadgeView: View {
    @State private var score: Int
    init(score: Int) { _score = State(initialValue: score) } // expect: state_injected_value "'ScoreBadgeCell.configure' sets a new root view on a hosting controller"
    var body: some View { Text("\(score)") }
}

final class ScoreBadgeCell: UICollectionViewCell {
    private let host = UIHostingController(rootView: ScoreBadgeView(score: 0))

    func configure(score: Int) {
        host.rootView = ScoreBadgeView(score: score)
    }
}

// The same shape set once, as a new controller's root, and a root set again with a constant: silent.
struct StreakBadgeView: View {
    @State private var streak: Int
    init(streak: Int) { _streak = State(initialValue: streak) }
    var body: some View { Text("\(streak)") }
}

final class StreakBadgeController: UIViewController {
    var host: UIHostingController<StreakBadgeView>?

    func show(streak: Int) {
        host = UIHostingController(rootView: StreakBadgeView(streak: streak))
    }

    func reset() {
        host?.rootView = StreakBadgeView(streak: 0)
    }
}

// The new root built into a local first, then set as the existing controller's root (or as a new one's the
// first time): the re-assignment is the witness all the same.
struct PageTextView: View {
    @State private var text: String
    init(_ text: String) { _text = State(initialValue: text) } // expect: state_injected_value "'PageTextCell.setPage' sets a new root view on a hosting controller"
    var body: some View { Text(text) }
}

final class PageTextCell: UIView {
    private var host: UIHostingController<PageTextView>?

    func setPage(text: String) {
        let view = PageTextView(text)
        if let host {
            host.rootView = view
        } else {
            host = UIHostingController(rootView: view)
        }
    }
}
