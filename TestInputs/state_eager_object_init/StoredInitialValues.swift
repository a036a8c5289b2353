import Network
import SwiftUI

// A stored property's initial value runs in every initializer (the implicit one too): a file read there
// is the initializer's work. Flagged, with a note at the read.
final class NotesStore {
    let saved: Data? = try? Data(contentsOf: URL(fileURLWithPath: "/tmp/notes.json"))
    var notes: [String] = []
}

struct NotesView: View {
    @State private var store = NotesStore() // expect: state_eager_object_init "the initial value of 'NotesStore.saved' does I/O here"
    var body: some View { Text("notes") }
}

// A network monitor started in init delivers events from then on, for an object nobody keeps.
final class Reachability {
    private let monitor = NWPathMonitor()
    var isOnline = true

    init() {
        monitor.pathUpdateHandler = { _ in }
        monitor.start(queue: .main)
    }
}

struct StatusView: View {
    @State private var reachability = Reachability() // expect: state_eager_object_init "registers an observer or timer here: 'monitor.start'"
    var body: some View { Text("status") }
}

// Making a session, a defaults suite or a monitor does nothing until it is used; a lazy or static
// property's initial value does not run in init. Silent.
final class Client {
    let session = URLSession(configuration: .ephemeral)
    let defaults = UserDefaults(suiteName: "group.app")
    let files = FileManager()
    private let monitor = NWPathMonitor()
    lazy var cached: Data? = try? Data(contentsOf: URL(fileURLWithPath: "/tmp/cache"))
    static let bundled: Data? = try? Data(contentsOf: URL(fileURLWithPath: "/tmp/bundled"))

    func connect() { monitor.start(queue: .main) }
}

struct ClientView: View {
    @State private var client = Client()
    var body: some View { Text("client") }
}
