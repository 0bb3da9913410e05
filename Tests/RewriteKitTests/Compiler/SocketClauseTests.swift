import Foundation
import Testing

@testable import RewriteKit

/// `respond 101 { socket { … } }` and `request each message`: what `rewrite check` says, and
/// the script the pipeline hands a connection (the interception tests run it through the API).
@Suite("Socket clauses")
struct SocketClauseTests {
    @Test func aScriptCompilesToItsSteps() throws {
        let pipeline = Pipeline(ruleSets: [try RuleSet(rules: #"""
            rule "chat" {
                when path ~ /^\/rooms\/(\w+)$/
                respond 101 {
                    socket {
                        message "joined ${1}"
                        wait 20ms
                        message binary "AAE"
                        every 30s message json {"type": "ping"}
                        on message when json "type" == "ping" { message json {"type": "pong"} }
                        on message { message "echo ${json.text}"; close 1000 }
                    }
                }
            }
            """#, name: "s.rules", baseDirectory: nil)])
        let outcome = pipeline.processRequest(try #require(HTTPRequest(method: "GET", url: "wss://chat.test/rooms/lobby")))
        guard case .respond(let handshake) = outcome.disposition else { Issue.record("no stub"); return }
        #expect(handshake.status == 101)
        let rules = SocketRules(
            request: outcome.request, handshake: handshake, plan: outcome.responsePlan, environment: pipeline.environment, script: outcome.socket)
        #expect(rules.openingSteps() == [.send(.text("joined lobby")), .wait(0.02), .send(SocketMessage(kind: .binary, bytes: [0, 1]))])
        #expect(rules.periodic.map(\.seconds) == [30])
        #expect(rules.periodicMessage(0) == .text(#"{"type": "ping"}"#))
        var uses = MessageBlockUses()
        #expect(rules.reply(to: .text(#"{"type": "ping"}"#), uses: &uses)?.steps == [.send(.text(#"{"type": "pong"}"#))])
        #expect(rules.reply(to: .text(#"{"text": "hi"}"#), uses: &uses)?.steps == [.send(.text("echo hi")), .close(code: 1000, reason: "")])
    }

    @Test func wordsAndTheirErrors() {
        expectFrontEndDiagnostics(
            #"""
            rule "a" {
                respond 1️⃣200 {
                    body "x"
                    2️⃣socket {
                        message binary 3️⃣"not base64!"
                        close 4️⃣999 5️⃣"\#(String(repeating: "r", count: 124))"
                        6️⃣message "late"
                        every 7️⃣0ms message "x"
                        on message { close 8️⃣1006 }
                    }
                }
            }
            rule "b" {
                request each message { 9️⃣set-header "X" "1" }
                respond 101 { socket { message "x" } }
            }
            """#,
            [
                "1️⃣ error: 'socket' answers a WebSocket handshake, whose status is 101; found 200",
                "2️⃣ error: 'respond' has a 'socket' and a 'body' or 'stream'; a WebSocket conversation has no body",
                "3️⃣ error: a binary message's bytes must be base64 (RFC 4648, with or without padding)",
                "4️⃣ error: close code 999 cannot be sent in a close frame; expected 1000 to 1003 or 1007 to 1011 (the codes URLSessionWebSocketTask.CloseCode names)",
                "5️⃣ error: a close reason is at most 123 bytes of UTF-8 (a close frame holds 125 with the code); this one is 124",
                "6️⃣ error: 'message' after 'close' never runs; the conversation has ended",
                "7️⃣ error: duration '0ms' is out of range for 'every'; expected 1ms to 1h",
                "8️⃣ error: close code 1006 cannot be sent in a close frame; expected 1000 to 1003 or 1007 to 1011 (the codes URLSessionWebSocketTask.CloseCode names)",
                "9️⃣ error: 'set-header' cannot be used in 'request each message'; a message has only its text (use JSON actions, 'replace-body', 'set-body', 'drop', 'delay', 'log' or 'tag')",
            ])
        expectFrontEndDiagnostics(
            "rule \"c\" {\n    respond 101 { socket { 1️⃣bogus } }\n}\nrule \"d\" {\n    respond 101 { socket { on message { 2️⃣every 1s message \"x\" } } }\n}",
            [
                "1️⃣ error: unknown socket step 'bogus'; expected one of: message, wait, close, fail, every, on",
                "2️⃣ error: unknown reply step 'every'; expected one of: message, wait, close, fail",
            ])
    }

    @Test func timesOnAMessageBlockCountsTheMessagesOfOneStream() throws {
        let pipeline = Pipeline(ruleSets: [try RuleSet(rules: #"""
            rule "first two" {
                response each message times 2 { inject-json "n" 1 }
            }
            """#, name: "t.rules", baseDirectory: nil)])
        let outcome = pipeline.processRequest(try #require(HTTPRequest(method: "GET", url: "https://example.com/feed")))
        let body = Array("{}\n{}\n{}\n".utf8)
        let response = HTTPResponse(status: 200, headers: ["Content-Type": "application/x-ndjson"], body: body)
        let messages = try #require(pipeline.processMessages(of: response, for: outcome))
        #expect(messages.map(\.changed) == [true, true, false])
        #expect(messages[2].trace.entries.contains { $0.event == .blockUsedUp(times: 2) })
        // Every stream counts from zero.
        #expect(try #require(pipeline.processMessages(of: response, for: outcome)).map(\.changed) == [true, true, false])
    }

    @Test func timesOutOfRange() {
        expectFrontEndDiagnostics(
            "rule \"a\" {\n    response each message times 1️⃣0 { drop }\n    respond 101 { socket { on message when body == \"x\" times 2️⃣0 { close 1000 } } }\n}",
            [
                "1️⃣ error: 'times 0' is out of range; a message block or reply may be limited to 1 to 1000000000 messages",
                "2️⃣ error: 'times 0' is out of range; a message block or reply may be limited to 1 to 1000000000 messages",
            ])
    }
}
