import SwiftUI
import Combine

// The views create the object they observe: every parent update makes a new one.

final class CounterModel: ObservableObject {
    @Published var count = 0
}

@Observable final class DraftModel {
    var text = ""
}

struct CounterView: View {
    @ObservedObject var model = CounterModel() // expect: observed_object_owned@33 "creates 'CounterModel' and does not keep it"
    var body: some View {
        Button("\(model.count)") { model.count += 1 }
    }
}

// `= .init()` with the type in the annotation.
struct ImplicitInitView: View {
    @ObservedObject private var model: CounterModel = .init() // expect: observed_object_owned
    var body: some View { Text("\(model.count)") }
}

// `T.init(…)`, inside `try?`-free parentheses.
struct ExplicitInitView: View {
    @ObservedObject var model = (CounterModel.init()) // expect: observed_object_owned
    var body: some View { Text("\(model.count)") }
}

// @Bindable that builds its own @Observable model.
struct EditorView: View {
    @Bindable var draft = DraftModel() // expect: observed_object_owned "creates 'DraftModel' and does not keep it"
    var body: some View { TextField("Text", text: $draft.text) }
}

// Built in the view's init from its input: still a new object per view value.
struct DetailView: View {
    @ObservedObject var model: CounterModel
    init(start: Int) {
        let model = CounterModel()
        model.count = start
        self.model = CounterModel() // expect: observed_object_owned "in its init"
    }
    var body: some View { Text("\(model.count)") }
}

// Through the wrapper's storage in init.
struct StorageView: View {
    @ObservedObject var model: CounterModel
    init() {
        _model = ObservedObject(wrappedValue: CounterModel()) // expect: observed_object_owned
    }
    var body: some View { Text("\(model.count)") }
}

// A nested model type, module-qualified wrapper name.
struct NestedView: View {
    final class Local: ObservableObject { @Published var on = false }
    @SwiftUI.ObservedObject var local = Local() // expect: observed_object_owned
    var body: some View { Toggle("On", isOn: $local.on) }
}

// A generic view and a generic model.
final class Box<Value>: ObservableObject { @Published var value: Value? }
struct BoxView<Value>: View {
    @ObservedObject var box = Box<Value>() // expect: observed_object_owned
    var body: some View { Text(box.value == nil ? "empty" : "full") }
}

// Inside `#if`.
struct PlatformView: View {
    #if os(iOS)
    @ObservedObject var model = CounterModel() // expect: observed_object_owned
    #else
    @ObservedObject var model = CounterModel.shared
    #endif
    var body: some View { Text("\(model.count)") }
}

extension CounterModel {
    static let shared = CounterModel()
}

// A view modifier is re-created like a view.
struct Highlight: ViewModifier {
    @ObservedObject var model = CounterModel() // expect: observed_object_owned
    func body(content: Content) -> some View { content.opacity(model.count > 0 ? 1 : 0.5) }
}

// Assigned in two branches of init: one finding for the property.
struct BranchView: View {
    @ObservedObject var model: CounterModel
    init(fresh: Bool) {
        if fresh {
            self.model = CounterModel() // expect: observed_object_owned
        } else {
            self.model = CounterModel()
        }
    }
    var body: some View { Text("\(model.count)") }
}

// A stateful ObservableObject whose state is a plain `var` it publishes by hand.
final class ManualModel: ObservableObject {
    var value = 0 { willSet { objectWillChange.send() } }
}
struct ManualView: View {
    @ObservedObject var model = ManualModel() // expect: observed_object_owned
    var body: some View { Text("\(model.value)") }
}

// Its state is a struct value with stored properties (declared in another type's file, compacted away).
struct Draft { var text = "" }
final class DraftHolder: ObservableObject {
    var draft = Draft()
}
struct DraftView: View {
    @ObservedObject var holder = DraftHolder() // expect: observed_object_owned
    var body: some View { Text(holder.draft.text) }
}

// Built as a hosting root, and also by a SwiftUI parent: the parent re-creates it.
struct HostedAndNested: View {
    @ObservedObject var model = CounterModel() // expect: observed_object_owned
    var body: some View { Text("\(model.count)") }
}
func host() -> UIViewController { UIHostingController(rootView: HostedAndNested()) }
struct HostParent: View {
    var body: some View { HostedAndNested() }
}
