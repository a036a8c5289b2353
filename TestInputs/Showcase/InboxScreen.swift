import Foundation
import SwiftUI

extension Notification.Name {
    static let messageArrived = Notification.Name("messageArrived")
}

/// An inbox badge that listens for new messages the way UIKit code did.
struct InboxScreen: View {
    @State private var unread = 0

    var body: some View {
        Text("\(unread) unread")
            .onAppear {
                // Each time the screen appears, one more observer: after three visits, one message counts three.
                _ = NotificationCenter.default.addObserver(forName: .messageArrived, object: nil, queue: .main) { _ in
                    unread += 1
                }
            }
    }
}
