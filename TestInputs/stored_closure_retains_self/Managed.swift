import Foundation

// A cycle another method breaks (stop(), completeResponse()): it lasts until that runs, so it is reported
// at info with a note at the release. A release in deinit does not count (deinit cannot run), nor one in
// the storing method before the store (it releases the previous value).
final class Poller {
    private var timer: Timer?
    private var handler: (() -> Void)?
    private var ticks = 0

    func start() {
        timer?.invalidate()
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in // expect: stored_closure_retains_self "lives until 'stop()' releases it"
            self.ticks += 1
        }
    }

    func stop() {
        timer?.invalidate()
        timer = nil
    }

    func arm() {
        handler = nil
        handler = { self.ticks = 0 } // expect: stored_closure_retains_self "never released"
    }

    deinit {
        handler = nil
    }
}

// A release written `self.member = nil` beside another closure that names `self` (a hop to the main queue)
// is still the release: only a closure stored into the member renews the cycle.
final class PlayerProxy {
    private let queue = OperationQueue()
    private var statusObserver: NSKeyValueObservation?
    private var pending = 0

    func play() {
        statusObserver = queue.observe(\.operationCount) { _, _ in // expect: stored_closure_retains_self "lives until 'stopped()' releases it"
            self.pending += 1
        }
    }

    func stopped() {
        DispatchQueue.main.async { self.pending = 0 }
        if let statusObserver {
            statusObserver.invalidate()
            self.statusObserver = nil
        }
    }
}

// A release later in the method that stores: the `else` of a property's `didSet` that sets the handler
// when the property is not nil, and the line after the loop of the task that set it (cancelled by a
// stop method). Both end the cycle; one written before the store does not (`arm()` above).
protocol SerialPortDelegate: AnyObject {
    func port(_ port: SerialPort, received data: Data)
}

final class SerialPort {
    private let readHandle: FileHandle

    weak var delegate: SerialPortDelegate? {
        didSet {
            if let delegate {
                readHandle.readabilityHandler = { handle in // expect: stored_closure_retains_self "lives until 'delegate''s didSet releases it"
                    delegate.port(self, received: handle.availableData)
                }
            } else {
                readHandle.readabilityHandler = nil
            }
        }
    }

    init(readHandle: FileHandle) {
        self.readHandle = readHandle
    }
}

final class PortMapper {
    var mappingChanged: (() -> Void)?
}

final class RemoteServer {
    private var mapper: PortMapper?
    private var listener: Task<Void, Never>?
    private var address = ""

    func start(connections: AsyncStream<Int>) {
        listener = Task {
            mapper = PortMapper()
            mapper!.mappingChanged = { // expect: stored_closure_retains_self "lives until 'start()' releases it"
                self.address = "changed"
            }
            for await connection in connections {
                address = "\(connection)"
            }
            mapper = nil
        }
    }

    func stop() {
        listener?.cancel()
    }
}

// The same, started by the initializer: the note names it.
final class LocalServer {
    private var mapper: PortMapper?
    private var listener: Task<Void, Never>?
    private var address = ""

    init(connections: AsyncStream<Int>) {
        listener = Task {
            mapper = PortMapper()
            mapper!.mappingChanged = { // expect: stored_closure_retains_self "lives until the initializer releases it"
                self.address = "changed"
            }
            for await connection in connections {
                address = "\(connection)"
            }
            mapper = nil
        }
    }

    func stop() {
        listener?.cancel()
    }
}
