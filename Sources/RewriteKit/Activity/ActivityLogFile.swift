import Foundation

/// A file that activity lines are appended to, one per event, each written whole.
final class ActivityLogFile: Sendable {
    private let handle: Locked<FileHandle>

    /// Creates the file at `path`, or empties it.
    init(path: String) throws {
        let url = URL(fileURLWithPath: path)
        try Data().write(to: url)
        handle = Locked(try FileHandle(forWritingTo: url))
    }

    /// Appends `line` and a line break.
    func append(_ line: String) {
        let data = Data((line + "\n").utf8)
        handle.withLock { handle in try? handle.write(contentsOf: data) }
    }

    deinit {
        handle.withLock { handle in try? handle.close() }
    }
}
