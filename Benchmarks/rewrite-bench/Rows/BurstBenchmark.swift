import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit
import RewriteTestSupport

/// A burst of ``burstSize`` POSTs started at once on one session, until the last answer:
/// plain, and through a set-header rule. The sequential latency rows time one request at a
/// time, where the interceptor's work overlaps the network's; a burst keeps both processors
/// busy, so there every microsecond of CPU the interceptor adds shows (and on corelibs all
/// of a process's URLSession work takes turns on one queue). The naive pass-through is no
/// baseline here: it calls its client after a task has gone, which a burst makes likely,
/// and corelibs traps.
///
/// It runs last: the threads a burst wakes keep their allocator arenas, and a memory row
/// measured after it in the same process grew by twice as much (the throttled download:
/// 21–25 MB against 10 MB alone).
struct BurstBenchmark {
    var quick: Bool

    /// How many requests one burst starts at once.
    static let burstSize = 200

    func run() -> (rows: [ResultRow], notes: [String]) {
        let server: TestHTTPServer
        do {
            server = try TestHTTPServer()
        } catch {
            return ([.unavailable("burst", reason: "cannot start the test server: \(error)")], [])
        }
        defer { server.stop() }
        var request = URLRequest(url: server.url("/post"))
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"user": {"id": 42, "name": "Ada"}, "items": [1, 2, 3], "note": "loopback latency"}"#.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (row, note) = burst(request)
        return ([row], [note])
    }

    private func burst(_ request: URLRequest) -> (ResultRow, String) {
        let name = "burst: \(Self.burstSize) POSTs at once on one session, set-header only"
        let pair: SessionPair
        do {
            pair = try SessionPair(rules: InterceptionBenchmark.headerOnlyRules, name: "burst.rules")
        } catch {
            return (.unavailable(name, reason: "\(error)"), "burst: \(error)")
        }
        defer { pair.close() }
        let rounds = quick ? 4 : 16
        var failures = 0
        let samples = pair.measure(rounds: rounds) { session in
            failures += Self.sendAtOnce(request, count: Self.burstSize, on: session)
        }
        let (measured, base) = (samples.intercepted.median, samples.plain.median)
        let perRequest = measured / Double(Self.burstSize)
        let row = ResultRow(
            name: name, measured: "\(Format.duration(measured)) median (\(Format.duration(perRequest)) a request)",
            baseline: "\(Format.duration(base)) plain", ratio: Format.ratio(measured / base), goal: "", verdict: .informational)
        return (row, "burst: \(rounds) bursts of \(Self.burstSize) POSTs of \(request.httpBody?.count ?? 0) B per variant, alternating; \(failures) requests not answered 200")
    }

    /// Starts `count` copies of `request` at once and waits for every answer; returns how
    /// many were not answered with 200.
    private static func sendAtOnce(_ request: URLRequest, count: Int, on session: URLSession) -> Int {
        let group = DispatchGroup()
        let failed = Locked(0)
        for _ in 0..<count {
            group.enter()
            session.dataTask(with: request) { _, response, _ in
                if (response as? HTTPURLResponse)?.statusCode != 200 { failed.withLock { $0 += 1 } }
                group.leave()
            }.resume()
        }
        group.wait()
        return failed.withLock { $0 }
    }
}
