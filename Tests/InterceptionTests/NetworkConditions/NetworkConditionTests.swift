import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// `network`: simulated links on real tasks to the loopback server.
@Suite("Network conditions")
struct NetworkConditionTests {
    /// Sends `requests` at once and returns when each finished, in seconds from the start.
    static func concurrently(_ requests: [URLRequest], in session: URLSession) async -> [(seconds: Double, reply: Fetched)] {
        let start = Date()
        return await withTaskGroup(of: (Int, Double, Fetched).self) { group in
            for (index, request) in requests.enumerated() {
                group.addTask {
                    let reply = await Caller.async.fetch(request, in: session)
                    return (index, Date().timeIntervalSince(start), reply)
                }
            }
            var results: [(Int, Double, Fetched)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map { ($0.1, $0.2) }
        }
    }

    @Test("two downloads under one profile share its bandwidth: neither finishes before both could")
    func twoDownloadsShareTheDownlink() async throws {
        let harness = try Harness("""
            rule "slow link" {
                when path ~ "/bytes/*"
                network "shared" { down 200KB/s }
            }
            """)
        let request = URLRequest(url: harness.url("/bytes/102400?seed=5"))
        let alone = await Self.concurrently([request], in: harness.session)
        let both = await Self.concurrently([request, request], in: harness.session)
        let plain = await Caller.async.fetch(request, in: plainSession)
        #expect(alone[0].reply.data == plain.data && both.allSatisfy { $0.reply.data == plain.data })
        // 100 KB at 200 KB/s: half a second alone (less the link's first 50 ms burst).
        #expect(alone[0].seconds >= 0.42, "alone: \(alone[0].seconds) s")
        // 200 KB over the same link: about a second, and shared, so the first is not done at
        // half a second as it would be if each had the whole link in turn.
        #expect(both.map(\.seconds).min() ?? 0 >= 0.8, "together: \(both.map(\.seconds)) s")
    }

    @Test("one host on \"3G\", another on \"100% Loss\", in the same run")
    func twoPresetsInOneRun() async throws {
        let harness = try Harness("""
            rule "api on 3G" {
                when host == "127.0.0.1" and path == "/get"
                network "3G"
            }
            rule "cdn lost" {
                when path ~ "/bytes/*"
                network "100% Loss"
            }
            """)
        let start = Date()
        let slow = await Caller.async.fetch(URLRequest(url: harness.url("/get")), in: harness.session)
        #expect(slow.status == 200)
        #expect(Date().timeIntervalSince(start) >= 2.0, "3G's latency is 2 s (DevTools: 400 ms RTT × 5)")
        var lost = URLRequest(url: harness.url("/bytes/10"))
        lost.timeoutInterval = 0.5
        let stalled = await Caller.async.fetch(lost, in: harness.session)
        #expect(stalled.error?.code == .timedOut, "\(String(describing: stalled.error))")
        let logs = harness.allEvents.compactMap { event -> String? in
            if case .log(_, let message) = event.details { message } else { nil }
        }
        #expect(logs.contains { $0.hasPrefix("network \"3G\": held 2000 ms") }, "\(logs)")
        #expect(logs.contains("network \"100% Loss\": lost; nothing comes back until the request's timeout"), "\(logs)")
    }

    @Test("an upload crosses the uplink before it goes out")
    func uploadIsThrottled() async throws {
        let harness = try Harness("""
            rule "slow uplink" {
                when method == POST and path == "/post"
                network { up 100KB/s }
            }
            """)
        var request = URLRequest(url: harness.url("/post"))
        let marker = UUID().uuidString
        request.setValue(marker, forHTTPHeaderField: "X-Marker")
        request.httpMethod = "POST"
        request.httpBody = Data(repeating: 0x61, count: 51_200)
        let start = Date()
        let reply = await Caller.async.fetch(request, in: harness.session)
        #expect(reply.status == 200)
        #expect(Date().timeIntervalSince(start) >= 0.45, "50 KB at 100 KB/s")
        #expect(harness.server.requests.first { $0.value(forHeader: "X-Marker") == marker }?.body.count == 51_200)
    }

    @Test("a seed makes loss and jitter repeatable: the same requests lose and wait the same")
    func seededLossIsRepeatable() async throws {
        let rules = """
            rule "flaky" {
                when path == "/anything/flaky"
                network { latency 5ms; jitter 4ms; loss 40%; seed 7 }
            }
            """
        func run() async throws -> [String] {
            let harness = try Harness(rules)
            var outcomes: [String] = []
            for _ in 0..<12 {
                let reply = await Caller.completionHandler.fetch(URLRequest(url: harness.url("/anything/flaky")), in: harness.session)
                outcomes.append(reply.status == 200 ? "ok" : "lost")
            }
            let logs = harness.allEvents.compactMap { event -> String? in
                if case .log(_, let message) = event.details { message } else { nil }
            }
            return outcomes + logs
        }
        let first = try await run()
        let second = try await run()
        #expect(first == second)
        #expect(first.prefix(12).contains("lost") && first.prefix(12).contains("ok"), "\(first)")
    }

    @Test("a profile changes at run time with the rules: the next request takes the new one")
    func profilesSwitchWithTheRules() async throws {
        let harness = try Harness("""
            rule "slow" {
                when path == "/anything/switch"
                network { latency 300ms }
            }
            """)
        let request = URLRequest(url: harness.url("/anything/switch"))
        let start = Date()
        #expect(await Caller.async.fetch(request, in: harness.session).status == 200)
        #expect(Date().timeIntervalSince(start) >= 0.3)
        // Live reload (or a test's own rule file) replaces the rules: the link goes with them.
        harness.rewriter.pipeline = Pipeline(ruleSets: [try RuleSet(rules: """
            rule "offline now" {
                when path == "/anything/switch"
                network "Offline"
            }
            """, name: "switched.rules", baseDirectory: nil)])
        let offline = await Caller.async.fetch(request, in: harness.session)
        #expect(offline.error?.code == .notConnectedToInternet, "the new rules' Offline, not the old latency")
    }
}
