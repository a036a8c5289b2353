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
            // Up to the root; a path outside the root (`statelint ../Other`) looks three folders up at most,
            // and never at the root's own build files.
            let inside = folder == rootPath || folder.hasPrefix(rootPath + "/")
            var steps = 0
            while true {
                if holdsBuildFiles(folder) { found = folder; break }
                steps += 1
                if folder == rootPath || folder == "/" || !inside && steps >= 3 { break }
                folder = (folder as NSString).deletingLastPathComponent
            }
            if let found { if !folders.contains(found) { folders.append(found) } } else if inside { searchRoot = true }
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
    public static func detect(root: String) -> DeploymentTarget { detectWithSources(root: root).target }

    /// What the build files at `root` say, and the files that were read for it (`root/Package.swift`
    /// always, present or not, and each project file found): a long-lived front end reads them again
    /// when one of them changes.
    public static func detectWithSources(root: String) -> (target: DeploymentTarget, sources: [String]) {
        var result = DeploymentTarget.unknown
        let manager = FileManager.default
        var projects: [String] = []
        let top = (try? manager.contentsOfDirectory(atPath: root)) ?? []
        // One level down only in a folder the size of a project's (not a home or temporary folder).
        var subfolders = top.count <= 200 ? 48 : 0
        for name in subfolders > 0 ? top.sorted() : top {
            if name.hasSuffix(".xcodeproj") { projects.append(root + "/" + name + "/project.pbxproj"); continue }
            guard subfolders > 0 else { continue }
            // One level down (`App/App.xcodeproj`), skipping hidden and build folders.
            guard !name.hasPrefix("."), name != "build", name != "Pods", name != "Carthage" else { continue }
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: root + "/" + name, isDirectory: &isFolder), isFolder.boolValue else { continue }
            subfolders -= 1
            for inner in ((try? manager.contentsOfDirectory(atPath: root + "/" + name)) ?? []).sorted() where inner.hasSuffix(".xcodeproj") {
                projects.append(root + "/" + name + "/" + inner + "/project.pbxproj")
            }
        }
        for path in projects.sorted() {
            guard let text = read(path) else { continue }
            result = merged(result, xcodeProject(text))
        }
        if let manifest = read(root + "/Package.swift") { result = merged(result, packageManifest(manifest)) }
        return (result, [root + "/Package.swift"] + projects.sorted())
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
    /// A scan of the bytes (a large app's project file is megabytes): only lines whose key is one of these.
    static func xcodeProject(_ text: String) -> DeploymentTarget {
        var platforms = Set<String>()
        var versions: [String: OSVersion] = [:]
        let settings: [(key: [UInt8], platform: String)] = [
            ("IPHONEOS_DEPLOYMENT_TARGET", "ios"), ("MACOSX_DEPLOYMENT_TARGET", "macos"), ("TVOS_DEPLOYMENT_TARGET", "tvos"),
            ("WATCHOS_DEPLOYMENT_TARGET", "watchos"), ("XROS_DEPLOYMENT_TARGET", "visionos"),
        ].map { (Array($0.0.utf8), $0.1) }
        let sdkKeys: [[UInt8]] = [Array("SDKROOT".utf8), Array("SUPPORTED_PLATFORMS".utf8)]
        let bytes = Array(text.utf8)
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), quote = UInt8(ascii: "\""), newline = UInt8(ascii: "\n")
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != newline { end += 1 }
            defer { start = end + 1 }
            var k = start
            while k < end && (bytes[k] == space || bytes[k] == tab) { k += 1 }
            // Keys start with S, I, M, T, W or X; most lines of a project file start otherwise.
            guard k < end, let first = Optional(bytes[k]), first == UInt8(ascii: "S") || first == UInt8(ascii: "I") || first == UInt8(ascii: "M")
                || first == UInt8(ascii: "T") || first == UInt8(ascii: "W") || first == UInt8(ascii: "X") else { continue }
            var equals = k
            while equals < end && bytes[equals] != UInt8(ascii: "=") { equals += 1 }
            guard equals < end else { continue }
            var keyEnd = equals
            while keyEnd > k && (bytes[keyEnd - 1] == space || bytes[keyEnd - 1] == tab) { keyEnd -= 1 }
            let key = bytes[k..<keyEnd]
            var valueStart = equals + 1
            var valueEnd = end
            while valueStart < valueEnd && (bytes[valueStart] == space || bytes[valueStart] == tab || bytes[valueStart] == quote) { valueStart += 1 }
            while valueEnd > valueStart && [space, tab, quote, UInt8(ascii: ";"), UInt8(ascii: "\r")].contains(bytes[valueEnd - 1]) { valueEnd -= 1 }
            let value = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
            if sdkKeys.contains(where: { key.elementsEqual($0) }) {
                for word in value.split(separator: " ") { if let platform = sdkPlatform(String(word)) { platforms.insert(platform) } }
            } else if let setting = settings.first(where: { key.elementsEqual($0.key) }), let version = OSVersion(value) {
                versions[setting.platform] = min(version, versions[setting.platform] ?? version)
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
