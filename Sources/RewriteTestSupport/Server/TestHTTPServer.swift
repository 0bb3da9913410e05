import Foundation

/// A real HTTP/1.1 server on 127.0.0.1 for tests, with httpbin-like endpoints.
///
/// It listens on its own threads (one accepting, one per connection) and records every request.
/// Start one per test and stop it at the end (`deinit` stops it too):
///
/// ```swift
/// let server = try TestHTTPServer()
/// defer { server.stop() }
/// let (data, _) = try await URLSession.shared.data(from: server.url("/get?a=1"))
/// ```
///
/// Endpoints: `/anything[/…]`, `/get`, `/post`, `/put`, `/patch`, `/delete` (JSON echo of method,
/// url, path, args, headers, data, json, bodyLength, bodySHA256), `/headers`, `/user-agent`,
/// `/echo`, `/json`, `/status/{code}`, `/delay/{seconds}`, `/bytes/{n}`, `/stream-bytes/{n}`,
/// `/stream/{n}`, `/drip`, `/redirect/{n}`, `/relative-redirect/{n}`, `/absolute-redirect/{n}`,
/// `/redirect-to`, `/gzip`, `/deflate`, `/response-headers`, `/cookies[/set|/delete]`,
/// `/basic-auth/{user}/{passwd}`, `/bearer`, `/drop` (a body cut short), `/hang-up` (no answer)
/// and `/discard` (`{"bodyLength": N}`, the body counted and never kept, for large uploads).
public final class TestHTTPServer: Sendable {
    private let core: ServerCore

    /// `http://127.0.0.1:PORT`.
    public let baseURL: URL

    /// Binds 127.0.0.1:`port` (0 picks a free ephemeral port) and starts serving.
    /// - Throws: ``TestHTTPServerError`` if the socket cannot be created, bound or listened on.
    public init(port: UInt16 = 0) throws {
        let core = try ServerCore(port: port)
        guard let url = URL(string: "http://127.0.0.1:\(core.port)") else {
            core.stop()
            throw TestHTTPServerError.invalidBaseURL(port: core.port)
        }
        self.core = core
        self.baseURL = url
    }

    deinit {
        core.stop()
    }

    /// The port the server listens on.
    public var port: Int { core.port }

    /// The URL for `path` on this server; `path` may carry a query (`"/get?a=1"`).
    public func url(_ path: String) -> URL {
        let relative = path.hasPrefix("/") ? path : "/" + path
        let text = baseURL.absoluteString + relative
        if let url = URL(string: text) { return url }
        let escaped = relative.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? ""
        return URL(string: baseURL.absoluteString + escaped) ?? baseURL
    }

    /// Whether the server is still serving (``stop()`` has not been called).
    public var isRunning: Bool { !core.isStopped }

    /// Closes the listener and every connection, and waits for the server's threads to end.
    /// Calling it again does nothing. Afterwards, connecting fails (`URLError.cannotConnectToHost`).
    public func stop() {
        core.stop()
    }

    /// Every request received since the start (or the last ``resetRecordedRequests()``), in order.
    public var requests: [RecordedRequest] { core.requests }

    /// The recorded requests that carry header `name` (case-insensitive) with exactly `value`.
    public func requests(withHeader name: String, value: String) -> [RecordedRequest] {
        requests.filter { $0.values(forHeader: name).contains(value) }
    }

    /// Forgets the recorded requests (the connection count is kept).
    public func resetRecordedRequests() {
        core.resetRecordedRequests()
    }

    /// The number of TCP connections accepted since the server started.
    public var connectionCount: Int { core.connectionCount }

    /// The number of TCP connections open now (a connection closes when its client goes
    /// away, or after the response when the client asked for that).
    public var openConnectionCount: Int { core.openConnectionCount }

    /// The bytes `/bytes/{count}?seed=S` and `/stream-bytes/{count}?seed=S` serve
    /// (seed 0 when the query has none), for comparing downloads.
    package static func deterministicBytes(count: Int, seed: UInt64 = 0) -> [UInt8] {
        DeterministicBytes.slice(seed: seed, offset: 0, count: max(0, count))
    }
}
