import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import Testing

/// `request each message` and `response each message` blocks on a WebSocket's messages, and
/// what observers hear about a connection.
@Suite("WebSockets, message rules")
struct SocketMessageRuleTests {
    static let text = StubbedConversationTests.text

    @Test func receivedMessagesAreEditedDroppedAndDelayedInOrder() async throws {
        let (_, socket, session) = try StubbedConversationTests.socket(#"""
            rule "shape the feed" {
                when path == "/socket"
                response each message when json "kind" == "typing" { drop }
                response each message when json "n" == 1 { delay 100ms }
                response each message when json "text" exists { inject-json "seen" true; replace-body /secret/ "******" }
            }
            rule "feed" {
                when path == "/socket"
                respond 101 {
                    socket {
                        message json {"n": 1, "text": "a"}
                        message json {"n": 2, "kind": "typing"}
                        message json {"n": 3, "text": "secret b"}
                        message "plain"
                    }
                }
            }
            """#)
        defer { session.invalidateAndCancel() }
        socket.resume()
        let start = Date()
        #expect(Self.text(try await socket.receive()) == #"{"n": 1, "text": "a","seen":true}"#)
        #expect(Date().timeIntervalSince(start) >= 0.09)
        #expect(Self.text(try await socket.receive()) == #"{"n": 3, "text": "****** b","seen":true}"#)
        #expect(Self.text(try await socket.receive()) == "plain")
    }

    @Test func sentMessagesAreEditedBeforeTheScriptSeesThem() async throws {
        let (_, socket, session) = try StubbedConversationTests.socket(#"""
            rule "app's messages" {
                when path == "/socket"
                request each message when json "text" exists { inject-json "text" "edited" }
                request each message when body == "hidden" { drop }
            }
            rule "echo" {
                when path == "/socket"
                respond 101 { socket { on message { message "echo ${json.text}" } } }
            }
            """#)
        defer { session.invalidateAndCancel() }
        socket.resume()
        try await socket.send(.string("hidden"))
        try await socket.send(.string(#"{"text": "original"}"#))
        #expect(Self.text(try await socket.receive()) == "echo edited")
    }

    @Test func aBinaryMessagePassesJSONActionsUntouchedAndTheTraceSaysWhy() throws {
        let pipeline = Pipeline(ruleSets: [try RuleSet(rules: #"""
            rule "json only" {
                when path == "/socket"
                response each message { inject-json "x" 1; tag "seen" }
            }
            """#, name: "b.rules", baseDirectory: nil)])
        let request = try #require(HTTPRequest(URLRequest(url: StubbedConversationTests.url)))
        let outcome = pipeline.processRequest(request)
        let rules = SocketRules(
            request: outcome.request, handshake: HTTPResponse(status: 101), plan: outcome.responsePlan, environment: pipeline.environment, script: nil)
        let binary = SocketMessage(kind: .binary, bytes: [0x7B, 0x7D])
        var uses = MessageBlockUses()
        let result = rules.received(binary, uses: &uses)
        #expect(result.message == binary)
        #expect(result.trace.entries.contains { entry in
            if case .skipped(action: "inject-json", let reason) = entry.event { reason.contains("binary") } else { false }
        })
        #expect(result.trace.entries.contains { if case .tag("seen") = $0.event { true } else { false } })
        let text = rules.received(.text("{}"), uses: &uses)
        #expect(text.message == .text(#"{"x":1}"#))
    }

    @Test func observersHearTheConnectionAndItsLogs() async throws {
        let (rewriter, socket, session) = try StubbedConversationTests.socket(#"""
            rule "watch" {
                when path == "/socket"
                response each message { log }
            }
            rule "chat" {
                when path == "/socket"
                respond 101 { socket { message "hi"; close 1001 "away" } }
            }
            """#)
        defer { session.invalidateAndCancel() }
        let events = Locked<[ActivityEvent]>([])
        let observation = rewriter.addObserver { event in events.withLock { $0.append(event) } }
        defer { observation.stop() }
        socket.resume()
        #expect(Self.text(try await socket.receive()) == "hi")
        await #expect(throws: (any Error).self) { try await socket.receive() }
        #expect(socket.closeCode == .goingAway)
        for _ in 0..<200 where !events.withLock({ $0.contains { $0.kind == .finished } }) { try await Task.sleep(nanoseconds: 5_000_000) }
        let kinds = events.withLock { $0.map(\.kind) }
        #expect(kinds == [.started, .response, .log, .finished])
        let finished = try #require(events.withLock { $0.last?.completion })
        #expect(finished.status == 101)
        #expect(finished.source == .stub)
        #expect(finished.bytesReceived == 2)
        #expect(finished.appliedRules.map(\.name) == ["watch", "chat"])
    }
}

/// `times N` on message blocks and replies: each counts the messages of one connection.
@Suite("WebSockets, times")
struct SocketTimesTests {
    @Test func aReplyAndAMessageBlockRunOnTheirFirstNMessagesOnly() async throws {
        let (_, socket, session) = try StubbedConversationTests.socket(#"""
            rule "typing" {
                when path == "/socket"
                response each message when json "type" == "typing" times 2 { drop }
            }
            rule "retry once" {
                when path == "/socket"
                respond 101 {
                    socket {
                        on message when json "type" == "subscribe" times 1 { message json {"type": "retry"} }
                        on message when json "type" == "subscribe" {
                            message json {"type": "typing"}
                            message json {"type": "typing"}
                            message json {"type": "typing"}
                            message json {"type": "subscribed"}
                        }
                    }
                }
            }
            """#)
        defer { session.invalidateAndCancel() }
        socket.resume()
        try await socket.send(.string(#"{"type": "subscribe"}"#))
        #expect(StubbedConversationTests.text(try await socket.receive()) == #"{"type": "retry"}"#)
        try await socket.send(.string(#"{"type": "subscribe"}"#))
        #expect(StubbedConversationTests.text(try await socket.receive()) == #"{"type": "typing"}"#, "the third typing passes")
        #expect(StubbedConversationTests.text(try await socket.receive()) == #"{"type": "subscribed"}"#)
        // A second connection counts from zero.
        let (_, again, otherSession) = try StubbedConversationTests.socket(#"""
            rule "retry once" {
                when path == "/socket"
                respond 101 { socket { on message times 1 { message "first" }; on message { message "later" } } }
            }
            """#)
        defer { otherSession.invalidateAndCancel() }
        again.resume()
        for expected in ["first", "later", "later"] {
            try await again.send(.string("x"))
            #expect(StubbedConversationTests.text(try await again.receive()) == expected)
        }
    }
}
