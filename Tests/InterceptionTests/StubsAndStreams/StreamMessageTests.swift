import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// `response each message`: rules run on every message of a real streaming response as it
/// arrives from the loopback server (`/events/N`: server-sent events or JSON Lines written
/// one by one, `gap_ms` apart), and on stubbed streams; nothing waits for the stream's end.
extension TimingSensitive {
    @Suite("Rules on each message")
    struct StreamMessageTests {
        /// The spec's two `each message` examples, aimed at the loopback server's events.
        static let rules = """
            rule "mark streamed text" {
                when path ~ "/events/*"
                response each message when json "choices[0].delta.content" exists {
                    inject-json "choices[0].delta.marked" true
                    replace-body /word/ "WORD"
                }
                response each message when body == "[DONE]" {
                    delay 300ms
                }
            }

            rule "hide typing events" {
                when path ~ "/events/*" and query "typed" == "1"
                response each message when event == "typing" { drop }
            }
            """

        /// The events of a server-sent event stream, as a reader parses them.
        static func events(_ data: Data) -> [StreamMessage] {
            var splitter = StreamMessageSplitter(format: .eventStream)
            return splitter.feed(data) + splitter.finish().messages
        }

        @Test("each event is edited as it arrives; the last waits for its delay")
        func editsEachEvent() async throws {
            let harness = try Harness(Self.rules)
            let (fetched, deliveries) = await StreamingDelegate.deliveries(URLRequest(url: harness.url("/events/4?gap_ms=80")), configuration: harness.configuration)
            #expect(fetched.error == nil)
            #expect(fetched.response?.value(forHTTPHeaderField: "Content-Type") == "text/event-stream")
            let events = Self.events(fetched.data)
            #expect(events.map(\.id) == ["0", "1", "2", "3", nil])
            for (index, event) in events.dropLast().enumerated() {
                let object = try #require(jsonObject(Data(event.data.utf8)))
                let delta = (object["choices"] as? [[String: Any]])?.first?["delta"] as? [String: Any]
                #expect(delta?["content"] as? String == "WORD \(index)")
                #expect(delta?["marked"] as? Bool == true)
            }
            #expect(events.last?.data == "[DONE]")
            // Each event reached the delegate as it came, not at the end: one delivery each,
            // spread over the server's gaps (80 ms); [DONE], which the server sends right
            // after the last event (240 ms in), held back by its 300 ms.
            #expect(deliveries.count == 5)
            if deliveries.count == 5 {
                #expect(deliveries[3].time - deliveries[0].time >= 0.2)
                #expect(deliveries[4].time >= 0.5, "[DONE] at \(deliveries[4].time) s")
            }
        }

        @Test("the messages of one network read reach the delegate together, as a plain session's read does")
        func oneDeliveryPerRead() async throws {
            let harness = try Harness(Self.rules)
            // 200 events (about 15 KB) in one write, then [DONE] in another: libcurl hands
            // them over in a few reads. The relay once gave each message a delivery of its
            // own (201 here), each an operation on the app's delegate queue.
            let url = harness.url("/events/200?burst=200")
            let (plain, plainDeliveries) = await StreamingDelegate.deliveries(URLRequest(url: url), configuration: .ephemeral)
            let (fetched, deliveries) = await StreamingDelegate.deliveries(URLRequest(url: url), configuration: harness.configuration)
            #expect(fetched.error == nil)
            let events = Self.events(fetched.data)
            #expect(events.count == 201)
            #expect(events.dropLast().allSatisfy { $0.data.contains(#""content":"WORD "#) && $0.data.contains(#""marked":true"#) })
            #expect(events.map(\.id) == Self.events(plain.data).map(\.id))
            #expect(deliveries.count <= 20, "\(deliveries.count) deliveries; a plain session took \(plainDeliveries.count)")
            // Each delivery holds whole messages: the relay cuts at messages, not mid-event.
            #expect(deliveries.allSatisfy { $0.text.hasSuffix("\n\n") })
        }

        @Test("a delayed message in a read holds back the rest of that read, which follows it in one delivery")
        func delayInsideARead() async throws {
            let harness = try Harness("""
                rule "hold the second event" {
                    when path ~ "/events/*"
                    response each message when body contains "\\"id\\":1," { delay 300ms }
                }
                """)
            // Events 0–3 in one write: the read holds all four.
            let (fetched, deliveries) = await StreamingDelegate.deliveries(URLRequest(url: harness.url("/events/4?burst=4")), configuration: harness.configuration)
            #expect(fetched.error == nil)
            #expect(Self.events(fetched.data).map(\.id) == ["0", "1", "2", "3", nil])
            let ids = deliveries.map { Self.events(Data($0.text.utf8)).map(\.id) }
            // Event 0 at once, alone; 1, 2 and 3 together when the delay ends; [DONE] with them
            // or after them, as its read came.
            #expect(ids.first == ["0"])
            #expect(ids.dropFirst().first?.prefix(3) == ["1", "2", "3"])
            if deliveries.count >= 2 {
                #expect(deliveries[1].time - deliveries[0].time >= 0.25, "held \(deliveries[1].time - deliveries[0].time) s")
            }
        }

        @Test("typing events are dropped; the others pass as they came")
        func dropsTypedEvents() async throws {
            let harness = try Harness(Self.rules)
            let (fetched, _) = await StreamingDelegate.deliveries(URLRequest(url: harness.url("/events/6?typed=1")), configuration: harness.configuration)
            let events = Self.events(fetched.data)
            #expect(events.map(\.id) == ["0", "2", "4", nil])
            #expect(events.allSatisfy { $0.event == nil })
        }

        @Test("a completion handler gets the whole stream with every message edited", arguments: [Caller.completionHandler, .async])
        func wholeBody(caller: Caller) async throws {
            let harness = try Harness(Self.rules)
            let fetched = await caller.fetch(URLRequest(url: harness.url("/events/3?typed=1")), in: harness.session)
            let events = Self.events(fetched.data)
            #expect(events.map(\.id) == ["0", "2", nil])
            #expect(events.first?.data.contains(#""marked":true"#) == true)
        }

        @Test("JSON Lines: each line edited; a line that is not JSON goes on as it came")
        func jsonLines() async throws {
            let harness = try Harness("""
                rule "mark lines" {
                    when path ~ "/events/*"
                    response each message { inject-json "seen" true }
                }
                """)
            let (fetched, _) = await StreamingDelegate.deliveries(URLRequest(url: harness.url("/events/3?format=ndjson")), configuration: harness.configuration)
            let lines = fetched.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.count == 4)
            #expect(lines.dropLast().allSatisfy { $0.hasSuffix(#","seen":true}"#) })
            // An event stream's [DONE] is not JSON: untouched, and the trace says why.
            let events = await StreamingDelegate.deliveries(URLRequest(url: harness.url("/events/1")), configuration: harness.configuration).0
            #expect(Self.events(events.data).last?.data == "[DONE]")
            let finished = await harness.finishedEvents(atLeast: 2)
            let skipped = finished.last?.completion?.trace?.entries.contains { if case .skipped(action: "inject-json", _) = $0.event { true } else { false } }
            #expect(skipped == true)
        }

        @Test("differential: a header-only rule leaves the stream's bytes, deliveries and timing as a plain session's")
        func headerOnlyIsTransparent() async throws {
            let harness = try Harness("""
                rule "tag the stream" {
                    when path ~ "/events/*"
                    request { set-header "X-Trace" "1" }
                }
                """)
            let url = harness.url("/events/5?gap_ms=100")
            let plainConfiguration = URLSessionConfiguration.ephemeral
            let (plain, plainDeliveries) = await StreamingDelegate.deliveries(URLRequest(url: url), configuration: plainConfiguration)
            let (rewritten, rewrittenDeliveries) = await StreamingDelegate.deliveries(URLRequest(url: url), configuration: harness.configuration)
            #expect(rewritten.data == plain.data)
            #expect(rewrittenDeliveries.map(\.text) == plainDeliveries.map(\.text))
            // The gaps between messages are the stream's timing; the first message may come a
            // little later through the interceptor (its inner connection is made on a loaded
            // machine: 66 ms under AddressSanitizer once, every later message offset alike).
            if let firstThrough = rewrittenDeliveries.first?.time, let firstDirect = plainDeliveries.first?.time {
                #expect(abs(firstThrough - firstDirect) < 0.5, "first delivered at \(firstThrough) s, plain at \(firstDirect) s")
                for (through, direct) in zip(rewrittenDeliveries, plainDeliveries) {
                    let (gapThrough, gapDirect) = (through.time - firstThrough, direct.time - firstDirect)
                    #expect(abs(gapThrough - gapDirect) < 0.05, "delivered \(gapThrough) s after the first, plain \(gapDirect) s")
                }
            }
        }

        @Test("the spec's stubbed chat stream goes through its each-message rule")
        func stubbedStreamThroughMessageRules() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("each-message-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("fixtures"), withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let chat = #"data: {"choices":[{"delta":{"content":"a secret word"}}]}"# + "\n\ndata: [DONE]\n\n"
            try Data(chat.utf8).write(to: folder.appendingPathComponent("fixtures/chat.sse"))
            let rules = """
                rule "mark streamed text" {
                    when host == "api.example.com" and path == "/v1/chat/completions"
                    response each message when json "choices[0].delta.content" exists {
                        inject-json "choices[0].delta.marked" true
                        replace-body /secret/ "******"
                    }
                    response each message when body == "[DONE]" {
                        delay 2s
                    }
                }

                rule "chat reply, word by word" {
                    when method == POST and path == "/v1/chat/completions"
                    respond 200 {
                        header "Content-Type" "text/event-stream"
                        stream file "fixtures/chat.sse" every 40ms
                    }
                }
                """
            let stubs = try RewriteTestSession(ruleSets: [RuleSet(rules: rules, name: "chat.rules", baseDirectory: folder)])
            var request = URLRequest(url: URL(string: "https://api.example.com/v1/chat/completions")!)
            request.httpMethod = "POST"
            let start = Date()
            let times = Locked<[TimeInterval]>([])
            let fetched = await StreamingDelegate.fetch(request, configuration: stubs.configuration) { _ in
                times.withLock { $0.append(Date().timeIntervalSince(start)) }
            }
            let events = Self.events(fetched.data)
            #expect(events.first?.data == #"{"choices":[{"delta":{"content":"a ****** word","marked":true}}]}"#)
            #expect(events.last?.data == "[DONE]")
            let heard = times.withLock { $0 }
            #expect(heard.count == 2)
            if heard.count == 2 { #expect(heard[1] - heard[0] >= 1.9) }
        }

        @Test("a recorded stream replays with the same messages and the same gaps, also from its HAR export", arguments: ["sse", "ndjson"])
        func recordAndReplayTiming(format: String) async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stream-record-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            // Record four messages the server sends 150 ms apart.
            let recorder = Rewriter(ruleSets: [])
            let configuration = URLSessionConfiguration.ephemeral
            try recorder.install(in: configuration)
            let capture = recorder.startCapture()
            let url = LoopbackServer.shared.url("/events/4?gap_ms=150" + (format == "ndjson" ? "&format=ndjson" : ""))
            let (live, liveDeliveries) = await StreamingDelegate.deliveries(URLRequest(url: url), configuration: configuration)
            capture.stop()
            let marks = try #require(capture.exchanges.first?.messages)
            #expect(marks.count == (format == "sse" ? 5 : 4))
            let summary = try capture.record(RecordingWriter(folder: folder, name: "stream", mode: .once))
            let text = try String(contentsOf: summary.rulesFile, encoding: .utf8)
            #expect(text.contains("stream file \"bodies/001-get-events-4"), "\(text)")
            // Replay it: the same bytes, one delivery per message, the recorded gaps kept.
            let replay = try RewriteTestSession(contentsOf: summary.rulesFile)
            let (replayed, deliveries) = await StreamingDelegate.deliveries(URLRequest(url: url), configuration: replay.configuration)
            #expect(replayed.data == live.data)
            #expect(deliveries.map(\.text) == liveDeliveries.map(\.text))
            let gaps = zip(deliveries, deliveries.dropFirst()).map { $1.time - $0.time }
            #expect(gaps.prefix(3).allSatisfy { $0 >= 0.13 && $0 < 0.5 }, "gaps \(gaps)")
            // Through HAR: the export keeps each message's offset and time; its import records the same stream.
            let har = capture.archive.data()
            #expect(String(decoding: har, as: UTF8.self).contains("\"_rewrite\""))
            let archive = try HTTPArchive(data: har)
            #expect(archive.exchanges.first?.messages == marks)
            let fromHAR = try RecordingWriter(folder: folder.appendingPathComponent("har"), name: "stream").write(archive.exchanges)
            let replayHAR = try RewriteTestSession(contentsOf: fromHAR.rulesFile)
            let (_, harDeliveries) = await StreamingDelegate.deliveries(URLRequest(url: url), configuration: replayHAR.configuration)
            #expect(harDeliveries.map(\.text) == liveDeliveries.map(\.text))
            let harGaps = zip(harDeliveries, harDeliveries.dropFirst()).map { $1.time - $0.time }
            #expect(harGaps.prefix(3).allSatisfy { $0 >= 0.13 }, "gaps \(harGaps)")
        }

        @Test("cancelling an endless stream the rules edit closes the connection to the server")
        func cancelEndlessStream() async throws {
            let server = try TestHTTPServer()
            defer { server.stop() }
            let harness = try Harness(Self.rules)
            let heard = OneShot<Void>()
            let count = Locked(0)
            let delegate = CompletionDelegate {
                let seen = count.withLock { value -> Int in
                    value += 1
                    return value
                }
                if seen == 3 { heard.send(()) }
            }
            let session = URLSession(configuration: harness.configuration, delegate: delegate, delegateQueue: nil)
            defer { session.finishTasksAndInvalidate() }
            let task = session.dataTask(with: server.url("/events/0?gap_ms=20"))
            task.resume()
            await heard.value()
            #expect(server.openConnectionCount == 1)
            task.cancel()
            #expect(await delegate.completion.value() == URLError.Code.cancelled.rawValue)
            // The upstream connection goes away: the server's write fails and it closes it.
            let deadline = Date().addingTimeInterval(10)
            while server.openConnectionCount > 0 && Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
            #expect(server.openConnectionCount == 0)
            let after = count.withLock { $0 }
            try await Task.sleep(nanoseconds: 200_000_000)
            #expect(count.withLock { $0 } == after, "messages after the cancel")
        }
    }
}
