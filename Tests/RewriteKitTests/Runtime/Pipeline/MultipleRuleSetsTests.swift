import Testing

@testable import RewriteKit

/// Several rule sets compose into one pipeline in priority order.
struct MultipleRuleSetsTests {
    @Test func rulesOfTheFirstSetComeFirstAndStopEndsLaterSets() throws {
        let first = try RuleSet(rules: """
            rule "first a" { request { add-header "X" "1a" } }
            rule "first stop" {
                when path == "/stop"
                stop
            }
            """, name: "first.rules")
        let second = try RuleSet(rules: """
            rule "second a" { request { add-header "X" "2a" } }
            """, name: "second.rules")
        let pipeline = Pipeline(ruleSets: [first, second], environment: PipelineFixture.environment)
        #expect(pipeline.ruleCount == 3)
        let outcome = pipeline.processRequest(try PipelineFixture.request("GET", "http://h/"))
        #expect(outcome.request.headers.values(for: "X") == ["1a", "2a"])
        #expect(outcome.appliedRules == [
            RuleReference(name: "first a", file: "first.rules", line: 1),
            RuleReference(name: "second a", file: "second.rules", line: 1),
        ])
        #expect(PipelineFixture.applied(pipeline, try PipelineFixture.request("GET", "http://h/stop")) == ["first a", "first stop"])
        let reversed = Pipeline(ruleSets: [second, first], environment: PipelineFixture.environment)
        #expect(reversed.processRequest(try PipelineFixture.request("GET", "http://h/")).request.headers.values(for: "X") == ["2a", "1a"])
    }

    @Test func sameRuleNameInTwoSetsIsFine() throws {
        let one = try RuleSet(rules: "rule \"r\" { request { add-header \"X\" \"1\" } }", name: "one.rules")
        let two = try RuleSet(rules: "rule \"r\" { request { add-header \"X\" \"2\" } }", name: "two.rules")
        let outcome = Pipeline(ruleSets: [one, two]).processRequest(try PipelineFixture.request("GET", "http://h/"))
        #expect(outcome.appliedRules.map(\.file) == ["one.rules", "two.rules"])
    }

    @Test func emptyPipelineDoesNothing() throws {
        let request = try PipelineFixture.request("GET", "http://h/")
        #expect(!Pipeline.empty.mightApply(to: request))
        #expect(Pipeline.empty.processRequest(request).isPassThrough)
        #expect(Pipeline(ruleSets: []).ruleCount == 0)
    }
}
