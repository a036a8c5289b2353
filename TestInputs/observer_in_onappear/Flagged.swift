import Foundation
import SwiftUI

extension Notification.Name {
    static let inboxChanged = Notification.Name("inboxChanged")
}

// The token addObserver returns is dropped: each appearance adds one more observer, and none is ever removed.
struct InboxBadge: View {
    @State private var unread = 0
    var body: some View {
        Text("\(unread)")
            .onAppear {
                _ = NotificationCenter.default.addObserver(forName: .inboxChanged, object: nil, queue: .main) { _ in // expect: observer_in_onappear "the token 'addObserver' returns is dropped"
                    unread += 1
                }
            }
    }
}

// A project's own event bus (the handler id it returns is what removeHandler needs).
final class EventBus {
    private var handlers: [Int: (String) -> Void] = [:]
    private var next = 0
    func addHandler(_ handler: @escaping (String) -> Void) -> Int {
        next += 1
        handlers[next] = handler
        return next
    }
    func removeHandler(handler id: Int) { handlers[id] = nil }
}

struct GatewayStatus: View {
    let bus: EventBus
    @State private var status = ""
    var body: some View {
        Text(status)
            .onAppear(perform: {
                withAnimation {
                    _ = bus.addHandler { event in status = event } // expect: observer_in_onappear "'addHandler' in .onAppear in 'GatewayStatus'"
                }
            })
    }
}

// Kept, but nothing removes it: the next appearance overwrites the token and the observer stays.
struct KeptToken: View {
    @State private var token: NSObjectProtocol?
    @State private var count = 0
    var body: some View {
        Text("\(count)")
            .onAppear {
                token = NotificationCenter.default.addObserver(forName: .inboxChanged, object: nil, queue: .main) { _ in count += 1 } // expect: observer_in_onappear "kept in 'token', which nothing removes"
            }
    }
}

// Called as a statement: the result is dropped too.
final class Listeners {
    func addListener(_ listener: @escaping () -> Void) -> UUID { UUID() }
}

struct ListenerRow: View {
    let listeners: Listeners
    var body: some View {
        Text("row")
            .onAppear {
                listeners.addListener { print("changed") } // expect: observer_in_onappear
            }
    }
}
