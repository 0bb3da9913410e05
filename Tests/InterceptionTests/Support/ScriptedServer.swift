import Foundation
import RewriteKit
@testable import RewriteTestSupport

/// A loopback server that answers every request with the same raw bytes and then closes
/// the connection: for responses no well-behaved server sends (a 3xx without a `Location`,
/// an interim response that is the only one, a body cut off mid-chunk). It records the head
/// of each request it read.
final class ScriptedServer: Sendable {
    /// The base URL, `http://127.0.0.1:PORT`.
    let baseURL: URL
    private let listener: Int32
    private let response: [UInt8]
    private let state = Locked((heads: [String](), isStopped: false))
    private let acceptFinished = DispatchSemaphore(value: 0)

    init(response: [UInt8]) throws {
        let (descriptor, port) = try Socket.makeListener(port: 0)
        guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw TestHTTPServerError.invalidBaseURL(port: Int(port)) }
        listener = descriptor
        baseURL = url
        self.response = response
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// The heads of the requests received, in order (request line and header lines).
    var requestHeads: [String] { state.withLock { $0.heads } }

    /// Stops accepting and waits for the accept loop to end.
    func stop() {
        state.withLock { $0.isStopped = true }
        acceptFinished.wait()
    }

    private func acceptLoop() {
        defer {
            Socket.closeDescriptor(listener)
            acceptFinished.signal()
        }
        while !state.withLock({ $0.isStopped }) {
            guard let connection = Socket.acceptConnection(on: listener, timeoutMilliseconds: 20) else { continue }
            answer(connection)
            Socket.closeDescriptor(connection)
        }
    }

    /// Reads the request (head and a `Content-Length` body), answers, and ends the sending side.
    private func answer(_ connection: Int32) {
        var received: [UInt8] = []
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            guard let bytes = try? Socket.receive(from: connection), !bytes.isEmpty else { return }
            received += bytes
            headEnd = received.indices.dropLast(3).first { Array(received[$0..<$0 + 4]) == separator }
        }
        guard let headEnd else { return }
        let head = String(decoding: received[..<headEnd], as: UTF8.self)
        state.withLock { $0.heads.append(head) }
        let length = head.split(separator: "\r\n").compactMap { line -> Int? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
            return Int(parts[1].trimmingCharacters(in: .whitespaces))
        }.first ?? 0
        var bodyReceived = received.count - headEnd - 4
        while bodyReceived < length, let bytes = try? Socket.receive(from: connection), !bytes.isEmpty {
            bodyReceived += bytes.count
        }
        try? response.withUnsafeBytes { try Socket.sendAll($0, to: connection) }
        Socket.finishSending(connection)
    }
}
