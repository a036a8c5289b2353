import Foundation

// A dispatch source made in a local, given a handler that holds self, then kept on self: the source keeps the
// handler and self keeps the source. Its only release is in a private method that deinit calls, which the
// cycle keeps from running, and 'save' calls, which starts the monitor again: no release.
final class IgnoreFileWatcher {
    private var monitor: DispatchSourceFileSystemObject?

    deinit {
        Task { @MainActor [weak self] in self?.stopMonitor() }
    }

    func reload() async {}

    func start(descriptor: Int32) {
        let source = DispatchSource.makeFileSystemObjectSource(fileDescriptor: descriptor, eventMask: .write, queue: .main)
        source.setEventHandler {
            Task { await self.reload() }
        }
        monitor?.cancel()
        monitor = source // expect: stored_closure_retains_self "'IgnoreFileWatcher' is never released, so its deinit never runs"
        source.resume()
    }

    func save(descriptor: Int32) {
        stopMonitor()
        defer { start(descriptor: descriptor) }
    }

    private func stopMonitor() {
        monitor?.cancel()
        monitor = nil
    }
}

// The same, with a release that other code can reach (the private method is called by 'stop()'): the cycle
// is managed, info.
final class LogFileWatcher {
    private var monitor: DispatchSourceFileSystemObject?

    func reload() {}

    func start(descriptor: Int32) {
        let source = DispatchSource.makeFileSystemObjectSource(fileDescriptor: descriptor, eventMask: .write, queue: .main)
        source.setEventHandler { self.reload() }
        monitor = source // expect: stored_closure_retains_self "'LogFileWatcher' lives until 'stopMonitor()' releases it"
        source.resume()
    }

    func stop() { stopMonitor() }

    private func stopMonitor() {
        monitor?.cancel()
        monitor = nil
    }
}

// A weak handler: silent.
final class QuietWatcher {
    private var monitor: DispatchSourceFileSystemObject?

    func reload() {}

    func start(descriptor: Int32) {
        let source = DispatchSource.makeFileSystemObjectSource(fileDescriptor: descriptor, eventMask: .write, queue: .main)
        source.setEventHandler { [weak self] in self?.reload() }
        monitor = source
        source.resume()
    }
}
