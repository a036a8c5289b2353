import Foundation
import StatelintCore
import StatelintDiagnostics
import StatelintRules
import StatelintSyntax

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
    /// The platforms each project's build files name (`ProjectTarget`), read once per project root: not on
    /// every keystroke.
    var targets: [String: DeploymentTarget] = [:]
    /// Files whose content changed since the last lint (absolute paths): their cached results are dropped.
    var changed: Set<String> = []

    /// The disk cache of a project as the command line finds it (`STATELINT_CACHE_DIR`, else
    /// `.statelint_cache` in the root); nil with `STATELINT_NO_CACHE`.
    static func diskCache(root: String, version: String) -> DiskCache? {
        let environment = ProcessInfo.processInfo.environment
        if let off = environment["STATELINT_NO_CACHE"], !off.isEmpty, off != "0" { return nil }
        let folder = environment["STATELINT_CACHE_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? root + "/.statelint_cache"
        return DiskCache(folder: folder, version: version)
    }

    public init(version: String, input: Int32 = 0, output: Int32 = 1, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.version = version
        self.input = input
        self.output = output
        workspace = Workspace(jobs: max(1, jobs))
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

    // MARK: - Lifecycle

    func initialize(_ params: JSON) -> JSONValue {
        initializeReceived = true
        let capabilities = params["capabilities"] ?? .null
        let offered = capabilities["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        encoding = offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
        clientProgress = capabilities["window"]?["workDoneProgress"]?.bool ?? false
        clientWatchRegistration = capabilities["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool ?? false
        clientRelatedInformation = capabilities["textDocument"]?["publishDiagnostics"]?["relatedInformation"]?.bool ?? true
        var folders = (params["workspaceFolders"]?.array ?? []).compactMap { $0["uri"]?.string.flatMap(FileURI.path) }
        if folders.isEmpty, let root = params["rootUri"]?.string.flatMap(FileURI.path) ?? params["rootPath"]?.string {
            folders = [root]
        }
        workspaceFolders = folders
        if let options = params["initializationOptions"] { readRuleOptions(options) }
        return .object([
            ("capabilities", .object([
                ("positionEncoding", .string(encoding.rawValue)),
                ("textDocumentSync", .object([
                    ("openClose", .bool(true)),
                    ("change", .int(2)),  // incremental
                    ("save", .object([("includeText", .bool(false))])),
                ])),
                ("codeActionProvider", .object([
                    ("codeActionKinds", .array([.string("quickfix"), .string(LanguageServer.fixAllKind)])),
                ])),
            ])),
            ("serverInfo", .object([("name", .string("statelint")), ("version", .string(version))])),
        ])
    }

    /// `enable` / `disable` (rule ids) from `initializationOptions` or the `statelint` settings.
    func readRuleOptions(_ options: JSON) {
        let known = Set(RuleRegistry.descriptors.map(\.id))
        func ids(_ key: String) -> [String] {
            let listed = options[key]?.array?.compactMap(\.string) ?? []
            for id in listed where !known.contains(id) {
                showMessage("statelint: unknown rule '\(id)' in \(key); see `statelint rules`", type: 2)
            }
            return listed.filter(known.contains)
        }
        enable = ids("enable")
        disable = ids("disable")
    }

    /// After `initialized`: watch Swift files and `.lintrc` where the client can, and read each workspace
    /// folder's project into memory (with `$/progress` where the client shows it).
    func startIndexing() {
        if clientWatchRegistration {
            watchRequest = sendRequest("client/registerCapability", params: .object([("registrations", .array([.object([
                ("id", .string("statelint-watch")),
                ("method", .string("workspace/didChangeWatchedFiles")),
                ("registerOptions", .object([("watchers", .array([
                    .object([("globPattern", .string("**/*.swift"))]),
                    .object([("globPattern", .string("**/.lintrc"))]),
                    .object([("globPattern", .string("**/.gitignore"))]),
                    .object([("globPattern", .string("**/.ignore"))]),
                    // Deleted folders: clients report only the folder, which no pattern above matches.
                    .object([("globPattern", .string("**/*")), ("kind", .int(4))]),
                ]))])),
            ])]))]))
        }
        for folder in workspaceFolders {
            let root = Project.root(configFile: Configuration.locate(from: folder), cwd: folder)
            if clientProgress {
                // Progress may be reported once the client has answered (see `answered`).
                let id = sendRequest("window/workDoneProgress/create", params: .object([("token", .string("statelint-index-\(nextRequest)"))]))
                pendingProgress[id] = root
            } else {
                _ = workspace.files(root: root)
            }
        }
    }

    /// The client answered a request of ours.
    func answered(_ id: Int, failed: Bool) {
        if id == watchRequest {
            watching = !failed
            return
        }
        guard let root = pendingProgress.removeValue(forKey: id) else { return }
        guard !failed else {
            _ = workspace.files(root: root)
            return
        }
        let token = JSONValue.string("statelint-index-\(id)")
        func progress(_ value: [(String, JSONValue)]) {
            send(.object([("jsonrpc", .string("2.0")), ("method", .string("$/progress")),
                          ("params", .object([("token", token), ("value", .object(value))]))]))
        }
        progress([("kind", .string("begin")), ("title", .string("statelint: reading the project")),
                  ("percentage", .int(0)), ("cancellable", .bool(false))])
        let files = workspace.files(root: root) { percentage, message in
            progress([("kind", .string("report")), ("percentage", .int(percentage)), ("message", .string(message))])
        }
        progress([("kind", .string("end")), ("message", .string("\(files.count) Swift files"))])
    }

    // MARK: - Linting

    /// Lints every open Swift document, project by project, and publishes what changed.
    func relint() {
        stale = false
        let start = MonotonicClock.now()
        // Files changed on disk: reported by the client when it watches them (then checked now and then, for
        // files outside its workspace folders); otherwise found by their modification times, and new files
        // by looking for the projects' files again every 30 s.
        changed.formUnion(workspace.sweep(interval: watching ? 10 : 2))
        if !watching && start - lastRediscovery >= 30 {
            if lastRediscovery > 0 { workspace.rediscover() }
            lastRediscovery = start
        }
        if !changed.isEmpty {
            let shown = changed.map(Discovery.displayPath)
            for cache in caches.values { cache.invalidate(shown) }
            changed = []
        }
        var groups: [String: (setup: Workspace.Setup, documents: [TextDocument])] = [:]
        for document in documents.values.sorted(by: { $0.uri < $1.uri }) where document.path.hasSuffix(".swift") {
            if broken.contains(document.uri) {
                if published[document.uri] != [] || publishedVersion[document.uri] != document.version {
                    published[document.uri] = []
                    publishedVersion[document.uri] = document.version
                    publish(uri: document.uri, version: document.version, diagnostics: .array([]))
                }
                continue
            }
            let setup = workspace.setup(of: document.path, workspaceFolders: workspaceFolders)
            let key = setup.root + "\u{0}" + (setup.configFile ?? "")
            groups[key, default: (setup, [])].documents.append(document)
        }
        var problemConfigs: [String: String] = [:]
        for (_, group) in groups.sorted(by: { $0.key < $1.key }) {
            let setup = group.setup
            if let problem = setup.problem, let configFile = setup.configFile {
                let uri = documents.values.first { $0.path == configFile }?.uri ?? FileURI.uri(configFile)
                let shown = "\(problem)"
                // Published when it is new or different, not on every keystroke.
                if problemConfigs[uri] == nil && configProblems[uri] != shown { publishConfigProblem(problem, uri: uri) }
                problemConfigs[uri] = shown
            }
            lint(group.documents, setup: setup)
        }
        for uri in configProblems.keys where problemConfigs[uri] == nil { publish(uri: uri, version: nil, diagnostics: .array([])) }
        configProblems = problemConfigs
        if !groups.isEmpty {
            if lintTimes.count >= 4096 { lintTimes.removeFirst(2048) }
            lintTimes.append(MonotonicClock.now() - start)
        }
    }

    func lint(_ open: [TextDocument], setup: Workspace.Setup) {
        let config = setup.configuration
        let files = setup.standalone ? [] : workspace.files(root: setup.root).filter { Project.selects($0, root: setup.root, config: config) }
        var overlays: [String: SourceFile] = [:]
        var reported: [String: TextDocument] = [:]
        // Oldest first, so that of two URIs of one file the newer text stands in for it.
        for document in open.sorted(by: { touched[$0.uri] ?? 0 < touched[$1.uri] ?? 0 }) {
            let shown = Discovery.displayPath(document.path)
            overlays[document.path] = SourceFile(path: shown, bytes: document.bytes)
            if Project.selects(document.path, root: setup.root, config: config) { reported[shown] = document }
        }
        var paths = files
        var known = Set(files)
        for document in open where known.insert(document.path).inserted { paths.append(document.path) }
        var findings: [String: [Diagnostic]] = [:]
        if !reported.isEmpty {
            let detected = targets[setup.root] ?? ProjectTarget.detect(root: setup.root)
            targets[setup.root] = detected
            var engine = Engine(settings: LintSettings(configuration: config, enable: enable, disable: disable, detected: detected),
                                jobs: workspace.jobs)
            // One cache per project and settings: a changed .lintrc or rule list starts a new one.
            let key = [setup.root, setup.configFile ?? "", setup.configText, enable.joined(separator: ","), disable.joined(separator: ",")]
                .joined(separator: "\u{0}")
            if caches[key] == nil {
                caches = caches.filter { !$0.key.hasPrefix(setup.root + "\u{0}") }
                caches[key] = AnalysisCache()
                // The first lint of a project starts from the disk cache the command line keeps (and leaves
                // it current); later ones use what this server holds in memory.
                engine.diskCache = setup.standalone ? nil : LanguageServer.diskCache(root: setup.root, version: version)
            } else {
                // With the project in the cache a lint parses a file or two: one thread is faster than
                // handing out work (measured: 9 ms against 13 ms a keystroke at a million lines).
                engine.jobs = 1
            }
            engine.cache = caches[key]
            let workspace = self.workspace
            let buffers = overlays
            let report = engine.lint(paths: paths, reportOnly: Set(reported.keys), onDisk: { buffers[$0] == nil }) { path in
                buffers[path].map { .success($0) } ?? workspace.content(of: path)
            }
            if let disk = engine.diskCache {
                disk.save()
                if let problem = disk.problem { log("statelint: \(problem)", type: 3) }
            }
            for d in report.diagnostics { findings[d.path, default: []].append(d) }
            if ProcessInfo.processInfo.environment["STATELINT_SERVER_DEBUG"] != nil, let cache = engine.cache {
                let counts = cache.takeCounts()
                let st = report.stats
                FileHandle.standardError.write(Data("cache \(counts.hits)/\(counts.misses) pass1 \(Int(st.pass1Wall*1e6))us index \(Int(st.indexing*1e6))us (merge \(Int(st.merging*1e6)) late \(Int(st.latePass*1e6)) compact \(Int(st.compacting*1e6))) pass2 \(Int(st.pass2Wall*1e6))us deferred \(Int(st.deferredWall*1e6))us lex \(Int((st.lexingForRules+st.lexingForIndex)*1e6)) parse \(Int((st.parsingForRules+st.parsingForIndex)*1e6)) sites \(st.siteFiles)\n".utf8))
            }
            for problem in report.problems where reported[problem.path] != nil {
                log("statelint: \(problem.path) \(problem.message)", type: problem.isInternalFailure ? 1 : 2)
            }
        }
        for document in open {
            let shown = Discovery.displayPath(document.path)
            let diagnostics = findings[shown] ?? []
            // Positions come from the text that was linted (another URI's, when two name this file).
            let lines = reported[shown]?.lines ?? document.lines
            // Every new version gets its findings (clients tie diagnostics to a version); an unchanged one
            // gets them again only when they changed (a change in another buffer or on disk).
            guard published[document.uri] != diagnostics || publishedVersion[document.uri] != document.version else { continue }
            published[document.uri] = diagnostics
            publishedVersion[document.uri] = document.version
            publish(uri: document.uri, version: document.version,
                    diagnostics: .array(diagnostics.map { lspDiagnostic($0, in: lines) }))
        }
    }

    /// The documentation page of a rule.
    static func documentation(_ rule: String) -> String {
        "https://github.com/statelint/statelint/blob/main/docs/rules.md#\(rule)"
    }

    func lspDiagnostic(_ d: Diagnostic, in lines: LineIndex) -> JSONValue {
        var message = d.message
        if let help = d.help, !help.isEmpty { message += "\n" + help }
        var members: [(String, JSONValue)] = [
            ("range", lines.range(d.range, encoding)),
            ("severity", .int(d.severity == .error ? 1 : d.severity == .warning ? 2 : 3)),
            ("code", .string(d.ruleID)),
            ("codeDescription", .object([("href", .string(LanguageServer.documentation(d.ruleID)))])),
            ("source", .string("statelint")),
            ("message", .string(message)),
        ]
        if d.ruleID == "unused_suppression" { members.append(("tags", .array([.int(1)]))) }  // Unnecessary
        if !d.notes.isEmpty && clientRelatedInformation {
            members.append(("relatedInformation", .array(d.notes.map { note in
                let path = note.path.map(absolute) ?? nil
                let noteLines = path.flatMap { p in
                    documents.values.first { $0.path == p }?.lines
                        ?? (try? workspace.content(of: p).get()).map { LineIndex($0.bytes) }
                } ?? lines
                let uri = path.map { p in documents.values.first { $0.path == p }?.uri ?? FileURI.uri(p) } ?? documentURI(of: d.path)
                return .object([
                    ("location", .object([("uri", .string(uri)), ("range", noteLines.range(note.range, encoding))])),
                    ("message", .string(note.message)),
                ])
            })))
        }
        return .object(members)
    }

    func absolute(_ shown: String) -> String {
        shown.hasPrefix("/") ? shown : FileManager.default.currentDirectoryPath + "/" + shown
    }

    func documentURI(of shown: String) -> String {
        let path = absolute(shown)
        return documents.values.first { $0.path == path }?.uri ?? FileURI.uri(path)
    }

    func publishConfigProblem(_ problem: ConfigError, uri: String) {
        var range = JSONValue.object([("start", Position(line: 0, character: 0).json), ("end", Position(line: 0, character: 0).json)])
        if problem.line > 0, case .success(let bytes) = FileReading.bytes(of: problem.path) {
            let lines = LineIndex(bytes)
            let start = lines.offset(Position(line: problem.line - 1, character: max(0, problem.column - 1)), .utf8)
            range = lines.range(start..<lines.lineEnd(problem.line - 1), encoding)
        }
        var message = problem.message
        if let suggestion = problem.suggestion { message += " (did you mean '\(suggestion)'?)" }
        publish(uri: uri, version: nil, diagnostics: .array([.object([
            ("range", range), ("severity", .int(1)), ("source", .string("statelint")),
            ("message", .string("invalid configuration: \(message); statelint uses its defaults until it is fixed")),
        ])]))
    }

    func publish(uri: String, version: Int?, diagnostics: JSONValue) {
        var params: [(String, JSONValue)] = [("uri", .string(uri))]
        if let version { params.append(("version", .int(version))) }
        params.append(("diagnostics", diagnostics))
        send(.object([("jsonrpc", .string("2.0")), ("method", .string("textDocument/publishDiagnostics")), ("params", .object(params))]))
    }

    // MARK: - Code actions

    static let fixAllKind = "source.fixAll.statelint"

    func codeActions(_ params: JSON) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri],
              let start = Position(params["range"]?["start"]), let end = Position(params["range"]?["end"]) else { return .array([]) }
        let only = params["context"]?["only"]?.array?.compactMap(\.string)
        func wanted(_ kind: String) -> Bool {
            guard let only else { return true }
            return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
        }
        let lines = document.lines
        let diagnostics = published[uri] ?? []
        var actions: [JSONValue] = []
        var literals: LiteralSpans?
        if wanted("quickfix") {
            for d in diagnostics {
                let first = lines.position(d.range.lowerBound, encoding).line
                let last = lines.position(d.range.upperBound, encoding).line
                guard first <= end.line && last >= start.line else { continue }
                let lsp = lspDiagnostic(d, in: lines)
                if let fix = d.fix {
                    actions.append(action(title: fix.title, kind: "quickfix", diagnostic: lsp, preferred: fix.isSafe,
                                          uri: uri, edits: fix.edits, lines: lines))
                }
                if d.ruleID != "unused_suppression" {
                    literals = literals ?? LiteralSpans(Lexer.tokenize(lines.bytes).tokens)
                    let edits = LanguageServer.disableEdits(rule: d.ruleID, line: first, lines: lines, literals: literals!)
                    actions.append(action(title: "Disable \(d.ruleID) for this line", kind: "quickfix", diagnostic: lsp,
                                          preferred: false, uri: uri, edits: edits, lines: lines))
                }
            }
        }
        if wanted(LanguageServer.fixAllKind) {
            let edits = Fixer.safeEdits(diagnostics, size: lines.bytes.count)
            if !edits.isEmpty {
                actions.append(action(title: "Fix all safe statelint findings in this file", kind: LanguageServer.fixAllKind,
                                      diagnostic: nil, preferred: false, uri: uri, edits: edits, lines: lines))
            }
        }
        return .array(actions)
    }

    /// The comment that silences `rule` on `line`: `disable:next` above it, or, when that line starts inside a
    /// multi-line string or comment (where a comment would be text, not a directive), a `disable` region
    /// from above the literal to the first line after `line` that starts outside one.
    static func disableEdits(rule: String, line: Int, lines: LineIndex, literals: LiteralSpans) -> [TextEdit] {
        func lineStart(_ k: Int) -> Int { lines.offset(Position(line: k, character: 0), .utf8) }
        func indentation(at start: Int) -> String {
            var end = start
            while end < lines.bytes.count && (lines.bytes[end] == 0x20 || lines.bytes[end] == 0x09) { end += 1 }
            return String(decoding: lines.bytes[start..<end], as: UTF8.self)
        }
        let start = lineStart(line)
        guard let literal = literals.span(containing: start) else {
            return [TextEdit(range: start..<start, replacement: "\(indentation(at: start))// statelint:disable:next \(rule)\(lines.lineBreak(line))")]
        }
        let openingLine = lines.position(literal.lowerBound, .utf8).line
        let above = lineStart(openingLine)
        var after = line + 1
        while after < lines.starts.count, let span = literals.span(containing: lineStart(after)) {
            after = lines.position(span.upperBound, .utf8).line + 1
        }
        let indent = indentation(at: above)
        let opening = TextEdit(range: above..<above, replacement: "\(indent)// statelint:disable \(rule)\(lines.lineBreak(openingLine))")
        if after >= lines.starts.count {
            let end = lines.bytes.count
            let needsBreak = end > 0 && lines.bytes[end - 1] != 0x0A && lines.bytes[end - 1] != 0x0D
            return [opening, TextEdit(range: end..<end, replacement: (needsBreak ? "\n" : "") + "\(indent)// statelint:enable \(rule)\n")]
        }
        let closingAt = lineStart(after)
        return [opening, TextEdit(range: closingAt..<closingAt, replacement: "\(indent)// statelint:enable \(rule)\(lines.lineBreak(openingLine))")]
    }

    func action(title: String, kind: String, diagnostic: JSONValue?, preferred: Bool, uri: String,
                edits: [TextEdit], lines: LineIndex) -> JSONValue {
        var members: [(String, JSONValue)] = [("title", .string(title)), ("kind", .string(kind))]
        if let diagnostic { members.append(("diagnostics", .array([diagnostic]))) }
        if preferred { members.append(("isPreferred", .bool(true))) }
        let textEdits = edits.map { edit in
            JSONValue.object([("range", lines.range(edit.range, encoding)), ("newText", .string(edit.replacement))])
        }
        members.append(("edit", .object([("changes", .object([(uri, .array(textEdits))]))])))
        return .object(members)
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

/// The byte spans of a file's string literals and block comments (outermost only), for telling whether a
/// line starts inside one.
struct LiteralSpans {
    private var spans: [Range<Int>] = []

    init(_ tokens: [Token]) {
        var depth = 0
        var opened = 0
        for token in tokens {
            switch token.kind {
            case .stringOpen:
                if depth == 0 { opened = Int(token.start) }
                depth += 1
            case .stringClose where depth > 0:
                depth -= 1
                if depth == 0 { spans.append(opened..<Int(token.end)) }
            case .blockComment where depth == 0, .docBlockComment where depth == 0:
                spans.append(Int(token.start)..<Int(token.end))
            default:
                break
            }
        }
        if depth > 0, let last = tokens.last { spans.append(opened..<Int(last.end)) }
    }

    /// The span that holds `offset` strictly inside (not at its first byte).
    func span(containing offset: Int) -> Range<Int>? {
        var low = 0
        var high = spans.count
        while low < high {
            let mid = (low + high) / 2
            if spans[mid].upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        guard low < spans.count, spans[low].lowerBound < offset, offset < spans[low].upperBound else { return nil }
        return spans[low]
    }
}
