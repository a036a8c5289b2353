import Foundation
import PackagePlugin

/// Runs statelint on a target's Swift files during `swift build` (and in Xcode).
///
/// statelint prints each finding as `PATH:LINE:COL: warning: MESSAGE [rule]` (`--format xcode`), which
/// SwiftPM and Xcode show as compiler diagnostics. Only findings of severity `error` (set in
/// `.lintrc`) fail the build; warnings and infos are shown and the build goes on.
///
/// A build command needs an output to be scheduled and to be skipped when nothing changed, so the
/// tool runs through `/bin/sh`, which writes a stamp into the plugin's work folder after a successful
/// run. The stamp is a Swift file holding one comment: SwiftPM compiles it into the target (which
/// orders the lint before compilation), whereas any other kind of output would be copied as a
/// resource and give the target a resource bundle. The tool runs from the work folder, so findings
/// keep absolute paths (which Xcode needs to jump to the line); statelint finds the project and its
/// `.lintrc` from the files as it does everywhere, and `--force-exclude` applies its `exclude`
/// patterns to the files named here.
@main
struct StatelintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let files = module.sourceFiles(withSuffix: "swift").map(\.url)
        guard !files.isEmpty else { return [] }
        return [
            StatelintBuildCommand.make(
                tool: try context.tool(named: "statelint").url,
                workDirectory: context.pluginWorkDirectoryURL,
                projectDirectory: context.package.directoryURL,
                targetName: target.name,
                files: files
            )
        ]
    }
}

enum StatelintBuildCommand {
    /// `sh -c SCRIPT WORKDIR STAMP PROJECTDIR TOOL ARGS...`: runs from the work folder, exits with
    /// statelint's status, and writes the stamp only on success, so a target that failed is linted again
    /// on the next build. The project and its `.lintrc` are the ones statelint finds for the target's
    /// files, as on the command line and in the editor (the git work tree, with sub-folder `.lintrc`
    /// files as nested configuration), never the folder the build runs in.
    static let script = """
        cd "$0" || exit 2
        stamp=$1; shift 2
        "$@" || exit $?
        echo '// statelint found no errors in this target.' > "$stamp"
        """

    static func make(tool: URL, workDirectory: URL, projectDirectory: URL, targetName: String, files: [URL]) -> Command {
        let stamp = workDirectory.appendingPathComponent("StatelintLinted_\(targetName.filter { $0.isLetter || $0.isNumber }).swift")
        // The analysis cache lives in the plugin's work folder: the package folder may be read-only to a build.
        let options = ["--format", "xcode", "--quiet", "--severity-threshold", "error", "--force-exclude",
                       "--cache-dir", workDirectory.appendingPathComponent("statelint-cache").path]
        return .buildCommand(
            displayName: "statelint \(targetName)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script, workDirectory.path, stamp.path, projectDirectory.path, tool.path] + options + files.map(\.path),
            // The tool is an input so that it is built first; the configuration so that editing it lints again.
            // Without a `.lintrc`, the paths of the project's `.swiftlint.yml` apply: editing it lints again too.
            inputFiles: files + [tool] + (nearestConfiguration(from: projectDirectory).map { [$0] } ?? [])
                + swiftLintConfiguration(in: projectDirectory),
            outputFiles: [stamp]
        )
    }

    /// The `.swiftlint.yml` of the package's folder, if there is one.
    static func swiftLintConfiguration(in directory: URL) -> [URL] {
        let file = directory.appendingPathComponent(".swiftlint.yml")
        return FileManager.default.fileExists(atPath: file.path) ? [file] : []
    }

    /// The `.lintrc` the script will find, as statelint itself looks for it: the nearest one upward.
    static func nearestConfiguration(from directory: URL) -> URL? {
        var components = directory.standardizedFileURL.pathComponents  // ["/", "Users", ...]
        while !components.isEmpty {
            let candidate = "/" + (components.dropFirst() + [".lintrc"]).joined(separator: "/")
            if FileManager.default.fileExists(atPath: candidate) { return URL(fileURLWithPath: candidate) }
            components.removeLast()
        }
        return nil
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension StatelintBuildToolPlugin: XcodeBuildToolPlugin {
    /// The same command for a target of an Xcode project (Build Phases → Run Build Tool Plug-ins).
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
        guard !files.isEmpty else { return [] }
        return [
            StatelintBuildCommand.make(
                tool: try context.tool(named: "statelint").url,
                workDirectory: context.pluginWorkDirectoryURL,
                // The nearest .lintrc is looked up from the folder of the target's first file upward.
                projectDirectory: files[0].deletingLastPathComponent(),
                targetName: target.displayName,
                files: files
            )
        ]
    }
}
#endif
