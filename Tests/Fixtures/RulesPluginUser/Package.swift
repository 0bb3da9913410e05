// swift-tools-version: 6.0
// An app package that applies RewriteKit's RewriteRulesCheck plugin, as an app would.
// Scripts/check-plugin.sh copies it to a scratch folder and builds it with a good rule
// file, a broken one and a fixed one; REWRITEKIT_ROOT names the RewriteKit checkout.
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, so find that name instead of assuming it.
let root = ProcessInfo.processInfo.environment["REWRITEKIT_ROOT"].map { URL(fileURLWithPath: $0) }
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "RulesPluginUser",
    platforms: [.macOS(.v12)],
    dependencies: [.package(path: root.path)],
    targets: [
        .executableTarget(
            name: "App",
            resources: [.copy("api.rules")],
            plugins: [.plugin(name: "RewriteRulesCheck", package: root.lastPathComponent)]),
    ],
    swiftLanguageModes: [.v6]
)
