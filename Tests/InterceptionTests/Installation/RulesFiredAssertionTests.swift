import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit
import RewriteTesting
import Testing

/// `expectRulesFired` and `nextFinishedRequests` read the requests that finished since the
/// previous assertion, so an assertion after each request checks that request.
@Suite("Rules-fired assertions")
struct RulesFiredAssertionTests {
    /// Forwards to the loopback server, tagging each path with its own rule.
    static func session() throws -> RewriteTestSession {
        try RewriteTestSession(rules: """
            rule "first" {
                when host == "127.0.0.1" and path == "/anything/first"
                request { set-header "X-Rule" "first" }
            }
            rule "second" {
                when host == "127.0.0.1" and path == "/anything/second"
                request { set-header "X-Rule" "second" }
            }
            """)
    }

    /// Runs `body` with a loopback server and a session with the two rules, then tears both down.
    static func withStubs(_ body: (RewriteTestSession, TestHTTPServer) async throws -> Void) async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let stubs = try session()
        defer { stubs.invalidate() }
        try await body(stubs, server)
    }

    static func get(_ path: String, _ stubs: RewriteTestSession, _ server: TestHTTPServer) async throws {
        let (_, response) = try await stubs.session.data(from: server.url(path))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
    }

    @Test("an assertion after each request checks that request")
    func assertionsInARow() async throws {
        try await Self.withStubs { stubs, server in
            try await Self.get("/anything/first", stubs, server)
            await expectRulesFired(stubs, ["first"])
            try await Self.get("/anything/second", stubs, server)
            await expectRulesFired(stubs, ["second"])
            try await Self.get("/anything/first", stubs, server)
            try await Self.get("/anything/second", stubs, server)
            await expectRulesFired(stubs, ["first", "second"], requests: 2)
        }
    }

    @Test("a request already checked is not checked again, so a wrong expectation fails")
    func checkedRequestsAreNotReread() async throws {
        try await Self.withStubs { stubs, server in
            try await Self.get("/anything/first", stubs, server)
            await expectRulesFired(stubs, ["first"])
            try await Self.get("/anything/second", stubs, server)
            await withKnownIssue {
                await expectRulesFired(stubs, ["first"])
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains(#"but ["second"] fired"#) }
            }
        }
    }

    @Test("nextFinishedRequests hands out each finished request once, in order")
    func nextFinishedRequestsAdvance() async throws {
        try await Self.withStubs { stubs, server in
            try await Self.get("/anything/first", stubs, server)
            try await Self.get("/anything/second", stubs, server)
            let first = await stubs.nextFinishedRequests()
            let second = await stubs.nextFinishedRequests()
            #expect(first.map { URL(string: $0.url)?.path } == ["/anything/first"])
            #expect(second.map { URL(string: $0.url)?.path } == ["/anything/second"])
            let none = await stubs.nextFinishedRequests(timeout: 0.2)
            #expect(none.isEmpty)
            // Everything recorded stays readable.
            #expect(await stubs.finishedRequests(count: 2).count == 2)
        }
    }

    @Test("a name no rule has is said to be one, with the nearest name or the session's rules")
    func unknownNamesAreNamed() async throws {
        try await Self.withStubs { stubs, server in
            for (expected, says) in [("secnod", #"no rule is named "secnod"; did you mean "second"?"#),
                                     ("nope", #"no rule is named "nope"; the session's rules are "first", "second""#)] {
                try await Self.get("/anything/second", stubs, server)
                let message = Locked("")
                await withKnownIssue {
                    await expectRulesFired(stubs, [expected])
                } matching: { issue in
                    let text = issue.comments.map(\.rawValue).joined()
                    message.withLock { $0 = text }
                    return true
                }
                let text = message.withLock { $0 }
                #expect(text.contains(says), "\(text)")
                if let path = text.components(separatedBy: "\n  report: ").dropFirst().last { try? FileManager.default.removeItem(atPath: path) }
            }
        }
    }

    @Test("a failing assertion writes an HTML report of the session's requests and names it in its message")
    func failureWritesAReport() async throws {
        try await Self.withStubs { stubs, server in
            try await Self.get("/anything/second", stubs, server)
            let message = Locked("")
            await withKnownIssue {
                await expectRulesFired(stubs, ["first"])
            } matching: { issue in
                let text = issue.comments.map(\.rawValue).joined()
                message.withLock { $0 = text }
                return text.contains("\n  report: ")
            }
            let path = try #require(message.withLock { $0 }.components(separatedBy: "\n  report: ").last)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let html = try String(contentsOfFile: path, encoding: .utf8)
            #expect(html.contains(#"<tr data-exchange="0""#), "the request has its row")
            #expect(html.contains("/anything/second") && html.contains(#"<span class="rule">second</span>"#))
        }
    }

    @Test("the report shows the bodies the app got: a stub's 62 bytes, not '(no body)' and 0 B; secrets redacted")
    func reportShowsBodies() async throws {
        let body = "a stubbed body of sixty-two bytes, which the report must show."
        #expect(body.utf8.count == 62)
        let stubs = try RewriteTestSession(rules: """
            rule "stub" {
                when host == "api.example.test"
                respond 200 { body "\(body)" }
            }
            """)
        defer { stubs.invalidate() }
        var request = URLRequest(url: try #require(URL(string: "https://api.example.test/users")))
        request.setValue("Bearer REPORT-SECRET-7", forHTTPHeaderField: "Authorization")
        let (data, _) = try await stubs.session.data(for: request)
        #expect(data.count == 62)
        _ = await stubs.finishedRequests(count: 1)
        let page = try stubs.writeReport()
        defer { try? FileManager.default.removeItem(at: page) }
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains(#"<td class="num">62 B</td>"#), "the size column counts the body")
        #expect(html.contains(body), "the body is in the page")
        #expect(!html.contains("REPORT-SECRET-7"), "the Authorization value is redacted")
    }
}
