import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import Testing

/// Apple platforms ask `canInit(with: task)` several times for one task: the admission (the
/// index, the request's conversion, the cookie read, the conditions) runs once per task, and
/// the answer stands until the task's request or the rules change. corelibs never asks with
/// the task, so these tests ask as Apple does, with real tasks of a real session.
@Suite("Admission: once per task")
struct AdmissionPerTaskTests {
    static let rules = """
        rule "stamp" {
            when host == "api.example.test" and path == "/users"
            request { set-header "X-Stamp" "1" }
        }
        """

    @Test("asked three times for a task, the rules run once, and its load takes that admission")
    func oncePerTask() throws {
        let rewriter = Rewriter(ruleSets: [try RuleSet(rules: Self.rules)])
        let configuration = URLSessionConfiguration.ephemeral
        let installation = try rewriter.install(in: configuration)
        defer { rewriter.uninstall() }
        let interceptor = installation.interceptor
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        let url = try #require(URL(string: "https://api.example.test/users"))
        let task = session.dataTask(with: url)
        let declined = session.dataTask(with: try #require(URL(string: "https://api.example.test/other")))

        for _ in 0..<3 {
            #expect(interceptor.protocolClass.canInit(with: task))
            #expect(!interceptor.protocolClass.canInit(with: declined))
        }
        #expect(interceptor.admitted.count(for: task) == 1, "one admission for three questions")
        #expect(interceptor.admitted.count(for: declined) == 1, "one decline for three questions")
        #expect(interceptor.admitted.take(for: URLRequest(url: url)) != nil, "the load takes the admission")

        // New rules: the next question is answered afresh, by them.
        rewriter.pipeline = Pipeline(ruleSet: try RuleSet(rules: """
            rule "everything on the host" {
                when host == "api.example.test"
                request { set-header "X-Stamp" "2" }
            }
            """))
        #expect(interceptor.protocolClass.canInit(with: declined))
        #expect(interceptor.admitted.count(for: declined) == 2)
    }
}
