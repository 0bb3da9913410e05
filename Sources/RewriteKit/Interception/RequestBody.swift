import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where a request's body comes from, kept as it is until a rule needs the bytes, so a
/// body no rule reads goes to the network the way the app gave it: data as data, a file
/// as a file upload.
///
/// A stream is the exception: it is read before the request goes out (see
/// ``materialized()``), so the request carries its length. Inside a URL protocol on Apple
/// platforms every data task's body arrives as a stream, `httpBody` included (Mockingjay
/// #32, netfox #18); forwarded as a stream it would go out chunked, which S3 presigned PUTs
/// and many servers refuse, and an authentication retry or a 307/308 could not send it
/// again. Reading it on both platforms keeps one path, which the Linux tests cover.
enum RequestBody: @unchecked Sendable {
    /// Bytes of a stream kept in memory; a longer stream goes to a ``SpilledRequestBody``.
    static let memoryLimit = 4 << 20

    /// No body.
    case none
    /// Bytes in memory (`httpBody`).
    case data(Data)
    /// Bytes in memory given to `uploadTask(with:from:)` (URLSession adds no default
    /// `Content-Type` for these, as it does for `httpBody`).
    case uploadData(Data)
    /// A file (`uploadTask(with:fromFile:)`).
    case file(URL)
    /// A stream, not opened yet (`httpBodyStream`).
    case stream(InputStream)
    /// `uploadTask(withStreamedRequest:)`: the app's delegate hands over a stream when asked.
    case fromDelegate
    /// A stream over ``memoryLimit`` bytes, read to the end into a temporary file.
    case spilled(SpilledRequestBody)

    /// The same kind of body with other bytes (what the rules made of it): an upload
    /// task's body, from data or a file, stays an upload's (URLSession gives it no default
    /// `Content-Type`, and corelibs fails a GET carrying one, even empty).
    func replacing(with bytes: [UInt8]?) -> RequestBody {
        guard let bytes else { return .none }
        switch self {
        case .uploadData, .file: return .uploadData(Data(bytes))
        default: return .data(Data(bytes))
        }
    }

    /// Whether the bytes are in memory (nothing to read from a stream or a file), at most `limit` of them.
    func isInMemory(upTo limit: Int) -> Bool {
        switch self {
        case .none: true
        case .data(let data), .uploadData(let data): data.count <= limit
        case .file, .stream, .fromDelegate, .spilled: false
        }
    }

    /// The bytes a data task carries as its request's `httpBody`; nil for every other
    /// kind (an upload task, a stream or a file goes to the inner task another way).
    var dataTaskBody: Data? {
        if case .data(let data) = self { return data }
        return nil
    }

    /// The body of a request, as a data task carries it.
    init(_ request: URLRequest) {
        if let data = request.httpBody {
            self = data.isEmpty ? .none : .data(data)
        } else if let stream = request.httpBodyStream {
            self = .stream(stream)
        } else {
            self = .none
        }
    }

    /// The body of an upload task (corelibs), or of a data task's request.
    init(_ request: URLRequest, upload: LoadingTask.UploadBody?) {
        switch upload {
        // Even empty: an upload task carries a body for corelibs, which fails a GET with one.
        case .data(let data)?: self = .uploadData(data)
        case .file(let url)?: self = .file(url)
        case .stream(let stream)?: self = .stream(stream)
        case .fromDelegate?: self = .fromDelegate
        case .none?, nil: self.init(request)
        }
    }

    /// The bytes, read to the end. A stream is read in 64 KB pieces; a read error is
    /// an error, never the end of the body.
    ///
    /// - Throws: `URLError` with the code URLSession uses for the same failure (a failed
    ///   stream is `.unknown`, as a plain session reports it), its underlying error an
    ///   ``InterceptionError/unreadableRequestBody(_:)``.
    func load() throws -> Data {
        switch self {
        case .none, .fromDelegate:
            return Data()
        case .data(let data), .uploadData(let data):
            return data
        case .file(let url):
            do {
                return try Data(contentsOf: url)
            } catch {
                throw URLError(.fileDoesNotExist, userInfo: [
                    NSURLErrorFailingURLErrorKey: url,
                    NSUnderlyingErrorKey: InterceptionError.unreadableRequestBody("cannot read \(url.path): \(error.localizedDescription)"),
                ])
            }
        case .stream:
            return try materialized().load()
        case .spilled(let copy):
            return try copy.load()
        }
    }

    /// The body with a stream read to the end: into memory up to ``memoryLimit`` bytes
    /// (sent as data), beyond that into a ``SpilledRequestBody`` (sent as a stream with
    /// its length). Any other body is returned as it is.
    ///
    /// - Throws: as ``load()``, when the stream fails: nothing is sent then.
    func materialized() throws -> RequestBody {
        guard case .stream(let stream) = self else { return self }
        var bytes = Data()
        stream.open()
        defer { stream.close() }
        var spilled: SpilledRequestBody?
        try Self.readChunks(of: stream, after: 0) { chunk in
            bytes.append(chunk)
            if bytes.count > Self.memoryLimit {
                spilled = try SpilledRequestBody(prefix: bytes, rest: stream)
            }
            return spilled == nil
        }
        if let spilled { return .spilled(spilled) }
        return bytes.isEmpty ? .none : .data(bytes)
    }

    /// Reads an open stream in 64 KB pieces until it ends or `use` returns false; a read
    /// error is an error, never the end of the body.
    static func readChunks(of stream: InputStream, after alreadyRead: Int, _ use: (Data) throws -> Bool) throws {
        let size = 64 * 1024
        var chunk = [UInt8](repeating: 0, count: size)
        var total = alreadyRead
        while true {
            let count = stream.read(&chunk, maxLength: size)
            if count > 0 {
                total += count
                guard try use(Data(chunk[0..<count])) else { return }
            } else if count == 0 {
                return
            } else {
                let cause = stream.streamError.map { ": \($0.localizedDescription)" } ?? ""
                throw InterceptionError.unreadableRequestBody("the stream failed after \(total) bytes\(cause)").urlError
            }
        }
    }
}

extension RequestBody {
    /// The length when it is known without reading (a stream's is not).
    var knownLength: Int {
        switch self {
        case .data(let data), .uploadData(let data): return data.count
        case .spilled(let copy): return copy.count
        case .file(let url): return ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
        case .none, .stream, .fromDelegate: return 0
        }
    }
}
