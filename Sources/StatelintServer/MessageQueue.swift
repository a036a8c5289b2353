import Foundation
import StatelintCore

/// What the reader thread hands to the server's loop.
enum Incoming: Sendable {
    /// A message body that parsed as JSON.
    case message(JSON)
    /// A body that is not JSON.
    case unparsable(String)
    /// A header block that was skipped.
    case malformed(String)
}

/// Messages read from the client, waiting for the server's loop, and the ids of requests the client
/// cancelled (noted as soon as `$/cancelRequest` is read, so a request still waiting is answered as
/// cancelled instead of being worked on).
final class MessageQueue: @unchecked Sendable {
    private var items: [Incoming] = []
    private var head = 0
    private var finished = false
    private var cancelled: Set<String> = []
    private let condition = NSCondition()

    enum Taken {
        case item(Incoming)
        /// Nothing is waiting (only when the caller asked not to wait).
        case empty
        /// The input ended and everything was taken.
        case end
    }

    func push(_ item: Incoming) {
        condition.lock()
        items.append(item)
        condition.signal()
        condition.unlock()
    }

    /// The input ended.
    func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    func cancel(_ id: JSON) {
        condition.lock()
        cancelled.insert(MessageQueue.key(id))
        condition.unlock()
    }

    /// Whether the request with this id was cancelled (the note is dropped: ids are not reused).
    func takeCancellation(_ id: JSON) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled.remove(MessageQueue.key(id)) != nil
    }

    /// The next item; when none is waiting, waits for one if `wait`, else returns `.empty`.
    func take(wait: Bool) -> Taken {
        condition.lock()
        defer { condition.unlock() }
        while head == items.count {
            if finished { return .end }
            if !wait { return .empty }
            condition.wait()
        }
        let item = items[head]
        head += 1
        if head > 1024 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        return .item(item)
    }

    /// Whether another message is waiting.
    var hasWaiting: Bool {
        condition.lock()
        defer { condition.unlock() }
        return head < items.count
    }

    static func key(_ id: JSON) -> String {
        switch id {
        case .string(let s): return "s:" + s
        default: return "n:" + (id.int.map(String.init) ?? "?")
        }
    }

    /// What a frame is for the server's loop; nil for a cancellation, which is only noted.
    func incoming(_ frame: MessageFramer.Frame) -> Incoming? {
        switch frame {
        case .malformed(let reason): return .malformed(reason)
        case .message(let body):
            guard let json = JSON.parse(body) else { return .unparsable(String(decoding: body.prefix(120), as: UTF8.self)) }
            if json["method"]?.string == "$/cancelRequest", let id = json["params"]?["id"] {
                cancel(id)
                return nil
            }
            return .message(json)
        }
    }

    /// Reads `fd` until it ends, framing messages into the queue.
    func read(from fd: Int32) {
        var framer = MessageFramer()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            framer.append(chunk[0..<count])
            while let frame = framer.next() {
                if let item = incoming(frame) { push(item) }
            }
        }
        finish()
    }
}
