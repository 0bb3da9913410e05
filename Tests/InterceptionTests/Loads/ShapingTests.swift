import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// `delay`, `throttle` and `cache` on real tasks.
@Suite("Delay, throttle and cache")
struct ShapingTests {
    @Test("delay holds the answer back at least that long", arguments: Caller.allCases)
    func delay(caller: Caller) async throws {
        let harness = try Harness("""
            rule "slow" {
                when path == "/get"
                delay 300ms
            }
            """)
        let start = Date()
        let reply = await caller.fetch(URLRequest(url: harness.url("/get")), in: harness.session)
        #expect(reply.status == 200)
        #expect(Date().timeIntervalSince(start) >= 0.3)
    }

    @Test("throttle spreads the body over its size divided by the rate", arguments: Caller.allCases)
    func throttle(caller: Caller) async throws {
        let harness = try Harness("""
            rule "slow images" {
                when path ~ "/bytes/*"
                throttle 64KB/s
            }
            """)
        let start = Date()
        let reply = await caller.fetch(URLRequest(url: harness.url("/bytes/32768?seed=3")), in: harness.session)
        let elapsed = Date().timeIntervalSince(start)
        let plain = await Caller.async.fetch(URLRequest(url: harness.url("/bytes/32768?seed=3")), in: plainSession)
        #expect(reply.data == plain.data)
        #expect(elapsed >= 0.4, "32 KB at 64 KB/s takes half a second")
    }

    @Test("cache answers a repeated GET from memory, for every caller")
    func cache() async throws {
        let harness = try Harness("""
            rule "cache the config" {
                when method == GET and path == "/anything/config"
                cache 5m
            }
            """)
        let marker = UUID().uuidString
        var request = URLRequest(url: harness.url("/anything/config"))
        request.setValue(marker, forHTTPHeaderField: "X-Marker")
        let first = await Caller.completionHandler.fetch(request, in: harness.session)
        let second = await Caller.async.fetch(request, in: harness.session)
        let third = await Caller.delegate.fetch(request, in: harness.session)
        #expect(first.status == 200)
        #expect(second.status == 200 && second.data == first.data)
        #expect(third.status == 200 && third.data == first.data)
        #expect(harness.server.requests.filter { $0.value(forHeader: "X-Marker") == marker }.count == 1)
        let sources = await harness.finishedEvents(atLeast: 3).map(\.completion?.source)
        #expect(sources == [.network, .cache, .cache])
    }

    @Test("a cached response expires after its lifetime")
    func cacheExpiry() async throws {
        let harness = try Harness("""
            rule "cache briefly" {
                when method == GET and path == "/anything/brief"
                cache 1s
            }
            """)
        let marker = UUID().uuidString
        var request = URLRequest(url: harness.url("/anything/brief"))
        request.setValue(marker, forHTTPHeaderField: "X-Marker")
        _ = await Caller.async.fetch(request, in: harness.session)
        // The entry was stored before the response arrived here; after 1.2 s more it has expired.
        try await Task.sleep(nanoseconds: 1_200_000_000)
        _ = await Caller.async.fetch(request, in: harness.session)
        #expect(harness.server.requests.filter { $0.value(forHeader: "X-Marker") == marker }.count == 2)
        #expect(await harness.finishedEvents(atLeast: 2).map(\.completion?.source) == [.network, .network])
    }

    @Test("cache keeps only successful responses")
    func cacheOnlySuccess() async throws {
        let harness = try Harness("""
            rule "cache errors too?" {
                when path ~ "/status/*"
                cache 5m
            }
            """)
        _ = await Caller.async.fetch(URLRequest(url: harness.url("/status/500")), in: harness.session)
        _ = await Caller.async.fetch(URLRequest(url: harness.url("/status/500")), in: harness.session)
        #expect(await harness.finishedEvents(atLeast: 2).map(\.completion?.source) == [.network, .network])
    }
}
