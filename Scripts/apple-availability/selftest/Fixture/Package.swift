// swift-tools-version: 6.0
// The availability check's self-test: each line that must be reported ends in `// E`, and
// the guarded or Linux-only uses that must stay quiet end in `// fine`.
import PackageDescription

let package = Package(
    name: "Fixture",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15)],
    targets: [.target(name: "Fixture")],
    swiftLanguageModes: [.v6]
)
