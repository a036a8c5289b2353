import Foundation
import StatelintCore
import StatelintDiagnostics

/// `statelint server`: a Language Server Protocol server over standard input and output.
///
/// One thread reads and frames messages into a queue; the loop answers them in order. Document changes
/// only mark the open documents stale: they are linted when no message is waiting (so a burst of
/// keystrokes costs one lint) or before a request that needs their findings (code actions). Every open
/// document of a project is linted together, with the whole project's index and the other open buffers
/// in place of their files, so an edit in one buffer updates the findings of another; files on disk are
/// held in memory (`Workspace`) and read again only when they change.
public final class LanguageServer: @unchecked Sendable {
    let version: String
    let input: Int32
    let output: Int32
    let queue = MessageQueue()
    let workspace: Workspace
    private let writeLock = NSLock()

    var encoding: PositionEncoding = .utf16
    var initializeReceived = false
    var shutdownRequested = false
    var exitCode: Int32?
    /// Open documents by URI.
    var documents: [String: TextDocument] = [:]
    /// What was last published for each open document (code actions are built from it), and for which version.
    var published: [String: [Diagnostic]] = [:]
    var publishedVersion: [String: Int] = [:]
    /// Configuration files that have a problem shown on them: the message, by URI.
    var configProblems: [String: String] = [:]
    /// Documents whose text is no longer known (a change that could not be applied): not linted until
    /// the client sends the whole text again or reopens them.
    var broken: Set<String> = []
    /// When each document last changed (a counter): of two URIs of one file, the newer text wins.
    var touched: [String: Int] = [:]
    var clock = 0
    /// When the files on disk were last checked and the projects' files last looked for again.
    var lastRediscovery = 0.0
    var stale = false
    /// Advisories (info findings) are published as hints, which editors show quietly; the option
    /// `"infoSeverity": "information"` publishes them as information instead.
    var infoAsHint = true
    var enable: [String] = []
    var disable: [String] = []
    var workspaceFolders: [String] = []
    var clientProgress = false
    var clientWatchRegistration = false
    var clientRelatedInformation = true
    var nextRequest = 1
    /// Our `window/workDoneProgress/create` requests, by id: the folder to index once the client answers.
    var pendingProgress: [Int: String] = [:]
    /// Our `client/registerCapability` request for watched files, and whether the client accepted it
    /// (then file events say what changed on disk, and modification times need not be checked).
    var watchRequest: Int?
    var watching = false
    /// Lint times, for `statelint/stats` (the latency benchmark).
    var lintTimes: [Double] = []
    /// The engine's per-file results, by project and settings (see `cacheKey`).
    var caches: [String: AnalysisCache] = [:]
    /// The platforms each project's build files name (`ProjectTarget`), by project root, with the stamps of
    /// the files they were read from (and of the root folder, where a new project appears): read again when
    /// one of them changes, not on every keystroke.
    var targets: [String: (stamps: [Stamp], target: DeploymentTarget, sources: [String])] = [:]
    /// Nested `.lintrc` files with a problem found by this lint: the message, by URI.
    var nestedProblems: [String: String] = [:]
    /// Each project's nested `.lintrc` files (by root), with when they were looked for: looked for again
    /// when a `.lintrc` changes or every two seconds.
    var nestedConfigurations: [String: (checkedAt: Double, found: Result<[(folder: String, configuration: Configuration)], ConfigError>)] = [:]
    /// Files whose content changed since the last lint (absolute paths): their cached results are dropped.
    var changed: Set<String> = []

    /// The environment: `STATELINT_NO_CACHE`, `STATELINT_CACHE_DIR`, `HOME` and `XDG_CACHE_HOME` are read from it.
    let environment: [String: String]

    public init(version: String, input: Int32 = 0, output: Int32 = 1, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.version = version
        self.environment = environment
        self.input = input
        self.output = output
        workspace = Workspace(jobs: max(1, jobs), home: CacheLocation.homeFolder(environment: environment))
    }

    /// Serves until `exit` or the end of the input. Returns the exit status: 0 after `shutdown`, else 1.
    public func run() -> Int32 {
        let queue = self.queue
        let input = self.input
        let reader = Thread { queue.read(from: input) }
        reader.stackSize = 16 << 20  // JSON is decoded here, recursively (to `JSON.maximumDepth`)
        reader.start()
        while exitCode == nil {
            switch queue.take(wait: !stale) {
            case .item(let item): handle(item)
            case .empty: relint()
            case .end: return shutdownRequested ? 0 : 1
            }
        }
        return exitCode!
    }

    /// Handles a piece of the input stream at once, on the caller's thread, as `run` would: framed,
    /// cancellations noted, messages answered in order, then the open documents linted if they changed.
    /// For tests and fuzzing; `run` reads standard input on a thread of its own instead.
    public func process(_ bytes: some Collection<UInt8>) {
        var framer = MessageFramer()
        framer.append(bytes)
        var items: [Incoming] = []
        while let frame = framer.next() {
            if let item = queue.incoming(frame) { items.append(item) }
        }
        for item in items where exitCode == nil { handle(item) }
        if stale && exitCode == nil { relint() }
    }

    // MARK: - Messages

    func handle(_ item: Incoming) {
        switch item {
        case .malformed(let reason):
            log("statelint: malformed message: \(reason)", type: 1)
        case .unparsable(let start):
            log("statelint: a message that is not JSON: \(start.debugDescription)", type: 1)
            respond(id: .null, error: (RPCError.parseError, "the message is not JSON"))
        case .message(let message):
            guard case .object = message else {
                respond(id: .null, error: (RPCError.invalidRequest, "a message is a JSON object"))
                return
            }
            guard let method = message["method"]?.string else {
                if message["result"] != nil || message["error"] != nil {
                    // A response to a request of ours (never answered, whatever its id).
                    if let id = message["id"]?.int { answered(id, failed: message["error"] != nil) }
                } else {
                    respond(id: message["id"].flatMap { $0.isValidID ? $0 : nil } ?? .null,
                            error: (RPCError.invalidRequest, "a request needs a method"))
                }
                return
            }
            let params = message["params"] ?? .null
            if let id = message["id"] {
                guard id.isValidID else {
                    respond(id: .null, error: (RPCError.invalidRequest, "a request id is an integer or a string"))
                    return
                }
                request(id: id, method: method, params: params)
            } else {
                notification(method, params: params)
            }
        }
    }

    func request(id: JSON, method: String, params: JSON) {
        if queue.takeCancellation(id) {
            respond(id: id, error: (RPCError.requestCancelled, "cancelled"))
            return
        }
        guard initializeReceived || method == "initialize" else {
            respond(id: id, error: (RPCError.serverNotInitialized, "initialize first"))
            return
        }
        guard !shutdownRequested else {
            respond(id: id, error: (RPCError.invalidRequest, "the server is shutting down"))
            return
        }
        switch method {
        case "initialize":
            guard !initializeReceived else {
                respond(id: id, error: (RPCError.invalidRequest, "initialize was already received"))
                return
            }
            respond(id: id, result: initialize(params))
        case "shutdown":
            shutdownRequested = true
            respond(id: id, result: .null)
        case "textDocument/codeAction":
            if stale { relint() }
            respond(id: id, result: codeActions(params))
        case "statelint/stats":
            // For the latency benchmark: the lint times so far, in microseconds.
            respond(id: id, result: .array(lintTimes.map { .int(Int($0 * 1_000_000)) }))
        default:
            respond(id: id, error: (RPCError.methodNotFound, "statelint has no method '\(method)'"))
        }
    }

    func notification(_ method: String, params: JSON) {
        if method == "exit" {
            exitCode = shutdownRequested ? 0 : 1
            return
        }
        guard initializeReceived else { return }
        switch method {
        case "initialized": startIndexing()
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.string, let path = FileURI.path(uri),
                  let text = item["text"]?.string else { return invalid(method) }
            documents[uri] = TextDocument(uri: uri, path: path, version: item["version"]?.int ?? 0, text: text)
            broken.remove(uri)
            touch(uri)
            changed.insert(path)
            published[uri] = nil
            publishedVersion[uri] = nil
            stale = true
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, var document = documents[uri],
                  let changes = params["contentChanges"]?.array else { return invalid(method) }
            for change in changes {
                if change["range"] == nil || change["range"] == .null { broken.remove(uri) }
                guard !broken.contains(uri) else { continue }
                if !document.apply(change, encoding: encoding) {
                    // Later changes would land in the wrong places: the text is unknown until the client
                    // sends all of it again.
                    broken.insert(uri)
                    log("statelint: a content change of \(uri) could not be applied; its findings are withheld until the document is reopened", type: 1)
                }
            }
            touch(uri)
            document.version = params["textDocument"]?["version"]?.int ?? document.version + 1
            documents[uri] = document
            changed.insert(document.path)
            stale = true
        case "textDocument/didSave":
            guard let uri = params["textDocument"]?["uri"]?.string, let path = FileURI.path(uri) else { return invalid(method) }
            workspace.update(created: [], changed: [path], deleted: [])
            changed.insert(path)
            stale = true
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return invalid(method) }
            broken.remove(uri)
            touched[uri] = nil
            if let document = documents.removeValue(forKey: uri) {
                // The file on disk may differ from the closed buffer.
                workspace.update(created: [], changed: [document.path], deleted: [])
                changed.insert(document.path)
                publish(uri: uri, version: nil, diagnostics: .array([]))
            }
            published[uri] = nil
            publishedVersion[uri] = nil
            stale = true
        case "workspace/didChangeWatchedFiles":
            var created: [String] = [], changed: [String] = [], deleted: [String] = []
            for change in params["changes"]?.array ?? [] {
                guard let path = change["uri"]?.string.flatMap(FileURI.path) else { continue }
                switch change["type"]?.int {
                case 1: created.append(path)
                case 3: deleted.append(path)
                default: changed.append(path)
                }
            }
            workspace.update(created: created, changed: changed, deleted: deleted)
            // Build files and configurations: read again at the next lint.
            for path in created + changed + deleted {
                let name = (path as NSString).lastPathComponent
                if name == "Package.swift" || name.hasSuffix(".pbxproj") || name.hasSuffix(".xcodeproj") { targets = [:] }
                if name == Configuration.fileName { nestedConfigurations = [:] }
            }
            self.changed.formUnion(created + changed + deleted)
            stale = true
        case "workspace/didChangeConfiguration":
            if let settings = params["settings"]?["statelint"] { readRuleOptions(settings) }
            stale = true
        default:
            break  // `$/setTrace`, `$/progress` and others the server has no use for
        }
    }

    func touch(_ uri: String) {
        clock += 1
        touched[uri] = clock
    }

    func invalid(_ method: String) {
        log("statelint: \(method) without the parameters it needs; ignored", type: 2)
    }

    // MARK: - Output

    func respond(id: JSON, result: JSONValue) {
        send(.object([("jsonrpc", .string("2.0")), ("id", id.value), ("result", result)]))
    }

    func respond(id: JSON, error: (code: Int, message: String)) {
        send(.object([("jsonrpc", .string("2.0")), ("id", id.value),
                      ("error", .object([("code", .int(error.code)), ("message", .string(error.message))]))]))
    }

    @discardableResult
    func sendRequest(_ method: String, params: JSONValue) -> Int {
        let id = nextRequest
        nextRequest += 1
        send(.object([("jsonrpc", .string("2.0")), ("id", .int(id)), ("method", .string(method)), ("params", params)]))
        return id
    }

    /// `window/logMessage` (type 1 error, 2 warning, 3 info, 4 log); on standard error before `initialize`.
    func log(_ message: String, type: Int) {
        guard initializeReceived else {
            FileHandle.standardError.write(Data((message + "\n").utf8))
            return
        }
        send(.object([("jsonrpc", .string("2.0")), ("method", .string("window/logMessage")),
                      ("params", .object([("type", .int(type)), ("message", .string(message))]))]))
    }

    func showMessage(_ message: String, type: Int) {
        send(.object([("jsonrpc", .string("2.0")), ("method", .string("window/showMessage")),
                      ("params", .object([("type", .int(type)), ("message", .string(message))]))]))
    }

    func send(_ message: JSONValue) {
        let bytes = MessageFramer.frame(message.compact())
        writeLock.lock()
        defer { writeLock.unlock() }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.write(output, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }  // the client is gone; `run` ends when the input does
            offset += written
        }
    }
}
