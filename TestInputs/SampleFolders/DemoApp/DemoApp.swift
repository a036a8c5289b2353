import SwiftUI

// A demo target (a folder named DemoApp): the App it declares is not the app's.
@main
struct FeedDemoApp: App {
    @StateObject private var feed = DemoFedTicker()
    var body: some Scene {
        WindowGroup { Text("\(feed.ticks)").onAppear { feed.start() } }
    }
}
