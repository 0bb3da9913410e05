import Foundation
import Testing

@testable import RewriteKit

/// `respond { stream … }`: what `rewrite check` says about it, and the stub and timing it
/// makes (the pipeline, without the network; the interception tests send it through URLSession).
@Suite("Stream clauses")
struct StreamClauseTests {
    /// A folder with the given fixture files, removed by the caller.
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stream-clause-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    /// The stub and plan the pipeline makes for a GET of `https://example.com/`.
    static func stub(_ rules: String, baseDirectory: URL? = nil) throws -> (HTTPResponse, StreamPlan?) {
        let pipeline = Pipeline(ruleSets: [try RuleSet(rules: rules, name: "s.rules", baseDirectory: baseDirectory)])
        let outcome = pipeline.processRequest(try #require(HTTPRequest(method: "GET", url: "https://example.com/")))
        guard case .respond(let response) = outcome.disposition else {
            Issue.record("no stub")
            return (HTTPResponse(status: 0), nil)
        }
        return (response, outcome.stream)
    }

    @Test func wordsAndTheirErrors() throws {
        let folder = try Self.folder(["feed.ndjson": "{}\n{}\n", "feed.timing": "10\n", "bad.jsonl": "{}\n", "bad.timing": "1\nsoon\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        expectFrontEndDiagnostics(
            #"""
            rule "a" {
                respond 200 {
                    header "Content-Type" "text/event-stream"
                    body "x"
                    1️⃣stream every 10ms { message "hi" }
                }
            }
            rule "b" {
                respond 200 { 2️⃣stream { message "no type" } }
            }
            rule "c" {
                respond 200 {
                    header "Content-Type" "application/x-ndjson"
                    stream {
                        message event 3️⃣"e" json {"a": 1}
                        message 4️⃣"two\nlines"
                    }
                }
            }
            rule "c2" {
                respond 200 {
                    header "Content-Type" "application/x-ndjson"
                    stream { message "x" } then fail 5️⃣network-gone
                }
            }
            rule "d" {
                respond 200 { stream file 6️⃣"feed.ndjson" chunk 7️⃣0B }
            }
            rule "e" {
                respond 200 { stream file 8️⃣"bad.jsonl" every 9️⃣2h }
            }
            """#,
            [
                "1️⃣ error: 'respond' has both a 'body' and a 'stream'; a stream takes the place of the body",
                "2️⃣ error: 'stream' needs a 'Content-Type' header of text/event-stream, application/x-ndjson, application/jsonl or application/json-seq to know how to write its messages",
                "3️⃣ error: 'event' and 'id' are fields of server-sent events; this stream's 'Content-Type' is not text/event-stream",
                "4️⃣ error: a JSON Lines message is one line; this message contains a line break",
                "5️⃣ error: unknown error 'network-gone'; did you mean 'network-lost'?",
                "6️⃣ error: timing file \"feed.timing\" has 1 gap for 2 messages; expected one line per message",
                "7️⃣ error: size '0B' is out of range for 'chunk'; expected 1B to 1GB",
                "8️⃣ error: line 2 of timing file \"bad.timing\" is not a gap in milliseconds (a whole number from 0 to 3600000)",
                "9️⃣ error: duration '2h' is out of range for 'every'; expected 0ms to 1h",
            ], baseDirectory: folder)
    }

    @Test func eachMessageWordsAndTheirErrors() {
        expectFrontEndDiagnostics(
            #"""
            rule "a" {
                when 1️⃣event == "x"
                response each message when event == "typing" and json "a" exists {
                    2️⃣set-header "X" "y"
                    inject-json "a.b" 1
                    delay 50ms
                    drop
                }
                response each message { 3️⃣set-status 500 }
                response when 4️⃣event == "x" { log }
            }
            """#,
            [
                "1️⃣ error: 'event' can only be tested in 'response each message when'",
                "2️⃣ error: 'set-header' cannot be used in 'response each message'; a message has only its text (use JSON actions, 'replace-body', 'set-body', 'drop', 'delay', 'log' or 'tag')",
                "3️⃣ error: 'set-status' cannot be used in 'response each message'; a message has only its text (use JSON actions, 'replace-body', 'set-body', 'drop', 'delay', 'log' or 'tag')",
                "4️⃣ error: 'event' can only be tested in 'response each message when'",
            ])
    }

    @Test func messageStatementsOutsideEachMessage() {
        expectFrontEndDiagnostics(
            "rule \"a\" {\n    request { 1️⃣drop }\n    response { 2️⃣drop }\n}",
            [
                "1️⃣ error: 'drop' can only be used in 'response each message'; it removes one message of a stream",
                "2️⃣ error: 'drop' can only be used in 'response each message'; it removes one message of a stream",
            ])
    }

    @Test func eachMessageEditsKeepAnEventsOtherLines() throws {
        let pipeline = Pipeline(ruleSets: [try RuleSet(rules: #"""
            rule "m" {
                response each message when event == "delta" { inject-json "n" 2; replace-body /x/ "y" }
                response each message when event == "message" and body == "plain" { drop }
                response each message when body == "[DONE]" { delay 1s; tag "done" }
            }
            """#, name: "m.rules", baseDirectory: nil)])
        let request = try #require(HTTPRequest(method: "GET", url: "https://example.com/"))
        let outcome = pipeline.processRequest(request)
        let response = HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"], body: [])
        var splitter = StreamMessageSplitter(format: .eventStream)
        let messages = splitter.feed(Array("event: delta\r\n: note\r\ndata: {\"x\":\r\ndata: 1}\r\nid: 4\r\n\r\ndata: plain\n\ndata: [DONE]\n\n".utf8))
        var uses = MessageBlockUses()
        let results = messages.map {
            outcome.responsePlan.run(message: $0, format: .eventStream, response: response, request: request, environment: .live, uses: &uses)
        }
        #expect(results.map { $0.bytes.map { String(decoding: $0, as: UTF8.self) } } == [
            "event: delta\r\n: note\r\ndata: {\"y\":\r\ndata: 1,\"n\":2}\r\nid: 4\r\n\r\n", nil, "data: [DONE]\n\n",
        ])
        #expect(results.map(\.delay) == [0, 0, 1])
        #expect(results[2].trace.logAndTagEntries.map(\.event) == [.tag("done")])
    }

    @Test func inlineEventsAreWrittenAsTheStandardReadsThem() throws {
        let (response, plan) = try Self.stub(#"""
            rule "s" {
                respond 200 {
                    header "Content-Type" "text/event-stream"
                    stream every 50ms {
                        message "one"
                        message event "note" id "7" "two\nlines"
                        message json {"a":
                            [1, 2]}
                    } then fail offline
                }
            }
            """#)
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text == "data: one\n\nevent: note\nid: 7\ndata: two\ndata: lines\n\ndata: {\"a\": [1, 2]}\n\n")
        // What a reader of the stream makes of it: the messages written.
        var splitter = StreamMessageSplitter(format: .eventStream)
        let messages = splitter.feed(response.body) + splitter.finish().messages
        #expect(messages.map(\.data) == ["one", "two\nlines", "{\"a\": [1, 2]}"])
        #expect(messages.map(\.event) == [nil, "note", nil])
        #expect(messages.map(\.id) == [nil, "7", nil])
        #expect(plan?.pieces.map(\.delay) == [0, 0.05, 0.05])
        #expect(plan?.failure == StreamPlan.Failure(error: RequestError(code: -1009), delay: 0.05))
    }

    @Test func fixturesKeepTheirRecordedGapsUnlessEveryIsGiven() throws {
        let events = ": +0ms\ndata: a\n\n: +120ms\n: a real comment\ndata: b\n\n"
        let folder = try Self.folder(["e.sse": events, "l.ndjson": "1\n\n2\n3", "l.timing": "5\n0\n30\n", "raw.txt": "bytes"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let (recorded, recordedPlan) = try Self.stub(#"rule "s" { respond 200 { stream file "e.sse" } }"#, baseDirectory: folder)
        #expect(String(decoding: recorded.body, as: UTF8.self) == "data: a\n\n: a real comment\ndata: b\n\n")
        #expect(recorded.headers["Content-Type"] == "text/event-stream")
        #expect(recordedPlan?.pieces == [.init(delay: 0, range: 0..<9), .init(delay: 0.12, range: 9..<35)])
        let (_, everyPlan) = try Self.stub(#"rule "s" { respond 200 { stream file "e.sse" every 1s } }"#, baseDirectory: folder)
        #expect(everyPlan?.pieces.map(\.delay) == [0, 1])
        // JSON Lines: blank lines go with the next message; a recorded gap of 0 is still a
        // delivery of its own, as it was on the network.
        let (lines, linesPlan) = try Self.stub(#"rule "s" { respond 200 { stream file "l.ndjson" } }"#, baseDirectory: folder)
        #expect(lines.headers["Content-Type"] == "application/x-ndjson")
        #expect(linesPlan?.pieces == [.init(delay: 0.005, range: 0..<2), .init(delay: 0, range: 2..<5), .init(delay: 0.03, range: 5..<6)])
        // Another type: one message, sent in one go (or in chunks).
        let (_, rawPlan) = try Self.stub(#"rule "s" { respond 200 { stream file "raw.txt" chunk 2B } }"#, baseDirectory: folder)
        #expect(rawPlan?.pieces.map(\.range) == [0..<2, 2..<4, 4..<5])
    }

    @Test func chunksNeverSendAByteEarly() {
        // Messages at 0 s ("aaaa"), 1 s ("bb") and 3 s ("cccccc"), cut into 3-byte pieces.
        let (body, plan) = StreamPlan.make(
            messages: [(0, Array("aaaa".utf8)), (1, Array("bb".utf8)), (2, Array("cccccc".utf8))], chunk: 3, failure: nil)
        #expect(body == Array("aaaabbcccccc".utf8))
        #expect(plan.pieces == [
            .init(delay: 0, range: 0..<3),  // aaa
            .init(delay: 1, range: 3..<6),  // abb: waits for the second message
            .init(delay: 2, range: 6..<9),  // ccc
            .init(delay: 0, range: 9..<12),  // ccc
        ])
    }

    @Test func timingFilesAndTimingComments() throws {
        #expect(try StreamFixture.gaps(fromTiming: Array("0\n\n120\r\n7".utf8)).get() == [0, 120, 7])
        #expect(throws: StreamFixture.TimingLineError(line: 1)) { try StreamFixture.gaps(fromTiming: Array("-1\n".utf8)).get() }
        // A comment that only looks like timing stays a comment; a BOM stays with the first message.
        let messages = StreamFixture.messages(of: Array("\u{FEFF}: +5ms\ndata: x\n\n: +5 ms\ndata: y\n\n".utf8), format: .eventStream)
        #expect(messages.map(\.gap) == [5, nil])
        #expect(messages.map { String(decoding: $0.bytes, as: UTF8.self) } == ["\u{FEFF}data: x\n\n", ": +5 ms\ndata: y\n\n"])
        let records = StreamFixture.messages(of: [0x1E] + Array("1\n".utf8) + [0x1E] + Array("2\n".utf8), format: .jsonSequence)
        #expect(records.map(\.bytes.count) == [3, 3])
    }
}
