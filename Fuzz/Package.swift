// swift-tools-version: 6.0
import PackageDescription

// libFuzzer harness for RewriteKit. It is a package of its own so that the
// product's `swift build` never sees fuzzer-only symbols: LLVMFuzzerRunDriver
// exists only when linking with -sanitize=fuzzer. Build and run with ./run.sh.
// The dependency on the main package exists for this harness only; the
// RewriteKit product itself has no dependencies.
let package = Package(
    name: "RewriteKitFuzz",
    dependencies: [
        .package(name: "RewriteKit", path: ".."),
    ],
    targets: [
        // Declares libFuzzer's driver entry point for Swift; the symbol comes
        // from the fuzzer runtime that -sanitize=fuzzer links in.
        .target(name: "CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"]),
        .executableTarget(
            name: "FuzzRules",
            dependencies: ["FuzzSupport", .product(name: "RewriteKit", package: "RewriteKit")]
        ),
        .executableTarget(
            name: "FuzzEngine",
            dependencies: ["FuzzSupport", .product(name: "RewriteKit", package: "RewriteKit")]
        ),
        .executableTarget(
            name: "FuzzJSON",
            dependencies: ["FuzzSupport", .product(name: "RewriteKit", package: "RewriteKit")]
        ),
        .executableTarget(
            name: "FuzzMultipart",
            dependencies: ["FuzzSupport", .product(name: "RewriteKit", package: "RewriteKit")]
        ),
        .executableTarget(
            name: "FuzzRecording",
            dependencies: ["FuzzSupport", .product(name: "RewriteKit", package: "RewriteKit")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
