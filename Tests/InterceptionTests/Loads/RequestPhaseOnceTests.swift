import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// What `canInit` learns about a request (its conversion, the index's candidates, the
/// conditions that need no body) carries into the load: for one request each such
/// condition is evaluated once. Conditions here compare a header the requests carry with
/// `${uuid}`, so the environment's UUID source counts their evaluations.
@Suite("One request phase")
struct RequestPhaseOnceTests {
    /// An environment whose UUID source counts its calls.
    final class CountingUUIDs: Sendable {
        let calls = Locked(0)
        var environment: EvaluationEnvironment {
            EvaluationEnvironment(now: { 0 }, makeUUID: { [calls] in
                calls.withLock { $0 += 1 }
                return "00000000-0000-4000-8000-000000000000"
            })
        }
        var count: Int { calls.withLock { $0 } }
    }

    /// A session with a rewriter on `rules`, whose conditions count through `uuids`.
    func session(_ rules: String, uuids: CountingUUIDs) throws -> (URLSession, Rewriter) {
        let set = try RuleSet(rules: rules, name: "once.rules")
        let rewriter = Rewriter(pipeline: Pipeline(ruleSets: [set], environment: uuids.environment))
        let configuration = URLSessionConfiguration.ephemeral
        try rewriter.install(in: configuration)
        return (URLSession(configuration: configuration), rewriter)
    }

    @Test("a body-free condition is evaluated once per request, and its regex captures reach the actions")
    func bodyFreeConditionOnce() async throws {
        let uuids = CountingUUIDs()
        let (session, rewriter) = try session("""
            rule "tagged" {
                when path == "/headers" and header "X-Stamp" != "${uuid}" and header "X-Order" ~ /^order-(\\d+)$/
                request { set-header "X-Order-Number" "${1}" }
            }
            """, uuids: uuids)
        defer { session.invalidateAndCancel() }
        for number in 1...3 {
            var request = URLRequest(url: LoopbackServer.shared.url("/headers"))
            request.setValue("order-\(number)", forHTTPHeaderField: "X-Order")
            request.setValue("stamp", forHTTPHeaderField: "X-Stamp")
            let reply = await Caller.async.fetch(request, in: session)
            let headers = (jsonObject(reply.data)?["headers"] as? [String: String]) ?? [:]
            #expect(headers.first { $0.key.lowercased() == "x-order-number" }?.value == "\(number)")
            #expect(uuids.count == number, "request \(number): the condition ran \(uuids.count - number + 1) times")
        }
        withExtendedLifetime(rewriter) {}
    }

    @Test("a body condition is tried without the body in canInit and decided once with it")
    func bodyConditionDecidedWithBody() async throws {
        let uuids = CountingUUIDs()
        let (session, rewriter) = try session("""
            rule "big orders" {
                when path == "/post" and header "X-Stamp" != "${uuid}" and json "$.total" > 100
                request { set-header "X-Big" "yes" }
            }
            """, uuids: uuids)
        defer { session.invalidateAndCancel() }
        for (total, big) in [(500, true), (5, false)] {
            var request = URLRequest(url: LoopbackServer.shared.url("/post"))
            request.httpMethod = "POST"
            request.httpBody = Data(#"{"total": \#(total)}"#.utf8)
            request.setValue("stamp", forHTTPHeaderField: "X-Stamp")
            let before = uuids.count
            let reply = await Caller.async.fetch(request, in: session)
            let headers = (jsonObject(reply.data)?["headers"] as? [String: String]) ?? [:]
            #expect(headers.keys.contains { $0.lowercased() == "x-big" } == big)
            // Once without the body (canInit), once with it (the request phase).
            #expect(uuids.count - before == 2)
        }
        withExtendedLifetime(rewriter) {}
    }

    @Test("rules replaced between canInit and the load are the ones that run")
    func rulesReplacedBeforeLoad() throws {
        func pipeline(_ name: String) throws -> Pipeline {
            try Pipeline(ruleSets: [RuleSet(rules: "rule \"\(name)\" {\n when path == \"/x\"\n request { set-header \"X-Rules\" \"\(name)\" }\n}\n")])
        }
        let (first, second) = (try pipeline("old"), try pipeline("new"))
        let core = RewriterCore(pipeline: first, cacheByteLimit: 0)
        let interceptor = InterceptorRegistry(gracePeriod: 0.1).add { Interceptor(number: $0, core: core, configuration: .ephemeral) }
        let request = URLRequest(url: URL(string: "http://example.test/x")!)
        #expect(interceptor.shouldIntercept(request))
        // The kept admission was made by the first pipeline: the second judges afresh.
        let admission = interceptor.admission(for: request, pipeline: second, fromCanInit: true)
        #expect(admission?.pipeline === second)
        #expect(admission.map { second.processRequest($0.request, admission: $0, counts: RuleUseCounts()).appliedRules.map(\.name) } == ["new"])
    }
}
