import Foundation
import StatelintDiagnostics
import StatelintRules

/// The `.lintrc` that `statelint init` writes for the project in front of it: the excludes the team
/// already keeps in `.swiftlint.yml`, every rule at its default severity with what it finds, the
/// deployment target the build files give (as a comment: statelint reads them on every run), and
/// where the analysis cache lives. The file it writes gives the same run as no file did.
public enum InitialConfiguration {
    /// The file's text.
    /// - Parameters:
    ///   - swiftLint: the paths of the project's `.swiftlint.yml`, if it has one that statelint read.
    ///   - target: what the build files say, and the files that said it (paths under `root`).
    ///   - cacheFolder: where the project's analysis cache goes by default (nil: none for this folder).
    public static func render(root: String, swiftLint: SwiftLintPaths?, target: DeploymentTarget, targetSources: [String],
                              cacheFolder: String?, home: String?) -> String {
        var out = """
            # statelint configuration, written by `statelint init`. Every key is optional; `.lintrc.example` in
            # statelint's repository documents them all. An unknown key, rule or value is an error naming
            # FILE:LINE:COL, and statelint exits with status 2.

            """
        out += "\n" + paths(swiftLint) + "\n"
        out += """
            # Rules by id, at their default severities (`statelint explain RULE` says why and how to fix).
            # Set one to off, info, warning or error. Warnings and errors are what a team fixes; info findings
            # are advice, counted but shown only with --show-info (or show_info: true below).
            rules:

            """
        let rules = RuleRegistry.descriptors.sorted { $0.id < $1.id }
        let width = (rules.map { $0.id.count + $0.defaultSeverity.rawValue.count }.max() ?? 0) + 4
        for rule in rules {
            let setting = "  \(rule.id): \(rule.defaultSeverity.rawValue)"
            out += setting.padding(toLength: max(width, setting.count + 1), withPad: " ", startingAt: 0) + "# \(short(rule.summary))\n"
        }
        out += """

            # A finding at or above this severity makes statelint exit with status 1 (info, warning or error).
            severity_threshold: warning

            # Whether reports show advisories (info findings) too.
            show_info: false


            """
        out += deploymentTarget(target, sources: targetSources, root: root) + "\n"
        out += cache(cacheFolder, home: home)
        return out
    }

    /// A rule's summary for a comment: without "Flags", cut at a word before 90 characters.
    static func short(_ summary: String) -> String {
        var text = Substring(summary)
        if text.hasPrefix("Flags ") { text = text.dropFirst(6) }
        if text.hasSuffix(".") { text = text.dropLast() }
        guard text.count > 90 else { return String(text) }
        let cut = text.prefix(88)
        return String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)]) + " …"
    }

    static func paths(_ swiftLint: SwiftLintPaths?) -> String {
        var out = """
            # Files and folders to lint and to skip, as globs relative to this file's folder (`*` within a name,
            # `**` any folders; a glob without `/` matches a name anywhere, a leading `/` anchors it here).
            # `.build`, `DerivedData`, `Pods`, `Carthage` and hidden folders are always skipped.

            """
        guard let swiftLint, !swiftLint.isEmpty else { return out + "include: []\nexclude: []\n" }
        out += "# From .swiftlint.yml (included: / excluded:), which statelint reads only when there is no .lintrc.\n"
        out += list("include", swiftLint.include) + list("exclude", swiftLint.exclude)
        return out
    }

    static func list(_ key: String, _ globs: [String]) -> String {
        guard !globs.isEmpty else { return "\(key): []\n" }
        return "\(key):\n" + globs.map { "  - '\($0.replacingOccurrences(of: "'", with: "''"))'\n" }.joined()
    }

    static func deploymentTarget(_ target: DeploymentTarget, sources: [String], root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        var out = """
            # The oldest OS versions the project supports (ios, macos, tvos, watchos, visionos). statelint reads
            # them from Package.swift and the Xcode projects on every run; a value set here wins over them.

            """
        let versions = DeploymentTarget.platforms.compactMap { p in target.versions[p].map { (p, $0) } }
        guard !versions.isEmpty else {
            return out + "# The build files name none today, so no OS version is assumed.\ndeployment_target: {}\n"
        }
        let read = sources.filter { FileManager.default.fileExists(atPath: $0) }
            .map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
        out += "# What \(read.isEmpty ? "the build files" : read.joined(separator: ", ")) say today:\n"
        out += "# deployment_target:\n" + versions.map { "#   \($0.0): \"\($0.1)\"\n" }.joined()
        return out
    }

    static func cache(_ folder: String?, home: String?) -> String {
        guard var folder else {
            return "# This folder is no project (no git work tree, no build files), so statelint keeps no analysis cache\n# for it unless --cache-dir names one.\n"
        }
        if let home, !home.isEmpty, folder.hasPrefix(home.hasSuffix("/") ? home : home + "/") {
            folder = "~/" + folder.dropFirst(home.hasSuffix("/") ? home.count : home.count + 1)
        }
        return """
            # The analysis cache of this project is kept outside it, in \(folder)
            # (--cache-dir or STATELINT_CACHE_DIR move it; --no-cache or STATELINT_NO_CACHE=1 turn it off).

            """
    }
}
