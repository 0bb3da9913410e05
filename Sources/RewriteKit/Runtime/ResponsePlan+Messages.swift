/// `response each message` blocks, run on each message of a streaming response.
extension ResponsePlan {
    /// Whether an applied rule has `response each message` blocks.
    var hasMessageBlocks: Bool { steps.contains { !$0.rule.messageBlocks.isEmpty } }

    /// Whether an applied rule has `request each message` blocks (WebSocket messages the app sends).
    var hasSentMessageBlocks: Bool { steps.contains { !$0.rule.sentMessageBlocks.isEmpty } }

    /// Runs every applied rule's `response each message` blocks, in file order, on one
    /// whole message: guards read the message (`json`, `body`: an event's data or the JSON
    /// text; `event`: an event's name, `message` when it sent none) and the response head;
    /// actions edit the message's text, and the message is written again around the new
    /// text (its other lines kept) only when one changed it. A message an action cannot
    /// edit (not JSON) goes on as it came, and the trace says why.
    ///
    /// `format` nil is a WebSocket message (``SocketMessage``): its bytes are its text, and
    /// `sent` picks the `request each message` blocks (a message the app sends) over the
    /// `response each message` ones. A binary message is not text: the actions that edit
    /// text skip it, and the trace says so.
    func run(
        message: StreamMessage, format: StreamFormat?, response: HTTPResponse, request: HTTPRequest,
        environment: EvaluationEnvironment, sent: Bool = false, binary: Bool = false, uses: inout MessageBlockUses
    ) -> MessageOutcome {
        let original = BodyView(message.dataBytes)
        var body = original
        var scratchHeaders = HTTPHeaders()
        var context = ActionContext(
            rule: RuleReference(name: "", file: "", line: 0), phase: sent ? .request : .response, environment: environment, trace: Trace())
        var delay = 0.0
        let blocks: KeyPath<CompiledRule, [CompiledMessageBlock]> = sent ? \.sentMessageBlocks : \.messageBlocks
        for step in steps where !step.rule[keyPath: blocks].isEmpty {
            context.rule = step.rule.reference
            let list: MessageBlockUses.Key.List = sent ? .sent(ObjectIdentifier(step.rule)) : .received(ObjectIdentifier(step.rule))
            for (index, block) in step.rule[keyPath: blocks].enumerated() {
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
                if let limit = block.uses, !uses.take(MessageBlockUses.Key(list: list, index: index), limit: limit) {
                    context.record(.blockUsedUp(times: limit), line: block.line)
                    continue
                }
                context.captures = captures
                for action in block.actions {
                    if binary, action.touchesBody {
                        context.record(.skipped(action: action.name, reason: "a binary message; message actions edit text messages"), line: action.line)
                        continue
                    }
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
            ? message.raw : format.map { StreamMessageEncoder.replacingData(of: message, with: body.bytes, format: $0) } ?? body.bytes
        return MessageOutcome(bytes: bytes, delay: delay, trace: context.trace)
    }
}
