import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where a request's body comes from, kept as it is until a rule needs the bytes, so a
/// body no rule reads goes to the network the way the app gave it: data as data, a file
/// as a file upload, a stream read incrementally by the transport.
enum RequestBody: @unchecked Sendable {
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

    /// The same kind of body with other bytes (what the rules made of it).
    func replacing(with bytes: [UInt8]?) -> RequestBody {
        guard let bytes else { return .none }
        if case .uploadData = self { return .uploadData(Data(bytes)) }
        return .data(Data(bytes))
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
        case .data(let data)?: self = data.isEmpty ? .none : .uploadData(data)
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
        case .stream(let stream):
            return try Self.read(stream)
        }
    }

    private static func read(_ stream: InputStream) throws -> Data {
        var bytes = Data()
        let size = 64 * 1024
        var chunk = [UInt8](repeating: 0, count: size)
        stream.open()
        defer { stream.close() }
        while true {
            let count = stream.read(&chunk, maxLength: size)
            if count > 0 {
                bytes.append(chunk, count: count)
            } else if count == 0 {
                return bytes
            } else {
                let cause = stream.streamError.map { ": \($0.localizedDescription)" } ?? ""
                throw InterceptionError.unreadableRequestBody("the stream failed after \(bytes.count) bytes\(cause)").urlError
            }
        }
    }
}
