import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

#if canImport(FoundationNetworking)
/// The app's URL cache through the interceptor, against a plain session with a cache of
/// its own: the same answers from the cache, the same requests on the wire, the same
/// entries evicted; and the cache looked up again by the inner session only when the
/// app's session found an entry. (corelibs' HTTP protocol never stores a response
/// itself: the entry is one the app stored.)
@Suite("URL cache")
struct URLCacheTests {
    /// A memory-only cache that counts corelibs' look-ups (one per data task it starts,
    /// made before the task's protocol exists).
    final class CountingCache: URLCache, @unchecked Sendable {
        private let count = Locked(0)
        var lookups: Int { count.withLock { $0 } }

        init() {
            super.init(memoryCapacity: 1 << 20, diskCapacity: 0, diskPath: nil)
        }

        override func getCachedResponse(for dataTask: URLSessionDataTask, completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void) {
            count.withLock { $0 += 1 }
            super.getCachedResponse(for: dataTask, completionHandler: completionHandler)
        }
    }

    /// One step of the scenario: what the server saw and how often the cache was asked.
    struct Step: Equatable, CustomStringConvertible {
        var method: String
        var status: Int
        var reachedServer: Bool
        var lookups: Int
        var description: String { "\(method) \(status) server:\(reachedServer) look-ups:\(lookups)" }
    }

    /// A session intercepting every request to the loopback server (a rule that adds a
    /// header the server does not echo), with `cache` as its URL cache.
    static func intercepting(cache: CountingCache) throws -> Harness {
        try Harness("""
            rule "mark" {
                when host == "127.0.0.1"
                request { set-header "X-Unechoed-Mark" "1" }
            }
            """) { $0.urlCache = cache }
    }

    /// With an entry the app stored for the URL: GET (from the cache), POST to the same
    /// URL (corelibs evicts the entry: it may not answer a POST from it), GET (from the
    /// network now).
    static func run(_ session: URLSession, cache: CountingCache, server: TestHTTPServer) async -> [Step] {
        let marker = UUID().uuidString
        let url = server.url("/anything/cached?run=\(marker)")
        guard let stored = HTTPURLResponse(
            url: url, statusCode: 200, httpVersion: "HTTP/1.1",
            headerFields: ["Cache-Control": "max-age=600", "Content-Type": "text/plain"])
        else { return [] }
        cache.storeCachedResponse(
            CachedURLResponse(response: stored, data: Data("from the cache".utf8), userInfo: nil, storagePolicy: .allowedInMemoryOnly),
            for: URLRequest(url: url))
        var steps: [Step] = []
        for method in ["GET", "POST", "GET"] {
            var request = URLRequest(url: url)
            request.httpMethod = method
            if method == "POST" { request.httpBody = Data("{}".utf8) }
            let before = server.requests.filter { $0.target.contains(marker) }.count
            let lookupsBefore = cache.lookups
            let fetched = await Caller.completionHandler.fetch(request, in: session)
            let after = server.requests.filter { $0.target.contains(marker) }.count
            steps.append(Step(method: method, status: fetched.status, reachedServer: after > before, lookups: cache.lookups - lookupsBefore))
        }
        return steps
    }

    @Test("the cache answers and evicts as on a plain session, and is looked up again only for an entry found")
    func sameAsPlain() async throws {
        let plainCache = CountingCache()
        let plainConfiguration = URLSessionConfiguration.ephemeral
        plainConfiguration.urlCache = plainCache
        let plain = URLSession(configuration: plainConfiguration)
        defer { plain.invalidateAndCancel() }

        let cache = CountingCache()
        let harness = try Self.intercepting(cache: cache)

        let expected = await Self.run(plain, cache: plainCache, server: harness.server)
        let intercepted = await Self.run(harness.session, cache: cache, server: harness.server)
        // The plain session shows what corelibs does: the GET is answered by the cache,
        // the POST evicts the entry, the next GET goes to the network; every task asks
        // the cache once.
        #expect(expected.map(\.reachedServer) == [false, true, true], "\(expected)")
        #expect(expected.map(\.status) == [200, 200, 200])
        #expect(expected.map(\.lookups) == [1, 1, 1], "\(expected)")
        #expect(intercepted.map(\.reachedServer) == expected.map(\.reachedServer), "\(intercepted)")
        #expect(intercepted.map(\.status) == expected.map(\.status))
        // The inner session looks the entry up again, to answer the GET and evict it
        // for the POST as corelibs does; once it is gone, nothing is looked up twice.
        #expect(intercepted.map(\.lookups) == [2, 2, 1], "\(intercepted)")
    }

    @Test("a request with no cached entry is looked up once, whatever its method", arguments: ["GET", "POST", "PUT", "DELETE"])
    func lookedUpOnce(method: String) async throws {
        let cache = CountingCache()
        let harness = try Self.intercepting(cache: cache)
        var request = URLRequest(url: harness.url("/anything/uncached"))
        request.httpMethod = method
        let fetched = await Caller.completionHandler.fetch(request, in: harness.session)
        #expect(fetched.status == 200)
        #expect(jsonObject(fetched.data)?["method"] as? String == method, "\(fetched.text.prefix(300))")
        #expect(cache.lookups == 1)
    }
}
#endif
