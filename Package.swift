// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "statelint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "statelint", targets: ["statelint"]),
        .library(name: "StatelintCore", targets: ["StatelintCore"]),
        .library(name: "StatelintReporters", targets: ["StatelintReporters"]),
        .library(name: "StatelintServer", targets: ["StatelintServer"]),
        .plugin(name: "StatelintCommandPlugin", targets: ["StatelintCommandPlugin"]),
        .plugin(name: "StatelintBuildToolPlugin", targets: ["StatelintBuildToolPlugin"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "StatelintSyntax", dependencies: ["CStatelintSystem"], path: "Sources/StatelintSyntax"),
        // The finding model (diagnostics, fixes, rule descriptors and options, the deployment target):
        // what the engine, the rules and the reporters share.
        .target(name: "StatelintDiagnostics", dependencies: ["StatelintSyntax"], path: "Sources/StatelintDiagnostics"),
        // System calls Swift cannot make portably: atomic file swaps, fork, and crash signal handlers.
        .target(name: "CStatelintSystem", path: "Sources/CStatelintSystem"),
        .target(name: "StatelintAnalysis", dependencies: ["StatelintSyntax"], path: "Sources/StatelintAnalysis"),
        .target(
            name: "StatelintRules", dependencies: ["StatelintSyntax", "StatelintAnalysis", "StatelintDiagnostics"], path: "Rules"
        ),
        .target(
            name: "StatelintCore",
            dependencies: ["StatelintSyntax", "StatelintDiagnostics", "StatelintAnalysis", "StatelintRules", "CStatelintSystem"],
            path: "Sources/StatelintCore"
        ),
        .target(
            name: "StatelintReporters",
            dependencies: ["StatelintCore", "StatelintDiagnostics", "StatelintSyntax"],
            path: "Sources/StatelintReporters"
        ),
        // The language server (`statelint server`): JSON-RPC framing, documents, and the lint loop over Core.
        .target(
            name: "StatelintServer",
            dependencies: ["StatelintCore", "StatelintDiagnostics", "StatelintRules", "StatelintSyntax"],
            path: "Sources/StatelintServer"
        ),
        .executableTarget(
            name: "statelint",
            dependencies: [
                "StatelintCore", "StatelintAnalysis", "StatelintDiagnostics", "StatelintReporters", "StatelintRules", "StatelintSyntax",
                "StatelintServer", "CStatelintSystem",
            ],
            path: "Sources/statelint"
        ),
        .executableTarget(
            name: "statelint-bench",
            dependencies: ["StatelintSyntax", "StatelintDiagnostics"],
            path: "Sources/statelint-bench"
        ),
        .plugin(
            name: "StatelintCommandPlugin",
            capability: .command(
                intent: .custom(verb: "statelint", description: "Lint the package's source targets with statelint"),
                permissions: []
            ),
            dependencies: ["statelint"],
            path: "Plugins/StatelintCommandPlugin"
        ),
        .plugin(
            name: "StatelintBuildToolPlugin",
            capability: .buildTool(),
            dependencies: ["statelint"],
            path: "Plugins/StatelintBuildToolPlugin"
        ),
        // Helpers shared by the test targets only (never a dependency of the product).
        .target(name: "StatelintTestSupport", path: "Tests/Support"),
        .testTarget(
            name: "StatelintSyntaxTests", dependencies: ["StatelintSyntax", "StatelintTestSupport"],
            path: "Tests/StatelintSyntaxTests"
        ),
        .testTarget(
            name: "StatelintRulesTests",
            dependencies: ["StatelintCore", "StatelintDiagnostics", "StatelintRules", "StatelintSyntax"],
            path: "Tests/StatelintRulesTests"
        ),
        .testTarget(name: "HazardProofTests", path: "Tests/HazardProofTests"),
        .testTarget(
            name: "StatelintAnalysisTests",
            dependencies: ["StatelintAnalysis", "StatelintSyntax", "StatelintTestSupport"],
            path: "Tests/StatelintAnalysisTests"
        ),
        .testTarget(
            name: "StatelintCoreTests",
            dependencies: ["StatelintCore", "StatelintDiagnostics", "StatelintRules", "StatelintSyntax", "StatelintTestSupport"],
            path: "Tests/StatelintCoreTests"
        ),
        .testTarget(
            name: "StatelintReportersTests",
            dependencies: ["StatelintCore", "StatelintDiagnostics", "StatelintReporters", "StatelintRules", "StatelintSyntax"],
            path: "Tests/StatelintReportersTests"
        ),
        .testTarget(
            name: "StatelintServerTests",
            dependencies: ["StatelintServer", "StatelintCore", "StatelintDiagnostics", "StatelintSyntax"],
            path: "Tests/StatelintServerTests"
        ),
        .testTarget(
            name: "StatelintCLITests",
            dependencies: ["StatelintCore", "StatelintDiagnostics", "StatelintReporters", "StatelintRules", "StatelintSyntax"],
            path: "Tests/StatelintCLITests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
