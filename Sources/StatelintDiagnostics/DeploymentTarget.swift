/// A version such as `17`, `17.0` or `17.0.1`, compared numerically (`17.10` is after `17.2`).
public struct OSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Major, minor and patch; missing groups are 0.
    public var components: [Int]

    /// Parses one to three dot-separated groups of digits; nil for anything else.
    public init?(_ text: String) {
        let groups = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(groups.count) else { return nil }
        var parts: [Int] = []
        for group in groups {
            guard (1...9).contains(group.count), group.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(group) else { return nil }
            parts.append(n)
        }
        while parts.count < 3 { parts.append(0) }
        components = parts
    }

    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        components = [major, minor, patch]
    }

    public static func < (a: OSVersion, b: OSVersion) -> Bool { a.components.lexicographicallyPrecedes(b.components) }

    /// `17.2` (the patch only when it is not 0).
    public var description: String {
        components[2] == 0 ? "\(components[0]).\(components[1])" : components.map(String.init).joined(separator: ".")
    }
}

/// The oldest OS versions the project supports (`deployment_target` in `.lintrc`), as rules see it.
public struct DeploymentTarget: Sendable, Hashable {
    /// The platforms `.lintrc` may name.
    public static let platforms = ["ios", "macos", "tvos", "watchos", "visionos"]

    /// Versions by platform; a platform not listed is unknown (every version possible).
    public var versions: [String: OSVersion]
    /// The platforms the project builds for, when its build files say (an Xcode project's SDKs, a
    /// package's `platforms:`); nil when unknown (every platform possible).
    public var platforms: Set<String>?

    /// No assumption about any platform.
    public static let unknown = DeploymentTarget(versions: [:])

    public init(versions: [String: OSVersion], platforms: Set<String>? = nil) {
        self.versions = versions
        self.platforms = platforms
    }

    /// Whether the project may run on `platform`: false only when its build files name the platforms
    /// and this is not one of them (and no version of it is configured).
    public func mayTarget(_ platform: String) -> Bool {
        versions[platform] != nil || platforms?.contains(platform) ?? true
    }

    /// From the configuration's text values; values that are not versions are left out.
    public init(configured: [String: String]) {
        var versions: [String: OSVersion] = [:]
        for (platform, text) in configured { if let version = OSVersion(text) { versions[platform] = version } }
        self.versions = versions
    }

    /// The configured minimum for `platform` (`ios`, …), or nil when the project does not say.
    public func minimum(_ platform: String) -> OSVersion? { versions[platform] }

    /// Whether every supported version of `platform` is at least `version`: false when unknown.
    public func guarantees(_ platform: String, atLeast version: OSVersion) -> Bool {
        guard let minimum = versions[platform] else { return false }
        return minimum >= version
    }
}
