import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// The activity events a network activity indicator is built on.
@Suite("Activity events")
struct ActivityTests {
    @Test("start, response and finish carry the request's facts")
    func lifecycle() async throws {
        let harness = try Harness("""
            rule "trace everything" {
                when path == "/post"
                request { add-header "X-Request-ID" "${uuid}" }
                response { log }
            }
            """)
        let body = #"{"a":1}"#
        let reply = await Caller.async.fetch(jsonPost(harness.url("/post"), body), in: harness.session)
        let finished = try #require(await harness.finishedEvents().first)
        let events = harness.allEvents.filter { $0.requestID == finished.requestID }
        #expect(events.map(\.kind).filter { $0 != .log } == [.started, .response, .finished])
        #expect(finished.method == "POST")
        #expect(finished.url == harness.url("/post").absoluteString)
        #expect(finished.status == 200)
        #expect(finished.bytesSent == body.utf8.count)
        #expect(finished.bytesReceived == reply.data.count)
        #expect(finished.duration > 0)
        #expect(finished.error == nil)
        #expect(finished.source == .network)
        #expect(finished.appliedRules == [RuleReference(name: "trace everything", file: "test.rules", line: 1)])
        #expect(finished.requestHeaders["X-Request-ID"]?.count == 36)
        #expect(harness.rewriter.requestsInFlight == 0)
    }

    @Test("log and tag actions reach observers as .log events, in order")
    func logEvents() async throws {
        let harness = try Harness("""
            rule "tagged" {
                when path == "/get"
                request { tag "api-call" }
                response { log }
            }
            """)
        _ = await Caller.async.fetch(URLRequest(url: harness.url("/get")), in: harness.session)
        let finished = try #require(await harness.finishedEvents().first)
        let events = harness.allEvents.filter { $0.requestID == finished.requestID }
        // Response actions run before the app gets the response.
        #expect(events.map(\.kind) == [.started, .log, .log, .response, .finished])
        let logs = events.filter { $0.kind == .log }
        #expect(logs.map(\.tag) == ["api-call", nil])
        #expect(logs.last?.message?.isEmpty == false)
        #expect(logs.allSatisfy { $0.appliedRules.map(\.name) == ["tagged"] })
    }

    @Test("secrets are redacted, case-insensitively, and apps can add names")
    func redaction() async throws {
        let harness = try Harness("""
            rule "observe" {
                when path == "/headers"
                response { log }
            }
            """)
        harness.rewriter.redactedHeaderNames.insert("X-Api-Key")
        var request = URLRequest(url: harness.url("/headers"))
        request.setValue("Bearer secret-token", forHTTPHeaderField: "authorization")
        request.setValue("session=abc", forHTTPHeaderField: "Cookie")
        request.setValue("k-123", forHTTPHeaderField: "x-api-key")
        request.setValue("visible", forHTTPHeaderField: "X-Plain")
        let reply = await Caller.async.fetch(request, in: harness.session)
        // The server still gets the real values.
        #expect(reply.text.contains("secret-token"))
        let finished = try #require(await harness.finishedEvents().first)
        #expect(finished.requestHeaders["Authorization"] == "<redacted>")
        #expect(finished.requestHeaders["Cookie"] == "<redacted>")
        #expect(finished.requestHeaders["X-Api-Key"] == "<redacted>")
        #expect(finished.requestHeaders["X-Plain"] == "visible")
    }

    @Test("the in-flight count rises while requests run and returns to zero")
    func inFlight() async throws {
        let harness = try Harness("""
            rule "slow" {
                when path ~ "/delay/*"
                response { log }
            }
            """)
        let peak = Locked(0)
        let observation = harness.rewriter.addObserver { event in
            peak.withLock { $0 = max($0, event.requestsInFlight) }
        }
        defer { observation.stop() }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<5 {
                group.addTask { _ = await Caller.async.fetch(URLRequest(url: harness.url("/delay/1")), in: harness.session) }
            }
        }
        _ = await harness.finishedEvents(atLeast: 5)
        #expect(peak.withLock { $0 } == 5)
        #expect(harness.rewriter.requestsInFlight == 0)
    }
}
