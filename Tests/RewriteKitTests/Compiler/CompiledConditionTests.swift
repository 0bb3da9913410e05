import Testing

@testable import RewriteKit

/// Conditions are compiled with the cheapest tests first inside `and`.
struct CompiledConditionTests {
    @Test func andOperandsAreOrderedCheapestFirst() throws {
        let compilation = Compiler.compile(SourceFile(name: "c.rules", text: """
            rule "r" {
                when json "a" == 1 and path ~ /x(y)/ and header "H" exists
                when method == GET and host ~ "*.a.com"
            }
            """))
        #expect(!compilation.hasErrors, "\(compilation.diagnostics)")
        let rule = try #require(compilation.rules.first)
        guard case .and(let operands)? = rule.condition else {
            Issue.record("expected an and")
            return
        }
        let subjects = operands.compactMap { operand -> CompiledTest.Subject? in
            if case .test(let test) = operand { return test.subject }
            return nil
        }
        #expect(subjects.count == 5)
        #expect(subjects.first == CompiledTest.Subject.method)
        #expect(subjects.last.map { if case .json = $0 { true } else { false } } == true)
        #expect(rule.captureCount == 2)
    }
}
