import Observation
import SwiftUI

// An object built straight into '.environmentObject(…)' or '.environment(…)' in a body: each time the body
// runs, the views below are handed a new one, and what the old one held is gone. The witness is what runs
// the body again: a state it reads as it runs, or an object the view observes.

final class PlayerSettings: ObservableObject {
    @Published var volume = 0.5
}

@Observable final class Shelf {
    var books: [String] = []
}

/// Only constants: a new one loses nothing.
final class Palette: ObservableObject {
    let accent = "blue"
}

struct EnvironmentScenes: Scene {
    var body: some Scene {
        WindowGroup {
            PlayerRoot()
            ShelfRoot()
            HelperRoot()
            SharedRoot()
            Plain()
            TabsOnly()
            InertPreview()
            SheetBuilder()
            StatelessPalette()
            ActionsOnly()
            LaterReads()
        }
    }
}

struct PlayerRoot: View {
    @State private var track = 0
    var body: some View {
        VStack {
            Text("Track \(track)")
            PlayerControls()
                .environmentObject(PlayerSettings()) // expect: observed_object_owned "'.environmentObject(PlayerSettings())' in 'PlayerRoot.body' makes a new 'PlayerSettings' each time it runs"
        }
    }
}

struct ShelfRoot: View {
    @EnvironmentObject var settings: PlayerSettings
    var body: some View {
        List {
            PlayerControls()
        }
        .environment(Shelf()) // expect: observed_object_owned "'.environment(Shelf())' in 'ShelfRoot.body'"
    }
}

struct HelperRoot: View {
    @Binding var page: Int
    var body: some View {
        content
    }

    private var content: some View {
        Group {
            if page > 0 {
                PlayerControls()
                    .environmentObject(PlayerSettings()) // expect: observed_object_owned "in 'HelperRoot.content'"
            }
        }
    }
}

struct PlayerControls: View {
    @EnvironmentObject var settings: PlayerSettings
    var body: some View { Slider(value: $settings.volume) }
}

// Silent: the object is kept in the view's own state; nothing runs the body again; only a binding is passed
// ('$tab' reads nothing); an inert preview nobody can touch; presented content; a class without state;
// reads only in actions or in a closure another view calls later; a view only a preview builds.
struct SharedRoot: View {
    @State private var track = 0
    @StateObject private var settings = PlayerSettings()
    var body: some View {
        Text("\(track)")
        PlayerControls().environmentObject(settings)
    }
}

struct Plain: View {
    var body: some View {
        PlayerControls().environmentObject(PlayerSettings())
    }
}

struct TabsOnly: View {
    @State private var tab = 0
    var body: some View {
        TabView(selection: $tab) {
            PlayerControls().environmentObject(PlayerSettings())
        }
    }
}

struct InertPreview: View {
    @State private var track = 0
    var body: some View {
        Text("\(track)")
        PlayerControls()
            .environmentObject(PlayerSettings())
            .allowsHitTesting(false)
    }
}

struct SheetBuilder: View {
    @State private var shown = false
    var body: some View {
        Text(shown ? "open" : "closed")
            .sheet(isPresented: $shown, content: makeSheet)
    }

    private func makeSheet() -> some View {
        PlayerControls().environmentObject(PlayerSettings())
    }
}

struct StatelessPalette: View {
    @State private var track = 0
    var body: some View {
        Text("\(track)")
        PlayerControls().environmentObject(Palette())
    }
}

struct ActionsOnly: View {
    @State private var taps = 0
    var body: some View {
        Button("Tap") { taps += 1; print(taps) }
        PlayerControls().environmentObject(PlayerSettings())
    }
}

struct LaterReads: View {
    @State private var name = ""
    var body: some View {
        TextField("Name", text: Binding(get: { name }, set: { name = $0 }))
        PlayerControls().environmentObject(PlayerSettings())
    }
}

struct DemoWrapper: View {
    @State private var track = 0
    var body: some View {
        Text("\(track)")
        PlayerControls().environmentObject(PlayerSettings())
    }
}

#Preview {
    DemoWrapper()
}
