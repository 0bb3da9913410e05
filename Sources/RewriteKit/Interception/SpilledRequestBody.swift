import Foundation

/// A request body read from a stream that was larger than ``RequestBody/memoryLimit``,
/// kept in a temporary file so it can be sent with its length and read again.
///
/// It is sent as a file upload, which carries its length on both platforms and which the
/// transport reads again for an authentication retry (and, on Apple platforms, a 307 or
/// 308 redirect); a stream the app gave can be read only once.
/// The file is created with owner-only permissions in the temporary directory and removed
/// when the last reference to the copy goes (a crash can leave it for the system's
/// temporary-file cleanup).
final class SpilledRequestBody: @unchecked Sendable {
    /// Where the bytes are.
    let url: URL
    /// How many bytes.
    let count: Int

    /// Writes a multipart body the rules edited, its untouched ranges copied from its
    /// source a chunk at a time, to a new file.
    ///
    /// - Throws: the `URLError` ``RequestBody/load()`` documents, when a file cannot be read or written.
    init(writing parts: MultipartBody) throws {
        let (url, file) = try Self.create()
        defer { try? file.close() }
        do {
            try parts.source.write(parts.segments, to: file)
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw Self.asURLError(error, after: 0)
        }
        self.url = url
        count = parts.count
    }

    /// A new empty file, readable by its owner only, open for writing.
    private static func create() throws -> (URL, FileHandle) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("RewriteKit-request-body-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]),
              let file = FileHandle(forWritingAtPath: url.path)
        else {
            throw InterceptionError.unreadableRequestBody("cannot create a temporary file for a body over \(RequestBody.memoryLimit) bytes").urlError
        }
        return (url, file)
    }

    /// Writes `prefix`, then the rest of `stream` (already open), to a new file.
    ///
    /// - Throws: the `URLError` ``RequestBody/load()`` documents, when the stream fails
    ///   or the file cannot be written.
    init(prefix: Data, rest stream: InputStream) throws {
        let (url, file) = try Self.create()
        self.url = url
        defer { try? file.close() }
        var written = 0
        do {
            try file.write(contentsOf: prefix)
            written = prefix.count
            try RequestBody.readChunks(of: stream, after: written) { chunk in
                try file.write(contentsOf: chunk)
                written += chunk.count
                return true
            }
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw Self.asURLError(error, after: written)
        }
        count = written
    }

    /// A new stream over the copy, from its first byte.
    func makeStream() -> InputStream? {
        InputStream(url: url)
    }

    /// The bytes, read into memory.
    func load() throws -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw Self.asURLError(error, after: 0)
        }
    }

    private static func asURLError(_ error: Error, after bytes: Int) -> Error {
        if error is URLError { return error }
        return InterceptionError.unreadableRequestBody("the body's temporary copy failed after \(bytes) bytes: \(error.localizedDescription)").urlError
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
