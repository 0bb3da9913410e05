import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit
import RewriteTestSupport

/// Peak resident memory growth while a streaming data delegate downloads 100 MB through
/// the interceptor (a rule applies, no body action), against a plain session.
struct StreamingMemoryBenchmark {
    var quick: Bool

    static let rules = """
        rule "observe downloads" {
            when path starts-with "/stream-bytes"
            request { set-header "X-Bench" "1" }
            response { set-header "X-Seen" "1" }
        }
        """

    static let size = 100 * 1_048_576

    func run() -> (rows: [ResultRow], notes: [String]) {
        let name = "streaming 100 MB download: peak RSS growth"
        let goal = "≤ 16 MB"
        let server: TestHTTPServer
        let rewriter: Rewriter
        do {
            server = try TestHTTPServer()
            rewriter = Rewriter(pipeline: try PipelineFactory.pipeline(Self.rules, name: "memory.rules"))
        } catch {
            return ([.unavailable(name, reason: "\(error)", goal: goal)], [])
        }
        defer {
            server.stop()
            rewriter.uninstall()
        }
        let url = server.url("/stream-bytes/\(Self.size)?chunk_size=65536")
        let intercepted = URLSessionConfiguration.ephemeral
        rewriter.install(in: intercepted)

        var notes: [String] = []
        var measured = Samples()
        var baseline = Samples()
        var times: [String: Samples] = [:]
        for _ in 0..<(quick ? 1 : 2) {
            for (isIntercepted, configuration) in [(true, intercepted), (false, URLSessionConfiguration.ephemeral)] {
                let run = Self.download(url, configuration: configuration)
                let label = isIntercepted ? "intercepted" : "plain"
                if run.bytes != Self.size || run.error != nil {
                    notes.append("memory, \(label): received \(run.bytes) of \(Self.size) bytes\(run.error.map { ", error \($0)" } ?? "")")
                }
                if isIntercepted { measured.append(value: run.growth) } else { baseline.append(value: run.growth) }
                times[label, default: Samples()].append(run.elapsed)
            }
        }
        let growth = measured.maximum
        let plainGrowth = baseline.maximum
        notes.append(
            "memory: \(measured.count) download(s) per variant, the largest growth reported; durations: intercepted "
                + "\(Format.duration(times["intercepted"]?.median ?? 0)), plain \(Format.duration(times["plain"]?.median ?? 0))")
        let row = ResultRow(
            name: name,
            measured: "\(Format.megabytes(growth)) through the interceptor",
            baseline: "\(Format.megabytes(plainGrowth)) plain session",
            ratio: Format.ratio(growth / max(plainGrowth, 1)), goal: goal,
            verdict: growth <= 16 * 1_048_576 ? .met : .missed)
        return ([row], notes)
    }

    private struct Run {
        var bytes: Int
        var growth: Double
        var elapsed: UInt64
        var error: String?
    }

    /// Downloads with a streaming delegate that counts and drops every chunk.
    private static func download(_ url: URL, configuration: URLSessionConfiguration) -> Run {
        ProcessMemory.trimHeap()
        guard let start = ProcessMemory.residentBytes() else {
            return Run(bytes: 0, growth: .nan, elapsed: 0, error: "cannot read VmRSS from /proc/self/status")
        }
        let peakReset = ProcessMemory.resetPeak()
        let sampler = PeakMemorySampler()
        let delegate = CountingDelegate()
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        let began = Stopwatch.now()
        session.dataTask(with: url).resume()
        delegate.finished.wait()
        let elapsed = Stopwatch.now() - began
        var peak = sampler.stop()
        if peakReset, let hwm = ProcessMemory.peakResidentBytes() { peak = max(peak, hwm) }
        session.finishTasksAndInvalidate()
        let result = delegate.result()
        return Run(bytes: result.bytes, growth: Double(max(peak - start, 0)), elapsed: elapsed, error: result.error)
    }
}

/// A data delegate that counts the bytes it is given and keeps none of them.
private final class CountingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var bytes = 0
    private var error: String?

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock { bytes += data.count }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.withLock { self.error = error.map { "\($0)" } }
        finished.signal()
    }

    func result() -> (bytes: Int, error: String?) {
        lock.withLock { (bytes, error) }
    }
}
