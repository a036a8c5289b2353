import Foundation
import StatelintCore
import StatelintDiagnostics
import Testing

/// The platforms and deployment targets read from a project's own build files (`ProjectTarget`).
@Suite("Project target from build files")
struct ProjectTargetTests {
    /// A project folder with these files (relative paths), removed after `body`.
    func withProject(_ files: [String: String], _ body: (String) throws -> Void) throws {
        let root = NSTemporaryDirectory() + "statelint-target-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        try body(root)
    }

    static let macApp = """
        /* Begin XCBuildConfiguration section */
        \t\tABC /* Debug */ = {
        \t\t\tbuildSettings = {
        \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 15.0;
        \t\t\t\tMACOSX_DEPLOYMENT_TARGET = 13.0;
        \t\t\t\tSDKROOT = macosx;
        \t\t\t};
        \t\t};
        \t\tDEF /* Release */ = {
        \t\t\tbuildSettings = {
        \t\t\t\tMACOSX_DEPLOYMENT_TARGET = "14.0";
        \t\t\t\tSDKROOT = macosx;
        \t\t\t};
        \t\t};
        """

    static let iOSApp = """
        \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 16.4;
        \t\t\t\tSDKROOT = iphoneos;
        \t\t\t\tSUPPORTED_PLATFORMS = "iphoneos iphonesimulator";
        \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 17.0;
        """

    @Test func aMacOnlyXcodeProjectDoesNotTargetIOS() throws {
        try withProject(["Loop.xcodeproj/project.pbxproj": Self.macApp]) { root in
            let target = ProjectTarget.detect(root: root)
            #expect(target.platforms == ["macos"])
            #expect(!target.mayTarget("ios"))
            #expect(target.minimum("macos") == OSVersion(13))
            // A template's leftover iOS target in a macOS project says nothing.
            #expect(target.minimum("ios") == nil)
        }
    }

    @Test func anIOSProjectOneFolderDownGivesTheLowestTarget() throws {
        try withProject(["App/App.xcodeproj/project.pbxproj": Self.iOSApp, "App/Sources/A.swift": ""]) { root in
            let target = ProjectTarget.detect(root: root)
            #expect(target.mayTarget("ios"))
            #expect(target.minimum("ios") == OSVersion(16, 4))
            #expect(!target.guarantees("ios", atLeast: OSVersion(17, 2)))
        }
    }

    @Test func aPackageManifestNamesItsPlatformsAndVersions() throws {
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Kit",
                platforms: [.iOS(.v17_2), .macOS("13.3"),
                            .watchOS(.v10)],
                targets: [.target(name: "Kit")]
            )
            """
        try withProject(["Package.swift": manifest]) { root in
            let target = ProjectTarget.detect(root: root)
            #expect(target.platforms == ["ios", "macos", "watchos"])
            #expect(target.guarantees("ios", atLeast: OSVersion(17, 2)))
            #expect(target.minimum("macos") == OSVersion(13, 3))
        }
        try withProject(["Package.swift": "let package = Package(name: \"Tool\", platforms: [.macOS(.v13)])"]) { root in
            #expect(!ProjectTarget.detect(root: root).mayTarget("ios"))
        }
        // No platforms: nothing known.
        try withProject(["Package.swift": "let package = Package(name: \"Tool\")"]) { root in
            #expect(ProjectTarget.detect(root: root) == .unknown)
        }
    }

    @Test func anXcodeProjectAndAManifestTogetherTargetBoth() throws {
        try withProject(["Mac.xcodeproj/project.pbxproj": Self.macApp,
                         "Package.swift": "let package = Package(name: \"Kit\", platforms: [.iOS(.v16)])"]) { root in
            let target = ProjectTarget.detect(root: root)
            #expect(target.platforms == ["ios", "macos"])
            #expect(target.minimum("ios") == OSVersion(16))
        }
    }

    /// `statelint Mac` from a folder that holds two apps reads the Mac app's project only; the folder itself
    /// (no path inside an app) reads both.
    @Test func eachLintedPathReadsItsNearestProject() throws {
        try withProject(["Mac/Mac.xcodeproj/project.pbxproj": Self.macApp, "Mac/Sources/A.swift": "",
                         "Phone/Phone.xcodeproj/project.pbxproj": Self.iOSApp, "Phone/Sources/B.swift": ""]) { root in
            let mac = ProjectTarget.detect(root: root, paths: [root + "/Mac"])
            #expect(mac.platforms == ["macos"])
            #expect(ProjectTarget.detect(root: root, paths: [root + "/Mac/Sources/A.swift"]).platforms == ["macos"])
            #expect(ProjectTarget.detect(root: root, paths: [root + "/Phone/Sources"]).minimum("ios") == OSVersion(16, 4))
            #expect(ProjectTarget.detect(root: root, paths: [root]).platforms == ["ios", "macos"])
            #expect(ProjectTarget.detect(root: root, paths: [root + "/Mac", root + "/Phone"]).platforms == ["ios", "macos"])
        }
    }

    /// A path outside the root (`statelint ../Other` from a package) never takes the root's platforms.
    @Test func aPathOutsideTheRootDoesNotReadTheRootsBuildFiles() throws {
        try withProject(["Here/Package.swift": "let package = Package(name: \"Tool\", platforms: [.macOS(.v13)])",
                         "Elsewhere/Sources/A.swift": ""]) { root in
            #expect(ProjectTarget.detect(root: root + "/Here", paths: [root + "/Elsewhere/Sources"]) == .unknown)
            #expect(!ProjectTarget.detect(root: root + "/Here", paths: [root + "/Here"]).mayTarget("ios"))
        }
    }

    @Test func lintrcWinsAndAddsItsPlatforms() throws {
        let detected = DeploymentTarget(versions: ["macos": OSVersion(13)], platforms: ["macos"])
        let combined = ProjectTarget.combined(configured: DeploymentTarget(configured: ["ios": "17.0", "macos": "14"]), detected: detected)
        #expect(combined.minimum("macos") == OSVersion(14))
        #expect(combined.mayTarget("ios"))
        #expect(combined.minimum("ios") == OSVersion(17))
        // Nothing found: the configuration alone, every platform possible.
        let alone = ProjectTarget.combined(configured: DeploymentTarget(configured: ["macos": "14"]), detected: .unknown)
        #expect(alone.mayTarget("ios") && alone.platforms == nil)
    }

    @Test func unreadableOrStrangeBuildFilesSayNothing() throws {
        try withProject(["X.xcodeproj/project.pbxproj": "\u{0}\u{1}SDKROOT = ;\nIPHONEOS_DEPLOYMENT_TARGET = banana;",
                         "Package.swift": "platforms: [ .iOS(", "Other.xcodeproj/readme": "x"]) { root in
            let target = ProjectTarget.detect(root: root)
            #expect(target.mayTarget("ios"))
            #expect(target.minimum("ios") == nil)
        }
        #expect(ProjectTarget.detect(root: "/nonexistent-\(UUID().uuidString)") == .unknown)
    }
}
