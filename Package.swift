// swift-tools-version: 6.0
import PackageDescription

// RewriteKit has no package dependencies by design: it ships inside apps,
// and everything it needs (lexer, linear-time regex, JSON splicing, the
// URLProtocol) lives in this package.
let package = Package(
    name: "RewriteKit",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "RewriteKit", targets: ["RewriteKit"]),
        .library(name: "RewriteTesting", targets: ["RewriteTesting"]),
        .executable(name: "rewrite", targets: ["rewrite"]),
    ],
    targets: [
        .target(name: "RewriteKit"),
        .target(name: "RewriteTesting", dependencies: ["RewriteKit"]),
        .executableTarget(name: "rewrite", dependencies: ["RewriteKit"]),
        .executableTarget(name: "rewrite-bench", dependencies: ["RewriteKit", "RewriteTesting"], path: "Benchmarks/rewrite-bench"),
        .testTarget(name: "RewriteKitTests", dependencies: ["RewriteKit"]),
        .testTarget(name: "InterceptionTests", dependencies: ["RewriteKit", "RewriteTesting", "SharedSessionProbe"]),
        // Runs URLSession.shared interception in a fresh process for InterceptionTests.
        .executableTarget(
            name: "SharedSessionProbe", dependencies: ["RewriteKit", "RewriteTesting"],
            path: "Tests/SharedSessionProbe"),
        .testTarget(name: "RewriteCLITests", dependencies: ["rewrite", "RewriteKit"]),
        // Examples: real targets that CI builds and runs (see the README's "Examples").
        .executableTarget(name: "TutorialProxy", dependencies: ["RewriteKit", "RewriteTesting"], path: "Examples/TutorialProxy"),
        .executableTarget(name: "ActivityMonitor", dependencies: ["RewriteKit", "RewriteTesting"], path: "Examples/ActivityMonitor"),
        .target(name: "StubbedClient", path: "Examples/StubbedClient/Sources/StubbedClient"),
        .testTarget(
            name: "StubbedClientTests", dependencies: ["StubbedClient", "RewriteKit", "RewriteTesting"],
            path: "Examples/StubbedClient/Tests/StubbedClientTests"),
    ],
    swiftLanguageModes: [.v6]
)
