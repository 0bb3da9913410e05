/// An HTTP response as the pipeline sees it: status, headers and body bytes.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code, for example 200.
    public var status: Int
    /// The header fields, in order.
    public var headers: HTTPHeaders
    /// The body bytes.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
