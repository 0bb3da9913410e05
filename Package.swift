// swift-tools-version: 6.0
import PackageDescription

// RewriteKit has no package dependencies by design: it ships inside apps,
// and everything it needs (lexer, linear-time regex, JSON splicing, the
// URLProtocol) lives in this package.
let package = Package(
    name: "RewriteKit",
    // iOS 15, macOS 12 and tvOS 15: the releases with async URLSession and per-task delegates,
    // which the interceptor needs, and the oldest that still run on devices apps support. Code
    // that needs a newer API (Swift's Regex, `Duration`, `String(validating:as:)`) is guarded
    // with `#available` / `@available`; `Scripts/apple-availability/check.py` (run by .ci/run)
    // fails on any use outside such a guard. watchOS is not declared: Apple does not let a
    // custom URLProtocol carry watchOS traffic, so RewriteKit has nothing to intercept there.
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15)],
    products: [
        .library(name: "RewriteKit", targets: ["RewriteKit"]),
        // Test support without a test framework, for tools and executables.
        .library(name: "RewriteTestSupport", targets: ["RewriteTestSupport"]),
        // For test targets: RewriteTestSupport plus XCTest and Swift Testing assertions.
        .library(name: "RewriteTesting", targets: ["RewriteTesting"]),
        .executable(name: "rewrite", targets: ["rewrite"]),
        // Checks a target's .rules files at build time (SwiftPM and Xcode).
        .plugin(name: "RewriteRulesCheck", targets: ["RewriteRulesCheck"]),
    ],
    targets: [
        .target(name: "RewriteKit"),
        // Test support with no test framework: the loopback server, RewriteTestSession, ActivityRecorder.
        // Executables (examples, benchmark) use it; RewriteTesting adds the XCTest and Swift Testing
        // assertions and re-exports it, because an executable linking XCTest does not launch on macOS.
        .target(name: "RewriteTestSupport", dependencies: ["RewriteKit"]),
        .target(name: "RewriteTesting", dependencies: ["RewriteKit", "RewriteTestSupport"]),
        .executableTarget(name: "rewrite", dependencies: ["RewriteKit"]),
        .plugin(name: "RewriteRulesCheck", capability: .buildTool(), dependencies: ["rewrite"]),
        .executableTarget(name: "rewrite-bench", dependencies: ["RewriteKit", "RewriteTestSupport"], path: "Benchmarks/rewrite-bench"),
        .testTarget(
            name: "RewriteKitTests", dependencies: ["RewriteKit", "RewriteTestSupport"],
            // A rule file in a SwiftPM resource bundle, for RuleSet.bundled(named:).
            resources: [.copy("Compiler/Resources/bundled-probe.rules")]),
        // The loopback test server itself: its endpoints, its wire format, its failure modes.
        .testTarget(name: "RewriteTestSupportTests", dependencies: ["RewriteTestSupport"]),
        .testTarget(
            name: "InterceptionTests",
            dependencies: ["RewriteKit", "RewriteTesting", "RewriteTestSupport", "SharedSessionProbe", "LaunchedAppProbe"]),
        // Runs URLSession.shared interception in a fresh process for InterceptionTests.
        .executableTarget(
            name: "SharedSessionProbe", dependencies: ["RewriteKit", "RewriteTestSupport"],
            path: "Tests/SharedSessionProbe"),
        // An app launched by a UI test, for InterceptionTests' launch-environment tests.
        .executableTarget(name: "LaunchedAppProbe", dependencies: ["RewriteKit"], path: "Tests/LaunchedAppProbe"),
        .testTarget(name: "RewriteCLITests", dependencies: ["rewrite", "RewriteKit", "RewriteTestSupport"]),
        // Examples: real targets that CI builds and runs (see the README's "Examples").
        .executableTarget(name: "TutorialProxy", dependencies: ["RewriteKit", "RewriteTestSupport"], path: "Examples/TutorialProxy"),
        .executableTarget(name: "ActivityMonitor", dependencies: ["RewriteKit", "RewriteTestSupport"], path: "Examples/ActivityMonitor"),
        .executableTarget(name: "RecordReplay", dependencies: ["RewriteKit", "RewriteTestSupport"], path: "Examples/RecordReplay"),
        .executableTarget(name: "ChatStream", dependencies: ["RewriteKit", "RewriteTestSupport"], path: "Examples/ChatStream"),
        .executableTarget(name: "SocketChat", dependencies: ["RewriteKit"], path: "Examples/SocketChat"),
        .target(name: "StubbedClient", path: "Examples/StubbedClient/Sources/StubbedClient"),
        .testTarget(
            name: "StubbedClientTests", dependencies: ["StubbedClient", "RewriteKit", "RewriteTesting"],
            path: "Examples/StubbedClient/Tests/StubbedClientTests"),
    ],
    swiftLanguageModes: [.v6]
)
