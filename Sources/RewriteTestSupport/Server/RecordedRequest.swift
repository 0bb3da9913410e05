import Foundation
import RewriteKit

/// One request a ``TestHTTPServer`` received, as it arrived on the wire.
public struct RecordedRequest: Sendable, Equatable {
    /// One header field, with the name spelled as the client sent it.
    public struct Header: Sendable, Hashable {
        /// The field name as sent, e.g. `Content-Type`.
        public let name: String
        /// The field value with surrounding whitespace removed.
        public let value: String

        /// Creates a header field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Position of this request among all requests the server received, from 0.
    public let sequenceNumber: Int
    /// The connection the request came on; requests on one keep-alive connection share it.
    public let connectionID: Int
    /// The request method, e.g. `POST`.
    public let method: String
    /// The request target exactly as sent, e.g. `/anything/a?b=1`.
    public let target: String
    /// The path part of the target, still percent-encoded, e.g. `/anything/a`.
    public let path: String
    /// The query part of the target without the `?`, or nil if there was none.
    public let query: String?
    /// The HTTP version, `HTTP/1.1` or `HTTP/1.0`.
    public let httpVersion: String
    /// Header fields in the order received; repeated fields appear repeatedly.
    public let headers: [Header]
    /// The body bytes, de-chunked if the client sent them chunked (none for `/discard`).
    public let body: Data
    /// The body's length in bytes (for `/discard`, whose body is counted and dropped).
    public let bodyLength: Int

    /// Creates a record; the server makes these, tests may make them for comparisons.
    package init(sequenceNumber: Int, connectionID: Int, method: String, target: String,
                httpVersion: String = "HTTP/1.1", headers: [Header], body: Data, bodyLength: Int? = nil) {
        self.sequenceNumber = sequenceNumber
        self.connectionID = connectionID
        self.method = method
        self.target = target
        self.httpVersion = httpVersion
        self.headers = headers
        self.body = body
        self.bodyLength = bodyLength ?? body.count
        var origin = target
        if let scheme = origin.range(of: "://") {  // absolute-form: keep only the path and query
            let afterHost = origin[scheme.upperBound...].firstIndex(where: { $0 == "/" || $0 == "?" })
            origin = afterHost.map { String(origin[$0...]) } ?? "/"
        }
        let parts = origin.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = parts.first.map(String.init).flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        query = parts.count > 1 ? String(parts[1]) : nil
    }

    /// All values of the header `name` (case-insensitive), in order.
    public func values(forHeader name: String) -> [String] {
        headers.filter { ASCIICase.equal($0.name, name) }.map(\.value)
    }

    /// The values of header `name` joined by `", "`, or nil if it was not sent.
    public func value(forHeader name: String) -> String? {
        let values = values(forHeader: name)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// The query as name/value pairs in order, `+` read as a space and percent-escapes decoded.
    public var queryItems: [(name: String, value: String)] {
        QueryString.items(of: query)
    }

    /// The first value of query parameter `name`, or nil.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// The body decoded as UTF-8, or nil if it is not valid UTF-8.
    public var bodyText: String? {
        String(data: body, encoding: .utf8)
    }
}
