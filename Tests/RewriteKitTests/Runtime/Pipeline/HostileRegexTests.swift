import Foundation
import Testing

@testable import RewriteKit

/// Regexes written by users cannot hang the app: matching is linear in the text.
struct HostileRegexTests {
    @Test func nestedQuantifiersOnALongNonMatchingTextFinishQuickly() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "hostile" {
                when body ~ /(a+)+b/
                request { set-header "X" "${1}" }
            }
            rule "hostile replace" { request { replace-body /(a|aa)+c/ "x" } }
            """)
        let request = try PipelineFixture.request("POST", "http://h/", body: String(repeating: "a", count: 50_000))
        let start = Date()
        let outcome = pipeline.processRequest(request)
        let elapsed = Date().timeIntervalSince(start)
        #expect(outcome.appliedRules.map(\.name) == ["hostile replace"])
        #expect(outcome.request.body?.count == 50_000)
        #expect(elapsed < 5, "took \(elapsed)s")
    }
}
