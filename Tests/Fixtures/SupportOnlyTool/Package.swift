// swift-tools-version: 6.0
// A package outside RewriteKit that depends on its RewriteTestSupport product only, as a
// tool would. `.ci/run` builds it and checks that no test framework is linked.
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, so find that name instead of assuming it.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "SupportOnlyTool",
    platforms: [.macOS(.v12)],
    dependencies: [.package(path: root.path)],
    targets: [
        .executableTarget(
            name: "SupportOnlyTool",
            dependencies: [.product(name: "RewriteTestSupport", package: root.lastPathComponent)]),
    ],
    swiftLanguageModes: [.v6]
)
