/// Builds the response of `respond STATUS { header ...; body ... }`.
enum StubResponseBuilder {
    /// The stub: headers and body rendered against the request as the request phase left
    /// it; a JSON body (a `json {...}` literal or a `.json` file) without a `Content-Type`
    /// header gets `application/json`.
    static func build(_ respond: CompiledRespond, context: inout ActionContext, request: HTTPRequest, body requestBody: BodyView?) -> HTTPResponse {
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
        switch respond.body {
        case .text(let template)?:
            body = Array(renderer.render(template).utf8)
        case .bytes(let bytes, let isJSON)?:
            body = bytes
            if isJSON && !headers.contains("Content-Type") { headers.add("Content-Type", "application/json") }
        case nil:
            break
        }
        context.recordMissing(of: renderer, line: respond.line)
        return HTTPResponse(status: respond.status, headers: headers, body: body)
    }
}
