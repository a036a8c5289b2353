import SwiftUI

// A seed taken through a `guard let` or `if let` local is the parameter's value all the same.

struct PostDraft {
    var title: String?
    var tags: [String] = []
}

struct PostDraftTitle: View {
    @State private var title: String

    init(draft: PostDraft) {
        guard let title = draft.title else {
            _title = State(initialValue: "Untitled")
            return
        }
        _title = State(initialValue: title) // expect: state_injected_value "is a read-only copy of the init parameter 'draft'"
    }

    var body: some View { Text(title) }
}

struct PostDraftTags: View {
    @State private var first: String

    init(draft: PostDraft) {
        if let tag = draft.tags.first {
            _first = State(initialValue: tag) // expect: state_injected_value "is a read-only copy of the init parameter 'draft'"
        } else {
            _first = State(initialValue: "")
        }
    }

    var body: some View { Text(first) }
}

// Silent: the parent passes a constant, which can never go stale.
struct PostDraftPlaceholder: View {
    @State private var title: String

    init(draft: PostDraft) {
        guard let title = draft.title else { _title = State(initialValue: ""); return }
        _title = State(initialValue: title)
    }

    var body: some View { Text(title) }
}

struct PostDraftEditor: View {
    @State private var draft = PostDraft(title: "a")

    var body: some View {
        VStack {
            PostDraftTitle(draft: draft)
            PostDraftTags(draft: draft)
            PostDraftPlaceholder(draft: PostDraft(title: "Placeholder"))
            Button("Rename") { draft.title = "b" }
        }
    }
}
