/// The response-phase work of one request: the applied rules that have response blocks,
/// in file order, each with the regex groups its conditions captured.
struct ResponsePlan: Sendable {
    /// One applied rule's response work.
    struct Step: Sendable {
        /// The rule.
        let rule: CompiledRule
        /// Its regex groups from the request phase (`captures[n]` is `${n}`).
        let captures: [String]
    }

    /// The steps, in file order.
    private(set) var steps: [Step] = []

    /// Whether there is nothing to do.
    var isEmpty: Bool { steps.isEmpty }

    /// Whether any step needs the whole response body.
    var needsBody: Bool { steps.contains { $0.rule.responseNeedsBody } }

    /// Adds an applied rule's response work, if it has any.
    mutating func add(_ rule: CompiledRule, captures: [String]) {
        guard !rule.responseBlocks.isEmpty || !rule.messageBlocks.isEmpty || !rule.sentMessageBlocks.isEmpty else { return }
        steps.append(Step(rule: rule, captures: captures))
    }

    /// Runs every step on `response`: each block whose guard holds on the response runs
    /// its actions; `request` is the request that was sent. Each block starts from the
    /// groups the rule's `when` conditions captured; its guard adds its own.
    func run(on response: HTTPResponse, request: HTTPRequest, environment: EvaluationEnvironment, trace: Trace) -> ResponseOutcome {
        var response = response
        var body = BodyView(response.body)
        var context = ActionContext(rule: RuleReference(name: "", file: "", line: 0), phase: .response, environment: environment, trace: trace)
        for step in steps {
            context.rule = step.rule.reference
            for block in step.rule.responseBlocks {
                var captures = step.captures
                if let guardCondition = block.guardCondition {
                    var evaluator = ConditionEvaluator(request: request, response: response, body: body, environment: environment)
                    guard evaluator.holds(guardCondition, captures: &captures) else {
                        for problem in evaluator.problems { context.record(.limitExceeded(problem), line: block.line) }
                        context.record(.guardFailed, line: block.line)
                        continue
                    }
                }
                context.captures = captures
                ResponseActionRunner.run(block.actions, on: &response, body: &body, request: request, context: &context)
            }
        }
        return ResponseOutcome(response: response, trace: context.trace)
    }
}
