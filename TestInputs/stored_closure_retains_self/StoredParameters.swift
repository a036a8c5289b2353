import Foundation

// An initializer's parameter that it stores in the `let` of the same name names the object `self` keeps:
// a handler set on it with a strong `self` is a cycle through `self`'s own pipe. A parameter the object
// does not keep, or a handler with `[weak self]`, is no cycle.
final class PipePort {
    let readPipe: FileHandle
    var onData: ((Data) -> Void)?

    init(readPipe: FileHandle) {
        self.readPipe = readPipe
        readPipe.readabilityHandler = { handle in // expect: stored_closure_retains_self "'PipePort' is never released"
            self.onData?(handle.availableData)
        }
    }
}

final class PipeReader {
    var onData: ((Data) -> Void)?
    var count = 0

    init(pipe: FileHandle) {
        pipe.readabilityHandler = { handle in
            self.onData?(handle.availableData)
        }
    }
}

final class WeakPipePort {
    let readPipe: FileHandle
    var onData: ((Data) -> Void)?

    init(readPipe: FileHandle) {
        self.readPipe = readPipe
        readPipe.readabilityHandler = { [weak self] handle in
            self?.onData?(handle.availableData)
        }
    }
}

// A closure parameter that shadows the stored parameter names another handle, one `self` does not keep.
final class FanOutPort {
    let readPipe: FileHandle
    var onData: ((Data) -> Void)?

    init(readPipe: FileHandle, mirrors: [FileHandle]) {
        self.readPipe = readPipe
        mirrors.forEach { readPipe in
            readPipe.readabilityHandler = { handle in
                self.onData?(handle.availableData)
            }
        }
    }
}
