import Foundation

/// Frames responses as HTTP/1.1 and writes them to a connection.
///
/// An in-memory response goes out as head and body in a single buffer (the socket also has
/// TCP_NODELAY), so a request never waits on Nagle's algorithm and delayed ACKs.
struct HTTPResponseWriter {
    /// The connected socket.
    let descriptor: Int32
    /// Whether the server is stopping; streamed bodies end early when it is.
    let isStopping: () -> Bool

    /// Sends the interim `100 Continue` response.
    func writeContinue() throws {
        try Array("HTTP/1.1 100 Continue\r\n\r\n".utf8).withUnsafeBytes { try Socket.sendAll($0, to: descriptor) }
    }

    /// Writes `response` to a request made with `method`, announcing whether the connection stays open.
    func write(_ response: ServerResponse, method: String, keepAlive: Bool) throws {
        let bodyForbidden = response.status == 204 || response.status == 304 || (100..<200).contains(response.status)
        let sendsBody = !bodyForbidden && method != "HEAD"
        var head = "HTTP/1.1 \(response.status) \(ServerResponse.reasonPhrase(response.status))\r\n"
        for header in response.headers { head += "\(header.name): \(header.value)\r\n" }
        switch response.body {
        case let .bytes(bytes):
            if !bodyForbidden { head += "Content-Length: \(bytes.count)\r\n" }
        case let .stream(length, _):
            if bodyForbidden {
                break
            } else if let length {
                head += "Content-Length: \(length)\r\n"
            } else {
                head += "Transfer-Encoding: chunked\r\n"
            }
        }
        head += keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        var output = Array(head.utf8)
        switch response.body {
        case let .bytes(bytes):
            if sendsBody { output += bytes }
            try output.withUnsafeBytes { try Socket.sendAll($0, to: descriptor) }
        case let .stream(length, produce):
            try output.withUnsafeBytes { try Socket.sendAll($0, to: descriptor) }
            guard sendsBody else { return }
            try produce(ResponseBodySink(descriptor: descriptor, chunked: length == nil, isStopping: isStopping))
            if length == nil {
                try Array("0\r\n\r\n".utf8).withUnsafeBytes { try Socket.sendAll($0, to: descriptor) }
            }
        }
    }
}
