import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit
import RewriteTestSupport

/// Peak resident memory growth while large bodies go through the interceptor, each
/// against the same transfer on a plain session:
/// - a streaming data delegate downloads 100 MB (a rule applies, no body action);
/// - the same download under `throttle` (the backlog waits on disk, not in memory);
/// - a 50 MB `httpBodyStream` upload (no rule reads the body, so it streams);
/// - a 50 MB multipart upload whose small JSON part a rule edits (the upload is read from
///   its spilled file a part at a time, issue 59).
struct StreamingMemoryBenchmark {
    var quick: Bool

    static let rules = """
        rule "observe downloads" {
            when path starts-with "/stream-bytes"
            request { set-header "X-Bench" "1" }
            response { set-header "X-Seen" "1" }
        }
        rule "observe uploads" {
            when method == POST and path == "/discard"
            request { set-header "X-Bench" "1" }
        }
        """

    static let throttleRules = """
        rule "slow downloads" {
            when path starts-with "/stream-bytes"
            throttle 40MB/s
        }
        """

    static let networkRules = """
        rule "a slow link" {
            when path starts-with "/stream-bytes"
            network { down 40MB/s }
        }
        """

    static let multipartRules = """
        rule "tag the upload's metadata" {
            when method == POST and path == "/discard" and part "meta" exists
            request { part "meta" { inject-json "edited" true } }
        }
        """

    /// The multipart upload's first parts (a caption and a JSON part) and its photo's
    /// headers, before the generated photo; and its closing delimiter, after.
    static let multipartPrefix = Array((
        "--bench-boundary\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nHello\r\n"
            + "--bench-boundary\r\nContent-Disposition: form-data; name=\"meta\"\r\nContent-Type: application/json\r\n\r\n{\"kind\":\"photo\"}\r\n"
            + "--bench-boundary\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"big.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n").utf8)
    static let multipartSuffix = Array("\r\n--bench-boundary--\r\n".utf8)

    static let downloadSize = 100 * 1_048_576
    static let uploadSize = 50 * 1_048_576

    private struct Scenario {
        var name: String
        var rules: String
        /// One transfer, on the server, with the configuration, through the interceptor or not.
        var run: (TestHTTPServer, URLSessionConfiguration, Bool) -> Run
    }

    func run() -> (rows: [ResultRow], notes: [String]) {
        let goal = "≤ 16 MB"
        let server: TestHTTPServer
        do {
            server = try TestHTTPServer()
        } catch {
            return ([.unavailable("memory", reason: "\(error)", goal: goal)], [])
        }
        defer { server.stop() }
        let scenarios = [
            Scenario(name: "streaming 100 MB download: peak RSS growth", rules: Self.rules) { server, configuration, _ in
                Self.download(server.url("/stream-bytes/\(Self.downloadSize)?chunk_size=65536"), configuration: configuration)
            },
            Scenario(name: "throttled 100 MB download (40 MB/s): peak RSS growth", rules: Self.throttleRules) { server, configuration, _ in
                Self.download(server.url("/stream-bytes/\(Self.downloadSize)?chunk_size=65536"), configuration: configuration)
            },
            Scenario(name: "100 MB download over a network link (40 MB/s downlink): peak RSS growth", rules: Self.networkRules) { server, configuration, _ in
                Self.download(server.url("/stream-bytes/\(Self.downloadSize)?chunk_size=65536"), configuration: configuration)
            },
            Scenario(name: "50 MB httpBodyStream upload: peak RSS growth", rules: Self.rules) { server, configuration, _ in
                Self.upload(server.url("/discard"), configuration: configuration)
            },
            Scenario(name: "50 MB multipart upload, its JSON part edited: peak RSS growth", rules: Self.multipartRules) { server, configuration, edited in
                // Plain, the upload goes as it is; through the rule, `,"edited":true` is added.
                Self.upload(
                    server.url("/discard"), configuration: configuration, prefix: Self.multipartPrefix, suffix: Self.multipartSuffix,
                    extra: edited ? #","edited":true"#.utf8.count : 0)
            },
        ]
        var rows: [ResultRow] = []
        var notes: [String] = []
        for scenario in scenarios {
            let intercepted = URLSessionConfiguration.ephemeral
            let rewriter: Rewriter
            do {
                rewriter = Rewriter(pipeline: try PipelineFactory.pipeline(scenario.rules, name: "memory.rules"))
                try rewriter.install(in: intercepted)
            } catch {
                rows.append(.unavailable(scenario.name, reason: "\(error)", goal: goal))
                continue
            }
            var measured = Samples()
            var baseline = Samples()
            var times: [String: Samples] = [:]
            // A transfer's peak growth moves by several MB from run to run with the
            // allocator's arenas (a plain session's too): the median of five runs (three in
            // --quick), with their range in the row.
            for _ in 0..<(quick ? 3 : 5) {
                for (isIntercepted, configuration) in [(true, intercepted), (false, URLSessionConfiguration.ephemeral)] {
                    let run = scenario.run(server, configuration, isIntercepted)
                    let label = isIntercepted ? "intercepted" : "plain"
                    if let problem = run.problem { notes.append("memory, \(scenario.name), \(label): \(problem)") }
                    if isIntercepted { measured.append(value: run.growth) } else { baseline.append(value: run.growth) }
                    times[label, default: Samples()].append(run.elapsed)
                }
            }
            rewriter.uninstall()
            let growth = measured.median
            let plainGrowth = baseline.median
            notes.append(
                "memory, \(scenario.name): \(measured.count) run(s) per variant, interleaved, the median growth reported; durations: intercepted "
                    + "\(Format.duration(times["intercepted"]?.median ?? 0)), plain \(Format.duration(times["plain"]?.median ?? 0))")
            let range = measured.count > 1
                ? " (runs \(Format.memory(measured.minimum))–\(Format.memory(measured.maximum)))" : ""
            let plainRange = baseline.count > 1
                ? " (\(Format.memory(baseline.minimum))–\(Format.memory(baseline.maximum)))" : ""
            rows.append(ResultRow(
                name: scenario.name,
                measured: "\(Format.memory(growth)) through the interceptor\(range)",
                baseline: "\(Format.memory(plainGrowth)) plain session\(plainRange)",
                ratio: Format.ratio(growth / max(plainGrowth, 1)), goal: goal,
                verdict: growth <= 16 * 1_048_576 ? .met : .missed))
        }
        return (rows, notes)
    }

    /// One measured transfer: the peak growth, how long it took, and what went wrong.
    struct Run {
        var growth: Double
        var elapsed: UInt64
        var problem: String?
    }

    /// Measures the peak memory growth while `body` runs.
    static func measure(_ body: () -> String?) -> Run {
        ProcessMemory.trimHeap()
        guard let start = ProcessMemory.residentBytes() else {
            return Run(growth: .nan, elapsed: 0, problem: "cannot read VmRSS from /proc/self/status")
        }
        let peakReset = ProcessMemory.resetPeak()
        let sampler = PeakMemorySampler()
        let began = Stopwatch.now()
        let problem = body()
        let elapsed = Stopwatch.now() - began
        var peak = sampler.stop()
        if peakReset, let hwm = ProcessMemory.peakResidentBytes() { peak = max(peak, hwm) }
        return Run(growth: Double(max(peak - start, 0)), elapsed: elapsed, problem: problem)
    }

    /// Downloads with a streaming delegate that counts and drops every chunk; a problem when
    /// the transfer fails or, given `expected`, brings another number of bytes.
    static func download(_ url: URL, configuration: URLSessionConfiguration, expected: Int? = downloadSize) -> Run {
        measure {
            let delegate = CountingDelegate()
            let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
            defer { session.finishTasksAndInvalidate() }
            session.dataTask(with: url).resume()
            delegate.finished.wait()
            let result = delegate.result()
            guard result.bytes != (expected ?? result.bytes) || result.error != nil else { return nil }
            return "received \(result.bytes)\(expected.map { " of \($0)" } ?? "") bytes\(result.error.map { ", error \($0)" } ?? "")"
        }
    }

    /// Uploads a generated stream (never held in memory whole) with a completion handler,
    /// to the server's `/discard`, which keeps no body either.
    private static func upload(
        _ url: URL, configuration: URLSessionConfiguration, prefix: [UInt8] = [], suffix: [UInt8] = [], extra: Int = 0
    ) -> Run {
        measure {
            var request = URLRequest(url: url)
            request.httpMethod = "POST"
            if !prefix.isEmpty { request.setValue("multipart/form-data; boundary=bench-boundary", forHTTPHeaderField: "Content-Type") }
            request.httpBodyStream = PatternInputStream(length: uploadSize, prefix: prefix, suffix: suffix)
            let expected = prefix.count + uploadSize + suffix.count + extra
            let session = URLSession(configuration: configuration)
            defer { session.finishTasksAndInvalidate() }
            let done = DispatchSemaphore(value: 0)
            let outcome = Locked<String?>("no answer")
            session.dataTask(with: request) { data, response, error in
                let echoed = (try? JSONSerialization.jsonObject(with: data ?? Data()) as? [String: Any])?["bodyLength"] as? Int
                let problem = echoed == expected && error == nil
                    ? nil : "status \((response as? HTTPURLResponse)?.statusCode ?? -1), server read \(echoed ?? -1) bytes, error \(String(describing: error))"
                outcome.withLock { $0 = problem }
                done.signal()
            }.resume()
            done.wait()
            return outcome.withLock { $0 }
        }
    }
}
