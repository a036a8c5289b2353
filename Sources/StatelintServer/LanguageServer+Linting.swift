import Foundation
import StatelintCore
import StatelintDiagnostics
import StatelintSyntax

/// Linting the open documents when they are stale, project by project, and publishing their findings
/// (and configuration problems) as LSP diagnostics.
extension LanguageServer {
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
        problemConfigs.merge(nestedProblems) { first, _ in first }
        nestedProblems = [:]
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
            let detected = deploymentTarget(root: setup.root)
            var engine = Engine(settings: LintSettings(configuration: config, enable: enable, disable: disable, detected: detected),
                                jobs: workspace.jobs)
            engine.sampleCode = SampleCode(root: setup.root, cwd: FileManager.default.currentDirectoryPath)
            // Sub-folder .lintrc files, as the command line reads them.
            let nested = setup.standalone ? [] : nestedConfigurations(paths: paths, setup: setup)
            if !nested.isEmpty {
                engine.folderSettings = FolderSettings(folders: nested.map {
                    ($0.folder, LintSettings(configuration: $0.configuration, enable: enable, disable: disable, detected: detected))
                })
            }
            // One cache per project and settings: a changed .lintrc, build file or rule list starts a new one.
            let key = [setup.root, setup.configFile ?? "", setup.configText, enable.joined(separator: ","), disable.joined(separator: ","),
                       engine.settings.cacheDescription] + (engine.folderSettings?.folders.map { $0.folder + " " + $0.settings.cacheDescription } ?? [])
            let joinedKey = key.joined(separator: "\u{0}")
            if caches[joinedKey] == nil {
                caches = caches.filter { !$0.key.hasPrefix(setup.root + "\u{0}") }
                caches[joinedKey] = AnalysisCache()
                // The first lint of a project starts from the disk cache the command line keeps (and leaves
                // it current); later ones use what this server holds in memory.
                if !setup.standalone {
                    let (cache, note) = CacheLocation.diskCache(project: setup.project, named: nil, environment: environment, version: version)
                    engine.diskCache = cache
                    if let note { log("statelint: " + note, type: 3) }
                }
            } else {
                // With the project in the cache a lint parses a file or two: one thread is faster than
                // handing out work (measured: 9 ms against 13 ms a keystroke at a million lines).
                engine.jobs = 1
            }
            engine.cache = caches[joinedKey]
            let workspace = self.workspace
            let buffers = overlays
            let report = engine.lint(paths: paths, reportOnly: Set(reported.keys), onDisk: { buffers[$0] == nil }) { path in
                buffers[path].map { .success($0) } ?? workspace.content(of: path)
            }
            if let disk = engine.diskCache {
                disk.save()
                if let problem = disk.problem { log("statelint: \(problem)", type: 3) }
                if let distrusted = disk.distrusted { log("statelint: the analysis cache was not used: \(distrusted); it is replaced", type: 3) }
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

    /// The platforms a project's build files name: read again when `Package.swift`, a project file or the
    /// root folder (a project added) changed since they were read.
    func deploymentTarget(root: String) -> DeploymentTarget {
        if let known = targets[root], known.stamps == (known.sources + [root]).map({ Stamp($0) }) { return known.target }
        let (target, sources) = ProjectTarget.detectWithSources(root: root)
        targets[root] = ((sources + [root]).map { Stamp($0) }, target, sources)
        return target
    }

    /// The nested `.lintrc` files that apply to a project's files, looked for again every two seconds or
    /// after a watched `.lintrc` changed; one that sets what only the project's own may set is shown on it.
    func nestedConfigurations(paths: [String], setup: Workspace.Setup) -> [(folder: String, configuration: Configuration)] {
        let now = MonotonicClock.now()
        let key = setup.root + "\u{0}" + setup.configText
        if nestedConfigurations[key] == nil || now - nestedConfigurations[key]!.checkedAt >= 2 {
            do {
                nestedConfigurations[key] = (now, .success(try NestedConfiguration.find(for: paths, root: setup.root, base: setup.configuration)))
            } catch let error as ConfigError {
                nestedConfigurations[key] = (now, .failure(error))
            } catch {
                nestedConfigurations[key] = (now, .success([]))
            }
        }
        switch nestedConfigurations[key]!.found {
        case .success(let found): return found
        case .failure(let problem):
            let uri = FileURI.uri(problem.path)
            if configProblems[uri] != "\(problem)" && nestedProblems[uri] == nil { publishConfigProblem(problem, uri: uri) }
            nestedProblems[uri] = "\(problem)"
            return []
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
            ("severity", .int(d.severity == .error ? 1 : d.severity == .warning ? 2 : infoAsHint ? 4 : 3)),
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
}
