/// An HTTP request as the pipeline sees it.
///
/// The URL is kept as its parts, exactly as written (percent-encoding untouched),
/// so matching reads plain strings and rewriting one part leaves the others
/// byte-for-byte as they were. `path` and `query` are in their encoded form.
public struct HTTPRequest: Sendable, Hashable {
    /// The method, upper-cased (`GET`, `POST`, …).
    public var method: String
    /// The URL's parts.
    public var url: RequestURL
    /// The header fields, in order.
    public var headers: HTTPHeaders
    /// The body bytes, or nil when the request has no body.
    public var body: [UInt8]?

    /// Creates a request from parsed URL parts.
    public init(method: String, url: RequestURL, headers: HTTPHeaders = [:], body: [UInt8]? = nil) {
        self.method = method.uppercased()
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// Creates a request from a URL string; nil when the string is not an absolute URL.
    public init?(method: String, url: String, headers: HTTPHeaders = [:], body: [UInt8]? = nil) {
        guard let parsed = RequestURL(string: url) else { return nil }
        self.init(method: method, url: parsed, headers: headers, body: body)
    }
}
