import Foundation
import SwiftUI

// The token is kept and removed when the view disappears.
struct RemovedOnDisappear: View {
    @State private var token: NSObjectProtocol?
    @State private var count = 0
    var body: some View {
        Text("\(count)")
            .onAppear {
                token = NotificationCenter.default.addObserver(forName: .inboxChanged, object: nil, queue: .main) { _ in count += 1 }
            }
            .onDisappear {
                if let token { NotificationCenter.default.removeObserver(token) }
            }
    }
}

// A project API removed by the id it returned (a remove… call passing the kept id).
struct HandlerRemoved: View {
    let bus: EventBus
    @State private var handlerID: Int?
    @State private var status = ""
    var body: some View {
        Text(status)
            .onAppear { handlerID = bus.addHandler { status = $0 } }
            .onDisappear { if let handlerID { bus.removeHandler(handler: handlerID) } }
    }
}

// Removed through a local the id is bound to: the registration's counterpart (removeHandler) is called.
struct HandlerRemovedThroughALocal: View {
    let bus: EventBus
    @State private var handlerID: Int?
    @State private var status = ""
    var body: some View {
        Text(status)
            .onDisappear {
                guard let id = handlerID else { return }
                bus.removeHandler(handler: id)
            }
            .onAppear { handlerID = bus.addHandler { status = $0 } }
    }
}

// Registered only while nothing is connected yet (the connection it guards is made here, once).
final class Connection {
    var socket: Int?
    func connect() { socket = 1 }
}

struct ConnectOnce: View {
    let bus: EventBus
    let connection: Connection
    @State private var status = ""
    var body: some View {
        Text(status)
            .onAppear {
                guard connection.socket == nil else { return }
                connection.connect()
                _ = bus.addHandler { status = $0 }
            }
    }
}

// Registered once, behind a flag the closure sets.
struct RegisteredOnce: View {
    let bus: EventBus
    @State private var subscribed = false
    @State private var status = ""
    var body: some View {
        Text(status)
            .onAppear {
                guard !subscribed else { return }
                subscribed = true
                _ = bus.addHandler { status = $0 }
            }
    }
}

// Made later, by an action inside the closure; the selector form (removed with the observer); a local token;
// and the lifetime-bound subscriptions SwiftUI offers.
struct NotInOnAppear: View {
    let bus: EventBus
    @State private var status = ""
    var body: some View {
        VStack {
            Button("Listen") { _ = bus.addHandler { status = $0 } }
            Text(status)
        }
        .onAppear {
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) { _ = bus.addHandler { status = $0 } }
            NotificationCenter.default.addObserver(self, selector: #selector(NSObject.copy), name: .inboxChanged, object: nil)
            let local = bus.addHandler { status = $0 }
            print(local)
        }
        .onReceive(NotificationCenter.default.publisher(for: .inboxChanged)) { _ in status = "changed" }
        .task {
            for await _ in NotificationCenter.default.notifications(named: .inboxChanged) { status = "changed" }
        }
    }
}

// Not an observer: an "add" that takes no handler, and a handler registered in a model's init.
final class Registry {
    func addObserverCount() -> Int { 0 }
    init(bus: EventBus) { _ = bus.addHandler { print($0) } }
}
