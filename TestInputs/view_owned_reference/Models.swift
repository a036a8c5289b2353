import SwiftUI
import Combine

// Models declared in their own file: the views in other files build them.

@Observable final class SheetViewModel {
    var title = ""
}

final class ProfileStore: ObservableObject {
    @Published var name = ""
}

/// A plain class with mutable state (no observation at all).
final class UploadQueue {
    var pending: [URL] = []
}

/// Conforms to ObservableObject in an extension, in another file (Conformances.swift).
final class ThemeSettings {
    @Published var accent = "blue"
}

/// Only `let`s, but one of them is a stateful object.
final class Coordinator {
    let queue = UploadQueue()
}

/// Stateless helpers: only `let`s of value type.
final class PriceFormatter {
    let currency = "EUR"
    func format(_ value: Double) -> String { "\(value) \(currency)" }
}

final class Constants {
    static var counter = 0
    let limit = 10
}

struct DraftValue {
    var text = ""
}

actor DownloadCache {
    var entries: [String: Data] = [:]
    func store(_ key: String, _ data: Data) { entries[key] = data }
    func data(_ key: String) -> Data? { entries[key] }
}
