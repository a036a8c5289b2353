import SwiftUI

// A class with a shared instance lives as long as the app only as that instance. Built again per window
// (WindowScreen below), each of those instances leaks: a warning, with the other construction as the witness.

final class PlaybackCenter {
    static let shared = PlaybackCenter()
    var onTick: (() -> Void)?
    var ticks = 0
    func start() {
        onTick = { self.ticks += 1 } // expect: stored_closure_retains_self "'PlaybackCenter' is also built here, in 'WindowScreen.center', apart from 'PlaybackCenter.shared'"
    }
}

struct WindowScreen: View {
    @State private var center = PlaybackCenter()
    var body: some View {
        Text("\(center.ticks)")
            .onAppear { center.start() }
    }
}

// Built only as the shared instance, in previews, and by its own static factory: info, as before.
final class SyncCenter {
    static let shared = SyncCenter()
    static var preview: SyncCenter { SyncCenter() }
    var onSync: (() -> Void)?
    var syncs = 0
    func start() {
        onSync = { self.syncs += 1 } // expect: stored_closure_retains_self "'SyncCenter.shared' lives as long as the app"
    }
}

#Preview {
    Text("\(SyncCenter().syncs)")
}

// Built again by a class the app builds once (the app delegate): still once for the app.
final class HapticsCenter {
    static let shared = HapticsCenter()
    var onBuzz: (() -> Void)?
    var buzzes = 0
    func start() {
        onBuzz = { self.buzzes += 1 } // expect: stored_closure_retains_self "'HapticsCenter.shared' lives as long as the app"
    }
}

final class HapticsAppDelegate: NSObject, UIApplicationDelegate {
    let haptics = HapticsCenter()
}
