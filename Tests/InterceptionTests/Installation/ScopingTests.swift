import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// Rules are scoped to the configurations they are installed in.
@Suite("Scoping and installation")
struct ScopingTests {
    static func tagging(_ value: String) throws -> Harness {
        try Harness("""
            rule "tag" {
                when path == "/headers"
                request { set-header "X-Scope" "\(value)" }
            }
            """)
    }

    func scope(of reply: Fetched) -> String? {
        let headers = (jsonObject(reply.data)?["headers"] as? [String: String]) ?? [:]
        return headers.first { $0.key.lowercased() == "x-scope" }?.value
    }

    @Test("two sessions with different rules at the same time never see each other's")
    func parallel() async throws {
        let first = try Self.tagging("first")
        let second = try Self.tagging("second")
        let results = await withTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<40 {
                let harness = index.isMultiple(of: 2) ? first : second
                group.addTask { (index, scope(of: await Caller.async.fetch(URLRequest(url: harness.url("/headers")), in: harness.session))) }
            }
            var all: [(Int, String?)] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 40)
        for (index, scope) in results {
            #expect(scope == (index.isMultiple(of: 2) ? "first" : "second"))
        }
    }

    @Test("after uninstall a session is no longer intercepted")
    func uninstall() async throws {
        let harness = try Self.tagging("on")
        #expect(scope(of: await Caller.async.fetch(URLRequest(url: harness.url("/headers")), in: harness.session)) == "on")
        harness.rewriter.uninstall()
        #expect(scope(of: await Caller.async.fetch(URLRequest(url: harness.url("/headers")), in: harness.session)) == nil)
    }

    @Test("installing twice in one configuration intercepts once")
    func installTwice() async throws {
        let harness = try Harness("""
            rule "count" {
                when path == "/headers"
                request { add-header "X-Count" "1" }
            }
            """)
        try harness.rewriter.install(in: harness.configuration)
        let session = URLSession(configuration: harness.configuration)
        defer { session.finishTasksAndInvalidate() }
        let reply = await Caller.async.fetch(URLRequest(url: harness.url("/headers")), in: session)
        let headers = (jsonObject(reply.data)?["headers"] as? [String: String]) ?? [:]
        #expect(headers.first { $0.key.lowercased() == "x-count" }?.value == "1")
    }

    @Test("two rewriters in one configuration chain, the first installed last")
    func chaining() async throws {
        let inner = try Harness("""
            rule "inner" {
                when path == "/headers"
                request { set-header "X-Inner" "yes" }
            }
            """)
        let outerRules = try RuleSet(rules: """
            rule "outer" {
                when path == "/headers"
                request { set-header "X-Outer" "yes" }
            }
            """, name: "outer.rules")
        let outer = Rewriter(pipeline: Pipeline(ruleSets: [outerRules]))
        defer { outer.uninstall() }
        try outer.install(in: inner.configuration)
        let session = URLSession(configuration: inner.configuration)
        defer { session.finishTasksAndInvalidate() }
        let reply = await Caller.async.fetch(URLRequest(url: inner.url("/headers")), in: session)
        let headers = Dictionary(uniqueKeysWithValues: ((jsonObject(reply.data)?["headers"] as? [String: String]) ?? [:]).map { ($0.key.lowercased(), $0.value) })
        #expect(headers["x-inner"] == "yes")
        #expect(headers["x-outer"] == "yes")
    }
}
