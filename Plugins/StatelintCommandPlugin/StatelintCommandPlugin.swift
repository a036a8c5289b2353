import Foundation
import PackagePlugin

/// `swift package statelint [--target NAME ...] [statelint options ...]`
///
/// Lints the Swift files of the package's source targets (all of them, or only those named with
/// `--target`, which may be repeated) as one project. Every other argument is passed to statelint
/// unchanged (`--format sarif --output statelint.sarif`, `--severity-threshold error`, ...); the tool
/// runs in the package's folder, so relative paths and the package's `.lintrc` apply. The command
/// fails when statelint exits non-zero.
@main
struct StatelintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let passThrough = extractor.remainingArguments

        let targets: [any Target] = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        var files: [String] = []
        for target in targets {
            let sources = target.sourceModule?.sourceFiles(withSuffix: "swift").map(\.url.path) ?? []
            if sources.isEmpty && !names.isEmpty {
                Diagnostics.warning("statelint: target '\(target.name)' has no Swift sources; skipped")
            }
            files += sources
        }
        files = Array(Set(files)).sorted()
        // `rules`, `explain RULE`, `--help` and `--version` lint nothing: no files are added to them.
        let informational = ["rules", "explain", "help"].contains(passThrough.first ?? "")
            || passThrough.contains { ["-h", "--help", "--version"].contains($0) }
        if files.isEmpty && !informational {
            Diagnostics.remark("statelint: no Swift sources to lint")
            return
        }

        let tool = try context.tool(named: "statelint")
        let process = Process()
        process.executableURL = tool.url
        // SwiftPM prints a failing plugin's error at once, and the plugin's output only when it ends: findings
        // printed by statelint would come after "error: statelint found issues". So when no report format or
        // file is asked for, the findings go to SwiftPM as the plugin's own diagnostics (`path:line: warning:
        // message`), in order, before the failure; a format or output asked for is passed through as is.
        let asDiagnostics = !informational && !passThrough.contains { argument in
            ["--format", "--output", "-o"].contains(argument) || argument.hasPrefix("--format=") || argument.hasPrefix("--output=")
        }
        // The files are named one by one (the targets' folders may hold files that belong to no target),
        // with `--force-exclude` so `.lintrc` excludes still apply; statelint indexes the whole project.
        // The analysis cache goes to the plugin's work folder (the package folder is writable to a command
        // plugin only when allowed), unless a cache option is given.
        let cache = informational || passThrough.contains { $0 == "--no-cache" || $0 == "--cache-dir" || $0.hasPrefix("--cache-dir=") }
            ? [] : ["--cache-dir", context.pluginWorkDirectoryURL.appendingPathComponent("statelint-cache").path]
        process.arguments = passThrough + (asDiagnostics ? ["--format", "json"] : []) + cache
            + (informational ? [] : ["--force-exclude"] + files)
        process.currentDirectoryURL = context.package.directoryURL
        // Otherwise standard output and error are inherited: the report and the summary reach the terminal as is.
        let report = Pipe()
        if asDiagnostics { process.standardOutput = report }
        try process.run()
        let json = asDiagnostics ? report.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        var summary = ""
        if asDiagnostics && process.terminationStatus <= 1 {
            summary = StatelintCommandPlugin.emitFindings(json, root: context.package.directoryURL)
        }

        let status = process.terminationStatus
        if process.terminationReason == .uncaughtSignal {
            throw StatelintFailure("statelint was terminated by signal \(status)")
        }
        switch status {
        case 0:
            // (No failure to come first: the summary is printed, as statelint prints it.)
            if !summary.isEmpty { print("statelint\(summary)") }
            return
        case 1:
            throw StatelintFailure("statelint found issues at or above the severity threshold (exit status 1)\(summary)")
        case 2:
            throw StatelintFailure("statelint stopped on a usage or configuration error (exit status 2); nothing was linted")
        default:
            throw StatelintFailure("statelint failed with an internal error (exit status \(status))")
        }
    }
}

extension StatelintCommandPlugin {
    /// Emits each finding of a JSON report as a diagnostic of the plugin (error, warning, or remark for
    /// info, which SwiftPM shows only when asked to be verbose), with its file and line; returns the report's summary for the closing message
    /// (`: 1 warning, 0 errors in 2 files`), or "" when the report cannot be read (then nothing is emitted).
    static func emitFindings(_ json: Data, root: URL) -> String {
        guard let report = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
              let findings = report["findings"] as? [[String: Any]] else { return "" }
        for finding in findings {
            guard let path = finding["path"] as? String, let message = finding["message"] as? String else { continue }
            let file = path.hasPrefix("/") ? path : root.appendingPathComponent(path).path
            let rule = finding["rule"] as? String ?? "statelint"
            // (SwiftPM shows a command plugin's diagnostic without its file and line: the message carries them.)
            let line = finding["line"] as? Int ?? 1
            let column = finding["column"] as? Int ?? 1
            var text = "\(path):\(line):\(column): \(message) [\(rule)]"
            if let help = finding["help"] as? String { text += " (help: \(help))" }
            let severity: Diagnostics.Severity
            switch finding["severity"] as? String {
            case "error": severity = .error
            case "warning": severity = .warning
            default: severity = .remark
            }
            Diagnostics.emit(severity, text, file: file, line: line)
        }
        guard let counts = report["summary"] as? [String: Any] else { return "" }
        func count(_ key: String, _ word: String) -> String {
            let n = counts[key] as? Int ?? 0
            return "\(n) \(word)\(n == 1 ? "" : "s")"
        }
        return ": \(count("warnings", "warning")), \(count("errors", "error")) in \(count("files", "file"))"
    }
}

/// The reason the command failed, printed by SwiftPM as `error: ...`.
struct StatelintFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
