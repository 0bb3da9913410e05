/// One message of a streamed body before and after the `response each message` blocks, as
/// `rewrite apply --response-stream` shows it.
package struct MessageRewrite: Sendable {
    /// The message's text as it came: an event's data, or the JSON text.
    package let before: String
    /// Its text as it goes on; nil when a block dropped it.
    package let after: String?
    /// Whether the bytes that go on differ from those that came.
    package let changed: Bool
    /// How long it is held back, in seconds.
    package let delay: Double
    /// What happened to it.
    package let trace: Trace
    /// For a WebSocket message: whether the app sent it (else it received it); nil for a stream's.
    package var sent: Bool?
}

extension Pipeline {
    /// Every message of `response`'s body (read as its `Content-Type` says; nil when that
    /// names no stream) run through the `response each message` blocks of the rules that
    /// applied to the request, in order. What is left at the end, not a whole message, is
    /// not included.
    package func processMessages(of response: HTTPResponse, for outcome: RequestOutcome) -> [MessageRewrite]? {
        guard let format = StreamFormat(contentType: response.headers["Content-Type"]) else { return nil }
        var splitter = StreamMessageSplitter(format: format)
        let messages = splitter.feed(response.body) + splitter.finish().messages
        var uses = MessageBlockUses()
        return messages.map { message in
            let result = outcome.responsePlan.run(
                message: message, format: format, response: response, request: outcome.request, environment: environment, uses: &uses)
            var after: String?
            if let bytes = result.bytes {
                var reader = StreamMessageSplitter(format: format)
                after = (reader.feed(bytes) + reader.finish().messages).first?.data ?? String(decoding: bytes, as: UTF8.self)
            }
            return MessageRewrite(
                before: message.data, after: after, changed: result.bytes != message.raw, delay: result.delay, trace: result.trace)
        }
    }
}

extension Pipeline {
    /// A WebSocket conversation's messages (`sent` by the app or received, `binary` or text)
    /// through the `request each message` and `response each message` blocks of the rules
    /// that applied to its handshake, in order, as `rewrite apply --har` shows them.
    package func processSocketMessages(
        _ messages: [(sent: Bool, binary: Bool, bytes: [UInt8])], for outcome: RequestOutcome, handshake: HTTPResponse
    ) -> [MessageRewrite] {
        let rules = SocketRules(request: outcome.request, handshake: handshake, plan: outcome.responsePlan, environment: environment, script: nil)
        var uses = MessageBlockUses()
        return messages.map { message in
            let socketMessage = SocketMessage(kind: message.binary ? .binary : .text, bytes: message.bytes)
            let result = message.sent ? rules.sent(socketMessage, uses: &uses) : rules.received(socketMessage, uses: &uses)
            let shown = { (bytes: [UInt8]) in message.binary ? "binary, \(bytes.count) bytes" : String(decoding: bytes, as: UTF8.self) }
            var rewrite = MessageRewrite(
                before: shown(message.bytes), after: result.message.map { shown($0.bytes) }, changed: result.message?.bytes != message.bytes,
                delay: result.delay, trace: result.trace)
            rewrite.sent = message.sent
            return rewrite
        }
    }
}

extension Pipeline {
    /// For every `response each message when GUARD` block of the rules that applied, on how
    /// many of `messages` (what ``processMessages(of:for:)`` gave) its guard held.
    package func messageGuardCounts(for outcome: RequestOutcome, messages: [MessageRewrite]) -> [MessageGuardCount] {
        var counts: [MessageGuardCount] = []
        // Where each message was dropped (the rule's place among those applied, the block's
        // line): a later block never saw it.
        let applied = outcome.appliedRules
        let order = Dictionary(applied.enumerated().map { ($1, $0) }) { first, _ in first }
        let drops = messages.map { message -> (rule: Int, line: Int)? in
            guard let entry = message.trace.entries.last(where: {
                if case .changed(action: "drop", _) = $0.event { true } else { false }
            }) else { return nil }
            return (order[entry.rule] ?? 0, entry.line ?? 0)
        }
        for (place, reference) in applied.enumerated() {
            guard let rule = rules.first(where: { $0.reference == reference }) else { continue }
            for block in rule.messageBlocks {
                guard let guardCondition = block.guardCondition else { continue }
                var reached = 0
                var held = 0
                for (message, drop) in zip(messages, drops) {
                    if let drop, drop.rule < place || (drop.rule == place && drop.line < block.line) { continue }
                    reached += 1
                    let failed = message.trace.entries.contains { $0.rule == reference && $0.line == block.line && $0.event == .guardFailed }
                    if !failed { held += 1 }
                }
                counts.append(MessageGuardCount(
                    rule: reference, condition: guardCondition.text, line: block.line, held: held, messages: reached))
            }
        }
        return counts
    }

    /// A whole streamed body with every message through the `response each message`
    /// blocks (for a caller that takes the body in one piece, and `rewrite apply`): the
    /// bytes that go on, how long they are held back in all, and the messages' `log` and
    /// `tag` entries (what observers are told; the rest of a message's trace is not kept).
    /// A body that is not a stream, or rules without such blocks, leave it as it is.
    package func rewritingMessages(of response: HTTPResponse, for outcome: RequestOutcome) -> (body: [UInt8], delay: Double, logs: [TraceEntry]) {
        guard outcome.responsePlan.hasMessageBlocks, let format = StreamFormat(contentType: response.headers["Content-Type"]) else {
            return (response.body, 0, [])
        }
        var splitter = StreamMessageSplitter(format: format)
        let messages = splitter.feed(response.body)
        let (tail, rest) = splitter.finish()
        var body: [UInt8] = []
        body.reserveCapacity(response.body.count + response.body.count / 8)
        var delay = 0.0
        var logs: [TraceEntry] = []
        var uses = MessageBlockUses()
        for message in messages + tail {
            let result = outcome.responsePlan.run(
                message: message, format: format, response: response, request: outcome.request, environment: environment, uses: &uses)
            logs += result.trace.entries.lazy.filter(\.isLogOrTag)
            delay += result.delay
            if let bytes = result.bytes { body += bytes }
        }
        return (body + rest, delay, logs)
    }
}
