import Foundation

/// A response a route produces, before the writer frames it.
struct ServerResponse {
    /// How the body is produced.
    enum Body {
        /// A body held in memory, written together with the head in one write.
        case bytes([UInt8])
        /// A body produced piece by piece while writing. With a `length` it is sent with
        /// `Content-Length`, without one as `Transfer-Encoding: chunked`.
        case stream(length: Int?, produce: (ResponseBodySink) throws -> Void)
    }

    /// The status code.
    var status: Int
    /// Header fields to send, in order; the writer adds framing and `Connection` fields.
    var headers: [RecordedRequest.Header]
    /// The body.
    var body: Body
    /// Whether the server closes the connection after this response.
    var closesConnection = false
    /// Whether the server closes the connection instead of answering at all.
    var hangsUp = false

    /// No answer: the server closes the connection.
    static var hangUp: ServerResponse {
        var response = ServerResponse(status: 500)
        response.hangsUp = true
        return response
    }

    /// A response with an in-memory body.
    init(status: Int, headers: [RecordedRequest.Header] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = .bytes(body)
    }

    /// A streamed response.
    init(status: Int, headers: [RecordedRequest.Header], length: Int?, produce: @escaping (ResponseBodySink) throws -> Void) {
        self.status = status
        self.headers = headers
        self.body = .stream(length: length, produce: produce)
    }

    /// A JSON response from a `JSONSerialization`-compatible object, keys sorted.
    static func json(_ object: Any, status: Int = 200, headers: [RecordedRequest.Header] = []) -> ServerResponse {
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: options)) ?? Data("{}".utf8)
        return ServerResponse(status: status, headers: [.init(name: "Content-Type", value: "application/json")] + headers,
                            body: Array(data) + [0x0A])
    }

    /// A JSON error document `{"error": message}`.
    static func error(_ status: Int, _ message: String) -> ServerResponse {
        json(["error": message], status: status)
    }

    /// A short plain-text response.
    static func text(_ text: String, status: Int = 200, headers: [RecordedRequest.Header] = []) -> ServerResponse {
        ServerResponse(status: status, headers: [.init(name: "Content-Type", value: "text/plain; charset=utf-8")] + headers,
                     body: Array(text.utf8))
    }

    /// The standard reason phrase for `status`, or a generic one.
    static func reasonPhrase(_ status: Int) -> String {
        let phrases: [Int: String] = [
            100: "Continue", 200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 206: "Partial Content",
            301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified", 307: "Temporary Redirect",
            308: "Permanent Redirect", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
            405: "Method Not Allowed", 408: "Request Timeout", 409: "Conflict", 410: "Gone", 413: "Content Too Large",
            418: "I'm a teapot", 422: "Unprocessable Content", 429: "Too Many Requests",
            431: "Request Header Fields Too Large", 500: "Internal Server Error", 501: "Not Implemented",
            502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout", 505: "HTTP Version Not Supported",
        ]
        if let phrase = phrases[status] { return phrase }
        switch status {
        case 100..<200: return "Informational"
        case 200..<300: return "Success"
        case 300..<400: return "Redirection"
        case 400..<500: return "Client Error"
        default: return "Server Error"
        }
    }
}
