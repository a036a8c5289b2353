import SwiftUI

// Three state objects built from one parameter are one root cause: one finding, with a note at each other.
final class EpisodeLoader: ObservableObject {
    @Published var title = ""
    init(episodeID: Int) {}
}

final class EpisodeArtwork: ObservableObject {
    @Published var image: String?
    init(episodeID: Int) {}
}

final class EpisodeChapters: ObservableObject {
    @Published var chapters: [String] = []
    init(episodeID: Int) {}
}

struct EpisodePage: View {
    @StateObject private var loader: EpisodeLoader
    @StateObject private var artwork: EpisodeArtwork
    @StateObject private var chapters: EpisodeChapters

    init(episodeID: Int) {
        _loader = StateObject(wrappedValue: EpisodeLoader(episodeID: episodeID)) // expect: state_injected_value "'@StateObject var artwork' is seeded from 'episodeID' the same way here"
        _artwork = StateObject(wrappedValue: EpisodeArtwork(episodeID: episodeID))
        _chapters = StateObject(wrappedValue: EpisodeChapters(episodeID: episodeID))
    }

    var body: some View { Text(loader.title) }
}

struct EpisodeBrowser: View {
    @State private var selected = 1
    var body: some View {
        EpisodePage(episodeID: selected)
        Button("Next") { selected += 1 }
    }
}
