import SwiftUI

// Previews build the scene roots again; no user reaches them, so the roots stay built once (SceneRoots.swift).

#Preview("Library") {
    LibraryRoot()
}

struct ReaderRoot_Previews: PreviewProvider {
    static var previews: some View {
        ReaderRoot()
    }
}
