import Foundation
import Combine
import os

// Seed 000's model: its init prints.
@Observable
class CounterViewModel {
    var count: Int

    init(count: Int) {
        self.count = count
        print("init", self.count)
    }
}

/// Starts a Task through a method its init calls, declared in an extension in another file.
@Observable final class FeedModel {
    var items: [String] = []
    init() {
        setUp()
    }
}

/// Registers an observer.
final class KeyboardModel: ObservableObject {
    @Published var height = 0.0
    init() {
        NotificationCenter.default.addObserver(self, selector: #selector(changed), name: .init("keyboard"), object: nil)
    }
    @objc func changed() {}
}

/// Reads defaults (I/O) through a computed property.
@Observable final class PreferencesModel {
    var theme = ""
    init() {
        theme = storedTheme
    }
    var storedTheme: String { UserDefaults.standard.string(forKey: "theme") ?? "" }
}

/// Logs through a logger.
@Observable final class SessionModel {
    let logger = Logger(subsystem: "app", category: "session")
    var user = ""
    init(user: String) {
        self.user = user
        logger.info("session for \(user)")
    }
}

/// A timer.
@Observable final class ClockModel {
    var now = Date()
    var timer: Timer?
    init() {
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in }
    }
}

// Cheap initializers.
@Observable final class CheapModel {
    var value = 0
    init(value: Int = 0) {
        self.value = value
    }
    func load() async {
        print("loading")
        Task { value = 1 }
    }
}

@Observable final class NoInitModel {
    var items: [String] = []
    func refresh() { print("refresh") }
}

/// Declares a static helper that logs: only `self`'s instance members count.
@Observable final class StaticHelperModel {
    var value = 0
    init() {
        value = StaticHelperModel.defaultValue()
    }
    static func defaultValue() -> Int { print("static"); return 1 }
}

struct ValueModel {
    var count = 0
    init() { print("value type") }
}
