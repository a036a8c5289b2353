import SwiftUI

// Rows keyed by ids the elements make for themselves. A `Notice` gets a new `UUID()` whenever one is made
// and its other fields are `let`: a reloaded list holds new notices with new ids, so every changed row is
// a new row with new state. The row's @State copy never goes stale: silent.
struct Notice: Identifiable {
    let id = UUID()
    let title: String
    let detail: String
}

final class NoticeCenter: ObservableObject {
    @Published var notices: [Notice] = []

    func reload() {
        notices = [Notice(title: "Disk almost full", detail: "Free some space")]
    }
}

struct NoticeRow: View {
    @State var title: String
    @State var detail: String
    var body: some View {
        VStack {
            Text(title)
            Text(detail)
        }
    }
}

struct NoticeList: View {
    @ObservedObject var center: NoticeCenter
    var body: some View {
        List {
            ForEach(center.notices) { notice in
                NoticeRow(title: notice.title, detail: notice.detail)
            }
        }
        .onAppear { center.reload() }
    }
}

// The same with a `var id = UUID()` that no initializer or method sets again, and `id: \.id` spelled out.
struct Advisory: Identifiable, Hashable {
    var id = UUID()
    let message: String

    init(message: String) {
        self.message = message
    }

    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

final class AdvisoryBoard: ObservableObject {
    @Published var advisories: [Advisory] = []
    func refresh() { advisories = [Advisory(message: "Update available")] }
}

struct AdvisoryRow: View {
    @State var message: String
    var body: some View { Text(message) }
}

struct AdvisoryPanel: View {
    @ObservedObject var board: AdvisoryBoard
    var body: some View {
        ForEach(board.advisories, id: \.id) { advisory in
            AdvisoryRow(message: advisory.message)
        }
        .onAppear { board.refresh() }
    }
}

// Flagged: a `var` field can change under the same id (`chores[0].title = …`), and the row keeps its state.
struct Chore: Identifiable {
    let id = UUID()
    var title: String
}

struct ChoreRow: View {
    @State var title: String // expect: state_injected_value "never changed by the view"
    var body: some View { Text(title) }
}

struct ChoreList: View {
    @State private var chores = [Chore(title: "Dishes")]
    var body: some View {
        ForEach(chores) { chore in
            ChoreRow(title: chore.title)
        }
        .onTapGesture { chores[0].title = "Laundry" }
    }
}

// Flagged: the id is a `var` the type sets again (a revised draft keeps its id), so a new value can come
// under an old id.
struct Draft: Identifiable {
    var id = UUID()
    let text: String

    init(text: String) { self.text = text }

    func revised(_ text: String) -> Draft {
        var copy = Draft(text: text)
        copy.id = id
        return copy
    }

    mutating func adopt(_ other: Draft) { id = other.id }
}

struct DraftRow: View {
    @State var text: String // expect: state_injected_value "never changed by the view"
    var body: some View { Text(text) }
}

struct DraftList: View {
    @State private var drafts = [Draft(text: "Hello")]
    var body: some View {
        ForEach(drafts) { draft in
            DraftRow(text: draft.text)
        }
        .onTapGesture { drafts = drafts.map { $0.revised($0.text + "!") } }
    }
}

// Flagged: rows keyed by something other than the minted id (`id: \.title`): two notices with one title
// share a row, and the second one's detail is ignored.
struct NoticeDetailRow: View {
    @State var detail: String // expect: state_injected_value "never changed by the view"
    var body: some View { Text(detail) }
}

struct NoticesByTitle: View {
    @ObservedObject var center: NoticeCenter
    var body: some View {
        ForEach(center.notices, id: \.title) { notice in
            NoticeDetailRow(detail: notice.detail)
        }
        .onAppear { center.reload() }
    }
}
