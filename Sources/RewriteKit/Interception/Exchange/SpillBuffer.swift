import Foundation

/// A first-in, first-out byte buffer that keeps at most ``memoryLimit`` bytes in memory
/// and the rest in a temporary file, so a body that arrives faster than it may be
/// released (`throttle`) costs bounded memory.
///
/// The file is created with owner-only permissions and removed from the file system as
/// soon as it is open, so nothing is left behind, even after a crash.
final class SpillBuffer {
    /// Bytes kept in memory before the rest goes to disk.
    static let memoryLimit = 2 << 20
    /// Bytes read back from disk at a time.
    static let readSize = 1 << 20

    private var memory = Data()
    private var file: FileHandle?
    private var fileStart: UInt64 = 0
    private var fileEnd: UInt64 = 0

    /// Bytes waiting.
    var count: Int { memory.count + Int(fileEnd - fileStart) }

    /// Whether nothing is waiting.
    var isEmpty: Bool { count == 0 }

    /// Bytes held in memory (the rest is on disk).
    var bytesInMemory: Int { memory.count }

    /// Appends bytes.
    func append(_ data: Data) {
        if fileEnd == fileStart, memory.count + data.count <= Self.memoryLimit {
            memory.append(data)
            return
        }
        guard let file = file ?? openFile() else {
            memory.append(data)  // no file: memory it is (best effort)
            return
        }
        do {
            try file.seek(toOffset: fileEnd)
            try file.write(contentsOf: data)
            fileEnd += UInt64(data.count)
        } catch {
            memory.append(data)
        }
    }

    /// Removes and returns up to `limit` bytes from the front.
    func take(upTo limit: Int) -> Data {
        if memory.isEmpty, fileEnd > fileStart, let file {
            let size = Int(min(UInt64(Self.readSize), fileEnd - fileStart))
            if (try? file.seek(toOffset: fileStart)) != nil, let data = try? file.read(upToCount: size), !data.isEmpty {
                fileStart += UInt64(data.count)
                memory = data
            }
            if fileStart == fileEnd {
                fileStart = 0
                fileEnd = 0
                try? file.truncate(atOffset: 0)
            }
        }
        let slice = memory.prefix(limit)
        memory = memory.dropFirst(slice.count)
        if memory.isEmpty { memory = Data() }
        return Data(slice)
    }

    /// Drops everything and closes the file.
    func removeAll() {
        memory = Data()
        try? file?.close()
        file = nil
        fileStart = 0
        fileEnd = 0
    }

    deinit {
        try? file?.close()
    }

    private func openFile() -> FileHandle? {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("RewriteKit-\(UUID().uuidString).spill")
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]),
              let handle = try? FileHandle(forUpdating: url)
        else { return nil }
        try? FileManager.default.removeItem(at: url)
        file = handle
        return handle
    }
}
