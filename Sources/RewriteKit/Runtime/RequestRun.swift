/// The request phase of one request, rule by rule: what applied, what the request became,
/// how it will be answered and shaped, and what the response phase must do.
struct RequestRun: ~Copyable {
    /// The request as the actions so far left it.
    private var request: HTTPRequest
    /// Its body, as the actions so far left it, with its JSON validated at most once.
    private var body: BodyView?
    private var context: ActionContext
    private var plan = ResponsePlan()
    private var disposition: RequestOutcome.Disposition = .forward
    private var stream: StreamPlan?
    private var socket: SocketRules.Script?
    private var delay: Double?
    private var throttle: Int?
    private var cacheLifetime: Double?
    private var network: (profile: NetworkProfile, rule: RuleReference)?

    /// Starts with the request and the view of its body the conditions used (so a body the
    /// conditions validated is not validated again).
    @inline(__always)
    init(request: HTTPRequest, body: BodyView?, environment: EvaluationEnvironment) {
        self.request = request
        self.body = body
        self.context = ActionContext(
            rule: RuleReference(name: "", file: "", line: 0), phase: .request, environment: environment, trace: Trace())
    }

    /// Applies a rule whose conditions held; returns false when no later rule may be
    /// considered (`stop`, `respond`, `fail`).
    mutating func apply(_ rule: CompiledRule, captures: [String]) -> Bool {
        context.rule = rule.reference
        context.captures = captures
        context.record(.ruleApplied, line: rule.reference.line)
        RequestActionRunner.run(rule.requestActions, on: &request, body: &body, context: &context)
        if let value = rule.delay { delay = value }
        if let value = rule.throttleBytesPerSecond { throttle = value }
        if let value = rule.cacheLifetime { cacheLifetime = value }
        if let value = rule.network { network = (value, rule.reference) }
        plan.add(rule, captures: captures)
        switch rule.terminal {
        case .respond(let respond)?:
            let (stub, plan) = StubResponseBuilder.build(respond, context: &context, request: request, body: body)
            context.record(.responded(status: stub.status), line: respond.line)
            disposition = .respond(stub)
            stream = plan
            socket = respond.socket.map { SocketRules.Script(socket: $0, rule: rule.reference, captures: captures) }
            return false
        case .fail(let error)?:
            context.record(.failed(error), line: nil)
            disposition = .fail(error)
            return false
        case nil:
            break
        }
        if rule.stops {
            context.record(.stopped, line: nil)
            return false
        }
        return true
    }

    /// Records that a rule's condition could not be evaluated within its limits (the rule
    /// did not apply).
    mutating func noteLimit(_ problems: [String], of rule: CompiledRule) {
        context.rule = rule.reference
        for problem in problems { context.record(.limitExceeded(problem), line: rule.reference.line) }
    }

    /// Records that a rule's conditions held but its `times` uses are spent (it did not apply).
    mutating func noteUsedUp(_ rule: CompiledRule, limit: Int) {
        context.rule = rule.reference
        context.record(.usedUp(times: limit), line: rule.reference.line)
    }

    /// The outcome: `cache` only for a forwarded GET; no response phase after `fail`.
    @inline(__always)
    consuming func outcome() -> RequestOutcome {
        if case .fail = disposition { plan = ResponsePlan() }
        let forwardedGET = request.method == "GET" && disposition == .forward
        return RequestOutcome(
            request: request, disposition: disposition, delay: delay, throttleBytesPerSecond: throttle,
            cacheLifetime: forwardedGET ? cacheLifetime : nil, trace: context.trace,
            hasResponseActions: !plan.isEmpty, responseNeedsBody: plan.needsBody, responsePlan: plan, stream: stream,
            socket: socket, network: network, editedFileParts: body?.editedFileParts)
    }
}
