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

    /// Each match may put in a value from the request, so replace-body after replace-body
    /// would grow a body exponentially (FuzzEngine: three of them took a 100-byte request
    /// to 12.9 MB, a fourth would have made 650 MB). One may grow the body by its own size,
    /// or 1 MiB if that is more; past that it is skipped and the body goes on as it was.
    @Test func replaceThatWouldGrowTheBodyPastTheLimitIsSkipped() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "amplify" {
                request {
                    replace-body /a(a)/ "${1}${query.v}"
                    replace-body /a(a)/ "${1}${query.v}"
                }
            }
            """)
        let value = String(repeating: "a", count: 1_000)
        let outcome = pipeline.processRequest(try PipelineFixture.request("POST", "http://h/?v=\(value)", body: value))
        // The first: 500 matches, each "a" + the value: 500,500 bytes, within 1 MiB. The
        // second would make about 250 MB.
        #expect(outcome.request.body?.count == 500 * 1_001)
        let skipped = outcome.trace.entries.compactMap { entry -> String? in
            if case .skipped("replace-body", let reason) = entry.event { return reason }
            return nil
        }
        #expect(skipped == ["the result would grow the body by more than 1048576 bytes (its own size, or 1 MiB if that is more)"])
        // A body over 1 MiB may grow by its own size: 3 MB grows by 1.8 MB, not by 3.6 MB.
        let large = String(repeating: String(repeating: "a", count: 99) + "b", count: 30_000)
        let x60 = String(repeating: "x", count: 60)
        let grows = try PipelineFixture.pipeline("rule \"g\" { request { replace-body /b/ \"b\(x60)\" } }")
        #expect(grows.processRequest(try PipelineFixture.request("POST", "http://h/", body: large)).request.body?.count == 3_000_000 + 1_800_000)
        let tooMuch = try PipelineFixture.pipeline("rule \"t\" { request { replace-body /b/ \"b\(x60)\(x60)\" } }")
        #expect(tooMuch.processRequest(try PipelineFixture.request("POST", "http://h/", body: large)).request.body?.utf8Text == large)
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
        // The trace names the rule (its limit entry), but only an 'applied' entry makes
        // it one of the applied rules.
        #expect(outcome.isPassThrough && !outcome.trace.isEmpty)
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
