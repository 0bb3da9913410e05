import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit
import RewriteTestSupport

/// Network conditions (issue 58), against a loopback server: the throughput a `network` link
/// achieves for a 10 MB download and a 5 MB upload, alone and four at once (the four share the
/// link), against the profile's rate; and the latency a profile adds, against the same request
/// with no profile. (The memory of a download over a link is a `memory` row.)
struct NetworkBenchmark {
    var quick: Bool

    static let downlink = 8 << 20
    static let uplink = 4 << 20

    func run() -> (rows: [ResultRow], notes: [String]) {
        let server: TestHTTPServer
        do {
            server = try TestHTTPServer()
        } catch {
            return ([.unavailable("network", reason: "no loopback server: \(error)")], [])
        }
        defer { server.stop() }
        var rows: [ResultRow] = []
        var notes: [String] = []
        do {
            let rewriter = Rewriter(pipeline: try PipelineFactory.pipeline("""
                rule "bench link" {
                    when host == "127.0.0.1" and (path ~ "/bytes/*" or path == "/discard")
                    network "bench" { down \(Self.downlink / 1024)KB/s; up \(Self.uplink / 1024)KB/s }
                }
                rule "bench latency" {
                    when host == "127.0.0.1" and path == "/anything/latency"
                    network { latency 50ms }
                }
                """))
            let configuration = URLSessionConfiguration.ephemeral
            try rewriter.install(in: configuration)
            let session = URLSession(configuration: configuration)
            // Downloads stream to a delegate that counts and drops each chunk: the app keeps no body.
            let counting = CountingDelegate()
            let streaming = URLSession(configuration: configuration, delegate: counting, delegateQueue: nil)
            defer {
                session.invalidateAndCancel()
                streaming.invalidateAndCancel()
                rewriter.uninstall()
            }
            let download = URLRequest(url: server.url("/bytes/\(10 << 20)?seed=9"))
            var upload = URLRequest(url: server.url("/discard"))
            upload.httpMethod = "POST"
            upload.httpBody = Data(repeating: 0x61, count: 5 << 20)
            rows.append(downloadRow("a 10 MB download, alone", download, count: 1, counting: counting, session: streaming))
            rows.append(downloadRow("four 10 MB downloads at once", download, count: 4, counting: counting, session: streaming))
            rows.append(throughputRow("a 5 MB upload, alone", [upload], rate: Self.uplink, session: session))
            rows.append(throughputRow("four 5 MB uploads at once", Array(repeating: upload, count: 4), rate: Self.uplink, session: session))
            rows.append(latencyRow(server: server, session: session))
        } catch {
            notes.append("network: \(error)")
        }
        return (rows, notes)
    }

    /// `count` downloads at once, streamed to `counting`; the bytes over the time until the last ended.
    private func downloadRow(_ name: String, _ request: URLRequest, count: Int, counting: CountingDelegate, session: URLSession) -> ResultRow {
        let before = counting.result().bytes
        let start = Stopwatch.now()
        for _ in 0..<count { session.dataTask(with: request).resume() }
        for _ in 0..<count { counting.finished.wait() }
        let seconds = Double(Stopwatch.now() - start) / 1e9
        let result = counting.result()
        let moved = result.bytes - before
        let achieved = Double(moved) / seconds
        let ratio = achieved / Double(Self.downlink)
        let complete = moved == count * (10 << 20) && result.error == nil
        return ResultRow(
            name: "network: \(name)", measured: "\(Format.throughput(achieved)) in \(String(format: "%.2f", seconds)) s\(complete ? "" : ", \(moved) bytes, \(result.error ?? "")")",
            baseline: "\(Format.throughput(Double(Self.downlink))) the profile's link", ratio: Format.ratio(ratio),
            goal: "within ±10% of the link", verdict: complete && abs(ratio - 1) <= 0.1 ? .met : .missed)
    }

    /// All of `requests` at once; the bytes moved over the time until the last finished.
    private func throughputRow(_ name: String, _ requests: [URLRequest], rate: Int, session: URLSession) -> ResultRow {
        let group = DispatchGroup()
        let failures = Locked(0)
        let moved = Locked(0)
        let start = Stopwatch.now()
        for request in requests {
            group.enter()
            session.dataTask(with: request) { data, response, error in
                let status = (response as? HTTPURLResponse)?.statusCode
                if error != nil || status != 200 { failures.withLock { $0 += 1 } }
                moved.withLock { $0 += request.httpBody?.count ?? data?.count ?? 0 }
                group.leave()
            }.resume()
        }
        group.wait()
        let seconds = Double(Stopwatch.now() - start) / 1e9
        let achieved = Double(moved.withLock { $0 }) / seconds
        let ratio = achieved / Double(rate)
        let failed = failures.withLock { $0 }
        return ResultRow(
            name: "network: \(name)", measured: "\(Format.throughput(achieved)) in \(String(format: "%.2f", seconds)) s\(failed > 0 ? ", \(failed) failed" : "")",
            baseline: "\(Format.throughput(Double(rate))) the profile's link", ratio: Format.ratio(ratio),
            goal: "within ±10% of the link", verdict: failed == 0 && abs(ratio - 1) <= 0.1 ? .met : .missed)
    }

    /// The median time of a small GET with `latency 50ms`, less the same GET with no profile.
    private func latencyRow(server: TestHTTPServer, session: URLSession) -> ResultRow {
        let shaped = URLRequest(url: server.url("/anything/latency"))
        let plain = URLRequest(url: server.url("/anything/plain"))
        var with = Samples()
        var without = Samples()
        for _ in 0..<(quick ? 20 : 60) {
            with.append(Stopwatch.time { _ = InterceptionBenchmark.send(shaped, on: session) })
            without.append(Stopwatch.time { _ = InterceptionBenchmark.send(plain, on: session) })
        }
        let added = (with.median - without.median) / 1e6
        return ResultRow(
            name: "network: latency 50ms, the time it adds to a small GET",
            measured: "\(String(format: "%.1f", added)) ms (median \(Format.duration(with.median)) against \(Format.duration(without.median)))",
            baseline: "the same GET, no profile", ratio: "", goal: "50 ms ± 5 ms", verdict: abs(added - 50) <= 5 ? .met : .missed)
    }
}
