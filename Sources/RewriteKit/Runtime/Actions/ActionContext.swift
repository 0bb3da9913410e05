/// What action runners share while one message goes through the rules: the rule being
/// run, its regex groups, the phase, the environment, and the trace being written.
struct ActionContext {
    /// The rule whose actions run.
    var rule: RuleReference
    /// Its regex groups: `captures[n]` is `${n}`.
    var captures: [String]
    /// The phase.
    let phase: Phase
    /// Clock, environment variables, UUIDs.
    let environment: EvaluationEnvironment
    /// What happened so far.
    var trace: Trace

    init(rule: RuleReference, captures: [String] = [], phase: Phase, environment: EvaluationEnvironment, trace: Trace) {
        self.rule = rule
        self.captures = captures
        self.phase = phase
        self.environment = environment
        self.trace = trace
    }

    /// Records an event of the current rule. Inlined, so the entry is built where it is
    /// appended (a 1 KB `wrap-json` run: about 50 instructions fewer by callgrind).
    @inline(__always)
    mutating func record(_ event: consuming TraceEntry.Event, line: Int?) {
        trace.append(TraceEntry(rule: rule, phase: phase, line: line, event: event))
    }

    /// A renderer for the current rule's templates; `body` is what `${json.PATH}` reads.
    func renderer(request: HTTPRequest, response: HTTPResponse? = nil, body: BodyView?) -> TemplateRenderer {
        TemplateRenderer(request: request, response: response, body: body, captures: captures, environment: environment)
    }

    /// Records the variables a renderer found without a value.
    mutating func recordMissing(of renderer: borrowing TemplateRenderer, line: Int?) {
        for name in renderer.missing { record(.missingVariable(name), line: line) }
    }
}
