import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTestSupport
import Testing

/// A real `URLSessionWebSocketTask` against the loopback server's `/ws/echo` (RFC 6455),
/// through the rewriter: untouched when no rule applies, its messages through the rules when
/// message rules apply. Real sockets open on Apple platforms only.
@Suite("WebSockets, real connections")
struct RealSocketTests {
    #if canImport(FoundationNetworking)
    static let realSocketsOpen = false
    #else
    static let realSocketsOpen = true
    #endif
    static let linuxReason = "swift-corelibs-foundation's URLSessionWebSocketTask fails on resume: Swift 6.3.1's FoundationNetworking has no curl_ws_* calls"

    static func echoURL(_ server: TestHTTPServer) -> URL {
        URL(string: "ws://127.0.0.1:\(server.port)/ws/echo")!
    }

    /// The measured fact the Linux skips rest on: corelibs cannot open a socket at all. When a
    /// toolchain can, this fails, and the real-connection tests below should run on Linux too.
    @Test(.enabled(if: !realSocketsOpen, "real sockets open here"))
    func corelibsCannotOpenASocket() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let task = session.webSocketTask(with: Self.echoURL(server))
        task.resume()
        do {
            _ = try await task.receive()
            Issue.record("a corelibs socket opened: run the real-connection tests on Linux and update the Platform Notes")
        } catch {
            #expect((error as? URLError)?.code == .unsupportedURL, "\(error)")
        }
    }

    @Test(.enabled(if: realSocketsOpen, Comment(rawValue: linuxReason)))
    func noRuleLeavesTheRealTaskUntouched() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let rewriter = Rewriter(pipeline: Pipeline(ruleSets: [try RuleSet(rules: #"rule "x" { when host == "elsewhere.test"; respond 404 }"#, name: "x.rules", baseDirectory: nil)]))
        let socket = rewriter.webSocketTask(with: URLRequest(url: Self.echoURL(server)), in: session)
        #expect(socket is URLSessionWebSocketTask)
        socket.resume()
        try await socket.send(.string("plain"))
        #expect(StubbedConversationTests.text(try await socket.receive()) == "plain")
        socket.cancel(with: .normalClosure, reason: nil)
    }

    @Test(.enabled(if: realSocketsOpen, Comment(rawValue: linuxReason)))
    func messagesOfARealConnectionGoThroughTheRules() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let rewriter = Rewriter(pipeline: Pipeline(ruleSets: [try RuleSet(rules: #"""
            rule "both ways" {
                when host == "127.0.0.1" and path == "/ws/echo"
                request { set-header "X-Socket" "rewritten" }
                request each message when json "text" exists { inject-json "text" "sent edited" }
                response each message when json "text" exists { inject-json "seen" true }
                response each message when body == "drop me" { drop }
            }
            """#, name: "real.rules", baseDirectory: nil)]))
        let socket = rewriter.webSocketTask(with: URLRequest(url: Self.echoURL(server)), in: session)
        #expect(socket is RuleSocket)
        socket.resume()
        try await socket.send(.string("drop me"))
        try await socket.send(.string(#"{"text": "original"}"#))
        #expect(StubbedConversationTests.text(try await socket.receive()) == #"{"text": "sent edited","seen":true}"#)
        try await socket.send(.data(Data([0, 1, 2])))
        guard case .data(let echoed) = try await socket.receive() else { Issue.record("binary came back as text"); return }
        #expect(echoed == Data([0, 1, 2]))
        try await socket.send(.string("close 1001 server leaving"))
        await #expect(throws: (any Error).self) { try await socket.receive() }
        #expect(socket.closeCode == .goingAway)
        #expect(server.requests.last?.headers.contains { $0.name == "X-Socket" && $0.value == "rewritten" } == true)
    }
}
