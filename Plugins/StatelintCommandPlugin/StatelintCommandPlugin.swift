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
        // The files are named one by one (the targets' folders may hold files that belong to no target),
        // with `--force-exclude` so `.lintrc` excludes still apply; statelint indexes the whole project.
        process.arguments = passThrough + (informational ? [] : ["--force-exclude"] + files)
        process.currentDirectoryURL = context.package.directoryURL
        // Standard output and error are inherited: the report and the summary reach the terminal as is.
        try process.run()
        process.waitUntilExit()

        let status = process.terminationStatus
        if process.terminationReason == .uncaughtSignal {
            throw StatelintFailure("statelint was terminated by signal \(status)")
        }
        switch status {
        case 0:
            return
        case 1:
            throw StatelintFailure("statelint found issues at or above the severity threshold (exit status 1)")
        case 2:
            throw StatelintFailure("statelint stopped on a usage or configuration error (exit status 2); nothing was linted")
        default:
            throw StatelintFailure("statelint failed with an internal error (exit status \(status))")
        }
    }
}

/// The reason the command failed, printed by SwiftPM as `error: ...`.
struct StatelintFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
