import Testing
@testable import StatelintCore

@Suite struct GlobTests {
    @Test(arguments: [
        // (pattern, path, matches)
        ("*.swift", "a.swift", true),
        ("*.swift", "Sources/a.swift", true),  // no '/': any component
        ("Sources/*.swift", "Sources/a.swift", true),
        ("Sources/*.swift", "Sources/x/a.swift", false),  // '*' never crosses '/'
        ("Sources/*.swift", "Other/Sources/a.swift", false),  // anchored
        ("Sources/**/*.swift", "Sources/a.swift", true),  // '**' may be no folder
        ("Sources/**/*.swift", "Sources/x/y/z/a.swift", true),
        ("Sources/**/*.swift", "Sources/x/a.txt", false),
        ("**/Generated/**", "Generated/a.swift", true),
        ("**/Generated/**", "App/Generated/Sub/a.swift", true),
        ("**/Generated/**", "App/NotGenerated/a.swift", false),
        ("**/*.swift", "a.swift", true),
        ("**", "any/thing", true),
        ("Pods", "Pods", true),
        ("Pods", "Vendor/Pods/X/a.swift", true),
        ("Pods", "MyPods/a.swift", false),
        ("Generated", "App/Generated", true),
        ("a?c.swift", "abc.swift", true),
        ("a?c.swift", "ac.swift", false),
        ("a?c.swift", "a/c.swift", false),
        ("a?c", "aéc", true),  // '?' is one character, not one byte
        ("*é", "xxé", true),
        ("a*b*c", "aXbYbZc", true),
        ("a*b*c", "aXbYbZ", false),
        ("*", "", false),
        ("", "a", false),
        ("./Sources/*.swift", "Sources/a.swift", true),
        ("Sources/*.swift", "./Sources//a.swift", true),
        ("/Sources/*.swift", "Sources/a.swift", true),
        ("Sources/", "x/Sources", true),
        ("[ab].swift", "[ab].swift", true),  // no character classes
        ("[ab].swift", "a.swift", false),
        ("A.swift", "a.swift", false),  // case-sensitive
        ("Sources/**/Tests/**/*.swift", "Sources/a/Tests/b/c/x.swift", true),
        ("Sources/**/Tests/**/*.swift", "Sources/a/Test/b/x.swift", false),
        ("**/a/**/b/**/c", "x/a/y/a/z/b/b/c", true),
    ])
    func glob(pattern: String, path: String, expected: Bool) {
        #expect(Glob(pattern).matches(path) == expected, "\(pattern) ~ \(path)")
    }

    @Test func pathologicalPatternsAreFast() {
        let pattern = String(repeating: "*a", count: 200) + "b"
        let name = String(repeating: "a", count: 5000)
        #expect(!Glob(pattern).matches(name))
        let deep = Array(repeating: "**/a", count: 100).joined(separator: "/") + "/b"
        #expect(!Glob(deep).matches(Array(repeating: "a", count: 500).joined(separator: "/")))
    }

    @Test func pathFilter() {
        let filter = PathFilter(include: ["Sources", "Packages/*/Sources/**"], exclude: ["**/Generated/**", "*.pb.swift", "Sources/Legacy"])
        #expect(filter.accepts("Sources/App/a.swift"))
        #expect(filter.accepts("Packages/Core/Sources/x/b.swift"))
        #expect(!filter.accepts("Tests/a.swift"))
        #expect(!filter.accepts("Sources/Generated/a.swift"))
        #expect(!filter.accepts("Sources/App/model.pb.swift"))
        #expect(!filter.accepts("Sources/Legacy/Old/a.swift"))
        #expect(filter.excludesFolder("Sources/Legacy"))
        #expect(filter.excludesFolder("App/Generated"))
        #expect(!filter.excludesFolder("Sources/App"))
        let everything = PathFilter(include: [], exclude: [])
        #expect(everything.accepts("any/file.swift"))
        #expect(Configuration(include: ["a"], exclude: ["b"]).pathFilter.accepts("a/x.swift"))
        #expect(!Configuration(include: ["a"], exclude: ["b"]).pathFilter.accepts("a/b/x.swift"))
    }
}
