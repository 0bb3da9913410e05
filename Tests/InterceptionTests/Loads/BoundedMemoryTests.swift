import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// Every buffer the interceptor keeps has a bound: the throttle's backlog, the cache,
/// the events waiting for a slow observer.
@Suite("Bounded memory")
struct BoundedMemoryTests {
    @Test("a spill buffer keeps at most its memory limit in memory and gives every byte back in order")
    func spillBuffer() {
        let buffer = SpillBuffer()
        var written = [UInt8]()
        var generator = SeededBytes(seed: 11)
        for _ in 0..<160 {
            let chunk = generator.next(65_536)
            written += chunk
            buffer.append(Data(chunk))
            #expect(buffer.bytesInMemory <= SpillBuffer.memoryLimit)
        }
        #expect(buffer.count == written.count)
        var read = [UInt8]()
        while !buffer.isEmpty {
            read += buffer.take(upTo: 100_000)
            #expect(buffer.bytesInMemory <= SpillBuffer.memoryLimit)
        }
        #expect(read == written)
    }

    @Test("the cache keeps to its byte budget, evicting the least recently used entry first")
    func cacheBudget() {
        let cache = ResponseCache(byteLimit: 10_000)
        let url = URL(string: "http://127.0.0.1/x")!
        func response(_ size: Int) -> HTTPResponse { HTTPResponse(status: 200, body: [UInt8](repeating: 1, count: size)) }
        cache.store(response(4_000), url: url, for: "a", lifetime: 60)
        cache.store(response(4_000), url: url, for: "b", lifetime: 60)
        #expect(cache.entry(for: "a") != nil)  // "a" is now more recently used than "b"
        cache.store(response(4_000), url: url, for: "c", lifetime: 60)
        #expect(cache.entry(for: "b") == nil)
        #expect(cache.entry(for: "a") != nil && cache.entry(for: "c") != nil)
        #expect(cache.bytesUsed <= 10_000)
        cache.store(response(20_000), url: url, for: "huge", lifetime: 60)
        #expect(cache.entry(for: "huge") == nil, "a response larger than the budget is not kept")
    }

    @Test("storing purges expired entries")
    func cachePurgesExpired() {
        let cache = ResponseCache(byteLimit: 1_000_000)
        let url = URL(string: "http://127.0.0.1/x")!
        let start = Date()
        for index in 0..<100 {
            cache.store(HTTPResponse(status: 200, body: [UInt8](repeating: 0, count: 1_000)), url: url, for: "k\(index)", lifetime: 1, now: start)
        }
        #expect(cache.bytesUsed > 100_000)
        cache.store(HTTPResponse(status: 200), url: url, for: "later", lifetime: 60, now: start.addingTimeInterval(2))
        #expect(cache.bytesUsed < 1_000)
    }

    @Test("a stuck observer costs at most the backlog limit, and is told how many events it missed")
    func observerBacklog() async {
        let hub = ActivityHub()
        let gate = DispatchSemaphore(value: 0)
        let seen = Locked<(count: Int, dropped: Int)>((0, 0))
        let observation = hub.add { event in
            if seen.withLock({ $0.count }) == 0 { gate.wait() }
            seen.withLock { $0.count += 1; $0.dropped += event.droppedEvents }
        }
        let request = URLRequest(url: URL(string: "http://127.0.0.1/x")!)
        let total = ActivityEvent.backlogLimit + 5_000
        for _ in 0..<total {
            hub.emit { ActivityEvent(.bypassed(reason: "test", skippedRules: [], error: nil), request: request, requestsInFlight: $0) }
        }
        #expect(hub.waitingCount <= ActivityEvent.backlogLimit)
        gate.signal()
        let deadline = Date().addingTimeInterval(30)
        while seen.withLock({ $0.count + $0.dropped }) < total, Date() < deadline { try? await Task.sleep(nanoseconds: 10_000_000) }
        let (count, dropped) = seen.withLock { $0 }
        #expect(count + dropped == total, "every event was delivered or counted as dropped")
        #expect(dropped >= 4_000)
        observation.stop()
    }
}

/// Deterministic pseudo-random bytes for tests.
struct SeededBytes {
    private var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func next(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
    }
}
