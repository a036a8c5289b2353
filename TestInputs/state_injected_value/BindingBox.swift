import Combine
import SwiftUI

// A box that copies the binding's value when it is made and writes changes back: the copy goes stale when
// the parent changes the value (used by `FilterPicker` in BindingSeed.swift).
final class DraftBox<Wrapped>: ObservableObject {
    @Published var value: Wrapped
    private var writeBack: AnyCancellable?

    init(source: Binding<Wrapped>) {
        value = source.wrappedValue
        writeBack = $value.sink { source.wrappedValue = $0 }
    }
}

// More initializers that copy a binding's value (keys of `BindingCopiesFact`), in the spellings it reads.
final class TextDraft: ObservableObject {
    @Published var text: String
    init(text: Binding<String>) { self.text = text.wrappedValue }
}

final class ToggleMirror: ObservableObject {
    @Published var isOn: Bool
    init(_ isOn: Binding<Bool>) { self.isOn = isOn.wrappedValue }
}

final class StepperDraft: ObservableObject {
    @Published var count: Int
    init(from count: SwiftUI.Binding<Int>?, step: Int = 1) { self.count = (count?.wrappedValue ?? 0) * step }
}

enum Drafts {
    final class Name: ObservableObject {
        @Published var name: String
        init(name: Binding<String>, fallback: String) { self.name = name.wrappedValue.isEmpty ? fallback : name.wrappedValue }
    }
}

// Keeps the binding and reads through it: not a key.
final class LiveName: ObservableObject {
    let name: Binding<String>
    init(name: Binding<String>) { self.name = name }
    var current: String { name.wrappedValue }
}
