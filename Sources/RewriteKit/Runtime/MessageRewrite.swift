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
        return messages.map { message in
            let result = outcome.responsePlan.run(
                message: message, format: format, response: response, request: outcome.request, environment: environment)
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
    /// A whole streamed body with every message through the `response each message`
    /// blocks (for a caller that takes the body in one piece, and `rewrite apply`): the
    /// bytes that go on, how long they are held back in all, and each message's trace.
    /// A body that is not a stream, or rules without such blocks, leave it as it is.
    package func rewritingMessages(of response: HTTPResponse, for outcome: RequestOutcome) -> (body: [UInt8], delay: Double, traces: [Trace]) {
        guard outcome.responsePlan.hasMessageBlocks, let format = StreamFormat(contentType: response.headers["Content-Type"]) else {
            return (response.body, 0, [])
        }
        var splitter = StreamMessageSplitter(format: format)
        let messages = splitter.feed(response.body)
        let (tail, rest) = splitter.finish()
        var body: [UInt8] = []
        var delay = 0.0
        var traces: [Trace] = []
        for message in messages + tail {
            let result = outcome.responsePlan.run(
                message: message, format: format, response: response, request: outcome.request, environment: environment)
            traces.append(result.trace)
            delay += result.delay
            if let bytes = result.bytes { body += bytes }
        }
        return (body + rest, delay, traces)
    }
}

extension StreamFormat {
    /// The `Content-Type` a stream file's name implies: `.sse` server-sent events, `.ndjson`
    /// and `.jsonl` JSON Lines, `.json-seq` JSON text sequences; nil for any other name.
    package static func contentType(forFileName name: String) -> String? {
        let lowered = ASCIICase.lowercased(name)
        return CompiledStream.extensions.first { lowered.hasSuffix($0.suffix) }?.contentType
    }
}
