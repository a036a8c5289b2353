import SwiftUI

// @StateObject's initial value is an autoclosure SwiftUI runs once per view identity.
struct KeyboardOwner: View {
    @StateObject private var keyboard = KeyboardModel()
    var body: some View { Text("\(keyboard.height)") }
}

// Cheap initializers; work that starts in `.task`.
struct CheapView: View {
    @State private var model = CheapModel()
    @State private var other = NoInitModel()
    @State private var helper = StaticHelperModel()
    var body: some View {
        Text("\(model.value)")
            .task { await model.load() }
    }
}

// Created in .task, held as optional state.
struct LazyFeedView: View {
    @State private var model: FeedModel?
    var body: some View {
        Text("\(model?.items.count ?? 0)")
            .task { model = FeedModel() }
    }
}

// Value types, shared instances, injected models.
struct ValueView: View {
    @State private var value = ValueModel()
    @State private var shared = Registry.feed
    let injected: FeedModel
    var body: some View { Text("\(value.count)") }
}

enum Registry {
    static let feed = FeedModel()
}

// A plain stored property or another wrapper (other rules' business).
struct PlainView: View {
    let model = CounterViewModel(count: 0)
    @ObservedObject var keyboard = KeyboardModel()
    var body: some View { Text("\(model.count)") }
}

// An App value is created once.
struct DemoApp: App {
    @State private var feed = FeedModel()
    var body: some Scene { WindowGroup { Text("\(feed.items.count)") } }
}

// A seed written in init by a plain assignment (state_write_in_init's concern; it builds nothing twice).
struct SeededView: View {
    @State private var model: CheapModel
    init(value: Int) {
        model = CheapModel(value: value)
    }
    var body: some View { Text("\(model.value)") }
}
