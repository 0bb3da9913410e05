import Foundation

/// Data other projects wrote (conformance suites, real HAR files), read from `../shared`
/// beside the package, or from `$REWRITEKIT_SHARED`. Tests that need it are skipped, with
/// a note saying so, where it is absent; CI has it.
enum SharedData {
    /// The folder, when it exists.
    static let root: URL? = {
        let candidates = [
            ProcessInfo.processInfo.environment["REWRITEKIT_SHARED"].map { URL(fileURLWithPath: $0) },
            URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared"),
        ]
        return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0.path) }
    }()

    /// A file or folder under the shared folder, when it exists.
    static func url(_ relative: String) -> URL? {
        guard let url = root?.appendingPathComponent(relative), FileManager.default.fileExists(atPath: url.path) else { return nil }
        return url
    }
}
