import Observation
import SwiftUI

struct Post: Identifiable, Hashable { let id: String; var text: String }

@Observable final class PostModel {
    var post: Post
    init(post: Post) { self.post = post }
}

@Observable final class Timeline {
    enum Phase { case loading, display(posts: [Post], more: Bool) }
    var phase: Phase = .loading
    var pinned: [Post] = []
    func edited(_ post: Post) { if let i = pinned.firstIndex(where: { $0.id == post.id }) { pinned[i] = post } }
}

// A row that keeps the first model it is given in @State, while its callers build a new one from each
// element: the data they build it from is the witness named in the notes (a row keyed by id keeps its
// state when its element changes), through a `switch` on the data's phase and through a local.
struct PostRow: View {
    @State private var model: PostModel
    init(model: PostModel) { _model = State(initialValue: model) } // expect: state_injected_value "keeps the first 'PostModel' object passed in"
    var body: some View { Text(model.post.text) }
}

struct TimelineView: View {
    @State private var timeline = Timeline()
    var body: some View {
        switch timeline.phase {
        case .loading:
            ProgressView()
        case .display(let posts, _):
            ForEach(posts) { post in
                PostRow(model: PostModel(post: post))
            }
        }
    }
}

struct PinnedView: View {
    @State private var timeline = Timeline()
    var body: some View {
        let pinned = timeline.pinned
        List {
            ForEach(pinned) { post in
                PostRow(model: .init(post: post))
            }
            // Keyed by the whole value: an edited post is a new row, with a new model (no witness here).
            ForEach(pinned, id: \.self) { post in
                PostRow(model: PostModel(post: post))
            }
        }
    }
}
