import Foundation

// Classes the project builds once for the whole app (AppOwnersApp.swift): a cycle through that instance
// costs nothing, so the finding is info and names the place.

final class DownloadQueue {
    var onProgress: ((Double) -> Void)?
    var progress = 0.0
    init() {
        onProgress = { self.progress = $0 } // expect: stored_closure_retains_self "'NotesApp.queue' builds this 'DownloadQueue' once, for the app's lifetime"
    }
}

final class SyncEngine {
    var onTick: (() -> Void)?
    var ticks = 0
    init(interval: Double) {
        onTick = { self.ticks += 1 } // expect: stored_closure_retains_self "'NotesApp.init' builds this 'SyncEngine' once"
    }
}

// A subclass declared beside it (`RemoteLibraryStore: LibraryStore {`) does not build one: the app's init is
// still the only place that does.
class LibraryStore {
    var onChange: (() -> Void)?
    var changes = 0
    init() {
        onChange = { self.changes += 1 } // expect: stored_closure_retains_self "'NotesApp.init' builds this 'LibraryStore' once"
    }
}

final class RemoteLibraryStore: LibraryStore {}

final class CrashReporter {
    var onReport: (() -> Void)?
    var reports = 0
    func install() {
        onReport = { self.reports += 1 } // expect: stored_closure_retains_self "the global 'crashReporter' builds this 'CrashReporter' once"
    }
}

final class SoundBoard {
    var onEnd: (() -> Void)?
    var ended = false
    func prepare() {
        onEnd = { self.ended = true } // expect: stored_closure_retains_self "'Services.sounds' builds this 'SoundBoard' once"
    }
}

final class LaunchTracker {
    var onLaunch: (() -> Void)?
    var launches = 0
    func arm() {
        onLaunch = { self.launches += 1 } // expect: stored_closure_retains_self "'NotesAppDelegate.tracker' builds this 'LaunchTracker' once"
    }
}

// Built per screen (a view's property, a local in a function): a warning, as before.
final class DraftEditor {
    var onSave: (() -> Void)?
    var saved = false
    func prepare() {
        onSave = { self.saved = true } // expect: stored_closure_retains_self "'DraftEditor' is never released"
    }
}

// Built once by the app, and again by each window's root view (WindowRoot.swift): each window's instance
// leaks, so the finding stays a warning.
final class WindowState {
    var onResize: (() -> Void)?
    var resized = 0
    func observe() {
        onResize = { self.resized += 1 } // expect: stored_closure_retains_self "'WindowState' is never released"
    }
}
