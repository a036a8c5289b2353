// swift-tools-version:6.0
// Fuzz: libFuzzer targets over statelint's lexer, parser, project index, rules, fixes and reporters, and
// the language server's input.
// A developer tool, NOT part of the product; built with `--sanitize=fuzzer --sanitize=address` by
// Tools/Fuzz/run.sh (the product itself stays zero-dependency).
import PackageDescription

let package = Package(
    name: "StatelintFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "statelint", path: "../..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "StatelintCore", package: "statelint"),
                .product(name: "StatelintReporters", package: "statelint"),
            ],
            path: "Sources/FuzzSupport"
        ),
        // libFuzzer provides `main`: the targets are libraries of Swift code parsed as such.
        .executableTarget(
            name: "fuzz-file", dependencies: ["FuzzSupport"], path: "Sources/fuzz-file",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "fuzz-project", dependencies: ["FuzzSupport"], path: "Sources/fuzz-project",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // The language server's input: framing, JSON, every method, positions, documents and lints.
        .executableTarget(
            name: "fuzz-server", dependencies: [.product(name: "StatelintServer", package: "statelint")],
            path: "Sources/fuzz-server", swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
