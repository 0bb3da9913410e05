import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// Installations have no ceiling, never serve another rewriter, keep serving what they
/// started, and go away with their rewriter.
@Suite("Installation lifecycle")
struct InstallationLifecycleTests {
    static func tagging(_ value: String) throws -> Rewriter {
        try Rewriter(ruleSets: [RuleSet(source: """
            rule "tag" {
                when path == "/headers"
                request { set-header "X-Tag" "\(value)" }
            }
            """, name: "tag.rules")])
    }

    func tag(_ session: URLSession) async -> String? {
        let reply = await Caller.async.fetch(URLRequest(url: LoopbackServer.shared.url("/headers")), in: session)
        return (jsonObject(reply.data)?["headers"] as? [String: String])?["X-Tag"]
    }

    @Test("300 installations at once, each with its own rules (the old pool held 255)")
    func noCeiling() async throws {
        let rewriters = try (0..<300).map { try Self.tagging("r\($0)") }
        let installed = rewriters.map { rewriter -> (Rewriter.Installation, URLSession) in
            let configuration = URLSessionConfiguration.ephemeral
            let installation = rewriter.install(in: configuration)
            return (installation, URLSession(configuration: configuration))
        }
        #expect(Set(installed.map { ObjectIdentifier($0.0.interceptor.protocolClass) }).count == 300)
        for index in stride(from: 0, to: 300, by: 37) {
            #expect(await tag(installed[index].1) == "r\(index)")
        }
        for (installation, session) in installed {
            session.finishTasksAndInvalidate()
            installation.uninstall()
        }
    }

    @Test("a session still holding an uninstalled rewriter's class is never served by another")
    func staleClass() async throws {
        let first = try Self.tagging("first")
        let stale = URLSessionConfiguration.ephemeral
        first.install(in: stale)
        let staleSession = URLSession(configuration: stale)
        defer { staleSession.finishTasksAndInvalidate() }
        #expect(await tag(staleSession) == "first")
        first.uninstall()
        let second = try Self.tagging("second")
        let fresh = URLSessionConfiguration.ephemeral
        second.install(in: fresh)
        defer { second.uninstall() }
        #expect(await tag(staleSession) == nil)
        #expect(await tag(URLSession(configuration: fresh)) == "second")
    }

    @Test("an installation ended mid-request finishes it as it started, with the app's configuration")
    func endedInFlight() async throws {
        let harness = try Harness("""
            rule "slow tag" {
                when path == "/headers"
                delay 600ms
                request { set-header "X-Tag" "kept" }
            }
            """) { $0.httpAdditionalHeaders = ["X-App": "configured"] }
        let reply = OneShot<Fetched>()
        let session = harness.session
        Task { reply.send(await Caller.completionHandler.fetch(URLRequest(url: harness.url("/headers")), in: session)) }
        try await Task.sleep(nanoseconds: 150_000_000)
        harness.rewriter.uninstall()
        let fetched = await reply.value()
        let headers = (jsonObject(fetched.data)?["headers"] as? [String: String]) ?? [:]
        #expect(headers["X-Tag"] == "kept")
        #expect(headers["X-App"] == "configured")
        #expect(await harness.finishedEvents().first?.error == nil)
        #expect(await tag(session) == nil, "new requests are no longer intercepted")
    }

    @Test("a rewriter the app lets go takes its installations with it")
    func releasedRewriter() async throws {
        InterceptorRegistry.shared.gracePeriod = 0.1
        defer { InterceptorRegistry.shared.gracePeriod = 30 }
        let configuration = URLSessionConfiguration.ephemeral
        var number = 0
        weak var released: Rewriter?
        do {
            let rewriter = try Self.tagging("temporary")
            number = rewriter.install(in: configuration).interceptor.number
            released = rewriter
            #expect(await tag(URLSession(configuration: configuration)) == "temporary")
        }
        #expect(released == nil)
        let deadline = Date().addingTimeInterval(10)
        while InterceptorRegistry.shared.interceptor(for: number) != nil, Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        #expect(InterceptorRegistry.shared.interceptor(for: number) == nil)
        #expect(await tag(URLSession(configuration: configuration)) == nil)
    }
}
