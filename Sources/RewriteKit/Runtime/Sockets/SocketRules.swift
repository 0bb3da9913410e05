/// The rules of one WebSocket connection: the `request each message` and `response each
/// message` blocks of the rules that applied to its handshake, run on each message in the
/// direction it travels, and, when a `respond 101 { socket { … } }` answered the handshake,
/// the conversation's script.
struct SocketRules: Sendable {
    /// The handshake request as the request phase left it.
    let request: HTTPRequest
    /// The handshake's response head (a stub's 101, or the server's).
    var handshake: HTTPResponse
    /// The applied rules' message blocks.
    let plan: ResponsePlan
    let environment: EvaluationEnvironment
    /// The script, when a rule answered the handshake.
    var script: Script?

    /// A stubbed conversation's script, with the answering rule's regex groups.
    struct Script: Sendable {
        let socket: CompiledSocket
        let rule: RuleReference
        let captures: [String]
    }

    /// Whether any applied rule has message blocks (else messages pass untouched).
    var hasMessageBlocks: Bool { plan.hasMessageBlocks || plan.hasSentMessageBlocks }

    /// A message from the server (or the script) to the app, through `response each message`.
    func received(_ message: SocketMessage, uses: inout MessageBlockUses) -> SocketMessageOutcome {
        run(message, sent: false, uses: &uses)
    }

    /// A message from the app, through `request each message`.
    func sent(_ message: SocketMessage, uses: inout MessageBlockUses) -> SocketMessageOutcome {
        run(message, sent: true, uses: &uses)
    }

    private func run(_ message: SocketMessage, sent: Bool, uses: inout MessageBlockUses) -> SocketMessageOutcome {
        guard sent ? plan.hasSentMessageBlocks : plan.hasMessageBlocks else {
            return SocketMessageOutcome(message: message, delay: 0, trace: Trace())
        }
        let stream = StreamMessage(raw: message.bytes, dataBytes: message.bytes)
        let outcome = plan.run(
            message: stream, format: nil, response: handshake, request: request, environment: environment, sent: sent,
            binary: message.kind == .binary, uses: &uses)
        return SocketMessageOutcome(
            message: outcome.bytes.map { SocketMessage(kind: message.kind, bytes: $0) }, delay: outcome.delay, trace: outcome.trace)
    }

    // MARK: - The script

    /// The steps when the socket opens, rendered now (templates read the handshake request).
    func openingSteps() -> [SocketStep] {
        guard let script else { return [] }
        var context = ActionContext(rule: script.rule, captures: script.captures, phase: .response, environment: environment, trace: Trace())
        return render(script.socket.steps, body: nil, context: &context)
    }

    /// The periodic messages: each one's period and how to render it when it is due.
    var periodic: [(seconds: Double, index: Int)] {
        script?.socket.periodic.enumerated().map { ($1.seconds, $0) } ?? []
    }

    /// The `index`th periodic message, rendered now.
    func periodicMessage(_ index: Int) -> SocketMessage? {
        guard let script, script.socket.periodic.indices.contains(index) else { return nil }
        var context = ActionContext(rule: script.rule, captures: script.captures, phase: .response, environment: environment, trace: Trace())
        return render(script.socket.periodic[index].message, body: nil, context: &context)
    }

    /// The reply to a message the app sent (after its `request each message` blocks): the
    /// steps of the first `on message` whose condition holds, rendered with `${json.PATH}`
    /// reading the app's message; nil when none holds.
    func reply(to message: SocketMessage, uses: inout MessageBlockUses) -> (steps: [SocketStep], trace: Trace)? {
        guard let script else { return nil }
        let body = BodyView(message.bytes)
        var context = ActionContext(rule: script.rule, captures: script.captures, phase: .request, environment: environment, trace: Trace())
        for (index, reply) in script.socket.replies.enumerated() {
            if let guardCondition = reply.guardCondition {
                var captures = script.captures
                var evaluator = ConditionEvaluator(request: request, response: nil, body: body, environment: environment)
                guard evaluator.holds(guardCondition, captures: &captures) else {
                    for problem in evaluator.problems { context.record(.limitExceeded(problem), line: reply.line) }
                    continue
                }
            }
            // A reply used up leaves the message to the replies after it.
            if let limit = reply.uses, !uses.take(MessageBlockUses.Key(list: .replies, index: index), limit: limit) { continue }
            return (render(reply.steps, body: body, context: &context), context.trace)
        }
        return nil
    }

    private func render(_ steps: [CompiledSocket.Step], body: BodyView?, context: inout ActionContext) -> [SocketStep] {
        steps.compactMap { step in
            switch step {
            case .send(let message): render(message, body: body, context: &context).map(SocketStep.send)
            case .wait(let seconds): .wait(seconds)
            case .close(let code, let reason): .close(code: code, reason: reason)
            case .fail(let error): .fail(error)
            }
        }
    }

    private func render(_ message: CompiledSocket.Message, body: BodyView?, context: inout ActionContext) -> SocketMessage? {
        switch message {
        case .binary(let bytes):
            return SocketMessage(kind: .binary, bytes: bytes)
        case .text(let value):
            var renderer = context.renderer(request: request, body: body ?? request.body.map { BodyView($0) })
            let text = renderer.text(of: value)
            context.recordMissing(of: renderer, line: script?.socket.line)
            return .text(text)
        }
    }
}
