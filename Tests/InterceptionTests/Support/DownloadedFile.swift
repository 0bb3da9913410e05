import Foundation

/// A download task's file, read and removed. Apple platforms delete it when the
/// completion handler or `didFinishDownloadingTo` returns; swift-corelibs-foundation leaves
/// it in the temporary directory, where every test run would add to the pile.
enum DownloadedFile {
    /// The file's bytes (nil when it cannot be read); the file is gone afterwards.
    static func take(_ location: URL) -> Data? {
        defer { try? FileManager.default.removeItem(at: location) }
        return try? Data(contentsOf: location)
    }
}
