import SwiftUI

// The root view of a scene the app builds (`WindowGroup { LibraryRoot() }`) lives as long as its window, and
// so does its state: a cycle through that object costs nothing for it, so the finding is info and names the
// chain. Previews that build a root (SceneRootPreviews.swift) change nothing: no user reaches them.

struct LibraryApp: App {
    var body: some Scene {
        WindowGroup {
            LibraryRoot()
                .frame(minWidth: 300)
        }
        // One root per document or value opened: not once for the app.
        DocumentGroup(newDocument: SketchDocument()) { file in
            SketchRoot()
        }
        WindowGroup(for: Int.self) { $chapter in
            ChapterRoot()
        }
        ReaderScene()
        // Also pushed by another screen (AccountScreen.swift): one per push.
        WindowGroup("Account", id: "account") { AccountRoot() }
    }
}

struct ReaderScene: Scene {
    var body: some Scene {
        Window("Reader", id: "reader") { ReaderRoot() }
    }
}

struct LibraryRoot: View {
    @StateObject private var library = LibraryModel()
    var body: some View {
        Text("\(library.count)")
            .onAppear { library.start() }
    }
}

final class LibraryModel: ObservableObject {
    @Published var count = 0
    var onChange: (() -> Void)?
    func start() {
        onChange = { self.count += 1 } // expect: stored_closure_retains_self "'LibraryRoot.library' (in the 'LibraryRoot' that 'LibraryApp.body' builds once) builds this 'LibraryModel' once"
    }
}

struct ReaderRoot: View {
    @State private var reader = ReaderModel()
    var body: some View {
        Text("\(reader.page)")
            .onAppear { reader.start() }
    }
}

@Observable final class ReaderModel {
    var page = 0
    var onTurn: (() -> Void)?
    func start() {
        onTurn = { self.page += 1 } // expect: stored_closure_retains_self "'ReaderRoot.reader' (in the 'ReaderRoot' that 'ReaderScene.body' builds, in the 'ReaderScene' that 'LibraryApp.body' builds once) builds this 'ReaderModel' once"
    }
}

struct SketchDocument {}

struct SketchRoot: View {
    @StateObject private var sketch = SketchModel()
    var body: some View {
        Text("\(sketch.strokes)")
            .onAppear { sketch.start() }
    }
}

final class SketchModel: ObservableObject {
    @Published var strokes = 0
    var onStroke: (() -> Void)?
    func start() {
        onStroke = { self.strokes += 1 } // expect: stored_closure_retains_self "'SketchModel' is never released"
    }
}

struct ChapterRoot: View {
    @StateObject private var chapter = ChapterModel()
    var body: some View {
        Text("\(chapter.words)")
            .onAppear { chapter.start() }
    }
}

final class ChapterModel: ObservableObject {
    @Published var words = 0
    var onWord: (() -> Void)?
    func start() {
        onWord = { self.words += 1 } // expect: stored_closure_retains_self "'ChapterModel' is never released"
    }
}

struct AccountRoot: View {
    @StateObject private var account = AccountModel()
    var body: some View {
        Text("\(account.logins)")
            .onAppear { account.start() }
    }
}

final class AccountModel: ObservableObject {
    @Published var logins = 0
    var onLogin: (() -> Void)?
    func start() {
        onLogin = { self.logins += 1 } // expect: stored_closure_retains_self "'AccountModel' is never released"
    }
}
