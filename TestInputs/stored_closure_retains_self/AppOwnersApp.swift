import SwiftUI
import UIKit

@main
struct NotesApp: App {
    @UIApplicationDelegateAdaptor private var delegate: NotesAppDelegate
    let queue = DownloadQueue()
    let mainWindow = WindowState()
    let sync: SyncEngine
    let library: LibraryStore

    init() {
        sync = SyncEngine(interval: 30)
        let store = LibraryStore()
        library = store
    }

    var body: some Scene {
        WindowGroup { DraftScreen() }
    }
}

final class NotesAppDelegate: NSObject, UIApplicationDelegate {
    let tracker = LaunchTracker()
}

let crashReporter = CrashReporter()

enum Services {
    static let sounds = SoundBoard()
}

struct DraftScreen: View {
    let editor = DraftEditor()
    var body: some View {
        Text("Draft")
            .onAppear { editor.prepare() }
    }
}
