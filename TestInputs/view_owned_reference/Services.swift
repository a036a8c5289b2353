import SwiftUI

// A service the view only calls one method on, and whose state it never reads: a new one each update
// loses nothing the view shows (info, with a note that says so).
final class ArticleFetcher {
    private var session = URLSession.shared
    var lastRequest: Date?
    func reload() { lastRequest = Date() }
}

struct ArticleScreen: View {
    let fetcher = ArticleFetcher() // expect: view_owned_reference "the view only calls 'reload()' on 'fetcher'"
    var body: some View {
        Button("Reload") { fetcher.reload() }
    }
}

// Two methods that count on one instance between them (play, then stop): a warning.
final class ClipPlayer {
    var playing = false
    func play() { playing = true }
    func stop() { playing = false }
}

struct ClipBar: View {
    let player = ClipPlayer() // expect: view_owned_reference "'ClipBar' builds 'ClipPlayer'"
    var body: some View {
        HStack {
            Button("Play") { player.play() }
            Button("Stop") { player.stop() }
        }
    }
}

// The view reads its state: a warning.
final class SyncStatus {
    var label = "Idle"
    func refresh() { label = "Syncing" }
}

struct SyncBadge: View {
    let status = SyncStatus() // expect: view_owned_reference "'SyncBadge' builds 'SyncStatus'"
    var body: some View {
        Text(status.label)
            .onTapGesture { status.refresh() }
    }
}

struct ServicesHome: View {
    @State private var tab = 0
    var body: some View {
        VStack {
            ArticleScreen()
            ClipBar()
            SyncBadge()
            Picker("Tab", selection: $tab) { Text("A").tag(0) }
        }
    }
}
