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
    }

    /// The folder the file applies to, absolute, without a trailing `/`.
    public let base: String
    let rules: [Rule]
    let hasAnchored: Bool

    public init(base: String, text: String) {
        var folder = base
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        self.base = folder
        var rules: [Rule] = []
        for raw in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
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
        hasAnchored = rules.contains { !$0.glob.isAnywhere }
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
        var relative: ArraySlice<[UInt8]>?
        var verdict: Bool?
        for rule in rules where isDirectory || !rule.directoryOnly {
            let matched: Bool
            if rule.glob.isAnywhere {
                matched = rule.glob.matches(name: name)
            } else {
                if relative == nil {
                    guard path.hasPrefix(base + "/") else { return verdict }
                    relative = Glob.components(Array(path.utf8.dropFirst(base.utf8.count + 1)))[...]
                }
                matched = rule.glob.matches(components: relative!)
            }
            if matched { verdict = !rule.negated }
        }
        return verdict
    }
}

/// The ignore files that apply in one folder of the walk: its ancestors' and its own, outermost first.
public struct IgnoreStack: Sendable {
    var files: [IgnoreFile] = []
    /// Whether `.gitignore` files count here (the folder is inside a Git work tree).
    var inGitRepository = false

    /// Whether an entry of the folder is ignored: the innermost file with a verdict decides.
    func ignores(path: String, name: String, isDirectory: Bool) -> Bool {
        guard !files.isEmpty else { return false }
        let bytes = Array(name.utf8)
        for file in files.reversed() {
            if let verdict = file.verdict(path: path, name: bytes, isDirectory: isDirectory) { return verdict }
        }
        return false
    }

    /// This stack with the ignore files of `folder` (absolute) added.
    func entering(_ folder: String) -> IgnoreStack {
        var next = self
        if inGitRepository, let file = IgnoreFile.load(".gitignore", in: folder) { next.files.append(file) }
        if let file = IgnoreFile.load(".ignore", in: folder) { next.files.append(file) }
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
            stack.files.append(IgnoreFile(base: top, text: "").with(rulesOf: exclude))
        }
        // Ancestors above the root, outermost first (the root's own files are read when it is walked).
        for ancestor in chain.dropFirst().reversed() { stack = stack.entering(ancestor) }
        return stack
    }
}

extension IgnoreFile {
    /// The rules of `other`, applying at this file's base.
    fileprivate func with(rulesOf other: IgnoreFile) -> IgnoreFile {
        IgnoreFile(base: base, rules: other.rules)
    }

    fileprivate init(base: String, rules: [Rule]) {
        self.base = base
        self.rules = rules
        hasAnchored = rules.contains { !$0.glob.isAnywhere }
    }
}
