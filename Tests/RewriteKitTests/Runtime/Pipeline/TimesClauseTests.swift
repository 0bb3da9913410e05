import Foundation
import Testing

@testable import RewriteKit

/// `times N`: a rule applies to at most N requests, then is skipped as if its `when` failed.
@Suite("Rules that count")
struct TimesClauseTests {
    static let feed = """
        rule "first call fails" {
            when method == GET and path == "/v1/feed"
            times 1
            respond 503
        }
        rule "then it works" {
            when method == GET and path == "/v1/feed"
            respond 200 { body json {"items": []} }
        }
        """

    static func status(_ outcome: RequestOutcome) -> Int? {
        if case .respond(let stub) = outcome.disposition { return stub.status }
        return nil
    }

    @Test("the language reference's example checks clean and means what it says")
    func referenceExample() throws {
        let ruleSet = try RuleSet(rules: Self.feed)
        #expect(ruleSet.warnings.isEmpty, "a counted rule makes no later rule unreachable")
        let pipeline = Pipeline(ruleSets: [ruleSet])
        let request = try PipelineFixture.request("GET", "https://api.example.com/v1/feed")
        let first = pipeline.processRequest(request)
        let second = pipeline.processRequest(request)
        let third = pipeline.processRequest(request)
        #expect([first, second, third].map(Self.status) == [503, 200, 200])
        #expect(first.appliedRules.map(\.name) == ["first call fails"])
        #expect(second.appliedRules.map(\.name) == ["then it works"])
        #expect(!second.isPassThrough)
        #expect(second.trace.eventList.contains(.usedUp(times: 1)))
        #expect(second.trace.description.contains(#""first call fails" (<string>:1) used up"#))
    }

    @Test("a used-up rule's stop no longer holds back later rules")
    func usedUpStopsNothing() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "twice" {
                when host == "a.test"
                times 2
                request { set-header "X-Twice" "1" }
                stop
            }
            rule "after" {
                when host == "a.test"
                request { set-header "X-After" "1" }
            }
            """)
        let request = try PipelineFixture.request("GET", "https://a.test/")
        let applied = (0..<4).map { _ in pipeline.processRequest(request).appliedRules.map(\.name) }
        #expect(applied == [["twice"], ["twice"], ["after"], ["after"]])
    }

    @Test("counts are exact under concurrency: 200 requests at once, times 10, exactly 10 applications")
    func exactUnderConcurrency() async throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "ten" {
                when host == "a.test"
                times 10
                request { set-header "X-Ten" "1" }
            }
            """)
        let request = try PipelineFixture.request("GET", "https://a.test/")
        let applied = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<200 { group.addTask { pipeline.processRequest(request).appliedRules.count } }
            return await group.reduce(0, +)
        }
        #expect(applied == 10)
    }

    @Test("separate counts count separately, and a new pipeline starts at zero")
    func separateCounts() throws {
        let pipeline = try PipelineFixture.pipeline(Self.feed)
        let request = try PipelineFixture.request("GET", "https://api.example.com/v1/feed")
        let one = RuleUseCounts()
        let two = RuleUseCounts()
        #expect(Self.status(pipeline.processRequest(request, counts: one)) == 503)
        #expect(Self.status(pipeline.processRequest(request, counts: two)) == 503)
        #expect(Self.status(pipeline.processRequest(request, counts: one)) == 200)
        one.reset()
        #expect(Self.status(pipeline.processRequest(request, counts: one)) == 503)
        let replaced = try PipelineFixture.pipeline(Self.feed)
        #expect(Self.status(replaced.processRequest(request, counts: two)) == 503)
    }

    @Test("times takes a whole number from 1 to 1,000,000,000, once per rule", arguments: [
        ("times 0", "'times 0' is out of range; a rule may be limited to 1 to 1000000000 requests"),
        ("times 2000000000", "'times 2000000000' is out of range"),
        ("times 1.5", "expected a whole number of requests"),
        (#"times "3""#, "expected a whole number of requests"),
        ("times 1\n    times 2", "a rule can have only one 'times' clause"),
    ])
    func invalidCounts(_ clause: String, _ message: String) throws {
        #expect {
            try RuleSet(rules: "rule \"r\" {\n    when host == \"a\"\n    \(clause)\n}")
        } throws: { error in
            guard let error = error as? RuleSetError else { return false }
            return error.diagnostics.contains { $0.message.contains(message) && $0.range.start.line >= 3 }
        }
    }

    @Test("a pipeline that counted its own uses is freed with its rules (no retain cycle through its counts)")
    func countingPipelineIsFreed() throws {
        weak var released: Pipeline?
        do {
            let pipeline = Pipeline(ruleSet: try RuleSet(rules: Self.feed), environment: .fixed(now: 0))
            let feed = try #require(HTTPRequest(method: "GET", url: "https://api.myapp.com/v1/feed"))
            #expect(pipeline.processRequest(feed).appliedRules.map(\.name) == ["first call fails"])
            released = pipeline
        }
        #expect(released == nil)
    }
}
