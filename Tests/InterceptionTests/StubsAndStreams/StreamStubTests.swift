import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// `respond { stream … }`: a stubbed stream reaches a data delegate message by message, at
/// the times its rule gives, through real URLSession tasks (the spec's v3 examples).
extension TimingSensitive {
    @Suite("Stubbed streams")
    struct StreamStubTests {
        /// The spec's three stub examples (with its fixture paths), plus recorded timing.
        static let rules = """
            rule "chat reply, word by word" {
                when method == POST and path == "/v1/chat/completions"
                respond 200 {
                    header "Content-Type" "text/event-stream"
                    stream file "fixtures/chat.sse" every 40ms
                }
            }

            rule "inline feed that breaks after two items" {
                when path == "/v1/live"
                respond 200 {
                    header "Content-Type" "application/x-ndjson"
                    stream every 100ms {
                        message json {"id": 1, "text": "first"}
                        message json {"id": 2, "text": "second"}
                    } then fail network-lost
                }
            }

            rule "a client's parser must survive split lines" {
                when path == "/v1/events"
                respond 200 {
                    header "Content-Type" "text/event-stream"
                    stream file "fixtures/events.sse" chunk 7B
                }
            }

            rule "recorded events" {
                when path == "/v1/recorded"
                respond 200 { stream file "fixtures/recorded.sse" }
            }

            rule "recorded lines" {
                when path == "/v1/lines"
                respond 200 { stream file "fixtures/lines.ndjson" }
            }
            """

        static let chat = "data: {\"delta\":\"Hel\"}\n\ndata: {\"delta\":\"lo\"}\n\ndata: [DONE]\n\n"
        static let events = "event: greeting\r\nid: 1\r\ndata: hello\r\ndata: world\r\n\r\n: a comment\r\ndata: second\r\n\r\n"
        static let recorded = ": +0ms\ndata: one\n\n: +150ms\ndata: two\n\n: +100ms\ndata: three\n\n"
        static let lines = "{\"n\":1}\n{\"n\":2}\n{\"n\":3}\n"

        /// A rule file with its fixtures in a fresh folder, and a session on it.
        static func session() throws -> (RewriteTestSession, URL) {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streams-\(UUID().uuidString)")
            let fixtures = folder.appendingPathComponent("fixtures")
            try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
            for (name, text) in [
                ("chat.sse", chat), ("events.sse", events), ("recorded.sse", recorded), ("lines.ndjson", lines),
                ("lines.timing", "0\n120\n80\n"),
            ] {
                try Data(text.utf8).write(to: fixtures.appendingPathComponent(name))
            }
            let ruleSet = try RuleSet(rules: rules, name: "streams.rules", baseDirectory: folder)
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = 60
            return (try RewriteTestSession(ruleSets: [ruleSet], configuration: configuration), folder)
        }

        @Test("a fixture sent every 40ms reaches a data delegate one event at a time")
        func fileEvery() async throws {
            let (stubs, folder) = try Self.session()
            defer { try? FileManager.default.removeItem(at: folder) }
            var request = URLRequest(url: URL(string: "https://api.example.com/v1/chat/completions")!)
            request.httpMethod = "POST"
            let (fetched, deliveries) = await StreamingDelegate.deliveries(request, configuration: stubs.configuration)
            #expect(fetched.error == nil)
            #expect(fetched.status == 200)
            #expect(fetched.response?.value(forHTTPHeaderField: "Content-Type") == "text/event-stream")
            #expect(fetched.response?.value(forHTTPHeaderField: "Content-Length") == nil)
            #expect(deliveries.map(\.text) == ["data: {\"delta\":\"Hel\"}\n\n", "data: {\"delta\":\"lo\"}\n\n", "data: [DONE]\n\n"])
            // Never early: each event at least 40 ms (less a timer's slack) after the one before.
            for (before, after) in zip(deliveries, deliveries.dropFirst()) {
                #expect(after.time - before.time >= 0.035, "gap \(after.time - before.time)")
            }
        }

        @Test("a completion handler gets the whole stream as one body", arguments: [Caller.completionHandler, .async])
        func wholeBody(caller: Caller) async throws {
            let (stubs, folder) = try Self.session()
            defer { try? FileManager.default.removeItem(at: folder) }
            var request = URLRequest(url: URL(string: "https://api.example.com/v1/chat/completions")!)
            request.httpMethod = "POST"
            let started = Date()
            let fetched = await caller.fetch(request, in: stubs.session)
            #expect(fetched.text == Self.chat)
            #expect(Date().timeIntervalSince(started) >= 0.075)
        }

        @Test("the inline feed and the split-lines stream through a completion handler and async", arguments: [Caller.completionHandler, .async])
        func wholeBodyCallers(caller: Caller) async throws {
            let (stubs, folder) = try Self.session()
            defer { try? FileManager.default.removeItem(at: folder) }
            // A stream that breaks: such a caller gets the error (as for a plain load that fails mid-body).
            let feed = await caller.fetch(URLRequest(url: URL(string: "https://feed.example.com/v1/live")!), in: stubs.session)
            #expect(feed.error?.code == .networkConnectionLost)
            // Split into 7-byte pieces: such a caller gets the file's bytes whole.
            let events = await caller.fetch(URLRequest(url: URL(string: "https://api.example.com/v1/events")!), in: stubs.session)
            #expect(events.text == Self.events)
            #expect(events.response?.value(forHTTPHeaderField: "Content-Type") == "text/event-stream")
        }

        @Test("an inline feed sends its messages 100ms apart, then fails with network-lost")
        func inlineThenFail() async throws {
            let (stubs, folder) = try Self.session()
            defer { try? FileManager.default.removeItem(at: folder) }
            let started = Date()
            let (fetched, deliveries) = await StreamingDelegate.deliveries(URLRequest(url: URL(string: "https://feed.example.com/v1/live")!), configuration: stubs.configuration)
            let ended = Date().timeIntervalSince(started)
            #expect(fetched.response?.value(forHTTPHeaderField: "Content-Type") == "application/x-ndjson")
            #expect(deliveries.map(\.text) == ["{\"id\": 1, \"text\": \"first\"}\n", "{\"id\": 2, \"text\": \"second\"}\n"])
            #expect(fetched.error?.code == .networkConnectionLost)
            if deliveries.count == 2 {
                #expect(deliveries[1].time - deliveries[0].time >= 0.09)
                #expect(ended - deliveries[1].time >= 0.09)
            }
            let finished = await stubs.finishedRequests(count: 1, timeout: 60)
            #expect(finished.first?.completion?.error?.urlErrorCode == .networkConnectionLost)
            #expect(finished.first?.completion?.source == .stub)
        }

        @Test("chunk 7B splits lines and CRLFs across reads; the bytes are the file's")
        func chunks() async throws {
            let (stubs, folder) = try Self.session()
            defer { try? FileManager.default.removeItem(at: folder) }
            let (fetched, deliveries) = await StreamingDelegate.deliveries(URLRequest(url: URL(string: "https://api.example.com/v1/events")!), configuration: stubs.configuration)
            #expect(fetched.error == nil)
            #expect(fetched.text == Self.events)
            #expect(deliveries.count == (Self.events.utf8.count + 6) / 7)
            #expect(deliveries.dropLast().allSatisfy { $0.text.utf8.count == 7 })
            // Some piece ends between a CR and its LF, as a network may cut it.
            #expect(deliveries.contains { $0.text.hasSuffix("\r") })
        }

        @Test("recorded gaps are kept, and timing comments are not sent")
        func recordedEventGaps() async throws {
            let (stubs, folder) = try Self.session()
            defer { try? FileManager.default.removeItem(at: folder) }
            let (fetched, deliveries) = await StreamingDelegate.deliveries(URLRequest(url: URL(string: "https://api.example.com/v1/recorded")!), configuration: stubs.configuration)
            #expect(fetched.response?.value(forHTTPHeaderField: "Content-Type") == "text/event-stream")
            #expect(deliveries.map(\.text) == ["data: one\n\n", "data: two\n\n", "data: three\n\n"])
            if deliveries.count == 3 {
                #expect(deliveries[1].time - deliveries[0].time >= 0.145)
                #expect(deliveries[2].time - deliveries[1].time >= 0.095)
            }
        }

        @Test("JSON Lines take their gaps from the .timing file beside them")
        func recordedLineGaps() async throws {
            let (stubs, folder) = try Self.session()
            defer { try? FileManager.default.removeItem(at: folder) }
            let (fetched, deliveries) = await StreamingDelegate.deliveries(URLRequest(url: URL(string: "https://api.example.com/v1/lines")!), configuration: stubs.configuration)
            #expect(fetched.response?.value(forHTTPHeaderField: "Content-Type") == "application/x-ndjson")
            #expect(deliveries.map(\.text) == ["{\"n\":1}\n", "{\"n\":2}\n", "{\"n\":3}\n"])
            if deliveries.count == 3 {
                #expect(deliveries[1].time - deliveries[0].time >= 0.115)
                #expect(deliveries[2].time - deliveries[1].time >= 0.075)
            }
        }

        @Test("cancelling a stubbed stream stops it: no more deliveries, the task ends cancelled")
        func cancel() async throws {
            let (stubs, folder) = try Self.session()
            defer { try? FileManager.default.removeItem(at: folder) }
            let first = OneShot<Void>()
            let heard = Locked(0)
            let delegate = CompletionDelegate {
                heard.withLock { $0 += 1 }
                first.send(())
            }
            let session = URLSession(configuration: stubs.configuration, delegate: delegate, delegateQueue: nil)
            defer { session.finishTasksAndInvalidate() }
            let task = session.dataTask(with: URLRequest(url: URL(string: "https://feed.example.com/v1/live")!))
            task.resume()
            await first.value()
            task.cancel()
            let code = await delegate.completion.value()
            #expect(code == URLError.Code.cancelled.rawValue)
            try await Task.sleep(nanoseconds: 300_000_000)
            #expect(heard.withLock { $0 } == 1)
        }
    }
}
