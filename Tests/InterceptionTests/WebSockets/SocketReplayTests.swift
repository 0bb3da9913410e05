import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTestSupport
import Testing

/// Recorded conversations: HAR `_webSocketMessages` read and written, a recording that replays
/// the server's messages in order with their timing, through the public API.
@Suite("WebSockets, record and replay")
struct SocketReplayTests {
    /// `mitmproxy-export-websocket.har` from the shared corpus: three handshakes to
    /// demo.piesocket.com, one message received each, and two sent in the last.
    static let corpusHAR: URL? = {
        let shared = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/har-corpus/mitmproxy-export-websocket.har")
        return FileManager.default.fileExists(atPath: shared.path) ? shared : nil
    }()

    @Test(.enabled(if: corpusHAR != nil, "../shared/har-corpus is absent here; CI has it"))
    func theRealWebSocketHARReplaysItsMessagesInOrder() async throws {
        let archive = try HTTPArchive(data: try Data(contentsOf: try #require(Self.corpusHAR)))
        let sockets = archive.exchanges.filter { $0.socketMessages != nil }
        #expect(sockets.count == 3)
        #expect(sockets.allSatisfy { $0.request.url.scheme == "wss" })
        #expect(sockets.map { $0.socketMessages?.map(\.direction) ?? [] } == [[.received], [.received], [.received, .sent, .sent]])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("socket-replay-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = RecordingWriter(folder: folder, name: "sockets")
        _ = try writer.write(archive.exchanges)
        let rewriter = Rewriter(ruleSets: [try RuleSet(contentsOf: writer.rulesFile)])
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        for exchange in sockets {
            var request = URLRequest(url: try #require(URL(string: exchange.request.url.description)))
            request.httpMethod = exchange.request.method
            let socket = rewriter.webSocketTask(with: request, in: session)
            #expect(socket is RuleSocket, "\(exchange.request.url)")
            socket.resume()
            let start = Date()
            for expected in exchange.socketMessages ?? [] where expected.direction == .received {
                let message = try await socket.receive()
                guard case .string(let text) = message else { Issue.record("binary where text was recorded"); continue }
                #expect(Array(text.utf8) == expected.bytes)
                #expect(Date().timeIntervalSince(start) >= expected.time - 0.002, "received before its recorded time")
            }
            socket.cancel(with: .normalClosure, reason: nil)
        }
    }

    @Test func aMalformedMessageInAHARIsLeftOutWithAWarning() throws {
        let har = #"""
            {"log": {"version": "1.2", "creator": {"name": "t", "version": "1"}, "entries": [
              {"startedDateTime": "2026-12-06T12:00:00.000Z", "time": 1,
               "request": {"method": "GET", "url": "wss://chat.test/socket", "headers": []},
               "response": {"status": 101, "headers": [], "content": {"size": 0}},
               "_webSocketMessages": [
                 {"type": "receive", "time": 1796558400.5, "opcode": 1, "data": "kept"},
                 {"type": "receive", "time": 1796558401.0, "opcode": 1},
                 {"type": "receive", "time": 1796558401.5, "opcode": 2, "data": "not base64!"},
                 {"type": "receive", "time": 1796558402.0, "opcode": 9, "data": ""}
               ]}
            ]}}
            """#
        let archive = try HTTPArchive(data: Data(har.utf8))
        let messages = try #require(archive.exchanges.first?.socketMessages)
        #expect(messages.map { String(decoding: $0.bytes, as: UTF8.self) } == ["kept"], "the incomplete, the undecodable and the ping are left out")
        #expect(archive.warnings.contains { $0.contains("_webSocketMessages[1]") }, "\(archive.warnings)")
    }

    @Test func harExportAndImportKeepAConversation() throws {
        let request = try #require(HTTPRequest(method: "GET", url: "wss://chat.test/socket"))
        var exchange = RecordedExchange(request: request, response: HTTPResponse(status: 101), startedAt: Date(timeIntervalSince1970: 1_700_000_000))
        exchange.socketMessages = [
            RecordedSocketMessage(direction: .received, time: 0.25, isBinary: false, bytes: Array(#"{"hello": 1}"#.utf8)),
            RecordedSocketMessage(direction: .sent, time: 0.5, isBinary: false, bytes: Array("hi".utf8)),
            RecordedSocketMessage(direction: .received, time: 1.125, isBinary: true, bytes: [0, 1, 2, 255]),
        ]
        let data = HTTPArchive(exchanges: [exchange]).data()
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("_webSocketMessages"))
        let read = try HTTPArchive(data: data)
        #expect(read.exchanges.first?.socketMessages == exchange.socketMessages)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("socket-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = RecordingWriter(folder: folder, name: "chat")
        _ = try writer.write(read.exchanges)
        let rules = try String(contentsOf: writer.rulesFile, encoding: .utf8)
        #expect(rules.contains(#"""
                    socket {
                        wait 250ms
                        message "{\"hello\": 1}"
                        # the app sent a text message of 2 bytes at +500ms
                        wait 875ms
                        message binary "AAEC/w=="
                    }
            """#))
        #expect(!rules.contains("\"hi\""), "what the app sent is not written")
    }
}

/// What a running capture keeps of a socket the rewriter carried.
@Suite("WebSockets, captures")
struct SocketCaptureTests {
    @Test func aCaptureKeepsEachMessageWithItsDirectionAndTime() async throws {
        let (rewriter, _, session) = try StubbedConversationTests.socket(#"""
            rule "mark" {
                when path == "/socket"
                request each message { replace-body /token=\w+/ "token=hidden" }
                response each message { inject-json "seen" true }
            }
            rule "chat" {
                when path == "/socket"
                respond 101 { socket { message json {"n": 1}; on message { message "ok"; close 1000 } } }
            }
            """#)
        defer { session.invalidateAndCancel() }
        let capture = rewriter.startCapture()
        defer { capture.stop() }
        let socket = rewriter.webSocketTask(with: URLRequest(url: StubbedConversationTests.url), in: session)
        socket.resume()
        _ = try await socket.receive()
        try await socket.send(.string("token=abc123"))
        _ = try await socket.receive()
        await #expect(throws: (any Error).self) { try await socket.receive() }
        var exchanges: [RecordedExchange] = []
        for _ in 0..<200 where exchanges.isEmpty {
            exchanges = capture.exchanges
            if exchanges.isEmpty { try await Task.sleep(nanoseconds: 5_000_000) }
        }
        let exchange = try #require(exchanges.first)
        #expect(exchange.response?.status == 101)
        #expect(exchange.source == .stub)
        let messages = try #require(exchange.socketMessages)
        #expect(messages.map(\.direction) == [.received, .sent, .received])
        // The other end's messages as they came, the app's as the rules sent them on.
        #expect(messages.map { String(decoding: $0.bytes, as: UTF8.self) } == [#"{"n": 1}"#, "token=hidden", "ok"])
        #expect(zip(messages, messages.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(capture.archive.exchanges.first?.socketMessages == messages, "the HAR export keeps them")
    }

    @Test func aCapturedConversationKeepsNoSecretOfItsHandshake() async throws {
        let token = "Bearer s3cr3t-t0ken-4f9a2b"
        let (rewriter, _, session) = try StubbedConversationTests.socket(#"""
            rule "echo" {
                when path == "/socket"
                respond 101 { socket { on message { message "ok" } } }
            }
            """#)
        defer { session.invalidateAndCancel() }
        let capture = rewriter.startCapture()
        defer { capture.stop() }
        var request = URLRequest(url: StubbedConversationTests.url)
        request.setValue(token, forHTTPHeaderField: "Authorization")
        let socket = rewriter.webSocketTask(with: request, in: session)
        socket.resume()
        try await socket.send(.string("auth \(token)"))
        _ = try await socket.receive()
        socket.cancel(with: .normalClosure, reason: nil)
        var exchanges: [RecordedExchange] = []
        for _ in 0..<200 where exchanges.isEmpty {
            exchanges = capture.exchanges
            if exchanges.isEmpty { try await Task.sleep(nanoseconds: 5_000_000) }
        }
        let har = String(decoding: HTTPArchive(exchanges: exchanges).data(), as: UTF8.self)
        #expect(har.contains("_webSocketMessages"))
        #expect(!har.contains("s3cr3t-t0ken-4f9a2b"), "the handshake's token, sent again in a message, is scrubbed")
    }
}
