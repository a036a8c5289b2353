import Testing
@testable import StatelintCore

/// How SwiftLint's `included:`/`excluded:` become statelint globs, and which lines are read.
@Suite struct SwiftLintPathsTests {
    @Test(arguments: [
        ("Pods", "/Pods"), ("./Vendor/", "/Vendor"), ("Sources/Generated", "/Sources/Generated"),
        ("**/*.generated.swift", "/**/*.generated.swift"), (".", "/"), ("/work/app/Legacy", "/Legacy"),
    ])
    func aPathIsAnchoredAtTheRoot(_ written: String, _ glob: String) {
        #expect(SwiftLintPaths.anchored(written, root: "/work/app") == glob)
    }

    @Test func anEmptyPathOrOneOutsideTheRootIsDropped() {
        #expect(SwiftLintPaths.anchored("  ", root: "/work/app") == nil)
        #expect(SwiftLintPaths.anchored("/elsewhere/Pods", root: "/work/app") == nil)
    }

    @Test func anAnchoredGlobSkipsOnlyThatFolder() {
        let filter = PathFilter(include: [], exclude: ["/Vendor"])
        #expect(!filter.accepts("Vendor/Lib/A.swift"))
        #expect(filter.accepts("App/Vendor/A.swift"), "SwiftLint's 'Vendor' is the root's folder, not every folder of that name")
    }

    @Test func onlyTheTwoKeysAreReadWhateverTheRestOfTheFileHolds() throws {
        let text = """
            custom_rules:
              a: {regex: "\\\\(", message: &m "x"}
            excluded: # vendored
            - Pods

            - 'Carthage/'
            included:
              - App
            line_length: *m

            """
        let paths = try SwiftLintPaths.parse(bytes: Array(text.utf8), file: ".swiftlint.yml", root: "/r")
        #expect(paths.exclude == ["/Pods", "/Carthage"])
        #expect(paths.include == ["/App"])
        // `included: [.]` is everything: no restriction.
        let all = try SwiftLintPaths.parse(bytes: Array("included: [., App]\n".utf8), file: ".swiftlint.yml", root: "/r")
        #expect(all.include.isEmpty)
    }

    @Test func anUnreadableListNamesItsLineInTheFile() {
        let text = "disabled_rules: [a]\nexcluded:\n  - [Pods]\n"
        #expect(throws: ConfigError.self) { try SwiftLintPaths.parse(bytes: Array(text.utf8), file: ".swiftlint.yml", root: "/r") }
        do {
            _ = try SwiftLintPaths.parse(bytes: Array(text.utf8), file: ".swiftlint.yml", root: "/r")
        } catch {
            #expect(error.line == 3, "\(error)")
        }
    }
}
