import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import Testing

/// Stubbed WebSocket conversations through the public API: `Rewriter.webSocketTask(with:in:)`
/// answering a handshake from a `respond 101 { socket { … } }` rule.
@Suite("WebSockets, stubbed conversations")
struct StubbedConversationTests {
    static let url = URL(string: "wss://chat.example.test/socket")!

    /// A rewriter for `rules` and a session whose delegate queue the callbacks use.
    static func socket(_ rules: String, request: URLRequest = URLRequest(url: url)) throws -> (Rewriter, any WebSocketTask, URLSession) {
        let rewriter = Rewriter(pipeline: Pipeline(ruleSets: [try RuleSet(rules: rules, name: "sockets.rules", baseDirectory: nil)]))
        let session = URLSession(configuration: .ephemeral)
        return (rewriter, rewriter.webSocketTask(with: request, in: session), session)
    }

    static func text(_ message: URLSessionWebSocketTask.Message) -> String? {
        if case .string(let text) = message { return text }
        return nil
    }

    @Test func scriptSendsOnOpenRepliesAndCloses() async throws {
        let (rewriter, socket, session) = try Self.socket(#"""
            rule "chat" {
                when host == "chat.example.test" and path == "/socket"
                respond 101 {
                    header "Sec-WebSocket-Protocol" "chat"
                    socket {
                        message json {"type": "welcome"}
                        on message when json "type" == "subscribe" {
                            message json {"type": "subscribed", "channel": "${json.channel}"}
                        }
                        on message when body == "bye" {
                            message "see you"
                            close 1000 "done"
                        }
                    }
                }
            }
            """#)
        defer { session.invalidateAndCancel() }
        #expect(socket is RuleSocket)
        #expect(socket.state == .suspended)
        socket.resume()
        #expect(Self.text(try await socket.receive()) == #"{"type": "welcome"}"#)
        #expect(socket.state == .running)
        try await socket.send(.string(#"{"type": "subscribe", "channel": "news"}"#))
        #expect(Self.text(try await socket.receive()) == #"{"type": "subscribed", "channel": "news"}"#)
        try await socket.send(.string("bye"))
        #expect(Self.text(try await socket.receive()) == "see you")
        await #expect(throws: (any Error).self) { try await socket.receive() }
        #expect(socket.closeCode == .normalClosure)
        #expect(socket.closeReason == Data("done".utf8))
        #expect(socket.state == .completed)
        await #expect(throws: (any Error).self) { try await socket.send(.string("late")) }
        _ = rewriter
    }

    @Test func noRuleGivesTheSessionsOwnTask() throws {
        let (_, socket, session) = try Self.socket(#"rule "other" { when host == "elsewhere.test"; respond 404 }"#)
        defer { session.invalidateAndCancel() }
        #expect(socket is URLSessionWebSocketTask)
    }

    @Test func waitsKeepTheirTimingAndBinaryMessagesArriveAsData() async throws {
        let (_, socket, session) = try Self.socket(#"""
            rule "ticks" {
                when path == "/socket"
                respond 101 {
                    socket {
                        message "one"
                        wait 150ms
                        message binary "AAEC/w=="
                    }
                }
            }
            """#)
        defer { session.invalidateAndCancel() }
        socket.resume()
        let start = Date()
        #expect(Self.text(try await socket.receive()) == "one")
        let second = try await socket.receive()
        #expect(Date().timeIntervalSince(start) >= 0.14)
        guard case .data(let data) = second else { Issue.record("expected binary, got \(second)"); return }
        #expect([UInt8](data) == [0, 1, 2, 255])
    }

    @Test func periodicMessagesPauseWhileTheAppDoesNotRead() async throws {
        let (_, socket, session) = try Self.socket(#"""
            rule "heartbeat" {
                when path == "/socket"
                respond 101 { socket { every 1ms message "tick" } }
            }
            """#)
        defer { session.invalidateAndCancel() }
        socket.resume()
        try await Task.sleep(nanoseconds: 300_000_000)
        let backlog = (socket as? RuleSocket)?.backlogForTesting ?? -1
        #expect(backlog == RuleSocket.backlogLimit)
        for _ in 0..<(RuleSocket.backlogLimit + 5) { #expect(Self.text(try await socket.receive()) == "tick") }
        socket.cancel(with: .goingAway, reason: nil)
        await #expect(throws: (any Error).self) { try await socket.receive() }
    }

    @Test func cancelEndsAWaitingConversationAtOnce() async throws {
        let (_, socket, session) = try Self.socket(#"""
            rule "slow" {
                when path == "/socket"
                respond 101 { socket { wait 1h; message "never" } }
            }
            """#)
        defer { session.invalidateAndCancel() }
        socket.resume()
        let waiting = Task { try await socket.receive() }
        try await Task.sleep(nanoseconds: 50_000_000)
        socket.cancel(with: .normalClosure, reason: Data("bye".utf8))
        // The state is read on the socket's queue, after the cancel: ended at once, the
        // script's hour-long wait abandoned, and the waiting receive failed (not answered).
        #expect(socket.state == .completed)
        #expect(socket.closeCode == .normalClosure)
        await #expect(throws: (any Error).self) { try await waiting.value }
    }

    @Test func aMessageOverTheMaximumSizeEndsTheConnection() async throws {
        let (_, socket, session) = try Self.socket(#"""
            rule "big" {
                when path == "/socket"
                respond 101 { socket { message "0123456789" } }
            }
            """#)
        defer { session.invalidateAndCancel() }
        socket.maximumMessageSize = 4
        socket.resume()
        do {
            _ = try await socket.receive()
            Issue.record("a 10-byte message was received with a maximum of 4")
        } catch {
            #expect((error as? POSIXError)?.code == .EMSGSIZE)
        }
        #expect(socket.closeCode == .messageTooBig)
    }

    @Test func failEndsTheConversationWithTheError() async throws {
        let (_, socket, session) = try Self.socket(#"""
            rule "drops" {
                when path == "/socket"
                respond 101 { socket { message "hello"; fail network-lost } }
            }
            """#)
        defer { session.invalidateAndCancel() }
        socket.resume()
        #expect(Self.text(try await socket.receive()) == "hello")
        do {
            _ = try await socket.receive()
            Issue.record("the conversation did not fail")
        } catch {
            #expect((error as? URLError)?.code == .networkConnectionLost)
        }
    }

    @Test func aHandshakeAnsweredWithoutAConversationFails() async throws {
        let (_, socket, session) = try Self.socket(#"rule "no" { when path == "/socket"; respond 403 }"#)
        defer { session.invalidateAndCancel() }
        socket.resume()
        do {
            _ = try await socket.receive()
            Issue.record("a 403 opened a socket")
        } catch {
            #expect((error as? URLError)?.code == .badServerResponse)
        }
    }

    @Test func completionHandlersRunOnTheSessionsDelegateQueue() async throws {
        let (_, socket, session) = try Self.socket(#"rule "hi" { when path == "/socket"; respond 101 { socket { message "hi" } } }"#)
        defer { session.invalidateAndCancel() }
        socket.resume()
        let queue = session.delegateQueue
        let onQueue: Bool = await withCheckedContinuation { continuation in
            socket.receive { _ in continuation.resume(returning: OperationQueue.current === queue) }
        }
        #expect(onQueue)
    }
}

/// A connection's lifetime: what keeps it alive, and what an early cancel reports.
@Suite("WebSockets, lifetime")
struct SocketLifetimeTests {
    @Test func aCancelledConversationIsFreedAtOnceAndCountsNothingInFlight() async throws {
        let (rewriter, socket, session) = try StubbedConversationTests.socket(#"""
            rule "slow" {
                when path == "/socket"
                respond 101 { socket { message "hi"; wait 1h; message "never" } }
            }
            """#)
        defer { session.invalidateAndCancel() }
        weak var weakSocket: RuleSocket?
        do {
            let owned = try #require(socket as? RuleSocket)
            weakSocket = owned
            owned.resume()
            #expect(StubbedConversationTests.text(try await owned.receive()) == "hi")
            #expect(rewriter.requestsInFlight == 1)
            owned.cancel(with: .normalClosure, reason: nil)
            #expect(owned.state == .completed)
        }
        // The only strong reference left is the test's `socket`, which the hour-long wait does not add to.
        _ = consume socket
        for _ in 0..<100 where weakSocket != nil { try await Task.sleep(nanoseconds: 2_000_000) }
        #expect(weakSocket == nil)
        #expect(rewriter.requestsInFlight == 0)
    }

    @Test func aConnectionCancelledBeforeResumeReportsNothing() async throws {
        let (rewriter, socket, session) = try StubbedConversationTests.socket(#"rule "s" { when path == "/socket"; respond 101 { socket { message "x" } } }"#)
        defer { session.invalidateAndCancel() }
        socket.cancel(with: .normalClosure, reason: nil)
        #expect(socket.state == .completed)
        #expect(rewriter.requestsInFlight == 0)
        await #expect(throws: (any Error).self) { try await socket.receive() }
    }

    @Test func aRunningConversationStaysAliveWithOnlyAPendingReceive() async throws {
        let (_, socket, session) = try StubbedConversationTests.socket(#"""
            rule "later" {
                when path == "/socket"
                respond 101 { socket { wait 50ms; message "later" } }
            }
            """#)
        defer { session.invalidateAndCancel() }
        socket.resume()
        let received: String? = await withCheckedContinuation { continuation in
            socket.receive { result in continuation.resume(returning: (try? result.get()).flatMap(StubbedConversationTests.text)) }
            _ = consume socket
        }
        #expect(received == "later")
    }
}
