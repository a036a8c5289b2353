import SwiftUI

// A private static factory of rows: when only other static code calls it (a model asks the view type for
// its rows and keeps them), its objects are built when that code runs, not on the view's updates. When
// the view's body calls it, each update builds new ones.
final class CredentialsDraft: ObservableObject {
    @Published var values: [String]
    init(fields: [String]) { values = fields.map { _ in "" } }
}

struct CredentialFieldRow: View {
    @ObservedObject var draft: CredentialsDraft
    let index: Int
    var body: some View { TextField("Value", text: $draft.values[index]) }
}

struct SensorSettingsView: View {
    @ObservedObject var model: SensorSettingsModel
    var body: some View {
        List { ForEach(model.rows.indices, id: \.self) { model.rows[$0] } }
    }

    static func settingsSection(fields: [String]) -> [AnyView] {
        credentialRows(fields: fields)
    }

    private static func credentialRows(fields: [String]) -> [AnyView] {
        let draft = CredentialsDraft(fields: fields)
        return fields.indices.map { AnyView(CredentialFieldRow(draft: draft, index: $0)) }
    }
}

final class SensorSettingsModel: ObservableObject {
    @Published var rows: [AnyView] = []
    func update(fields: [String]) { rows = SensorSettingsView.settingsSection(fields: fields) }
}

final class BadgeDraft: ObservableObject {
    @Published var text: String
    init(text: String) { self.text = text }
}

struct BadgeRow: View {
    @ObservedObject var draft: BadgeDraft // expect: observed_object_owned "is given a new 'BadgeDraft' each time 'BadgeList' updates"
    var body: some View { TextField("Badge", text: $draft.text) }
}

struct BadgeList: View {
    let names: [String]
    var body: some View {
        List { ForEach(names, id: \.self) { Self.row(for: $0) } }
    }

    private static func row(for name: String) -> some View {
        BadgeRow(draft: BadgeDraft(text: name))
    }
}
