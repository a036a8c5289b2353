import SwiftUI

// A private view that only the file's previews build is preview scaffolding too: what it passes is no
// witness, and it does not make the views it builds reached. The badge below is built only there: info,
// "nothing in the app builds it".
struct ScoreBadge: View {
    @State private var score: Int
    init(score: Int) { _score = State(initialValue: score) } // expect: state_injected_value "read-only copy of the init parameter 'score'"
    var body: some View { Text("\(score)") }
}

#Preview {
    ScorePreviewHost()
}

private struct ScorePreviewHost: View {
    @State private var score = 1
    var body: some View {
        ScoreBadge(score: score)
            .onTapGesture { score += 1 }
    }
}

// The same wrapper shape used by the app: a real caller, and its @State is the witness (warning).
struct LevelBadge: View {
    @State private var level: Int
    init(level: Int) { _level = State(initialValue: level) } // expect: state_injected_value "read-only copy of the init parameter 'level'"
    var body: some View { Text("\(level)") }
}

private struct LevelHost: View {
    @State private var level = 1
    var body: some View {
        LevelBadge(level: level)
            .onTapGesture { level += 1 }
    }
}

struct LevelScreen: View {
    var body: some View { LevelHost() }
}

#Preview {
    LevelHost()
}
