/// Compiled rules, ready to run on requests and responses. Immutable and safe to share
/// between threads; it knows nothing of URL loading, so it can be driven directly.
///
/// Every rule whose conditions hold applies, in order (the rules of the first rule set,
/// then the second…), until a rule with `stop` or a terminal clause (`respond`, `fail`);
/// that rule still applies. Conditions are tested on the request as the app made it;
/// actions see the request as the earlier actions left it.
public final class Pipeline: Sendable {
    /// A pipeline with no rules.
    public static let empty = Pipeline()

    let rules: [CompiledRule]
    let index: RuleIndex
    let environment: EvaluationEnvironment
    /// The rule sets, in priority order.
    public let ruleSets: [RuleSet]

    convenience init() {
        self.init(ruleSets: [])
    }

    /// Composes rule sets into one pipeline, in priority order: the rules of the first
    /// set come first. `environment` supplies the clock, `${env.NAME}` and UUIDs.
    public init(ruleSets: [RuleSet], environment: EvaluationEnvironment = .live) {
        self.ruleSets = ruleSets
        self.rules = ruleSets.flatMap(\.rules)
        self.index = RuleIndex(keys: rules.map(\.indexKey))
        self.environment = environment
    }

    /// Compiled rules directly, for tests and tools that compile without a rule set.
    init(rules: [CompiledRule], environment: EvaluationEnvironment) {
        self.ruleSets = []
        self.rules = rules
        self.index = RuleIndex(keys: rules.map(\.indexKey))
        self.environment = environment
    }

    /// One rule set.
    public convenience init(ruleSet: RuleSet, environment: EvaluationEnvironment = .live) {
        self.init(ruleSets: [ruleSet], environment: environment)
    }

    /// The number of rules.
    public var ruleCount: Int { rules.count }

    /// Whether any rule could apply to this request. Cheap: it asks the rule index and
    /// tests the conditions that need no body; a `json`/`body` test counts as "might"
    /// while the body is nil (not known yet).
    public func mightApply(to request: HTTPRequest) -> Bool {
        let evaluator = ConditionEvaluator(request: request, response: nil, environment: environment)
        var found = false
        index.forEachCandidateList(for: request) { list in
            for position in list {
                guard let condition = rules[Int(position)].condition, evaluator.mightHold(condition) == false else {
                    found = true
                    return false
                }
            }
            return true
        }
        return found
    }

    /// Runs the request phase: finds the rules that apply, runs their request actions,
    /// and decides how the request is answered.
    public func processRequest(_ request: HTTPRequest) -> RequestOutcome {
        let candidates = index.candidates(for: request)
        guard !candidates.isEmpty else { return RequestOutcome(request: request) }
        // Most candidates fail a cheap test; the run's state is made only once a rule applies.
        let evaluator = ConditionEvaluator(request: request, response: nil, environment: environment)
        var run: RequestRun?
        var scratch: [String] = []
        for position in candidates {
            let rule = rules[Int(position)]
            if rule.captureCount > 0 {
                if scratch.count < rule.captureCount {
                    scratch = [String](repeating: "", count: rule.captureCount)
                } else {
                    for slot in 0..<rule.captureCount { scratch[slot] = "" }
                }
            }
            if let condition = rule.condition, !evaluator.holds(condition, captures: &scratch) { continue }
            let captures = rule.captureCount > 0 ? Array(scratch[0..<rule.captureCount]) : []
            var current = run ?? RequestRun(request: request, environment: environment)
            let goesOn = current.apply(rule, captures: captures)
            run = current
            if !goesOn { break }
        }
        return run?.outcome() ?? RequestOutcome(request: request)
    }

    /// Runs the response phase of the rules that applied to the request, on the network's
    /// response or on a `respond` stub. When `outcome.responseNeedsBody` is false the body
    /// may be empty and is not touched.
    public func processResponse(_ response: HTTPResponse, for outcome: RequestOutcome) -> (response: HTTPResponse, trace: Trace) {
        guard !outcome.responsePlan.isEmpty else { return (response, outcome.trace) }
        let (result, trace) = outcome.responsePlan.run(
            on: response, request: outcome.request, environment: environment, trace: outcome.trace)
        return (result, trace)
    }
}
