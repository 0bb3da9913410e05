import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit

/// WebSockets (issue 57): a 300-byte JSON message edited by a `response each message` block,
/// against `JSONSerialization` doing the same edit; a stubbed conversation's first message
/// after the app's first `receive`, against a block on the session's delegate queue (where every
/// completion handler runs); and the memory of an endless stubbed conversation.
struct SocketBenchmark {
    var quick: Bool

    static let message: [UInt8] = {
        var text = #"{"type": "message", "room": "lobby", "author": {"id": 42, "name": "Ada"}, "text": ""#
        text += String(repeating: "lorem ipsum ", count: 17) + #"", "sent": 1796558400}"#
        return Array(text.utf8)
    }()

    func run() -> (rows: [ResultRow], notes: [String]) {
        var rows: [ResultRow] = []
        var notes: [String] = []
        do {
            rows.append(try editRow())
            rows.append(try firstMessageRow())
            rows.append(try memoryRow())
        } catch {
            notes.append("websockets: \(error)")
        }
        return (rows, notes)
    }

    /// The edit through the pipeline's package API (the message blocks, as a socket runs them)
    /// and through Foundation: parse, set a key, serialize.
    private func editRow() throws -> ResultRow {
        let pipeline = try PipelineFactory.pipeline(#"""
            rule "mark" {
                when host == "chat.bench.test"
                response each message when json "type" == "message" { inject-json "seen" true }
            }
            """#)
        guard let request = HTTPRequest(URLRequest(url: URL(string: "wss://chat.bench.test/socket")!)) else {
            return .unavailable("websockets: a 300-byte JSON message edited", reason: "no request")
        }
        let outcome = pipeline.processRequest(request)
        let handshake = HTTPResponse(status: 101)
        let rounds = quick ? 5_000 : 50_000
        var ours = Samples()
        var foundation = Samples()
        var edited = false
        let data = Data(Self.message)
        for _ in 0..<rounds {
            ours.append(Stopwatch.time {
                let result = pipeline.processSocketMessages([(false, false, Self.message)], for: outcome, handshake: handshake)
                edited = result.first?.changed == true
            })
            foundation.append(Stopwatch.time {
                guard var object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return }
                object["seen"] = true
                Sink.consume((try? JSONSerialization.data(withJSONObject: object))?.count ?? 0)
            })
        }
        let median = ours.median
        return ResultRow(
            name: "websockets: a 300-byte JSON message edited (response each message, inject-json)",
            measured: "\(Format.duration(median)) median, p99 \(Format.duration(ours.percentile(99)))\(edited ? "" : ", NOT edited")",
            baseline: "\(Format.duration(foundation.median)) JSONSerialization (parse, set, serialize)",
            ratio: Format.ratio(median / foundation.median), goal: "≤ 5 µs", verdict: edited && median <= 5_000 ? .met : .missed)
    }

    /// From the app's first `receive` (just after `resume`) to its completion handler.
    private func firstMessageRow() throws -> ResultRow {
        let rewriter = Rewriter(pipeline: try PipelineFactory.pipeline(#"""
            rule "chat" {
                when host == "chat.bench.test"
                respond 101 { socket { message json {"type": "welcome"} } }
            }
            """#))
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let request = URLRequest(url: URL(string: "wss://chat.bench.test/socket")!)
        var first = Samples()
        var hop = Samples()
        var failures = 0
        for _ in 0..<(quick ? 300 : 2_000) {
            let socket = rewriter.webSocketTask(with: request, in: session)
            socket.resume()
            let done = DispatchSemaphore(value: 0)
            let arrived = Locked<UInt64>(0)
            let start = Stopwatch.now()
            socket.receive { result in
                if case .failure = result { arrived.withLock { $0 = 0 } } else { arrived.withLock { $0 = Stopwatch.now() } }
                done.signal()
            }
            done.wait()
            let end = arrived.withLock { $0 }
            if end == 0 { failures += 1 } else { first.append(end - start) }
            socket.cancel(with: .normalClosure, reason: nil)
            let hopStart = Stopwatch.now()
            session.delegateQueue.addOperation { arrived.withLock { $0 = Stopwatch.now() }; done.signal() }
            done.wait()
            hop.append(arrived.withLock { $0 } - hopStart)
        }
        let median = first.median
        return ResultRow(
            name: "websockets: a stubbed conversation's first message, from the app's first receive",
            measured: "\(Format.duration(median)) median, p99 \(Format.duration(first.percentile(99)))\(failures > 0 ? ", \(failures) failed" : "")",
            baseline: "\(Format.duration(hop.median)) a block on the session's delegate queue", ratio: Format.ratio(median / hop.median),
            goal: "≤ 1 ms", verdict: failures == 0 && median <= 1_000_000 ? .met : .missed)
    }

    /// An endless conversation (a 300-byte message every millisecond) that the app reads for
    /// a while, then stops reading: resident memory after a short warm-up, after reading
    /// thousands of messages, and after a second of not reading (the backlog holds at most 64).
    private func memoryRow() throws -> ResultRow {
        let text = String(decoding: Self.message, as: UTF8.self).replacingOccurrences(of: "\"", with: "\\\"")
        let rewriter = Rewriter(pipeline: try PipelineFactory.pipeline("""
            rule "feed" {
                when host == "chat.bench.test"
                response each message { inject-json "seen" true }
            }
            rule "endless" {
                when host == "chat.bench.test"
                respond 101 { socket { every 1ms message "\(text)" } }
            }
            """))
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let socket = rewriter.webSocketTask(with: URLRequest(url: URL(string: "wss://chat.bench.test/socket")!), in: session)
        socket.resume()
        let done = DispatchSemaphore(value: 0)
        func read(_ count: Int) -> Int {
            let received = Locked(0)
            for _ in 0..<count {
                socket.receive { result in
                    if case .success = result { received.withLock { $0 += 1 } }
                    done.signal()
                }
                done.wait()
            }
            return received.withLock { $0 }
        }
        _ = read(500)
        let warm = ProcessMemory.residentBytes() ?? 0
        let count = quick ? 3_000 : 20_000
        let received = read(count)
        let afterReading = ProcessMemory.residentBytes() ?? 0
        Thread.sleep(forTimeInterval: quick ? 0.5 : 1)
        let afterIdle = ProcessMemory.residentBytes() ?? 0
        socket.cancel(with: .normalClosure, reason: nil)
        let growth = Double(max(afterReading, afterIdle) - warm)
        let limit = 2.0 * 1024 * 1024
        return ResultRow(
            name: "websockets: memory of an endless stubbed conversation (300 B every 1 ms, edited)",
            measured: "+\(Format.memory(max(0, growth))) after reading \(received) messages and idling",
            baseline: "\(Format.memory(Double(warm))) resident after 500", ratio: "",
            goal: "≤ 2 MB growth", verdict: received == count && growth <= limit ? .met : .missed)
    }
}
