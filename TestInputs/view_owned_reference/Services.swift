import SwiftUI

// A service the view only calls one method on, and whose state it never reads: a new one each update
// loses nothing the view shows, so it is no finding (a finding whose own note says nothing is lost is
// noise). Presented on iOS 17.0–17.1 it would leak, and that is reported (Presenters.swift).
final class ArticleFetcher {
    private var session = URLSession.shared
    var lastRequest: Date?
    func reload() { lastRequest = Date() }
}

struct ArticleScreen: View {
    let fetcher = ArticleFetcher()
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

// The same kind of service in a view presented with a sheet: iOS 17.0–17.1 never free it after
// dismissal, and that is reported (at info: a new one loses nothing the view shows).
final class ShareLogger {
    var sent = 0
    func log() { sent += 1 }
}

struct ShareSheet: View {
    let logger = ShareLogger() // expect: view_owned_reference "the view only calls 'log()' on 'logger'"
    var body: some View {
        Button("Share") { logger.log() }
    }
}

struct ShareHost: View {
    @State private var showing = false
    var body: some View {
        Button("Open") { showing = true }
            .sheet(isPresented: $showing) { ShareSheet() }
    }
}
