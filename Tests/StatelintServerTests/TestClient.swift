import Foundation
@testable import StatelintServer
import StatelintCore

/// Drives a `LanguageServer` over two pipes, as an editor would: writes framed messages, reads what the
/// server sends (with a time limit, so a server that stays silent fails the test instead of hanging it).
final class TestClient: @unchecked Sendable {
    let server: LanguageServer
    let toServer: (read: Int32, write: Int32)
    let fromServer: (read: Int32, write: Int32)
    var framer = MessageFramer()
    var received: [JSON] = []
    private var thread: Thread?
    private let done = DispatchSemaphore(value: 0)
    private(set) var exitStatus: Int32?

    /// The servers' environment: a cache home of the tests' own (the user's is never touched).
    static let environment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cacheHome
        return environment
    }()
    /// Removed when the test process exits (one per process: left behind, they piled up in the temporary folder).
    static let cacheHome: String = {
        atexit { try? FileManager.default.removeItem(atPath: TestClient.cacheHomePath()) }
        return cacheHomePath()
    }()
    private static func cacheHomePath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("statelint-server-tests-cache-\(getpid())").path
    }

    init(jobs: Int = 1) {
        var a: [Int32] = [0, 0], b: [Int32] = [0, 0]
        _ = pipe(&a)
        _ = pipe(&b)
        toServer = (a[0], a[1])
        fromServer = (b[0], b[1])
        server = LanguageServer(version: "test", input: a[0], output: b[1], jobs: jobs, environment: TestClient.environment)
    }

    func start() {
        let server = self.server
        let thread = Thread { [self] in
            exitStatus = server.run()
            done.signal()
        }
        thread.stackSize = 8 << 20
        self.thread = thread
        thread.start()
    }

    /// Closes the server's input and waits for `run` to return.
    func finish(timeout: Double = 10) -> Int32? {
        close(toServer.write)
        guard done.wait(timeout: .now() + timeout) == .success else { return nil }
        close(fromServer.write)
        close(fromServer.read)
        close(toServer.read)
        return exitStatus
    }

    /// Waits for `run` to return after an `exit` notification.
    func waitForExit(timeout: Double = 10) -> Int32? {
        guard done.wait(timeout: .now() + timeout) == .success else { return nil }
        return exitStatus
    }

    func writeRaw(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(toServer.write, $0.baseAddress! + offset, bytes.count - offset) }
            guard n > 0 else { return }
            offset += n
        }
    }

    func send(_ json: String) { writeRaw(MessageFramer.frame(json)) }

    func request(_ id: Int, _ method: String, _ params: String = "{}") {
        send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
    }

    func notify(_ method: String, _ params: String = "{}") {
        send(#"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params)}"#)
    }

    /// The next message that matches, reading until `timeout`; earlier messages stay in `received`.
    func wait(timeout: Double = 20, _ matches: (JSON) -> Bool) -> JSON? {
        if let index = received.firstIndex(where: matches) { return received.remove(at: index) }
        let deadline = Date().addingTimeInterval(timeout)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while Date() < deadline {
            var descriptor = pollfd(fd: fromServer.read, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let n = chunk.withUnsafeMutableBytes { read(fromServer.read, $0.baseAddress, $0.count) }
            guard n > 0 else { return nil }
            framer.append(chunk[0..<n])
            while let frame = framer.next() {
                if case .message(let body) = frame, let json = JSON.parse(body) { received.append(json) }
            }
            if let index = received.firstIndex(where: matches) { return received.remove(at: index) }
        }
        return nil
    }

    func response(_ id: Int, timeout: Double = 20) -> JSON? {
        wait(timeout: timeout) { $0["id"]?.int == id && $0["method"] == nil }
    }

    func diagnostics(for uri: String, timeout: Double = 20) -> [JSON]? {
        wait(timeout: timeout) { $0["method"]?.string == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.string == uri }?["params"]?["diagnostics"]?.array
    }

    /// `initialize` and `initialized`, with the given client capabilities.
    func initialize(root: String?, capabilities: String = "{}", options: String = "null") -> JSON? {
        let rootURI = root.map { "\"\(FileURI.uri($0))\"" } ?? "null"
        request(1, "initialize", #"{"processId":null,"rootUri":\#(rootURI),"capabilities":\#(capabilities),"initializationOptions":\#(options)}"#)
        let result = response(1)
        notify("initialized")
        return result
    }

    static func quoted(_ text: String) -> String {
        var out = ""
        JSONWriter.writeString(text, into: &out)
        return out
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", #"{"textDocument":{"uri":"\#(uri)","languageId":"swift","version":\#(version),"text":\#(TestClient.quoted(text))}}"#)
    }

    func changeAll(_ uri: String, _ text: String, version: Int) {
        notify("textDocument/didChange", #"{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[{"text":\#(TestClient.quoted(text))}]}"#)
    }
}

/// A throw-away project folder (a git work tree, so it is its own project root).
struct Sandbox {
    let root: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("statelint-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base.appendingPathComponent(".git"), withIntermediateDirectories: true)
        root = base.standardizedFileURL.path
    }

    func write(_ name: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root).appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func uri(_ name: String) -> String { FileURI.uri(root + "/" + name) }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}
