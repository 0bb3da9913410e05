import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit
import RewriteTestSupport
import Testing

/// An app's own `URLProtocol` in the same configuration as an installation: a logger, a
/// stub library, a cache. Installing puts the rewriter first; the classes the app listed
/// after it see each request as the rules left it, as the next class of a plain session's
/// list would, and a class the app puts before the installation answers first.
@Suite("the app's own URLProtocol beside an installation")
struct NeighbourProtocolTests {
    static let rules = """
        rule "mark" {
            when path ~ "/neighbour/*"
            request { set-header "X-Rule" "1" }
        }
        rule "route to the app's stub" {
            when host == "127.0.0.1" and path == "/routed"
            request {
                set-host "neighbour.invalid"
                set-header "X-Rule" "routed"
            }
        }
        """

    @Test("a class the app listed after the installation answers the request as the rules left it, once")
    func classAfterInstallation() async throws {
        let (session, rewriter) = try Self.session(Self.listAppStub)
        defer { session.invalidateAndCancel(); rewriter.uninstall() }
        let marker = UUID().uuidString
        let (data, response) = try await session.data(for: Self.request("http://neighbour.invalid/neighbour/a", marker: marker))
        #expect((response as? HTTPURLResponse)?.statusCode == 203)
        #expect(String(decoding: data, as: UTF8.self) == "app stub: X-Rule=1")
        let seen = AppStubProtocol.seen(marker: marker)
        #expect(seen.count == 1, "the app's class answered once: \(seen)")
        #expect(seen.first?.rule == "1")
    }

    @Test("a rule that routes a request to a host the app's class answers reaches that class")
    func routedToAppClass() async throws {
        let (session, rewriter) = try Self.session(Self.listAppStub)
        defer { session.invalidateAndCancel(); rewriter.uninstall() }
        let marker = UUID().uuidString
        let url = LoopbackServer.shared.url("/routed").absoluteString
        let (data, response) = try await session.data(for: Self.request(url, marker: marker))
        #expect((response as? HTTPURLResponse)?.statusCode == 203)
        #expect(String(decoding: data, as: UTF8.self) == "app stub: X-Rule=routed")
        #expect(AppStubProtocol.seen(marker: marker).map(\.host) == ["neighbour.invalid"])
        #expect(!LoopbackServer.shared.requests.contains { $0.value(forHeader: "X-Marker") == marker }, "the loopback server was not asked")
    }

    @Test("a class the app put before the installation answers first, and no rule sees the request")
    func classBeforeInstallation() async throws {
        let (session, rewriter) = try Self.session({ _ in }, after: Self.listAppStub)
        defer { session.invalidateAndCancel(); rewriter.uninstall() }
        let marker = UUID().uuidString
        let (data, _) = try await session.data(for: Self.request("http://neighbour.invalid/neighbour/b", marker: marker))
        #expect(String(decoding: data, as: UTF8.self) == "app stub: X-Rule=none")
        #expect(AppStubProtocol.seen(marker: marker).count == 1)
    }

    /// Puts the app's stub class first in the configuration's list.
    static func listAppStub(_ configuration: URLSessionConfiguration) {
        configuration.protocolClasses = [AppStubProtocol.self] + (configuration.protocolClasses ?? [])
    }

    /// A session on a configuration set up by `before`, with a rewriter of ``rules``
    /// installed, then changed by `after`.
    static func session(
        _ before: (URLSessionConfiguration) -> Void, after: (URLSessionConfiguration) -> Void = { _ in }
    ) throws -> (URLSession, Rewriter) {
        let configuration = URLSessionConfiguration.ephemeral
        before(configuration)
        let rewriter = Rewriter(ruleSets: [try RuleSet(rules: rules)])
        try rewriter.install(in: configuration)
        after(configuration)
        return (URLSession(configuration: configuration), rewriter)
    }

    static func request(_ url: String, marker: String) throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.setValue(marker, forHTTPHeaderField: "X-Marker")
        return request
    }
}

/// The app's own stub protocol: answers every request to `neighbour.invalid` with 203 and
/// the `X-Rule` header it received, and records what it saw.
final class AppStubProtocol: URLProtocol {
    struct Seen: Sendable {
        var host: String?
        var marker: String?
        var rule: String?
    }

    private static let log = Locked<[Seen]>([])

    static func seen(marker: String) -> [Seen] {
        log.withLock { $0.filter { $0.marker == marker } }
    }

    override class func canInit(with request: URLRequest) -> Bool {
        request.url?.host == "neighbour.invalid"
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let rule = request.value(forHTTPHeaderField: "X-Rule")
        Self.log.withLock {
            $0.append(Seen(host: request.url?.host, marker: request.value(forHTTPHeaderField: "X-Marker"), rule: rule))
        }
        guard let url = request.url,
              let response = HTTPURLResponse(url: url, statusCode: 203, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "text/plain"])
        else {
            client?.urlProtocol(self, didFailWithError: URLError(.badURL))
            return
        }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data("app stub: X-Rule=\(rule ?? "none")".utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
