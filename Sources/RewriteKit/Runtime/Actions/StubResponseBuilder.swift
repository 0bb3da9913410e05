/// Builds the response of `respond STATUS { header ...; body ... }` or `{ …; stream … }`.
enum StubResponseBuilder {
    /// The stub: headers and body rendered against the request as the request phase left
    /// it; a JSON body (a `json {...}` literal or a `.json` file) without a `Content-Type`
    /// header gets `application/json`, a stream fixture without one the type its name
    /// implies. A stream's body is all its messages, and its plan says when each piece goes.
    static func build(
        _ respond: CompiledRespond, context: inout ActionContext, request: HTTPRequest, body requestBody: BodyView?
    ) -> (response: HTTPResponse, stream: StreamPlan?) {
        var renderer = context.renderer(request: request, body: requestBody)
        var headers = HTTPHeaders()
        for header in respond.headers {
            let name = renderer.render(header.name)
            let value = renderer.text(of: header.value)
            guard HTTPSyntax.isToken(name), HTTPSyntax.isFieldValue(value) else {
                context.record(.skipped(action: "header", reason: "'\(name)' is not a valid header name or its value contains a control character"), line: respond.line)
                continue
            }
            headers.add(name, value)
        }
        var body: [UInt8] = []
        if let source = respond.body {
            let (bytes, type) = renderer.bytes(of: source)
            body = bytes
            if let type, let given = headers["Content-Type"], case .multipart = source,
               HeaderParameters(given).type.hasPrefix("multipart/"), HeaderParameters(given)["boundary"] == nil,
               let boundary = MultipartBoundary(contentType: type) {
                // `multipart/mixed` (say) without a boundary: the one the parts were written with.
                headers.replace("Content-Type", with: given + "; boundary=" + String(decoding: boundary.bytes, as: UTF8.self))
            } else if let type, !headers.contains("Content-Type") {
                headers.add("Content-Type", type)
            }
        }
        var plan: StreamPlan?
        if let stream = respond.stream {
            if let implied = stream.impliedContentType, !headers.contains("Content-Type") { headers.add("Content-Type", implied) }
            (body, plan) = streamBody(stream, renderer: &renderer)
        }
        context.recordMissing(of: renderer, line: respond.line)
        return (HTTPResponse(status: respond.status, headers: headers, body: body), plan)
    }

    /// A stream's messages written out, with the gap before each: `every` when given, else
    /// what the fixture recorded (none: all at once).
    private static func streamBody(_ stream: CompiledStream, renderer: inout TemplateRenderer) -> ([UInt8], StreamPlan) {
        var messages: [(gap: Double?, bytes: [UInt8])] = []
        switch stream.messages {
        case .fixed(let fixed):
            for (index, message) in fixed.enumerated() {
                let gap = stream.every.map { index == 0 ? 0 : $0 } ?? message.gap.map { Double($0) / 1000 }
                messages.append((gap, message.bytes))
            }
        case .written(let written):
            for (index, message) in written.enumerated() {
                let text = renderer.text(of: message.value)
                let event = message.event.map { renderer.text(of: $0) }
                let id = message.id.map { renderer.text(of: $0) }
                let isJSON = if case .json = message.value { true } else { false }
                let bytes = stream.format.map { StreamMessageEncoder.encode(text, event: event, id: id, isJSON: isJSON, format: $0) }
                    ?? Array(text.utf8)
                messages.append((index == 0 ? 0 : stream.every, bytes))
            }
        }
        let failure = stream.failure.map { StreamPlan.Failure(error: $0, delay: stream.every ?? 0) }
        let made = StreamPlan.make(messages: messages, chunk: stream.chunk, failure: failure)
        return (made.body, made.plan)
    }
}
