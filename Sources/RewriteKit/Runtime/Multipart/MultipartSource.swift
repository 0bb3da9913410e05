import Foundation

/// Where a multipart body's bytes are: in memory, or in the file an upload too large for
/// memory went to (a stream's spilled copy, or the app's own upload file), read a range
/// at a time.
enum MultipartSource: Sendable {
    /// Bytes in memory.
    case bytes([UInt8])
    /// A file of `count` bytes.
    case file(URL, count: Int)

    /// How many bytes are read from a file at a time.
    static let chunkSize = 256 * 1024

    /// The body's length.
    var count: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .file(_, let count): count
        }
    }

    /// The parts of the body, scanned once, a chunk at a time from a file.
    func layout(boundary: [UInt8]) -> Result<MultipartLayout, MultipartReadFailure> {
        switch self {
        case .bytes(let bytes):
            return MultipartScanner.layout(of: bytes, boundary: boundary).mapError { .syntax($0) }
        case .file(let url, _):
            var scanner = MultipartScanner(boundary: boundary)
            do {
                try forEachChunk(of: url, in: 0..<count) { chunk in chunk.withUnsafeBytes { scanner.feed($0) } }
            } catch {
                return .failure(.unreadable("\(error)"))
            }
            return scanner.finish().mapError { .syntax($0) }
        }
    }

    /// The bytes in `range`.
    func bytes(in range: Range<Int>) throws -> [UInt8] {
        switch self {
        case .bytes(let bytes):
            return Array(bytes[range])
        case .file(let url, _):
            var result: [UInt8] = []
            result.reserveCapacity(range.count)
            try forEachChunk(of: url, in: range) { result += $0 }
            return result
        }
    }

    /// Hands `range` of the file to `use`, one chunk at a time.
    private func forEachChunk(of url: URL, in range: Range<Int>, _ use: (Data) throws -> Void) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(range.lowerBound))
        var left = range.count
        while left > 0 {
            guard let chunk = try handle.read(upToCount: min(left, Self.chunkSize)), !chunk.isEmpty else {
                throw MultipartReadFailure.unreadable("the file ended \(left) bytes early")
            }
            try use(chunk)
            left -= chunk.count
        }
    }

    /// Writes `segments` of this source and new bytes, in order, to `handle`, a chunk at a time.
    func write(_ segments: [MultipartBody.Segment], to handle: FileHandle) throws {
        for segment in segments {
            switch segment {
            case .bytes(let bytes):
                try handle.write(contentsOf: bytes)
            case .original(let range):
                switch self {
                case .bytes(let bytes): try handle.write(contentsOf: bytes[range])
                case .file(let url, _): try forEachChunk(of: url, in: range) { try handle.write(contentsOf: $0) }
                }
            }
        }
    }
}

/// Why a multipart body could not be read: the trace says so, and the body goes on as it came.
enum MultipartReadFailure: Error, Sendable, CustomStringConvertible {
    case notMultipart
    case syntax(MultipartSyntaxError)
    case unreadable(String)

    var description: String {
        switch self {
        case .notMultipart: "the body's Content-Type is not multipart with a boundary"
        case .syntax(let error): "\(error)"
        case .unreadable(let reason): "its bytes could not be read: \(reason)"
        }
    }
}
