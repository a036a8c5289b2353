import Combine
import Foundation

// The subscriptions are made in an extension (WindowController+Bindings.swift); this file's
// windowWillClose() cancels them all: each cycle lasts until the window closes (info, with a note here).
final class DocumentWindowController {
    var cancellables = Set<AnyCancellable>()
    var titleSubscriptions = Set<AnyCancellable>()
    @Published var title = ""
    @Published var isEdited = false

    func windowWillClose() {
        cancellables.forEach { $0.cancel() }
        cancellables.removeAll()
    }

    deinit {
        titleSubscriptions.removeAll()
    }
}
