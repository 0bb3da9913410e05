import Foundation

/// Where the launch-environment door looks for a file the test named by a path the app
/// cannot reach: the test runner's paths exist for the app on macOS and the iOS Simulator
/// (which share the Mac's file system), not on a device or inside a sandbox.
struct LaunchFolders {
    /// Read-only folders searched first (the app bundle's resources).
    var resources: [URL]
    /// The app's own writable folder (Documents), searched after `resources`, and where
    /// an activity file goes when its own folder is out of reach.
    var documents: URL?

    /// The running app's folders.
    static var app: LaunchFolders {
        LaunchFolders(
            resources: [Bundle.main.resourceURL].compactMap { $0 },
            documents: FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first)
    }

    /// `path` if it exists, else the first file of that name in these folders; `path`
    /// itself when none has it (so the error names the file), with the folders searched.
    func reachable(_ path: String) throws -> URL {
        let url = URL(fileURLWithPath: path)
        if FileManager.default.fileExists(atPath: url.path) { return url }
        let candidates = (resources + [documents].compactMap { $0 }).map { $0.appendingPathComponent(url.lastPathComponent) }
        if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) { return found }
        let searched = candidates.map(\.path).joined(separator: ", ")
        throw RuleSetError.unreadableFile(
            path: path,
            reason: "no such file, nor one of that name in the app's folders (\(searched.isEmpty ? "none" : searched)); "
                + "a path of the test runner's exists for the app only on macOS and the iOS Simulator: "
                + "copy the file into the app, or pass its text in \(Rewriter.launchRulesTextVariable)")
    }

    /// `path` if its folder exists, else the same file name in the app's Documents folder.
    func writable(_ path: String) -> URL {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path, isDirectory: &isDirectory), isDirectory.boolValue {
            return url
        }
        return documents?.appendingPathComponent(url.lastPathComponent) ?? url
    }
}
