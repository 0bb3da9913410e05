/// Compiled rules, ready to run on requests and responses. Its rules never change and it
/// is safe to share between threads; it knows nothing of URL loading, so it can be driven
/// directly. Its one piece of state is the use counts of `times N` rules when it is driven
/// directly (``processRequest(_:)``); an installation keeps its own counts.
///
/// Every rule whose conditions hold applies, in order (the rules of the first rule set,
/// then the second…), until a rule with `stop` or a terminal clause (`respond`, `fail`);
/// that rule still applies. Conditions are tested on the request as the app made it;
/// actions see the request as the earlier actions left it.
public final class Pipeline: Sendable {
    /// A pipeline with no rules.
    public static let empty = Pipeline()

    package let rules: [CompiledRule]
    package let index: RuleIndex
    let environment: EvaluationEnvironment
    /// Whether any rule's request phase reads the body (most rule sets have none).
    let anyRuleNeedsRequestBody: Bool
    /// The rule sets, in priority order.
    public let ruleSets: [RuleSet]
    /// The uses of `times` rules when the pipeline runs on its own (not installed).
    let ownCounts = RuleUseCounts()

    convenience init() {
        self.init(ruleSets: [])
    }

    /// Composes rule sets into one pipeline, in priority order: the rules of the first
    /// set come first. `environment` supplies the clock, `${env.NAME}` and UUIDs.
    public init(ruleSets: [RuleSet], environment: EvaluationEnvironment = .live) {
        self.ruleSets = ruleSets
        self.rules = ruleSets.flatMap(\.rules)
        self.index = RuleIndex(rules: rules)
        self.environment = environment
        anyRuleNeedsRequestBody = rules.contains(where: \.requestNeedsBody)
    }

    /// Compiled rules directly, for tests and tools that compile without a rule set.
    init(rules: [CompiledRule], environment: EvaluationEnvironment) {
        self.ruleSets = []
        self.rules = rules
        self.index = RuleIndex(rules: rules)
        self.environment = environment
        anyRuleNeedsRequestBody = rules.contains(where: \.requestNeedsBody)
    }

    /// One rule set.
    public convenience init(ruleSet: RuleSet, environment: EvaluationEnvironment = .live) {
        self.init(ruleSets: [ruleSet], environment: environment)
    }

    /// The number of rules.
    package var ruleCount: Int { rules.count }

    /// Every rule, in the order they are considered.
    public var ruleReferences: [RuleReference] { rules.map(\.reference) }

    /// Whether any rule could apply to this request. Cheap: it asks the rule index and
    /// tests the conditions that need no body; a `json`/`body` test counts as "might"
    /// while the body is nil (not known yet).
    public func mightApply(to request: HTTPRequest) -> Bool {
        var found = false
        forEachRuleThatMightApply(to: request) { _, _ in
            found = true
            return false
        }
        return found
    }

    /// The rules that might apply to this request, judged without its body, in order:
    /// what an interceptor reports as skipped when it has to let a request pass untouched.
    func rulesThatMightApply(to request: HTTPRequest) -> [RuleReference] {
        var head = request
        head.body = nil
        var positions: [Int] = []
        forEachRuleThatMightApply(to: head) { position, _ in
            positions.append(position)
            return true
        }
        return positions.sorted().map { rules[$0].reference }
    }

    /// The rules that might apply to this request (judged without its body) and may not
    /// be skipped: they route it, answer it, or change a body or status
    /// (``CompiledRule/onlyEditsHeaders`` is false). A task the platform cannot carry
    /// through the rules fails when this is not empty.
    func rulesThatMustNotBeSkipped(for request: HTTPRequest) -> [RuleReference] {
        var head = request
        head.body = nil
        var positions: [Int] = []
        forEachRuleThatMightApply(to: head) { position, rule in
            if !rule.onlyEditsHeaders { positions.append(position) }
            return true
        }
        return positions.sorted().map { rules[$0].reference }
    }

    /// Calls `body` with each candidate rule whose conditions might hold (`json`/`body`
    /// tests count as "might" while the body is nil) until it returns false.
    private func forEachRuleThatMightApply(to request: HTTPRequest, _ body: (Int, CompiledRule) -> Bool) {
        var evaluator = ConditionEvaluator(request: request, response: nil, body: BodyView.of(request.body), environment: environment)
        index.forEachCandidateList(for: request) { list in
            for position in list {
                let rule = rules[Int(position)]
                if let condition = rule.condition, evaluator.mightHold(condition) == false { continue }
                if !body(Int(position), rule) { return false }
            }
            return true
        }
    }

    /// Runs the request phase: finds the rules that apply, runs their request actions,
    /// and decides how the request is answered.
    ///
    /// Rules with `times N` count their uses in the pipeline itself here; an installation
    /// counts its own (see ``Rewriter/resetCounts()``).
    public func processRequest(_ request: HTTPRequest) -> RequestOutcome {
        processRequest(request, counts: ownCounts)
    }

    /// Runs the request phase, counting the uses of `times` rules in `counts`: every
    /// candidate's conditions are evaluated here, with the body.
    func processRequest(_ request: HTTPRequest, counts: RuleUseCounts) -> RequestOutcome {
        let candidates = index.candidates(for: request)
        return run(request, candidates: candidates.count, counts: counts) { (Int(candidates[candidates.startIndex + $0]), .pending) }
    }

    /// The rules that might apply to `request` (judged without its body, which is neither
    /// read nor removed) among those the index files under its method and URL, and what
    /// their conditions answered.
    func admit(_ request: HTTPRequest) -> Admission {
        admit(request, candidates: index.candidates(for: request))
    }

    /// Like ``admit(_:)``, with the index's candidates already looked up (from the method
    /// and URL alone, before the headers were converted).
    func admit(_ request: HTTPRequest, candidates: ArraySlice<Int32>) -> Admission {
        guard !candidates.isEmpty else { return Admission(pipeline: self, request: request, candidates: []) }
        // The evaluator reads the body only through its body view, which it has not.
        var evaluator = ConditionEvaluator(request: request, response: nil, body: nil, environment: environment)
        var admitted: [Admission.Candidate] = []
        var scratch: [String] = []
        for position in candidates {
            let rule = rules[Int(position)]
            guard let condition = rule.condition else {
                admitted.append(Admission.Candidate(position: Int(position), verdict: .holds([])))
                continue
            }
            if rule.conditionReadsBody {
                if evaluator.mightHold(condition) != false {
                    admitted.append(Admission.Candidate(position: Int(position), verdict: .pending))
                }
                continue
            }
            scratch.clearCaptures(of: rule)
            let holds = evaluator.holds(condition, captures: &scratch)
            if !evaluator.problems.isEmpty {
                // A regex gave up: the request phase evaluates it again, for its trace.
                evaluator.problems.removeAll()
                admitted.append(Admission.Candidate(position: Int(position), verdict: .pending))
            } else if holds {
                admitted.append(Admission.Candidate(position: Int(position), verdict: .holds(scratch.captures(of: rule))))
                // No later rule can apply after one that answers or stops and cannot be used
                // up: the request phase ends there, so the rules after it cost nothing.
                if rule.endsRequestPhase { break }
            }
        }
        return Admission(pipeline: self, request: request, candidates: admitted)
    }

    /// Runs the request phase on `request` (the admitted request, with its body when a
    /// rule needs it) from what `admission` already decided: only pending conditions are
    /// evaluated.
    ///
    /// `parts` is the view of an upload too large for memory, read as multipart parts from
    /// its file, when the admission ``Admission/readsOnlyParts``.
    func processRequest(_ request: HTTPRequest, admission: Admission, counts: RuleUseCounts, parts: BodyView? = nil) -> RequestOutcome {
        let candidates = admission.candidates
        return run(request, candidates: candidates.count, counts: counts, parts: parts) { (candidates[$0].position, candidates[$0].verdict) }
    }

    /// The request phase over `count` candidates, in file order: `candidate(i)` gives the
    /// i-th one's position and what is known of its conditions.
    private func run(
        _ request: HTTPRequest, candidates count: Int, counts: RuleUseCounts, parts: BodyView? = nil,
        _ candidate: (Int) -> (Int, Admission.Verdict)
    ) -> RequestOutcome {
        guard count > 0 else { return RequestOutcome(request: request) }
        // A view of the body (one allocation) only when a candidate reads or edits the body:
        // a header rule's run makes none.
        let body = anyCandidateNeedsBody(count, candidate) ? parts ?? BodyView.of(request.body) : nil
        var evaluator = ConditionEvaluator(request: request, response: nil, body: body, environment: environment)
        var scratch: [String] = []
        // Most candidates fail a cheap test; the run's state is made only once one needs
        // it, and is never optional (an optional run was copied on the way out).
        var offset = 0
        var decision = CandidateStep.skip
        while offset < count {
            decision = step(candidate(offset), counts: counts, evaluator: &evaluator, scratch: &scratch)
            if case .skip = decision { offset &+= 1 } else { break }
        }
        guard offset < count else { return RequestOutcome(request: request) }
        var run = RequestRun(request: request, body: body, environment: environment)
        while true {
            switch decision {
            case .skip:
                break
            case .limit(let rule, let problems):
                run.noteLimit(problems, of: rule)
            case .usedUp(let rule, let limit):
                run.noteUsedUp(rule, limit: limit)
            case .apply(let rule, let captures):
                // Applied in place: the run's request and trace are not copied per rule.
                guard run.apply(rule, captures: captures) else { return run.outcome() }
            }
            offset &+= 1
            guard offset < count else { return run.outcome() }
            decision = step(candidate(offset), counts: counts, evaluator: &evaluator, scratch: &scratch)
        }
    }

    /// Whether one of the run's candidates reads the request body (``CompiledRule/requestNeedsBody``:
    /// its condition, an action or a `respond`); `BodyNeedsTests` holds that flag to what the
    /// rule does.
    @inline(__always)
    private func anyCandidateNeedsBody(_ count: Int, _ candidate: (Int) -> (Int, Admission.Verdict)) -> Bool {
        guard anyRuleNeedsRequestBody else { return false }
        for offset in 0..<count where rules[candidate(offset).0].requestNeedsBody { return true }
        return false
    }

    /// What one candidate comes to in the request phase.
    private enum CandidateStep {
        /// Its conditions do not hold.
        case skip
        /// A regex gave up: the rule does not apply, and the trace says why.
        case limit(CompiledRule, problems: [String])
        /// Its conditions held but its `times` uses are spent: skipped, and the trace says so.
        case usedUp(CompiledRule, limit: Int)
        /// It applies, with these regex captures.
        case apply(CompiledRule, captures: [String])
    }

    /// Evaluates one candidate (its pending conditions, then its `times` count).
    private func step(
        _ candidate: (position: Int, verdict: Admission.Verdict), counts: RuleUseCounts,
        evaluator: inout ConditionEvaluator, scratch: inout [String]
    ) -> CandidateStep {
        let rule = rules[candidate.position]
        let captures: [String]
        switch candidate.verdict {
        case .holds(let known):
            captures = known
        case .pending:
            scratch.clearCaptures(of: rule)
            if let condition = rule.condition, !evaluator.holds(condition, captures: &scratch) {
                guard !evaluator.problems.isEmpty else { return .skip }
                defer { evaluator.problems.removeAll() }
                return .limit(rule, problems: evaluator.problems)
            }
            captures = scratch.captures(of: rule)
        }
        if let limit = rule.uses, !counts.claim(position: candidate.position, limit: limit, in: self) {
            return .usedUp(rule, limit: limit)
        }
        return .apply(rule, captures: captures)
    }

    /// Runs the response phase of the rules that applied to the request, on the network's
    /// response or on a `respond` stub. When `outcome.responseNeedsBody` is false the body
    /// may be empty and is not touched.
    public func processResponse(_ response: HTTPResponse, for outcome: RequestOutcome) -> ResponseOutcome {
        guard !outcome.responsePlan.isEmpty else { return ResponseOutcome(response: response, trace: outcome.trace) }
        return outcome.responsePlan.run(on: response, request: outcome.request, environment: environment, trace: outcome.trace)
    }
}

extension [String] {
    /// Makes room for `rule`'s regex groups and empties them, before its conditions run.
    fileprivate mutating func clearCaptures(of rule: CompiledRule) {
        guard rule.captureCount > 0 else { return }
        if count < rule.captureCount { self = [String](repeating: "", count: rule.captureCount) }
        for slot in 0..<rule.captureCount { self[slot] = "" }
    }

    /// `rule`'s regex groups, once its conditions held.
    fileprivate func captures(of rule: CompiledRule) -> [String] {
        rule.captureCount > 0 ? Array(self[0..<rule.captureCount]) : []
    }
}
