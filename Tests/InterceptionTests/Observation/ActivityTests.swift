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
        #expect(finished.completion?.status == 200)
        #expect(finished.completion?.bytesSent == body.utf8.count)
        #expect(finished.completion?.bytesReceived == reply.data.count)
        #expect(finished.duration > 0)
        #expect(finished.completion?.error == nil)
        #expect(finished.completion?.source == .network)
        #expect(finished.completion?.appliedRules == [RuleReference(name: "trace everything", file: "test.rules", line: 1)])
        #expect(finished.requestHeaders["X-Request-ID"]?.count == 36)
        #expect(harness.rewriter.requestsInFlight == 0)
    }

    @Test("log and tag actions reach observers as .log and .tag events, in order")
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
        #expect(events.map(\.kind) == [.started, .tag, .log, .response, .finished])
        #expect(events.compactMap(\.tagged?.name) == ["api-call"])
        #expect(events.compactMap(\.logged).first?.message.isEmpty == false)
        #expect(events.compactMap { $0.tagged?.rule ?? $0.logged?.rule }.map(\.name) == ["tagged", "tagged"])
        let response = try #require(events.first { $0.kind == .response })
        guard case .response(let status, let headers) = response.details else { Issue.record("not a response: \(response)"); return }
        #expect(status == 200 && headers["Content-Type"] == "application/json")
    }

    @Test("an activity log line carries each kind's details under their own names")
    func jsonLines() throws {
        func object(_ event: ActivityEvent) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(event.jsonLine.utf8)) as? [String: Any])
        }
        let request = URLRequest(url: try #require(URL(string: "https://api.test/users")))
        let rule = RuleReference(name: "users", file: "api.rules", line: 3)
        let completion = ActivityEvent.Completion(
            status: 201, responseHeaders: ["Content-Type": "application/json"], bytesSent: 7, bytesReceived: 12,
            error: nil, source: .stub, appliedRules: [rule], trace: nil, redirectLocation: nil)
        let finished = try object(ActivityEvent(.finished(completion), request: request, requestsInFlight: 1))
        #expect(finished["kind"] as? String == "finished" && finished["url"] as? String == "https://api.test/users")
        #expect(finished["status"] as? Int == 201 && finished["source"] as? String == "stub")
        #expect(finished["bytesSent"] as? Int == 7 && finished["bytesReceived"] as? Int == 12)
        #expect((finished["appliedRules"] as? [[String: Any]])?.first?["line"] as? Int == 3)

        let tag = try object(ActivityEvent(.tag(rule: rule, name: "api-call"), request: request, requestsInFlight: 1))
        #expect(tag["kind"] as? String == "tag" && tag["tag"] as? String == "api-call")
        #expect((tag["rule"] as? [String: Any])?["name"] as? String == "users")
        #expect(tag["status"] == nil && tag["appliedRules"] == nil, "a tag says nothing of a response")

        let bypassed = try object(ActivityEvent(
            .bypassed(reason: "a download task", skippedRules: [rule], error: RequestError(code: -1002)), request: request, requestsInFlight: 0))
        #expect(bypassed["reason"] as? String == "a download task")
        #expect((bypassed["error"] as? [String: Any])?["code"] as? Int == -1002)
        #expect(ActivityEvent(.finished(completion), request: request, requestsInFlight: 1).description
            == "finished GET https://api.test/users 201 (stub) [users]")
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
