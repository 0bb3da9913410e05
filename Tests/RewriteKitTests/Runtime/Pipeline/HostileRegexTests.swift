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

    /// Replace-all restarts a search after every match; the searches share one budget, so
    /// a pattern that would make the whole replacement quadratic gives up instead, and the
    /// body passes through byte for byte.
    @Test func replaceAllThatWouldBeQuadraticGivesUp() throws {
        let pipeline = try PipelineFixture.pipeline(#"rule "r" { request { replace-body /\w*X|a/ "b" } }"#)
        let body = String(repeating: "a", count: 16_384)
        let outcome = pipeline.processRequest(try PipelineFixture.request("POST", "http://h/", body: body))
        #expect(outcome.request.body?.utf8Text == body)
        let skipped = outcome.trace.entries.compactMap { entry -> String? in
            if case .skipped("replace-body", let reason) = entry.event { return reason }
            return nil
        }
        #expect(skipped.count == 1)
        #expect(skipped.first?.hasPrefix("the regex gave up after 5194560 steps on 16384 characters") == true, "\(skipped)")
        // The same pattern on a short body still works: `aaX` and `a` are replaced.
        let short = pipeline.processRequest(try PipelineFixture.request("POST", "http://h/", body: "aaXa"))
        #expect(short.request.body?.utf8Text == "bb", "\(short.trace)")
    }

    /// A condition whose regex gives up does not hold; the trace says why, and
    /// `mightApply` (which decides interception) leaves the answer to the request phase.
    @Test func conditionThatGivesUpDoesNotHoldAndIsTraced() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "heavy" {
                when body ~ /.{0,999}x/
                request { set-header "X-Heavy" "1" }
            }
            """)
        let request = try PipelineFixture.request("POST", "http://h/", body: String(repeating: "a", count: 32_768))
        let outcome = pipeline.processRequest(request)
        #expect(outcome.appliedRules.isEmpty)
        #expect(outcome.request.headers["X-Heavy"] == nil)
        let limits = outcome.trace.entries.compactMap { entry -> String? in
            if case .limitExceeded(let message) = entry.event { return "\(entry.rule.name): \(message)" }
            return nil
        }
        #expect(limits.count == 1)
        #expect(limits.first?.hasPrefix("heavy: body ~ /.{0,999}x/: the regex gave up after") == true, "\(limits)")
        #expect(pipeline.mightApply(to: request))
    }
}
