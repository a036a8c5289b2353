import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Support for the tests that run the built `statelint` binary (`CLI*.swift`).
///
/// The binary is `<package root>/.build/debug/statelint`; `swift build --build-tests` builds it. Each
/// test makes its own `CLISandbox`: a temporary folder with a `.git` folder (so it is the project
/// root), the files the test writes or copies there, and the binary run there with `Process`.
enum CLI {
    /// Three folders up from `Tests/StatelintCLITests/CLISupport.swift`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let binary = packageRoot.appendingPathComponent(".build/debug/statelint")
    static let testInputs = packageRoot.appendingPathComponent("TestInputs")

    /// How long one run may take before it is killed and the test fails: a guard against a hang, far
    /// above what any test's run needs on a busy machine (no test asserts a time).
    static let timeout: TimeInterval = 180

    static var isRoot: Bool { getuid() == 0 }

    /// `_IOW('T', 0x31, int)` and `_IOR('T', 0x30, unsigned int)` from <asm-generic/ioctls.h>.
    static let TIOCSPTLCK: UInt = 0x4004_5431
    static let TIOCGPTN: UInt = 0x8004_5430

    /// `setpriv`, used to run the binary as `nobody` when the tests run as root (root reads any file).
    static let setpriv = "/usr/bin/setpriv"
    static let dropPrivileges = ["--reuid=65534", "--regid=65534", "--clear-groups"]

    /// Whether a check that needs an unreadable file can run: not root, or root able to run the
    /// binary as `nobody`.
    static let canTestUnreadableFiles: Bool = {
        if !isRoot { return true }
        guard FileManager.default.isExecutableFile(atPath: setpriv),
              let sandbox = try? CLISandbox(),
              let result = try? sandbox.run(["--version"], asNobody: true) else { return false }
        return result.status == 0
    }()

    /// Whether a pseudo-terminal can be opened (for the `--color auto` checks).
    static let hasTerminal: Bool = {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        if master < 0 { return false }
        close(master)
        return FileManager.default.fileExists(atPath: "/dev/pts")
    }()

    /// Fails with a clear message when the binary has not been built.
    static func requireBinary() throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw CLIError.missingBinary(binary.path)
        }
    }

    /// Waits for a run to end, calling `polling` meanwhile; a run past `CLI.timeout` is killed and fails the test.
    static func wait(for process: Process, _ arguments: [String], polling: () -> Void = {}) {
        let deadline = Date().addingTimeInterval(CLI.timeout)
        while process.isRunning {
            polling()
            if Date() > deadline {
                process.terminate()
                Issue.record("statelint \(arguments.joined(separator: " ")) did not finish in \(CLI.timeout) s")
                break
            }
            usleep(2_000)
        }
        process.waitUntilExit()
    }

    /// The contents of a file under `TestInputs/`.
    static func fixture(_ relative: String) throws -> String {
        try String(contentsOf: testInputs.appendingPathComponent(relative), encoding: .utf8)
    }
}

/// What one run of the binary produced.
struct CLIResult: CustomStringConvertible {
    var status: Int32
    var stdoutData: Data
    var stderrData: Data
    var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    var stderr: String { String(decoding: stderrData, as: UTF8.self) }
    /// The folder the binary ran in, resolved as the binary sees it, with a trailing `/`.
    var runFolder = ""
    /// The non-empty lines of standard output, as printed.
    var printedLines: [String] { stdout.split(separator: "\n").map(String.init) }
    /// The non-empty lines of standard output, with the run folder taken off the front of each: the
    /// `xcode` format's absolute paths read as the text format's relative ones, so a test says which
    /// files and lines are reported in one spelling. (`CLIOutputTests.theXcodeFormatGivesAbsolutePaths`
    /// checks the printed paths.)
    var lines: [String] {
        printedLines.map { !runFolder.isEmpty && $0.hasPrefix(runFolder) ? String($0.dropFirst(runFolder.count)) : $0 }
    }

    var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)---" }
}

/// A temporary project folder (with `.git`) to run the binary in; removed when released.
final class CLISandbox {
    /// The project root; the binary runs here (or in a subfolder of it).
    let root: URL
    private let base: URL
    /// Capture files for standard input, output and error, outside the project.
    private let io: URL

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("statelint-cli-\(UUID().uuidString)")
        root = base.appendingPathComponent("project")
        io = base.appendingPathComponent("io")
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: io, withIntermediateDirectories: true)
        // World-traversable, so the binary can run as `nobody` (see `CLI.canTestUnreadableFiles`).
        for url in [base, root] { chmod(url.path, 0o755) }
    }

    deinit {
        try? FileManager.default.removeItem(at: base)
    }

    func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }
    /// `relative` after the project root with its links resolved: how the `xcode` format prints it.
    func resolvedPath(_ relative: String) -> String { root.resolvingSymlinksInPath().path + "/" + relative }

    /// The cache home the binary is given (`XDG_CACHE_HOME`), outside the project.
    var cacheHome: URL { base.appendingPathComponent("cache-home") }

    /// The project's analysis cache folders in the sandbox's cache home (`statelint/<name>-<hash>`).
    func cacheFolders() -> [String] {
        let home = cacheHome.appendingPathComponent("statelint").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: home)) ?? []
        return names.filter { $0 != "key" }.sorted().map { home + "/" + $0 }
    }
    func path(_ relative: String) -> String { url(relative).path }

    /// Writes a text file (creating its folders).
    func write(_ relative: String, _ text: String) throws {
        try writeBytes(relative, Array(text.utf8))
    }

    func writeBytes(_ relative: String, _ bytes: [UInt8]) throws {
        let target = url(relative)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: target)
    }

    /// Copies a file from `TestInputs/` to `relative` (default: the same relative path).
    func copyFixture(_ fixture: String, to relative: String? = nil) throws {
        try write(relative ?? "TestInputs/" + fixture, try CLI.fixture(fixture))
    }

    /// Copies every `.swift` file under `TestInputs/<folder>` to the same path under the sandbox.
    func copyFixtureFolder(_ folder: String) throws {
        let source = CLI.testInputs.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: source.path) else { return }
        for case let file as String in walker where file.hasSuffix(".swift") {
            try copyFixture(folder + "/" + file)
        }
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOf: url(relative), encoding: .utf8)
    }

    func readData(_ relative: String) throws -> Data {
        try Data(contentsOf: url(relative))
    }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    func permissions(_ relative: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path(relative))
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func setPermissions(_ relative: String, _ mode: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path(relative))
    }

    /// Runs the binary with `arguments` in the project root (or `subfolder` of it).
    /// - Parameters:
    ///   - stdin: standard input (default: empty).
    ///   - environment: added to this process's environment, from which `NO_COLOR` is removed first.
    ///   - asNobody: run through `setpriv` as user `nobody` (only when running as root).
    ///   - shell: run `/bin/sh` with `arguments` instead of the binary.
    func run(_ arguments: [String], in subfolder: String? = nil, stdin: String? = nil,
             environment: [String: String] = [:], asNobody: Bool = false, shell: Bool = false) throws -> CLIResult {
        try CLI.requireBinary()
        let id = UUID().uuidString
        let outURL = io.appendingPathComponent("\(id).out")
        let errURL = io.appendingPathComponent("\(id).err")
        let inURL = io.appendingPathComponent("\(id).in")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        try Data((stdin ?? "").utf8).write(to: inURL)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let input = try FileHandle(forReadingFrom: inURL)
        defer {
            try? out.close()
            try? err.close()
            try? input.close()
        }

        let process = Process()
        if shell {
            // `arguments` go to /bin/sh (for redirections the test needs, such as a closed standard input).
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = arguments
        } else if asNobody {
            process.executableURL = URL(fileURLWithPath: CLI.setpriv)
            process.arguments = CLI.dropPrivileges + [CLI.binary.path] + arguments
        } else {
            process.executableURL = CLI.binary
            process.arguments = arguments
        }
        process.currentDirectoryURL = subfolder.map { url($0) } ?? root
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        // The sandbox's own cache home: the analysis cache and its key never touch the user's.
        env["XDG_CACHE_HOME"] = cacheHome.path
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        CLI.wait(for: process, arguments)
        let folder = (subfolder.map { url($0) } ?? root).resolvingSymlinksInPath().path
        return CLIResult(status: process.terminationStatus,
                         stdoutData: try Data(contentsOf: outURL), stderrData: try Data(contentsOf: errURL),
                         runFolder: folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// Runs the binary with standard output on a pseudo-terminal (so `--color auto` sees a terminal).
    /// The terminal turns `\n` into `\r\n`; `stdout` is returned as the terminal delivered it.
    func runOnTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> CLIResult {
        try CLI.requireBinary()
        // /dev/ptmx, unlocked (TIOCSPTLCK), and its slave /dev/pts/N (TIOCGPTN); Linux only.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw CLITerminalError.unavailable }
        defer { close(master) }
        var unlock: CInt = 0
        var number: CUnsignedInt = 0
        guard ioctl(master, CLI.TIOCSPTLCK, &unlock) == 0, ioctl(master, CLI.TIOCGPTN, &number) == 0 else {
            throw CLITerminalError.unavailable
        }
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else { throw CLITerminalError.unavailable }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)

        let errURL = io.appendingPathComponent("\(UUID().uuidString).err")
        try Data().write(to: errURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer { try? err.close() }

        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments
        process.currentDirectoryURL = root
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        // The sandbox's own cache home: the analysis cache and its key never touch the user's.
        env["XDG_CACHE_HOME"] = cacheHome.path
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardOutput = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            close(slave)
            throw error
        }
        close(slave)

        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        func drain() {
            while true {
                let n = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
                if n <= 0 { return }
                output += buffer[0..<n]
            }
        }
        CLI.wait(for: process, arguments, polling: drain)
        drain()
        return CLIResult(status: process.terminationStatus, stdoutData: Data(output), stderrData: try Data(contentsOf: errURL))
    }
}

enum CLITerminalError: Error {
    case unavailable
}

enum CLIError: Error, CustomStringConvertible {
    case missingBinary(String)

    var description: String {
        switch self {
        case .missingBinary(let path): "\(path) is missing; build it first with `swift build --build-tests`"
        }
    }
}

/// A small SwiftUI view with two `print_changes_leftover` findings (lines 9 and 28), from `TestInputs/Showcase`.
let showcaseFixture = "Showcase/CounterScreen.swift"
/// The first line of each of its findings in the `xcode` format, when copied to `CounterScreen.swift`.
let showcaseFindings = [
    "CounterScreen.swift:9:17: warning: 'Self._printChanges()' left in 'CounterScreen.body': it prints every time SwiftUI re-evaluates the view [print_changes_leftover]",
    "CounterScreen.swift:28:17: warning: 'let _ = print(…)' left in 'CounterRow.body': it prints every time SwiftUI re-evaluates the view [print_changes_leftover]",
]

/// `true` when `text` contains an ANSI escape sequence.
func hasANSI(_ text: String) -> Bool { text.contains("\u{1B}[") }
