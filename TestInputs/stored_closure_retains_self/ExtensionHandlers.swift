import Foundation

final class Downloader {
    var progress = 0.0
    var onProgress: ((Double) -> Void)?
    var observation: NSKeyValueObservation?
    let queue = OperationQueue()
}
