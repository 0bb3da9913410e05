/// Keeps secrets out of what a tool prints about messages it was handed (`rewrite apply`),
/// as activity events keep them out: the values of secret headers (`Authorization`,
/// `Cookie`, `Set-Cookie`, …) and query parameters (`token`, `api_key`, …) read
/// `<redacted>` wherever they are structured, in the messages and in the trace, and every
/// other text is scrubbed of them.
///
/// Collect every message and trace first, then redact or scrub what is shown.
package struct OutputRedaction {
    private let redaction: Redaction
    private var secrets = SecretValues(shortest: SecretValues.shortestInText)

    /// The default secret names, and more header names to treat as secrets.
    package init(extraHeaderNames: Set<String> = []) {
        var redaction = Redaction()
        redaction.headerNames.formUnion(extraHeaderNames)
        self.redaction = redaction
    }

    /// Notes the secrets of a request: its secret headers' values and secret query values.
    package mutating func collect(_ request: HTTPRequest) {
        redaction.collect(request.headers, into: &secrets)
        redaction.collect(url: request.url.description, into: &secrets)
    }

    /// Notes the values of a response's secret headers.
    package mutating func collect(_ response: HTTPResponse) {
        redaction.collect(response.headers, into: &secrets)
    }

    /// Notes the secrets a trace shows (a secret header a rule set or removed).
    package mutating func collect(_ trace: Trace) {
        for entry in trace.entries { redaction.collect(entry, into: &secrets) }
    }

    /// `text` with secret query values in any URL replaced and every secret value scrubbed.
    package func scrub(_ text: String) -> String {
        secrets.scrub(redaction.redactingQuery(of: text))
    }

    /// The request with its secrets replaced (headers, query) and scrubbed (path, body).
    package func redacted(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        redaction.redact(&request, secrets: secrets, scrub: scrub)
        return request
    }

    /// The response with its secret headers replaced and its other headers and body scrubbed.
    package func redacted(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        redaction.redact(&response, secrets: secrets, scrub: scrub)
        return response
    }

    /// The trace with secret headers' and queries' values replaced and its texts scrubbed.
    package func redacted(_ trace: Trace) -> Trace {
        Trace(entries: trace.entries.map { redaction.redacted($0, scrub: scrub) })
    }
}
