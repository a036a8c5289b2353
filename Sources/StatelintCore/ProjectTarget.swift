import Foundation
import StatelintDiagnostics

/// The platforms and oldest OS versions a project builds for, read from its own build files when `.lintrc`
/// does not say: an Xcode project's build settings (`SDKROOT`, `SUPPORTED_PLATFORMS`,
/// `IPHONEOS_DEPLOYMENT_TARGET` …) and a package manifest's `platforms:`. Rules then make a claim about a
/// platform only when the project can run on it (no iOS leak note in a macOS-only app).
public enum ProjectTarget {
    /// What the build files of the linted paths say: for each path, the nearest folder at or above it (up to
    /// `root`) that holds an Xcode project or a `Package.swift`; for a path with none, `root` and its direct
    /// subfolders. `statelint App` from a folder of several apps reads `App`'s own project.
    public static func detect(root: String, paths: [String]) -> DeploymentTarget {
        let rootPath = absolute(root)
        var folders: [String] = []
        var searchRoot = paths.isEmpty
        for path in paths {
            var folder = absolute(path)
            var isFolder: ObjCBool = false
            if !(FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue) {
                folder = (folder as NSString).deletingLastPathComponent
            }
            var found: String?
            while true {
                if holdsBuildFiles(folder) { found = folder; break }
                if folder == rootPath || !folder.hasPrefix(rootPath + "/") { break }
                folder = (folder as NSString).deletingLastPathComponent
            }
            if let found { if !folders.contains(found) { folders.append(found) } } else { searchRoot = true }
        }
        var result = DeploymentTarget.unknown
        var first = true
        for folder in folders {
            result = first ? detect(root: folder) : merged(result, detect(root: folder))
            first = false
        }
        if searchRoot && !folders.contains(rootPath) {
            result = first ? detect(root: rootPath) : merged(result, detect(root: rootPath))
        }
        return result
    }

    /// Whether a folder holds an Xcode project or a package manifest.
    static func holdsBuildFiles(_ folder: String) -> Bool {
        if FileManager.default.fileExists(atPath: folder + "/Package.swift") { return true }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).contains { $0.hasSuffix(".xcodeproj") }
    }

    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (full as NSString).standardizingPath
    }

    /// What the build files at `root` say (the root folder and its direct subfolders are searched for
    /// `*.xcodeproj/project.pbxproj`; `root/Package.swift`). `.unknown` when they say nothing.
    public static func detect(root: String) -> DeploymentTarget {
        var result = DeploymentTarget.unknown
        let manager = FileManager.default
        var projects: [String] = []
        let top = (try? manager.contentsOfDirectory(atPath: root)) ?? []
        for name in top.sorted() {
            if name.hasSuffix(".xcodeproj") { projects.append(root + "/" + name + "/project.pbxproj"); continue }
            // One level down (`App/App.xcodeproj`), skipping hidden and build folders.
            guard !name.hasPrefix("."), name != "build", name != "Pods", name != "Carthage" else { continue }
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: root + "/" + name, isDirectory: &isFolder), isFolder.boolValue else { continue }
            for inner in ((try? manager.contentsOfDirectory(atPath: root + "/" + name)) ?? []).sorted() where inner.hasSuffix(".xcodeproj") {
                projects.append(root + "/" + name + "/" + inner + "/project.pbxproj")
            }
        }
        for path in projects {
            guard let text = read(path) else { continue }
            result = merged(result, xcodeProject(text))
        }
        if let manifest = read(root + "/Package.swift") { result = merged(result, packageManifest(manifest)) }
        return result
    }

    /// What `.lintrc` says wins; the build files fill in the rest.
    public static func combined(configured: DeploymentTarget, detected: DeploymentTarget) -> DeploymentTarget {
        var result = detected
        for (platform, version) in configured.versions { result.versions[platform] = version }
        if result.platforms != nil { result.platforms!.formUnion(configured.versions.keys) }
        return result
    }

    /// Two sources together: the platforms of both (unknown when either does not know), the lower version.
    static func merged(_ a: DeploymentTarget, _ b: DeploymentTarget) -> DeploymentTarget {
        var result = a
        for (platform, version) in b.versions { result.versions[platform] = min(version, a.versions[platform] ?? version) }
        if a == .unknown { result.platforms = b.platforms } else if let left = a.platforms, let right = b.platforms {
            result.platforms = left.union(right)
        } else {
            result.platforms = nil
        }
        return result
    }

    /// `SDKROOT = iphoneos;`, `SUPPORTED_PLATFORMS = "iphoneos iphonesimulator";`, `MACOSX_DEPLOYMENT_TARGET = 13.0;`.
    static func xcodeProject(_ text: String) -> DeploymentTarget {
        var platforms = Set<String>()
        var versions: [String: OSVersion] = [:]
        let settings: [(String, String)] = [
            ("IPHONEOS_DEPLOYMENT_TARGET", "ios"), ("MACOSX_DEPLOYMENT_TARGET", "macos"), ("TVOS_DEPLOYMENT_TARGET", "tvos"),
            ("WATCHOS_DEPLOYMENT_TARGET", "watchos"), ("XROS_DEPLOYMENT_TARGET", "visionos"),
        ]
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value.removeLast() }
            value = value.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
            if key == "SDKROOT" || key == "SUPPORTED_PLATFORMS" {
                for word in value.split(separator: " ") { if let platform = sdkPlatform(String(word)) { platforms.insert(platform) } }
            } else if let (_, platform) = settings.first(where: { $0.0 == key }), let version = OSVersion(value) {
                versions[platform] = min(version, versions[platform] ?? version)
            }
        }
        // A deployment target of a platform no target builds for (a template's leftover) says nothing.
        if !platforms.isEmpty { versions = versions.filter { platforms.contains($0.key) } }
        return DeploymentTarget(versions: versions, platforms: platforms.isEmpty ? nil : platforms)
    }

    /// `iphoneos` → `ios`, `macosx` → `macos` …
    static func sdkPlatform(_ sdk: String) -> String? {
        switch sdk {
        case "iphoneos", "iphonesimulator": return "ios"
        case "macosx": return "macos"
        case "appletvos", "appletvsimulator": return "tvos"
        case "watchos", "watchsimulator": return "watchos"
        case "xros", "xrsimulator": return "visionos"
        default: return nil
        }
    }

    /// `platforms: [.iOS(.v16), .macOS("13.3")]`: the versions, and the platforms named. A manifest that
    /// names platforms names the ones it is for (a package for macOS only lists `.macOS`).
    static func packageManifest(_ text: String) -> DeploymentTarget {
        guard let list = text.range(of: "platforms:") else { return .unknown }
        // The bracketed list after `platforms:`.
        guard let open = text[list.upperBound...].firstIndex(of: "["), let close = text[open...].firstIndex(of: "]") else { return .unknown }
        let body = text[text.index(after: open)..<close]
        let names: [(String, String)] = [("iOS", "ios"), ("macOS", "macos"), ("tvOS", "tvos"), ("watchOS", "watchos"),
                                         ("visionOS", "visionos"), ("macCatalyst", "ios")]
        var platforms = Set<String>()
        var versions: [String: OSVersion] = [:]
        for entry in body.split(separator: ",", omittingEmptySubsequences: true) {
            let item = entry.trimmingCharacters(in: .whitespacesAndNewlines)
            guard item.hasPrefix("."), let paren = item.firstIndex(of: "(") else { continue }
            let name = String(item[item.index(after: item.startIndex)..<paren])
            guard let platform = names.first(where: { $0.0 == name })?.1 else { continue }
            platforms.insert(platform)
            if name == "macCatalyst" { continue }
            // `.v16`, `.v13_3`, or a string `"13.3"`.
            var argument = item[item.index(after: paren)...].trimmingCharacters(in: CharacterSet(charactersIn: ") \""))
            if argument.hasPrefix(".v") { argument = String(argument.dropFirst(2)).replacingOccurrences(of: "_", with: ".") }
            if let version = OSVersion(argument) { versions[platform] = version }
        }
        return platforms.isEmpty ? .unknown : DeploymentTarget(versions: versions, platforms: platforms)
    }

    private static func read(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path), data.count < 16 << 20 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
