import StatelintSyntax

// Initializer effects: what a member body does that an initializer should not do eagerly (`MemberEffects`)
// and where (`EffectSite`). Pass 1 and the late pass scan bodies for them (`FileSummary`);
// `state_eager_object_init` reads them (`ProjectIndex.initializerEffects(of:labels:)`).

/// What a member's body does that an initializer should not do eagerly.
public struct MemberEffects: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Starts a `Task`.
    public static let startsTask = MemberEffects(rawValue: 1 << 0)
    /// Prints or logs (`print`, `debugPrint`, `dump`, `NSLog`, `os_log`, a logger's methods).
    public static let logs = MemberEffects(rawValue: 1 << 1)
    /// Registers an observer or a timer (`addObserver`, `Timer.scheduledTimer`, `Timer.publish`, `sink`).
    public static let registersObserver = MemberEffects(rawValue: 1 << 2)
    /// Does file, network or defaults I/O (`FileManager`, `URLSession`, `UserDefaults`, `contentsOf:`).
    public static let doesIO = MemberEffects(rawValue: 1 << 3)

    /// The effects in words, for messages.
    public var descriptions: [String] {
        var words: [String] = []
        if contains(.startsTask) { words.append("starts a Task") }
        if contains(.logs) { words.append("prints or logs") }
        if contains(.registersObserver) { words.append("registers an observer or timer") }
        if contains(.doesIO) { words.append("does I/O") }
        return words
    }

    static let logFunctions: Set<String> = ["print", "debugPrint", "dump", "NSLog", "os_log"]
    static let logMethods: Set<String> = ["log", "trace", "debug", "info", "notice", "warning", "error", "critical", "fault"]
    static let observerCallees: Set<String> = [
        "addObserver", "scheduledTimer", "addPeriodicTimeObserver", "addBoundaryTimeObserver", "sink", "publish",
        "observe",
    ]
    static let ioRoots: Set<String> = ["FileManager", "URLSession", "UserDefaults", "FileHandle", "NSUbiquitousKeyValueStore"]
    /// Objects of `ioRoots` whose construction does no I/O (a session, a defaults suite, a file manager).
    static let quietConstructions: Set<String> = ["FileManager", "URLSession", "UserDefaults", "NSUbiquitousKeyValueStore"]
    static let ioLabels: Set<String> = ["contentsOf", "contentsOfFile", "atPath", "toFile"]
    /// Collection methods that take `contentsOf:` a sequence, no file.
    static let collectionMethods: Set<String> = ["append", "insert", "replaceSubrange", "formUnion", "union", "subtract"]
    /// Monitors that start delivering events when started (`NWPathMonitor`/`NWConnection`/`NWListener`'s
    /// `start(queue:)` is `start` with a `queue:` argument; location and region updates by name).
    static let monitorStarts: Set<String> = [
        "startUpdatingLocation", "startUpdatingHeading", "startMonitoringSignificantLocationChanges", "startMonitoringVisits",
    ]

    /// The effects of one member body (with the closures it runs now or schedules: not one it stores or
    /// hands to an unknown callee), and the first call that has one, in source order.
    static func scan(_ tree: SyntaxTree, function: Int) -> (effects: MemberEffects, first: Int32, firstEffects: MemberEffects) {
        scan(tree, root: tree.functions[function].body)
    }

    /// Like `scan(_:function:)`, for any expression or body (a stored property's initial value, which
    /// every initializer runs).
    static func scan(_ tree: SyntaxTree, root body: Int32) -> (effects: MemberEffects, first: Int32, firstEffects: MemberEffects) {
        guard body >= 0 else { return ([], -1, []) }
        var found: MemberEffects = []
        var first: Int32 = -1
        var firstEffects: MemberEffects = []
        tree.walk(body) { node in
            let n = tree[node]
            if n.kind == .typeDecl { return false }
            // A closure runs with the member only when it is passed to a callee that runs it now or
            // schedules it (`forEach`, `Task`, `DispatchQueue…async`); one stored for later
            // (`continuation.onTermination = { … }`), an event handler or an unknown callee's may never run.
            if n.kind == .closure {
                let role = tree.role(ofClosure: node)
                return role == .runsNow || role == .later
            }
            guard n.kind == .call else { return true }
            var call: MemberEffects = []
            if tree.isTaskCreation(node) { call.insert(.startsTask) }
            let name = tree.calleeName(node)
            let path = tree.calleePath(node)
            let root = path.split(separator: ".").first.map(String.init) ?? ""
            if MemberEffects.logFunctions.contains(name) && !path.contains(".") { call.insert(.logs) }
            if MemberEffects.logMethods.contains(name) && path.contains(".") && root.lowercased().contains("log") { call.insert(.logs) }
            if MemberEffects.observerCallees.contains(name) && (name != "publish" || path.contains("Timer")) {
                call.insert(.registersObserver)
            }
            if MemberEffects.ioRoots.contains(root) && !(path == root && MemberEffects.quietConstructions.contains(root)) {
                call.insert(.doesIO)
            }
            if MemberEffects.monitorStarts.contains(name) { call.insert(.registersObserver) }
            for argument in tree.children(of: node) where tree[argument].kind == .argument && tree[argument].token >= 0 {
                let label = tree.text(tree[argument].token)
                // (`Data(contentsOf: url)` reads a file; `rows.append(contentsOf: more)` adds a collection's elements.)
                if MemberEffects.ioLabels.contains(label) && !(label == "contentsOf" && MemberEffects.collectionMethods.contains(name)) {
                    call.insert(.doesIO)
                }
                if label == "queue" && name == "start" { call.insert(.registersObserver) }
            }
            if first < 0 && !call.isEmpty { (first, firstEffects) = (node, call) }
            found.formUnion(call)
            return true
        }
        return (found, first, firstEffects)
    }
}

/// Where a member's first side effect is: the call, for a related location.
public struct EffectSite: Sendable, Hashable {
    public var path: String
    /// The callee of the call (`print`, `Task`, `URLSession.shared.dataTask`).
    public var range: Range<Int>
    /// The callee as written, for messages.
    public var callee: String
    /// What this call does (the member may do more elsewhere).
    public var effects: MemberEffects = []

    /// A callee as a message shows it: on one line, and a long chain by its last call
    /// (`NotificationCenter.default.publisher(for: .x)\n    .sink` → `….sink`).
    static func shown(_ callee: String) -> String {
        let line = callee.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard line.count > 60, let close = line.lastIndex(of: ")") else { return line }
        var tail = line[line.index(after: close)...]
        while tail.first == " " || tail.first == "." { tail = tail.dropFirst() }
        return tail.isEmpty ? line : "…." + tail
    }

    /// The earlier of two sites (a member declared in several `#if` branches or files): order-independent.
    static func first(_ a: EffectSite, _ b: EffectSite) -> EffectSite {
        (a.path, a.range.lowerBound) <= (b.path, b.range.lowerBound) ? a : b
    }
}

extension ProjectIndex {
    /// What a class's `init` does, through the methods and computed properties of `self` it calls
    /// (breadth first, across files and extensions), with the member that does it and where.
    /// With `labels` (a construction's argument labels, `_` for none), only the initializer those labels
    /// call is followed (`Model()` runs `init()`, not `init(preset:)`), when the project declares one with
    /// exactly those labels; otherwise (default arguments, an unknown initializer) every `init`.
    public func initializerEffects(of typeName: String, labels: [String]? = nil) -> [(effects: MemberEffects, member: String, site: EffectSite?)] {
        guard let type = facts(for: typeName) else { return [] }
        var found: [(MemberEffects, String, EffectSite?)] = []
        var start = "init"
        if let labels {
            let signature = FileSummary.initSignature(labels)
            if type.uses[signature] != nil || type.effects[signature] != nil { start = signature }
        }
        // Stored properties' initial values run before any initializer's body (`=name`, see `FileSummary`).
        for (name, effects) in type.effects where name.hasPrefix("=") && !effects.isEmpty {
            found.append((effects, name, type.effectSites[name]))
        }
        var queue = [start]
        var seen: Set<String> = [start, "init"]
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            if let effects = type.effects[current], !effects.isEmpty { found.append((effects, current, type.effectSites[current])) }
            for use in type.uses[current] ?? [] where !seen.contains(use.name) {
                guard let m = type.members[use.name], m.runs(by: use) else { continue }
                seen.insert(use.name)
                queue.append(use.name)
            }
        }
        return found
    }
}
