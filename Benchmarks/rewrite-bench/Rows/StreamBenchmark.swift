import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit
import RewriteTestSupport

/// Streams (issue 22), each against a plain session or a plain parser in the same run:
/// - the first message of a server-sent event stream reaches a streaming delegate through
///   an `each message` JSON edit, against a plain session;
/// - one `each message` JSON edit on a 300-byte event, against JSONSerialization's parse,
///   edit and serialize of the same event;
/// - peak memory while a paced stream of 100,000 events flows through `each message`,
///   against a plain session;
/// - how long the server's connection stays open after the app cancels an endless stream.
struct StreamBenchmark {
    var quick: Bool

    static let rules = """
        rule "mark each event" {
            when path starts-with "/events/"
            response each message when json "choices[0].delta.content" exists {
                inject-json "choices[0].delta.marked" true
            }
        }
        """

    func run() -> (rows: [ResultRow], notes: [String]) {
        let names = [
            "streams: first message reaches the app", "streams: each message JSON edit, 300-byte event",
            "streams: 100,000 events (\(Self.pacing.burst) a write, \(Self.pacing.gapMilliseconds) ms apart) through each message: peak RSS growth", "streams: cancel an endless stream: upstream closed after",
        ]
        let server: TestHTTPServer
        let pipeline: Pipeline
        do {
            server = try TestHTTPServer()
            pipeline = try PipelineFactory.pipeline(Self.rules, name: "streams.rules")
        } catch {
            return (names.map { ResultRow.unavailable($0, reason: "\(error)", goal: "") }, [])
        }
        defer { server.stop() }
        let intercepted = URLSessionConfiguration.ephemeral
        let rewriter = Rewriter(pipeline: pipeline)
        do {
            try rewriter.install(in: intercepted)
        } catch {
            return (names.map { ResultRow.unavailable($0, reason: "\(error)", goal: "") }, [])
        }
        defer { rewriter.uninstall() }
        var rows: [ResultRow] = []
        var notes: [String] = []
        rows.append(firstMessage(server, intercepted: intercepted, name: names[0]))
        rows.append(editCost(pipeline, name: names[1]))
        let (memory, memoryNote) = endlessMemory(server, intercepted: intercepted, name: names[2])
        rows.append(memory)
        notes += memoryNote
        rows.append(cancelClosesUpstream(intercepted: intercepted, name: names[3]))
        return (rows, notes)
    }

    /// Time from `resume()` to the first chunk of `/events/1`, interleaved, medians.
    private func firstMessage(_ server: TestHTTPServer, intercepted: URLSessionConfiguration, name: String) -> ResultRow {
        var plain = Samples()
        var rewritten = Samples()
        for round in 0..<(quick ? 10 : 40) {
            for (isIntercepted, configuration) in [(true, intercepted), (false, URLSessionConfiguration.ephemeral)] {
                let delegate = CountingDelegate()
                let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
                let start = Stopwatch.now()
                session.dataTask(with: server.url("/events/1?round=\(round)")).resume()
                delegate.finished.wait()
                session.finishTasksAndInvalidate()
                guard let first = delegate.result().firstAt, round > 0 else { continue }
                if isIntercepted { rewritten.append(first - start) } else { plain.append(first - start) }
            }
        }
        let extra = rewritten.median - plain.median
        return ResultRow(
            name: name,
            measured: "\(Format.duration(rewritten.median)) median (\(extra >= 0 ? "+" : "−")\(Format.duration(abs(extra)))) through an each-message JSON edit",
            baseline: "\(Format.duration(plain.median)) plain session", ratio: Format.ratio(rewritten.median / plain.median),
            goal: "≤ plain + 2 ms", verdict: extra <= 2_000_000 ? .met : .missed)
    }

    /// `inject-json` on each event of a 1,000-event stream (`rewritingMessages`, what a
    /// caller that takes the body whole gets; the streaming relay runs the same code per
    /// message), per event.
    private func editCost(_ pipeline: Pipeline, name: String) -> ResultRow {
        let count = 1_000
        let event = Self.event(index: 7)
        let body = Array((0..<count).map { Self.event(index: $0) }.joined().utf8)
        guard let request = HTTPRequest(method: "GET", url: "https://bench.example/events/1000") else {
            return .unavailable(name, reason: "the bench URL does not parse", goal: "")
        }
        let outcome = pipeline.processRequest(request)
        let response = HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"], body: body)
        let data = Data(event.dropFirst(6).prefix { $0 != "\n" }.utf8)
        var edited = Samples()
        var baseline = Samples()
        for round in 0..<(quick ? 20 : 100) {
            let time = Stopwatch.time { Sink.consume(pipeline.rewritingMessages(of: response, for: outcome).body.count) }
            let parse = Stopwatch.time {
                for _ in 0..<10 { Sink.consume(Self.jsonSerializationEdit(data)) }
            }
            guard round > 0 else { continue }
            edited.append(time / UInt64(count))
            baseline.append(parse / 10)
        }
        let check = pipeline.rewritingMessages(of: response, for: outcome).body
        let marked = String(decoding: check, as: UTF8.self).components(separatedBy: #""marked":true"#).count - 1
        guard marked == count else {
            return .unavailable(name, reason: "\(marked) of \(count) events were edited", goal: "≤ 5 µs per event")
        }
        return ResultRow(
            name: name, measured: "\(Format.duration(edited.median)) per event (\(event.utf8.count) B)",
            baseline: "\(Format.duration(baseline.median)) JSONSerialization", ratio: Format.ratio(edited.median / baseline.median),
            goal: "≤ 5 µs per event", verdict: edited.median <= 5_000 ? .met : .missed)
    }

    /// Peak RSS growth while 100,000 events go to a streaming delegate, through the rules
    /// and plain; the goal is the largest message plus 64 KB over what the plain session
    /// grows. Each variant's figure is the median of five interleaved runs, its range beside it.
    ///
    /// The server writes the events ``pacing`` at a time (50, 3.7 KB), 1 ms apart, as a
    /// paced stream comes. Sent as fast as it can go, each read the client makes costs
    /// swift-corelibs-foundation a new timeout timer (`_EasyHandle.resetTimer`), and
    /// libdispatch frees the cancelled ones only seconds after the stream ends: by heaptrack,
    /// about 60 MB of live dispatch timers and continuations at the peak of 200,000 events, a
    /// plain session's as much as the interceptor's inner one's. That churn, and how much of
    /// it the runs before had returned, set the row's figures (plain 26–41 MB in one day's
    /// runs, either variant ahead), not the relay.
    private func endlessMemory(_ server: TestHTTPServer, intercepted: URLSessionConfiguration, name: String) -> (ResultRow, [String]) {
        let count = quick ? 20_000 : 100_000
        let url = server.url("/events/\(count)?burst=\(Self.pacing.burst)&gap_ms=\(Self.pacing.gapMilliseconds)")
        var growth = (plain: Samples(), intercepted: Samples())
        var notes: [String] = []
        for round in 0..<(quick ? 1 : 5) {
            // Each round starts with the other variant: a run inherits the arenas the one before it left.
            let variants = [(true, intercepted), (false, URLSessionConfiguration.ephemeral)]
            for (isIntercepted, configuration) in round % 2 == 0 ? variants : variants.reversed() {
                let run = StreamingMemoryBenchmark.download(url, configuration: configuration, expected: nil)
                if let problem = run.problem { notes.append("streams, memory, \(isIntercepted ? "intercepted" : "plain"): \(problem)") }
                if isIntercepted { growth.intercepted.append(value: run.growth) } else { growth.plain.append(value: run.growth) }
            }
        }
        let measured = growth.intercepted.median
        let plain = growth.plain.median
        let largest = Double(Self.event(index: count).utf8.count)
        let allowance = largest + 64 * 1024
        let range = { (samples: Samples) in
            samples.count > 1 ? " (runs \(Format.memory(samples.minimum))–\(Format.memory(samples.maximum)))" : ""
        }
        notes.append("streams, memory: \(growth.intercepted.count) run(s) per variant, interleaved, the median growth reported")
        return (ResultRow(
            name: name.replacingOccurrences(of: "100,000", with: Format.count(count)),
            measured: "\(Format.memory(measured)) through each message (\(Format.memory(measured - plain)) over plain)\(range(growth.intercepted))",
            baseline: "\(Format.memory(plain)) plain session\(range(growth.plain))", ratio: Format.ratio(measured / max(plain, 1)),
            goal: "≤ plain + largest message + 64 KB", verdict: measured - plain <= allowance ? .met : .missed), notes)
    }

    /// Starts an endless stream, cancels it at its first message, and times how long the
    /// server's connection stays open after `cancel()` (a server of its own each time, so
    /// no other connection is counted).
    private func cancelClosesUpstream(intercepted: URLSessionConfiguration, name: String) -> ResultRow {
        var closed: [Bool: Samples] = [true: Samples(), false: Samples()]
        var stayedOpen = 0
        for _ in 0..<(quick ? 2 : 4) {
            for (isIntercepted, configuration) in [(true, intercepted), (false, URLSessionConfiguration.ephemeral)] {
                guard let server = try? TestHTTPServer() else { return .unavailable(name, reason: "no server", goal: "closed") }
                defer { server.stop() }
                let delegate = CountingDelegate()
                let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
                let task = session.dataTask(with: server.url("/events/0?gap_ms=10"))
                task.resume()
                delegate.firstChunk.wait()
                let cancelled = Stopwatch.now()
                task.cancel()
                delegate.finished.wait()
                let deadline = cancelled + 10_000_000_000
                while server.openConnectionCount > 0 && Stopwatch.now() < deadline { usleep(1_000) }
                if server.openConnectionCount > 0 { stayedOpen += 1 }
                closed[isIntercepted]?.append(Stopwatch.now() - cancelled)
                session.invalidateAndCancel()
            }
        }
        let measured = closed[true]?.maximum ?? .nan
        let plain = closed[false]?.maximum ?? .nan
        let extra = measured - plain
        return ResultRow(
            name: name, measured: "\(Format.duration(measured)) (the longest), through the interceptor",
            baseline: "\(Format.duration(plain)) plain session", ratio: Format.ratio(measured / max(plain, 1)),
            goal: "closed, ≤ plain + 100 ms", verdict: stayedOpen == 0 && extra <= 100_000_000 ? .met : .missed)
    }

    /// How the server paces the memory row's stream: events to a write, and the gap between writes.
    static let pacing = (burst: 50, gapMilliseconds: 1)

    /// One chat-completion event of about 300 bytes.
    static func event(index: Int) -> String {
        let words = String(repeating: "lorem ipsum dolor sit amet ", count: 6)
        return #"data: {"id":"chatcmpl-\#(index)","object":"chat.completion.chunk","created":1700000000,"#
            + #""model":"bench-1","choices":[{"index":0,"delta":{"content":"\#(words)\#(index)"},"finish_reason":null}]}"#
            + "\n\n"
    }

    /// What an app does without RewriteKit: parse the event's JSON, edit it, serialize it.
    private static func jsonSerializationEdit(_ data: Data) -> Int {
        guard var object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              var choices = object["choices"] as? [[String: Any]], var delta = choices.first?["delta"] as? [String: Any]
        else { return 0 }
        delta["marked"] = true
        choices[0]["delta"] = delta
        object["choices"] = choices
        return (try? JSONSerialization.data(withJSONObject: object).count) ?? 0
    }
}
