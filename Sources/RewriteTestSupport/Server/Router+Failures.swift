import Foundation

/// Endpoints whose connection breaks, for testing how clients report it.
extension Router {
    /// `/drop?length=M&after=N`: announces an M-byte body (default 1000), sends N bytes of it
    /// (default 100) and closes the connection.
    static func drop(_ request: RecordedRequest) -> ServerResponse {
        let length = integer(request.queryValue("length") ?? "1000", in: 1...(1 << 30))
        let sent = integer(request.queryValue("after") ?? "100", in: 0...(1 << 30))
        guard let length, let sent, sent < length else { return .error(400, "after must be below length") }
        let headers = [RecordedRequest.Header(name: "Content-Type", value: "application/octet-stream")]
        return ServerResponse(status: 200, headers: headers, length: length) { sink in
            try sink.write([UInt8](repeating: 0x2A, count: sent))
            throw SocketError.closed
        }
    }
}
