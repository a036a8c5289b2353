// swift-tools-version:6.0
// SyntaxOracle: a developer tool, NOT part of the statelint product (which
// stays zero-dependency). It dumps swift-syntax's identifier/keyword tokens so
// Tools/check-lexer.sh can compare them with `statelint tokens`.
import PackageDescription

let package = Package(
    name: "SyntaxOracle",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "syntax-oracle", targets: ["syntax-oracle"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        .executableTarget(
            name: "syntax-oracle",
            dependencies: [
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            path: "Sources/syntax-oracle"
        ),
    ]
)
