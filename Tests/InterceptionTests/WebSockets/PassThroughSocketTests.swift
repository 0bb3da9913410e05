import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import Testing

/// The pass-through: a connection whose other end is a real `WebSocketTask`, its messages
/// through the rules each way. On Apple platforms the other end is the session's
/// `URLSessionWebSocketTask`; corelibs cannot open one (Swift 6.3.1's FoundationNetworking has
/// no `curl_ws_*`), so here the other end is a stubbed conversation standing in for a server,
/// driven only through the `WebSocketTask` protocol, as the real task would be.
@Suite("WebSockets, pass-through")
struct PassThroughSocketTests {
    /// A server stand-in: echoes what it gets, prefixed, and closes on "bye".
    static let server = #"""
        rule "server" {
            respond 101 {
                socket {
                    message json {"type": "hello", "secret": "s3"}
                    on message when body == "bye" { close 1001 "server leaving" }
                    on message { message "server got ${json.text}" }
                }
            }
        }
        """#

    static func passThrough(_ rules: String) throws -> (RuleSocket, URLSession) {
        let (_, inner, session) = try StubbedConversationTests.socket(server)
        let pipeline = Pipeline(ruleSets: [try RuleSet(rules: rules, name: "p.rules", baseDirectory: nil)])
        let outcome = pipeline.processRequest(try #require(HTTPRequest(URLRequest(url: StubbedConversationTests.url))))
        let socketRules = SocketRules(
            request: outcome.request, handshake: HTTPResponse(status: 101), plan: outcome.responsePlan, environment: pipeline.environment, script: nil)
        let report = SocketActivity(hub: ActivityHub(), request: outcome.request, handshake: socketRules.handshake, outcome: outcome, source: .network)
        return (RuleSocket(peer: .task(inner), rules: socketRules, callbacks: session.delegateQueue, report: report), session)
    }

    @Test func messagesGoThroughTheRulesBothWays() async throws {
        let (socket, session) = try Self.passThrough(#"""
            rule "edit" {
                response each message when json "secret" exists { remove-json "secret" }
                request each message when json "text" exists { inject-json "text" "rewritten" }
            }
            """#)
        defer { session.invalidateAndCancel() }
        socket.resume()
        #expect(StubbedConversationTests.text(try await socket.receive()) == #"{"type": "hello"}"#)
        try await socket.send(.string(#"{"text": "original"}"#))
        #expect(StubbedConversationTests.text(try await socket.receive()) == "server got rewritten")
        try await socket.send(.string("bye"))
        await #expect(throws: (any Error).self) { try await socket.receive() }
        #expect(socket.closeCode == .goingAway)
        #expect(socket.closeReason == Data("server leaving".utf8))
    }

    @Test func cancelClosesTheOtherEndToo() async throws {
        let (_, inner, session) = try StubbedConversationTests.socket(Self.server)
        defer { session.invalidateAndCancel() }
        let rules = SocketRules(
            request: try #require(HTTPRequest(URLRequest(url: StubbedConversationTests.url))), handshake: HTTPResponse(status: 101),
            plan: ResponsePlan(), environment: .fixed(now: 0), script: nil)
        let report = SocketActivity(
            hub: ActivityHub(), request: rules.request, handshake: rules.handshake, outcome: Pipeline.empty.processRequest(rules.request), source: .network)
        let socket = RuleSocket(peer: .task(inner), rules: rules, callbacks: session.delegateQueue, report: report)
        socket.resume()
        _ = try await socket.receive()
        socket.cancel(with: .normalClosure, reason: nil)
        for _ in 0..<100 where inner.state != .completed { try await Task.sleep(nanoseconds: 2_000_000) }
        #expect(inner.state == .completed)
        #expect(inner.closeCode == .normalClosure)
    }
}
