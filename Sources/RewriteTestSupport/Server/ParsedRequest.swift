import Foundation
import RewriteKit

/// A request as it came off the wire, before the server records it.
struct ParsedRequest: Equatable {
    /// The request method, e.g. `GET`.
    var method: String
    /// The request target exactly as sent, e.g. `/get?a=1`.
    var target: String
    /// The minor HTTP version: 1 for HTTP/1.1, 0 for HTTP/1.0.
    var minorVersion: Int
    /// Header fields in the order received.
    var headers: [RecordedRequest.Header]
    /// The decoded body (de-chunked if it was sent chunked); empty for ``HTTPRequestParser/discardPath``.
    var body: [UInt8]
    /// For ``HTTPRequestParser/discardPath``: the length of the body, which was not kept.
    var discardedLength: Int?

    /// All values of the header `name` (case-insensitive), in order.
    func values(forHeader name: String) -> [String] {
        headers.filter { ASCIICase.equal($0.name, name) }.map(\.value)
    }

    /// Whether the connection stays open after this request (HTTP/1.1 unless `Connection: close`;
    /// HTTP/1.0 only with `Connection: keep-alive`).
    var wantsKeepAlive: Bool {
        let tokens = values(forHeader: "Connection")
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if tokens.contains("close") { return false }
        return minorVersion >= 1 || tokens.contains("keep-alive")
    }
}

/// Why a request could not be read; each maps to the status the server answers with
/// before it closes the connection.
enum HTTPParseError: Error, Equatable {
    /// The request line, a header or chunk framing is not valid HTTP/1.x.
    case malformed(String)
    /// The request line and headers exceed the limit.
    case headersTooLarge
    /// The body exceeds the limit.
    case bodyTooLarge
    /// A transfer coding other than `chunked` was used.
    case unsupportedTransferEncoding(String)
    /// The connection ended in the middle of a request.
    case truncated

    /// The HTTP status code that reports this error.
    var status: Int {
        switch self {
        case .malformed, .truncated: return 400
        case .headersTooLarge: return 431
        case .bodyTooLarge: return 413
        case .unsupportedTransferEncoding: return 501
        }
    }

    /// A lower-case message for the error response body.
    var message: String {
        switch self {
        case let .malformed(reason): return "malformed request: \(reason)"
        case .headersTooLarge: return "request headers too large"
        case .bodyTooLarge: return "request body too large"
        case let .unsupportedTransferEncoding(coding): return "unsupported transfer coding '\(coding)'"
        case .truncated: return "connection closed in the middle of a request"
        }
    }
}
