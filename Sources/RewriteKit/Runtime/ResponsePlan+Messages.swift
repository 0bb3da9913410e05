/// `response each message` blocks, run on each message of a streaming response.
extension ResponsePlan {
    /// Whether an applied rule has `response each message` blocks.
    var hasMessageBlocks: Bool { steps.contains { !$0.rule.messageBlocks.isEmpty } }

    /// Runs every applied rule's `response each message` blocks, in file order, on one
    /// whole message: guards read the message (`json`, `body`: an event's data or the JSON
    /// text; `event`: an event's name, `message` when it sent none) and the response head;
    /// actions edit the message's text, and the message is written again around the new
    /// text (its other lines kept) only when one changed it. A message an action cannot
    /// edit (not JSON) goes on as it came, and the trace says why.
    func run(
        message: StreamMessage, format: StreamFormat, response: HTTPResponse, request: HTTPRequest,
        environment: EvaluationEnvironment
    ) -> MessageOutcome {
        let original = BodyView(message.dataBytes)
        var body = original
        var scratchHeaders = HTTPHeaders()
        var context = ActionContext(rule: RuleReference(name: "", file: "", line: 0), phase: .response, environment: environment, trace: Trace())
        var delay = 0.0
        for step in steps where !step.rule.messageBlocks.isEmpty {
            context.rule = step.rule.reference
            for block in step.rule.messageBlocks {
                var captures = step.captures
                if let guardCondition = block.guardCondition {
                    var evaluator = ConditionEvaluator(request: request, response: response, body: body, environment: environment)
                    evaluator.messageEvent = format == .eventStream ? message.event ?? "message" : nil
                    guard evaluator.holds(guardCondition, captures: &captures) else {
                        for problem in evaluator.problems { context.record(.limitExceeded(problem), line: block.line) }
                        context.record(.guardFailed, line: block.line)
                        continue
                    }
                }
                context.captures = captures
                for action in block.actions {
                    var renderer = context.renderer(request: request, response: response, body: body)
                    var view: BodyView? = body
                    if BodyActionRunner.run(action, body: &view, headers: &scratchHeaders, renderer: &renderer, context: &context) {
                        if let view { body = view }
                    } else if case .tag(let name) = action.kind {
                        context.record(.tag(renderer.render(name)), line: action.line)
                    } else {
                        context.record(.log("message of \(response.status) \(request.url)"), line: action.line)
                    }
                    context.recordMissing(of: renderer, line: action.line)
                }
                if block.drops {
                    let change = TraceEntry.Change.body(beforeLength: message.raw.count, afterLength: 0, summary: "message dropped")
                    context.record(.changed(action: "drop", change: change), line: block.line)
                    return MessageOutcome(bytes: nil, delay: delay, trace: context.trace)
                }
                if let held = block.delay { delay += held }
            }
        }
        let bytes = body === original
            ? message.raw : StreamMessageEncoder.replacingData(of: message, with: body.bytes, format: format)
        return MessageOutcome(bytes: bytes, delay: delay, trace: context.trace)
    }
}
