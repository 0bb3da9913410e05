import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// The seed tutorial end to end: Rules/tutorial.rules, unchanged, on real traffic.
@Suite("Tutorial end to end")
struct TutorialTests {
    /// Rules/tutorial.rules as shipped, plus a routing rule after it that sends
    /// httpbin.org to the loopback server (the tests have no other network).
    static func tutorialHarness() throws -> Harness {
        let tutorial = try String(contentsOf: repositoryRoot.appendingPathComponent("Rules/tutorial.rules"), encoding: .utf8)
        return try Harness(tutorial + """

            rule "route httpbin to the loopback server" {
                when host == "httpbin.org"
                request { set-url "{{BASE}}${path}" }
            }
            """)
    }

    @Test("POST {\"hello\":\"world\"} is wrapped, stamped and given the tutorial's User-Agent", arguments: Caller.allCases)
    func tutorial(caller: Caller) async throws {
        let harness = try Self.tutorialHarness()
        let before = Date().timeIntervalSince1970
        let reply = await caller.fetch(jsonPost(URL(string: "https://httpbin.org/post")!, #"{"hello":"world"}"#), in: harness.session)
        let after = Date().timeIntervalSince1970

        #expect(reply.error == nil)
        #expect(reply.status == 200)
        let echo = try #require(jsonObject(reply.data))
        // What the server received.
        #expect(echo["data"] as? String == #"{"wrapper":{"hello":"world"}}"#)
        let headers = try #require(echo["headers"] as? [String: String])
        #expect(headers.first { $0.key.lowercased() == "user-agent" }?.value == "ProxyApp/1.0")
        // What the app received: the echo plus a numeric timestamp of now.
        let stamp = try #require(echo["proxy_timestamp"] as? NSNumber)
        #expect(stamp.doubleValue >= before.rounded(.down) - 1 && stamp.doubleValue <= after + 1)

        let finished = await harness.finishedEvents()
        #expect(finished.first?.completion?.appliedRules.map(\.name) == ["wrap httpbin payloads", "route httpbin to the loopback server"])
    }
}

/// The repository's root folder, found from this file's path
/// (`Tests/InterceptionTests/Installation/TutorialTests.swift`).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
