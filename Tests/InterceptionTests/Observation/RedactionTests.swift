import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// No secret reaches an activity event: not in the headers, not in the trace's before
/// and after values, not in a URL, not in a log message.
@Suite("Redaction")
struct RedactionTests {
    static let appToken = "app-token-5f1c9a"
    static let ruleToken = "rule-token-8d2e7b"
    static let cookieValue = "cookie-secret-41aa"
    static let queryToken = "query-secret-99c3"

    @Test("a canary secret appears in no event's description or dump")
    func canary() async throws {
        let rules = try RuleSet(rules: """
            rule "authorize" {
                when path == "/anything/secret"
                request {
                    set-header "Authorization" "Bearer ${env.API_TOKEN}"
                    set-header "X-Copied" "${header.Authorization}"
                    set-query "access_token" "${env.API_TOKEN}"
                    log
                }
                response {
                    set-header "Set-Cookie" "s=${env.API_TOKEN}"
                    log
                }
            }
            """, name: "secret.rules")
        let pipeline = Pipeline(ruleSets: [rules], environment: .fixed(now: 0, variables: ["API_TOKEN": Self.ruleToken]))
        let stubs = try RewriteTestSession(ruleSets: [rules])
        stubs.rewriter.pipeline = pipeline
        defer { stubs.invalidate() }
        var request = URLRequest(url: LoopbackServer.shared.url("/anything/secret?token=\(Self.queryToken)&page=2"))
        request.setValue("Bearer \(Self.appToken)", forHTTPHeaderField: "Authorization")
        request.setValue("id=\(Self.cookieValue)", forHTTPHeaderField: "Cookie")
        let reply = await Caller.async.fetch(request, in: stubs.session)
        #expect(reply.status == 200)
        #expect(reply.text.contains(Self.ruleToken), "the server gets the real values")
        let events = await stubs.finishedRequests(count: 1, timeout: 60)
        #expect(events.count == 1)
        let all = stubs.events
        #expect(all.count >= 4)
        for event in all {
            var dumped = ""
            dump(event, to: &dumped)
            let text = String(describing: event) + dumped + (event.completion?.trace?.description ?? "")
            for secret in [Self.appToken, Self.ruleToken, Self.cookieValue, Self.queryToken] {
                #expect(!text.contains(secret), "\(event.kind) event shows \(secret)")
            }
        }
        let finished = try #require(events.first)
        #expect(finished.requestHeaders["Authorization"] == "<redacted>")
        #expect(finished.requestHeaders["X-Copied"] == "<redacted>", "a secret copied into another header")
        #expect(finished.url.contains("token=<redacted>") && finished.url.contains("page=2"))
        #expect(finished.completion?.trace?.description.contains("Authorization \"<redacted>\" -> \"<redacted>\"") == true)
    }

    @Test("apps can add header and query names, case-insensitively")
    func configuredNames() async throws {
        let harness = try Harness("""
            rule "observe" {
                when path == "/headers"
                response { log }
            }
            """)
        harness.rewriter.redactedHeaderNames.insert("X-Api-Key")
        harness.rewriter.redactedQueryNames.insert("Signature")
        var request = URLRequest(url: harness.url("/headers?signature=sig-value-123"))
        request.setValue("k-123456", forHTTPHeaderField: "x-api-key")
        request.setValue("visible", forHTTPHeaderField: "X-Plain")
        _ = await Caller.async.fetch(request, in: harness.session)
        let finished = try #require(await harness.finishedEvents().first)
        #expect(finished.requestHeaders["X-Api-Key"] == "<redacted>")
        #expect(finished.requestHeaders["X-Plain"] == "visible")
        #expect(finished.url.hasSuffix("?signature=<redacted>"))
    }

    /// A server's `Location` is text the app did not write: a combining mark after `?` fused
    /// with it into one character, so a search among characters found no query, and the
    /// token after it stayed in the event. Delimiters are found among Unicode scalars.
    @Test("a combining mark after '?' in a redirect's Location does not hide the query's secret")
    func combiningMarkInLocation() throws {
        let request = URLRequest(url: try #require(URL(string: "https://h.test/start")))
        let completion = ActivityEvent.Completion(
            status: 302, responseHeaders: nil, bytesSent: 0, bytesReceived: 0,
            error: RequestError(code: -1, message: "went to \(Self.queryToken)"), source: .network, appliedRules: [], trace: nil,
            redirectLocation: "https://h.test/next?\u{301}x=1&token=\(Self.queryToken)&page=2#top")
        var event = ActivityEvent(.finished(completion), request: request, requestsInFlight: 0)
        Redaction().apply(to: &event)
        let location = try #require(event.completion?.redirectLocation)
        #expect(location == "https://h.test/next?\u{301}x=1&token=<redacted>&page=2#top")
        #expect(event.completion?.error?.message == "went to <redacted>")
    }
}
