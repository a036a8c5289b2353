import SwiftUI

// Silent: a type declared inside a function body is local. Its simple name must not resolve to the
// nested `Settings.Row` of SettingsRows.swift (which is a view, and would make `count` look injected);
// local types are not analysed (the project index never sees them).
func makeRow() -> some View {
    struct Row: View {
        @State var count: Int
        var body: some View { Text("\(count)") }
    }
    Task {}
    return Row(count: 1)
}
