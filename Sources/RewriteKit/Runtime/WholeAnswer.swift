/// A whole response body through the response phase, then through the `response each
/// message` blocks: what a caller that takes the body in one piece gets.
struct WholeAnswer: Sendable {
    /// The response after every response action and message block ran.
    var response: HTTPResponse
    /// The trace of both phases (the messages' entries are in ``messageLogs``).
    let trace: Trace
    /// Whether a response action or a message block changed the body, so the head the app
    /// gets must describe the new bytes.
    var bodyChanged: Bool
    /// How long the messages' delays hold the body back, in seconds.
    var hold: Double = 0
    /// The messages' `log` and `tag` entries.
    var messageLogs: [TraceEntry] = []
}

extension Pipeline {
    /// Runs `response`'s response phase for `outcome` and, when the rules have message
    /// blocks and the body is a stream, the blocks on each of its messages.
    func answer(whole response: HTTPResponse, for outcome: RequestOutcome) -> WholeAnswer {
        let before = outcome.trace.entries.count
        let phase = processResponse(response, for: outcome)
        var answer = WholeAnswer(
            response: phase.response, trace: phase.trace,
            bodyChanged: phase.trace.entries.dropFirst(before).contains { $0.changesBody })
        guard outcome.responsePlan.hasMessageBlocks else { return answer }
        let (messages, hold, logs) = rewritingMessages(of: answer.response, for: outcome)
        answer.hold = hold
        answer.messageLogs = logs
        if messages != answer.response.body {
            answer.response.body = messages
            answer.bodyChanged = true
        }
        return answer
    }
}
