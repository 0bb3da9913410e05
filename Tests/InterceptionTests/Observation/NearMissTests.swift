import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit
import RewriteTesting
import Testing

/// "Why didn't my rule fire?": near misses in activity events, assertions and test sessions.
@Suite("Near misses")
struct NearMissTests {
    static let rules = """
        rule "users" {
            when method == GET and host == "127.0.0.1" and path == "/anything/users"
            request { set-header "X-Users" "1" }
        }
        rule "tenant" {
            when host == "127.0.0.1" and path == "/anything/tenant" and header "X-Tenant" exists
            request { set-header "X-Tenant-Seen" "1" }
        }
        rule "admin" {
            when host == "127.0.0.1" and header "Authorization" == "Bearer admin"
            request { set-header "X-Admin" "1" }
        }
        """

    /// Runs `body` with a loopback server and a test session with the rules, then tears both down.
    static func withStubs(_ body: (RewriteTestSession, TestHTTPServer) async throws -> Void) async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let stubs = try RewriteTestSession(rules: rules)
        defer { stubs.invalidate() }
        try await body(stubs, server)
    }

    static func get(_ path: String, _ session: URLSession, _ server: TestHTTPServer, authorization: String? = nil) async throws {
        var request = URLRequest(url: server.url(path))
        request.setValue(authorization, forHTTPHeaderField: "Authorization")
        _ = try await session.data(for: request)
    }

    @Test("with reportsUnmatchedRequests, a request no rule applies to sends .unmatched with the closest rules, secrets redacted")
    func unmatchedEvents() async throws {
        try await Self.withStubs { stubs, server in
            #expect(stubs.rewriter.reportsUnmatchedRequests, "a test session reports unmatched requests")

            // Declined in canInit (no rule's keys fit), and intercepted but no condition held.
            try await Self.get("/anything/user", stubs.session, server, authorization: "Bearer s3cret-token")
            try await Self.get("/anything/tenant", stubs.session, server)
            let events = await stubs.recorder.waitForEvents(timeout: 5) { $0.filter { $0.kind == .unmatched }.count >= 2 } ?? []
            let unmatched = events.filter { $0.kind == .unmatched }
            #expect(unmatched.count == 2, "\(events.map(\.kind))")

            let first = try #require(unmatched.first { $0.url.hasSuffix("/anything/user") })
            let closest = try #require(first.unmatched?.nearMisses.first)
            #expect(closest.rule.name == "users")
            #expect(closest.failed.map(\.condition) == [#"path == "/anything/users""#])
            #expect(closest.failed.first?.actual == #"path: "/anything/user""#)
            #expect(first.unmatched?.summary.hasPrefix("no rule matched GET http://127.0.0.1:") == true)
            #expect(first.unmatched?.summary.contains(#"closest: "users" (test.rules:1), failed: path == "/anything/users""#) == true, "\(first)")
            let admin = try #require(first.unmatched?.nearMisses.first { $0.rule.name == "admin" })
            #expect(admin.failed.first?.actual == #"header "Authorization": "<redacted>""#)
            #expect(!"\(unmatched)".contains("s3cret-token"), "the secret never reaches an event")

            let second = try #require(unmatched.first { $0.url.hasSuffix("/anything/tenant") })
            // "users" and "tenant" both hold 2 of 3 conditions: file order breaks the tie.
            #expect(second.unmatched?.nearMisses.map(\.rule.name) == ["users", "tenant", "admin"])
            let tenant = try #require(second.unmatched?.nearMisses.first { $0.rule.name == "tenant" })
            #expect(tenant.failed.map(\.actual) == [#"header "X-Tenant": absent"#])
        }
    }

    @Test("off by default for a rewriter (a test session turns it on): no .unmatched event")
    func offByDefault() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let rewriter = Rewriter(ruleSets: [try RuleSet(rules: Self.rules)])
        #expect(rewriter.reportsUnmatchedRequests == false)
        let recorder = ActivityRecorder(rewriter)
        let configuration = URLSessionConfiguration.ephemeral
        try rewriter.install(in: configuration)
        let session = URLSession(configuration: configuration)
        defer {
            session.finishTasksAndInvalidate()
            rewriter.uninstall()
        }
        try await Self.get("/anything/user", session, server)
        try await Self.get("/anything/users", session, server)
        _ = await recorder.finishedRequests(count: 1)
        #expect(!recorder.events.contains { $0.kind == .unmatched })
    }

    @Test("a failed rules-fired assertion shows the expected rule's near miss")
    func assertionShowsNearMiss() async throws {
        try await Self.withStubs { stubs, server in
            try await Self.get("/anything/tenant", stubs.session, server)
            await withKnownIssue {
                await expectRulesFired(stubs, ["tenant"])
            } matching: { issue in
                issue.comments.contains { comment in
                    comment.rawValue.contains(#"near miss: "tenant" (test.rules:5):"#)
                        && comment.rawValue.contains(#"✗ header "X-Tenant" exists (header "X-Tenant": absent)"#)
                }
            }
        }
    }

    @Test("a session lists the rules that never applied")
    func rulesNeverApplied() async throws {
        try await Self.withStubs { stubs, server in
            try await Self.get("/anything/users", stubs.session, server)
            _ = await stubs.finishedRequests(count: 1)
            #expect(stubs.rulesNeverApplied.map(\.name) == ["tenant", "admin"])
        }
    }
}
