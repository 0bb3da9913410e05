import Testing

@testable import RewriteKit

/// Conditions are compiled with the cheapest tests first inside `and`.
struct CompiledConditionTests {
    @Test func andOperandsAreOrderedCheapestFirst() throws {
        let analysis = RuleFileAnalysis.analyze(SourceFile(name: "c.rules", text: """
            rule "r" {
                when json "a" == 1 and path ~ /x(y)/ and header "H" exists
                when method == GET and host ~ "*.a.com"
            }
            """))
        var compiler = Compiler(source: analysis.source)
        let rule = compiler.compile(try #require(analysis.ruleFile.rules.first))
        guard case .and(let operands)? = rule.condition else {
            Issue.record("expected an and")
            return
        }
        let subjects = operands.compactMap { operand -> CompiledTest.Subject? in
            if case .test(let test) = operand { return test.subject }
            return nil
        }
        #expect(subjects.count == 5)
        #expect(subjects.first == .method)
        #expect(subjects.last.map { if case .json = $0 { true } else { false } } == true)
        #expect(rule.captureCount == 2)
    }
}
