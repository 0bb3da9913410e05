import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// What the session adds to a request — its configuration's headers, its stored
/// cookies — is in the request before the rules run, so rules see it and can remove it.
@Suite("Headers the session adds")
struct HeaderOwnershipTests {
    func sentHeaders(_ reply: Fetched) -> [String: String] {
        Dictionary(uniqueKeysWithValues: ((jsonObject(reply.data)?["headers"] as? [String: String]) ?? [:]).map { ($0.key.lowercased(), $0.value) })
    }

    @Test("remove-header removes a header of httpAdditionalHeaders")
    func additionalHeaderRemoved() async throws {
        let harness = try Harness("""
            rule "no tracking header" {
                when path == "/headers"
                request { remove-header "X-Tracking" }
            }
            """) { $0.httpAdditionalHeaders = ["X-Tracking": "abc", "X-App-Version": "7.1"] }
        let reply = await Caller.async.fetch(URLRequest(url: harness.url("/headers")), in: harness.session)
        let headers = sentHeaders(reply)
        #expect(headers["x-tracking"] == nil)
        #expect(headers["x-app-version"] == "7.1")
        let plain = URLSessionConfiguration.ephemeral
        plain.httpAdditionalHeaders = ["X-Tracking": "abc"]
        let unruled = await Caller.async.fetch(URLRequest(url: harness.url("/headers")), in: URLSession(configuration: plain))
        #expect(sentHeaders(unruled)["x-tracking"] == "abc", "without the rule the header is sent")
    }

    @Test("rules see the stored cookies and can remove them")
    func cookies() async throws {
        let rules = """
            rule "no cookies for the tracker" {
                when path == "/cookies" and header "Cookie" contains "tracker="
                request { remove-header "Cookie" }
            }
            """
        let harness = try Harness(rules) { configuration in
            for (name, value) in [("tracker", "xyz"), ("session", "abc")] {
                configuration.httpCookieStorage?.setCookie(HTTPCookie(properties: [.name: name, .value: value, .domain: "127.0.0.1", .path: "/"])!)
            }
        }
        let reply = await Caller.async.fetch(URLRequest(url: harness.url("/cookies")), in: harness.session)
        #expect(jsonObject(reply.data)?["cookies"] as? [String: String] == [:])
        let finished = try #require(await harness.finishedEvents().first)
        #expect(finished.completion?.appliedRules.map(\.name) == ["no cookies for the tracker"])
    }
}
