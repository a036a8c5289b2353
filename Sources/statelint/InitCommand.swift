import Foundation
import StatelintCore
import StatelintReporters

extension CommandLineTool {
    /// `statelint init [FOLDER]`: writes a commented `.lintrc` at the root of the project in front of it
    /// (the current folder's, or FOLDER's), never replacing one.
    static func initialize(_ args: [String]) throws -> Int32 {
        guard args.count <= 1, !(args.first?.hasPrefix("-") ?? false) else {
            throw StatelintError.usage("'init' takes at most one folder (default: the current folder's project)")
        }
        let cwd = FileManager.default.currentDirectoryPath
        let environment = ProcessInfo.processInfo.environment
        let home = CacheLocation.homeFolder(environment: environment)
        if let folder = args.first {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw StatelintError.usage("'init' takes a folder; '\(folder)' is not one")
            }
        }
        let project = Project.root(of: args, cwd: cwd, home: home)
        let root = project.folder
        let file = (root == "/" ? "" : root) + "/" + Configuration.fileName
        let shown = PlainText.path(Discovery.displayPath(file))
        var info = stat()
        // Anything at that name, a link to nowhere included, is the team's: never replaced, never followed.
        if lstat(file, &info) == 0 {
            throw StatelintError.io(path: shown, reason: "already exists; statelint init never replaces a configuration (remove it to start again)")
        }
        var swiftLint: SwiftLintPaths?
        switch SwiftLintPaths.read(root: root) {
        case .success(let paths)?: swiftLint = paths
        case .failure(let problem)?:
            printError("statelint: warning: \(PlainText.neutralized(problem.description.replacingOccurrences(of: ": error: ", with: ": "))); the .lintrc lists no excludes from it")
        case nil: break
        }
        let detected = ProjectTarget.detectWithSources(root: root)
        let cacheFolder = project.isCacheable(home: home) ? CacheLocation.defaultFolder(root: root, environment: environment) : nil
        let text = InitialConfiguration.render(root: root, swiftLint: swiftLint, target: detected.target,
                                               targetSources: detected.sources, cacheFolder: cacheFolder, home: home)
        // What is written must read back (a glob the YAML subset cannot hold would otherwise stop every run).
        _ = try Configuration.parse(text: text, path: file)
        let fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw StatelintError.io(path: shown, reason: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw StatelintError.io(path: shown, reason: String(cString: strerror(errno))) }
            bytes = bytes.dropFirst(n)
        }
        var said = "statelint: wrote \(shown): every rule at its default severity"
        if let swiftLint, !swiftLint.isEmpty {
            said += "; the excludes of .swiftlint.yml (\(swiftLint.exclude.count) excluded, \(swiftLint.include.count) included)"
        }
        printError(said + ". Run 'statelint' to lint with it.")
        return 0
    }
}
