import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit
import RewriteTesting
import Testing

/// `times N` through real traffic: exact under concurrency, per installation, reset on demand.
@Suite("Rules that count, intercepted")
struct CountedRuleTests {
    static let rules = """
        rule "ten" {
            when host == "127.0.0.1" and path == "/anything/counted"
            times 10
            request { set-header "X-Counted" "1" }
        }
        """

    /// Sends `count` GETs at once through `session`; returns how many reached the server with the header.
    static func send(_ count: Int, through session: URLSession, to server: TestHTTPServer) async throws -> Int {
        server.resetRecordedRequests()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<count {
                group.addTask {
                    let (_, response) = try await session.data(from: server.url("/anything/counted"))
                    return (response as? HTTPURLResponse)?.statusCode ?? 0
                }
            }
            for try await status in group { #expect(status == 200) }
        }
        return server.requests(withHeader: "X-Counted", value: "1").count
    }

    @Test("200 requests at once against times 10: exactly 10 carry the header; another installation counts on its own; resetCounts starts again")
    func countedPerInstallation() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let rewriter = Rewriter(ruleSets: [try RuleSet(rules: Self.rules)])
        let first = URLSessionConfiguration.ephemeral
        let second = URLSessionConfiguration.ephemeral
        try rewriter.install(in: first)
        try rewriter.install(in: second)
        let one = URLSession(configuration: first)
        let two = URLSession(configuration: second)
        defer {
            one.finishTasksAndInvalidate()
            two.finishTasksAndInvalidate()
            rewriter.uninstall()
        }

        #expect(try await Self.send(200, through: one, to: server) == 10)
        #expect(try await Self.send(20, through: one, to: server) == 0, "used up in this installation")
        #expect(try await Self.send(20, through: two, to: server) == 10, "the other installation counts separately")
        rewriter.resetCounts()
        #expect(try await Self.send(20, through: one, to: server) == 10)
    }
}
