import Foundation

/// The rules of one `.gitignore` or `.ignore` file (or `.git/info/exclude`), for the folder walk: a file
/// or folder they ignore is not linted, as ripgrep and ruff do. Git's rules, read with statelint's
/// globs:
/// - blank lines and `#` comments are skipped; `\#` and `\!` start a pattern with that character; trailing
///   spaces are dropped;
/// - `!pattern` re-includes what an earlier rule ignored (the last rule that matches decides; a file in
///   an ignored folder stays ignored, since the walk never enters that folder);
/// - `pattern/` matches folders only;
/// - a pattern without `/` (apart from a trailing one) matches a name at any depth; one with a `/` is
///   relative to the folder of the ignore file;
/// - `*`, `?` and `**` as in `Glob`. Character classes (`[ab]`) are not supported: such a pattern
///   matches nothing, so what it names is linted (never the reverse).
public struct IgnoreFile: Sendable {
    struct Rule: Sendable {
        var glob: Glob
        var negated: Bool
        var directoryOnly: Bool
        /// For a pattern without `/`: the name itself (no wildcard), or `*` and a literal suffix
        /// (`*.xcuserstate`), matched without the glob machinery (most lines of a `.gitignore`).
        var literal: [UInt8]?
        var suffix: [UInt8]?

        init(glob: Glob, negated: Bool, directoryOnly: Bool) {
            self.glob = glob
            self.negated = negated
            self.directoryOnly = directoryOnly
            guard glob.isAnywhere else { return }
            let bytes = Array(glob.pattern.utf8)
            let wild: Set<UInt8> = [UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "/")]
            if !bytes.contains(where: wild.contains) {
                literal = bytes
            } else if bytes.first == UInt8(ascii: "*"), bytes.count > 1, !bytes.dropFirst().contains(where: wild.contains) {
                suffix = Array(bytes.dropFirst())
            }
        }

        /// Whether it can match the name of a Swift file (`….swift`): a pattern whose last character is
        /// a literal other than `t` cannot.
        var mayMatchSwiftFile: Bool {
            guard !directoryOnly else { return false }
            guard let last = glob.pattern.utf8.last else { return false }
            return last == UInt8(ascii: "*") || last == UInt8(ascii: "?") || last == UInt8(ascii: "t")
        }

        func matches(name: [UInt8]) -> Bool {
            if let literal { return name == literal }
            if let suffix { return name.count >= suffix.count && name.suffix(suffix.count).elementsEqual(suffix) }
            return glob.matches(name: name)
        }
    }

    /// The folder the file applies to, absolute, without a trailing `/`.
    public let base: String
    let rules: [Rule]
    /// The rules that may match a Swift file (the walk asks only about Swift files and folders).
    let fileRules: [Rule]

    public init(base: String, text: String) {
        var folder = base
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        self.base = folder
        var rules: [Rule] = []
        // Lines split at `\n` and `\r` bytes: a `\r\n` pair is one `Character`, equal to neither, so a
        // split by characters read a whole Windows-edited file as one rule.
        for raw in text.utf8.split(omittingEmptySubsequences: true, whereSeparator: { $0 == 10 || $0 == 13 }) {
            var line = Substring(raw)
            while line.last == " " && !line.hasSuffix("\\ ") { line.removeLast() }
            if line.isEmpty || line.hasPrefix("#") { continue }
            var negated = false
            if line.hasPrefix("!") {
                negated = true
                line.removeFirst()
            } else if line.hasPrefix("\\#") || line.hasPrefix("\\!") {
                line.removeFirst()
            }
            var directoryOnly = false
            while line.hasSuffix("/") {
                directoryOnly = true
                line.removeLast()
            }
            if line.isEmpty || line.contains("[") { continue }
            rules.append(Rule(glob: Glob(String(line)), negated: negated, directoryOnly: directoryOnly))
        }
        self.rules = rules
        fileRules = rules.filter(\.mayMatchSwiftFile)
    }

    /// Reads `name` in `folder` (absolute); nil when there is none or it is empty of rules.
    static func load(_ name: String, in folder: String) -> IgnoreFile? {
        let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
        guard case .success(let bytes) = FileReading.bytes(of: path) else { return nil }
        let file = IgnoreFile(base: folder, text: String(decoding: bytes, as: UTF8.self))
        return file.rules.isEmpty ? nil : file
    }

    /// What this file says of an entry (absolute path, its name, whether it is a folder): true ignores,
    /// false re-includes, nil says nothing.
    func verdict(path: String, name: [UInt8], isDirectory: Bool) -> Bool? {
        guard path.hasPrefix(base + "/") else { return nil }
        let relative = Glob.components(Array(path.utf8.dropFirst(base.utf8.count + 1)))
        return verdict(folder: Array(relative.dropLast()), name: name, isDirectory: isDirectory)
    }

    /// The same, for the entry `name` of a folder whose path from this file's folder is `folder`
    /// (components): the entry's relative path is built only when an anchored rule needs it.
    func verdict(folder: [[UInt8]], name: [UInt8], isDirectory: Bool) -> Bool? {
        var relative: ArraySlice<[UInt8]>?
        var verdict: Bool?
        // (Through a buffer: a rule copied out of the array retained each of its parts.)
        (isDirectory ? rules : fileRules).withUnsafeBufferPointer { rules in
            for k in rules.indices {
                let matched: Bool
                if rules[k].glob.isAnywhere {
                    matched = rules[k].matches(name: name)
                } else {
                    if relative == nil { relative = (folder + [name])[...] }
                    matched = rules[k].glob.matches(components: relative!)
                }
                if matched { verdict = !rules[k].negated }
            }
        }
        return verdict
    }
}

/// The ignore files that apply in one folder of the walk: its ancestors' and its own, outermost first.
public struct IgnoreStack: Sendable {
    var files: [IgnoreFile] = []
    /// For each file: the path from its folder to the current folder, as components.
    var folders: [[[UInt8]]] = []
    /// Whether `.gitignore` files count here (the folder is inside a Git work tree).
    var inGitRepository = false

    /// Whether the entry `name` of the current folder is ignored: the innermost file with a verdict decides.
    func ignores(name: Substring, isDirectory: Bool) -> Bool {
        guard !files.isEmpty else { return false }
        // A Swift file can only match the few rules that may match one.
        if !isDirectory && files.allSatisfy({ $0.fileRules.isEmpty }) { return false }
        let bytes = Array(name.utf8)
        for k in files.indices.reversed() {
            if let verdict = files[k].verdict(folder: folders[k], name: bytes, isDirectory: isDirectory) { return verdict }
        }
        return false
    }

    /// This stack in the subfolder `name` of the current folder.
    func descending(into name: Substring) -> IgnoreStack {
        guard !files.isEmpty else { return self }
        var next = self
        let component = Array(name.utf8)
        for k in next.folders.indices { next.folders[k].append(component) }
        return next
    }

    /// This stack with the ignore files of the current folder, `folder` (absolute), added: those named
    /// in `present` (what a read of the folder saw), or, when nil, whichever exist.
    func entering(_ folder: String, present: [String]? = nil) -> IgnoreStack {
        var next = self
        if inGitRepository && present?.contains(".gitignore") != false, let file = IgnoreFile.load(".gitignore", in: folder) {
            next.files.append(file)
            next.folders.append([])
        }
        if present?.contains(".ignore") != false, let file = IgnoreFile.load(".ignore", in: folder) {
            next.files.append(file)
            next.folders.append([])
        }
        return next
    }

    /// The stack for a walk root (absolute): when it is in a Git work tree, `.git/info/exclude` and the
    /// `.gitignore` files of the folders from the work tree's top down to the root's parent; the `.ignore`
    /// files of those folders too.
    static func root(_ folder: String) -> IgnoreStack {
        var chain: [String] = []
        var current = folder
        var top: String?
        while true {
            chain.append(current)
            var info = stat()
            if FilePath.fsStat(current + (current.hasSuffix("/") ? ".git" : "/.git"), &info) == 0 {
                top = current
                break
            }
            guard let slash = current.lastIndex(of: "/"), current != "/" else { break }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
        var stack = IgnoreStack()
        guard let top else { return stack }
        stack.inGitRepository = true
        if let exclude = IgnoreFile.load("info/exclude", in: top + (top.hasSuffix("/") ? ".git" : "/.git")) {
            // Its patterns are relative to the work tree's top.
            stack.files.append(IgnoreFile(base: top, rules: exclude.rules))
            stack.folders.append([])
        }
        // Ancestors above the root, outermost first, each entered and then left for the next one down
        // (the root's own files are read when it is walked).
        let ancestors = Array(chain.reversed())
        for (k, ancestor) in ancestors.enumerated() where k + 1 < ancestors.count {
            stack = stack.entering(ancestor)
            let child = ancestors[k + 1]
            stack = stack.descending(into: child[child.index(after: child.lastIndex(of: "/")!)...])
        }
        return stack
    }
}

extension IgnoreFile {
    /// Rules read elsewhere, applying at `base`.
    fileprivate init(base: String, rules: [Rule]) {
        self.base = base
        self.rules = rules
        fileRules = rules.filter(\.mayMatchSwiftFile)
    }
}
