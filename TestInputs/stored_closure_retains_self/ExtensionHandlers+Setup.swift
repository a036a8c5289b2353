import Foundation

// The class and its stored properties are declared in another file.
extension Downloader {
    func install() {
        onProgress = { value in self.progress = value } // expect: stored_closure_retains_self
        observation = queue.observe(\.operationCount) { _, _ in // expect: stored_closure_retains_self "Key-value observation stored in 'observation'"
            self.progress = 0
        }
    }

    func installWeakly() {
        onProgress = { [weak self] value in self?.progress = value }
    }
}
