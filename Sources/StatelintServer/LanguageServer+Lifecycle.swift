import StatelintCore
import StatelintRules

/// `initialize` and what follows it: the client's capabilities, the rule options, watching files and
/// reading each workspace folder's project (with progress), and the client's answers to our requests.
extension LanguageServer {
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
        switch options["infoSeverity"]?.string {
        case nil, "hint": infoAsHint = true
        case "information", "info": infoAsHint = false
        case let other?:
            showMessage("statelint: infoSeverity '\(other)' is not 'hint' or 'information'; advisories are shown as hints", type: 2)
            infoAsHint = true
        }
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
                    .object([("globPattern", .string("**/Package.swift"))]),
                    .object([("globPattern", .string("**/*.pbxproj"))]),
                    .object([("globPattern", .string("**/.gitignore"))]),
                    .object([("globPattern", .string("**/.ignore"))]),
                    // Deleted folders: clients report only the folder, which no pattern above matches.
                    .object([("globPattern", .string("**/*")), ("kind", .int(4))]),
                ]))])),
            ])]))]))
        }
        for folder in workspaceFolders {
            let project = Project.root(of: [folder], cwd: folder, home: workspace.home)
            let root = project.kind == .none ? folder : project.folder
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
}
