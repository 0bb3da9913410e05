import Foundation

/// Keeps secrets out of everything RewriteKit keeps or shows of traffic, with one set of
/// secret names (``SecretNames``): captured and imported exchanges (``RecordedExchange``:
/// what captures, recordings, HAR exports and HAR imports hold), traces, activity events
/// (`ActivityEvent+Redaction.swift`) and what a tool prints (``OutputRedaction``).
///
/// Values of the named headers and query parameters read `<redacted>` where they stand, and
/// each such value that looks like a credential (``SecretValues/looksSecret(_:)``) is
/// scrubbed wherever else it appears: other headers, URLs (path, query and fragment) and
/// bodies. A cookie holding a URL or a timestamp is redacted in its cookie only, so the
/// same text elsewhere is replayed as it was.
struct Redaction: Sendable {
    /// What stands for a secret.
    static let placeholder = SecretNames.placeholder

    /// The secret names.
    var names = SecretNames()

    /// Header names, case-insensitive.
    var headerNames: Set<String> {
        get { names.headers }
        set { names = SecretNames(headers: newValue, queries: names.queries) }
    }

    /// Query parameter names, case-insensitive.
    var queryNames: Set<String> {
        get { names.queries }
        set { names = SecretNames(headers: names.headers, queries: newValue) }
    }

    private func isSecretHeader(_ name: String) -> Bool { names.isSecretHeader(name) }
    private func isSecretQuery(_ name: String) -> Bool { names.isSecretQuery(name) }

    /// Redacts the secrets of a captured exchange: the values of secret headers (request
    /// and responses) and query parameters read `<redacted>`, and those values are scrubbed
    /// from every other header, query value, body and WebSocket message of the exchange (a
    /// server that echoes a token back, a cookie value repeated in a body).
    func apply(to exchange: inout RecordedExchange) {
        var exchanges = [exchange]
        apply(to: &exchanges)
        exchange = exchanges[0]
    }

    /// Redacts the secrets of exchanges read together (a HAR file): as for one exchange,
    /// but a secret value found in any of them is scrubbed from all of them, wherever it
    /// appears again (a cookie value a page copies into a later URL or body). `texts`
    /// (lines about the exchanges) are scrubbed too. Values shorter than
    /// ``SecretValues/shortestInData`` are redacted only where they are structured.
    func apply(to exchanges: inout [RecordedExchange], texts: inout [String]) {
        var secrets = SecretValues(shortest: SecretValues.shortestInData, onlySecretLooking: true)
        for exchange in exchanges {
            collect(exchange.request.headers, into: &secrets)
            collect(url: exchange.request.url.description, into: &secrets)
            for response in [exchange.response, exchange.serverResponse].compactMap({ $0 }) { collect(response.headers, into: &secrets) }
        }
        for text in texts { collect(url: text, into: &secrets) }
        let scrub = { (text: String) in secrets.scrub(self.redactingQuery(of: text)) }
        for index in exchanges.indices {
            redact(&exchanges[index], secrets: secrets, scrub: scrub)
            exchanges[index].redaction = names
        }
        texts = texts.map(scrub)
    }

    /// One exchange's secrets replaced and scrubbed, in place (a copy would copy the
    /// request's storage and the response's headers for every exchange).
    private func redact(_ exchange: inout RecordedExchange, secrets: SecretValues, scrub: (String) -> String) {
        func hide(_ response: inout HTTPResponse?) {
            guard var hidden = response else { return }
            response = nil
            redact(&hidden, secrets: secrets, scrub: scrub)
            response = hidden
        }
        redact(&exchange.request, secrets: secrets, scrub: scrub)
        hide(&exchange.response)
        hide(&exchange.serverResponse)
        // A WebSocket's messages, as its bodies: a token the handshake carried, sent again in a message.
        if let messages = exchange.socketMessages {
            exchange.socketMessages = messages.map { message in
                var hidden = message
                hidden.bytes = secrets.scrub(message.bytes)
                return hidden
            }
        }
    }

    /// A request's secrets replaced and scrubbed, in place: headers, path, fragment, query
    /// values and body.
    func redact(_ request: inout HTTPRequest, secrets: SecretValues, scrub: (String) -> String) {
        request.headers = redacted(request.headers, scrub: scrub)
        // A value a page copied into a path or a fragment (`/sync/id/SESSIONVALUE`).
        let path = secrets.scrub(request.url.path)
        if path != request.url.path { request.url.path = path }
        if let fragment = request.url.fragment.map(scrub), fragment != request.url.fragment {
            request.url.fragment = fragment
        }
        for (name, value) in request.url.queryItems {
            let hidden = isSecretQuery(name) ? Self.placeholder : secrets.scrub(value)
            if hidden != value { request.url.setQueryValue(hidden, for: name) }
        }
        if let body = request.body { request.body = secrets.scrub(body) }
    }

    /// A response's secrets replaced and scrubbed, in place: headers and body.
    func redact(_ response: inout HTTPResponse, secrets: SecretValues, scrub: (String) -> String) {
        response.headers = redacted(response.headers, scrub: scrub)
        response.body = secrets.scrub(response.body)
    }

    /// ``apply(to:texts:)`` without texts.
    func apply(to exchanges: inout [RecordedExchange]) {
        var texts: [String] = []
        apply(to: &exchanges, texts: &texts)
    }

    /// Adds the values of the secret headers among `headers`.
    func collect(_ headers: HTTPHeaders, into secrets: inout SecretValues) {
        for field in headers where isSecretHeader(field.name) { secrets.add(headerValue: field.value, of: field.name) }
    }

    /// Adds the values of the secret query parameters of `url`.
    func collect(url: String, into secrets: inout SecretValues) {
        for (name, value) in Self.queryItems(of: url) where isSecretQuery(name) { secrets.add(value) }
    }

    /// Secret headers' values replaced, others scrubbed; so is a "name" that is not a
    /// token, which is text a tool split off a folded header (a `Set-Cookie` value).
    /// A URL-valued header (`Location`, `Content-Location`) gets the placeholder
    /// percent-encoded, so it stays a URL a redirect can follow.
    /// Headers that hold no secret come back as they were, without a copy.
    func redacted(_ headers: HTTPHeaders, scrub: (String) -> String) -> HTTPHeaders {
        var fields: [HTTPHeaders.Field]?
        for (position, field) in headers.fields.enumerated() {
            var value = isSecretHeader(field.name) ? Self.placeholder : scrub(field.value)
            if ASCIICase.equal(field.name, "location") || ASCIICase.equal(field.name, "content-location") {
                value = value.replacingOccurrences(of: Self.placeholder, with: Self.encodedPlaceholder)
            }
            let name = HTTPSyntax.isToken(field.name) ? field.name : scrub(field.name)
            guard fields != nil || value != field.value || name != field.name else { continue }
            if fields == nil { fields = Array(headers.fields[..<position]) }
            fields?.append(HTTPHeaders.Field(name: name, value: value))
        }
        return fields.map { HTTPHeaders(fields: $0) } ?? headers
    }

    /// The placeholder as it stands in a URL.
    static let encodedPlaceholder = "%3Credacted%3E"

    /// `url` with the values of secret query parameters replaced; the query is read as
    /// ``QueryString`` reads it (among Unicode scalars: a combining mark a server's
    /// `Location` puts after `?` or `&` cannot hide the secret after it).
    func redactingQuery(of url: String) -> String {
        guard let (head, query, tail) = Self.query(of: url) else { return url }
        let items = QueryString.pairs(of: query, keepingEmpty: true).map { pair -> Substring in
            let (name, value) = QueryString.split(pair)
            guard value != nil, isSecretQuery(QueryString.decode(name)) else { return pair }
            return name + "=" + Self.placeholder
        }
        return head + "?" + items.joined(separator: "&") + tail
    }

    /// The query items of a URL string, decoded, as name–value pairs.
    private static func queryItems(of url: String) -> [(String, String)] {
        guard let (_, query, _) = query(of: url) else { return [] }
        return QueryString.pairs(of: query).compactMap { pair in
            guard case (let name, let value?) = QueryString.split(pair) else { return nil }
            return (QueryString.decode(name), QueryString.decode(value))
        }
    }

    /// What comes before `?`, the query, and `#…` to the end; nil without a query.
    private static func query(of url: String) -> (head: Substring, query: Substring, tail: Substring)? {
        let utf8 = url.utf8
        guard let mark = utf8.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        let end = utf8[mark...].firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
        return (url[..<mark], url[utf8.index(after: mark)..<end], url[end...])
    }

    /// Adds the secret values a trace entry shows (a secret header's or query's before and
    /// after, the URLs it changed).
    func collect(_ entry: TraceEntry, into secrets: inout SecretValues) {
        guard case .changed(_, let change) = entry.event else { return }
        switch change {
        case .header(let name, let before, let after) where isSecretHeader(name):
            for value in before + after { secrets.add(headerValue: value, of: name) }
        case .query(let name, let before, let after) where isSecretQuery(name):
            for value in [before, after].compactMap({ $0 }) { secrets.add(value) }
        case .url(let before, let after):
            collect(url: before, into: &secrets)
            collect(url: after, into: &secrets)
        default:
            break
        }
    }

    /// A trace entry with secret headers' and queries' values replaced and every text scrubbed.
    func redacted(_ entry: TraceEntry, scrub: (String) -> String) -> TraceEntry {
        var entry = entry
        switch entry.event {
        case .changed(let action, let change):
            let hidden: TraceEntry.Change
            switch change {
            case .header(let name, let before, let after) where isSecretHeader(name):
                hidden = .header(name: name, before: before.map { _ in Self.placeholder }, after: after.map { _ in Self.placeholder })
            case .header(let name, let before, let after):
                hidden = .header(name: name, before: before.map(scrub), after: after.map(scrub))
            case .query(let name, let before, let after) where isSecretQuery(name):
                hidden = .query(name: name, before: before.map { _ in Self.placeholder }, after: after.map { _ in Self.placeholder })
            case .query(let name, let before, let after):
                hidden = .query(name: name, before: before.map(scrub), after: after.map(scrub))
            case .url(let before, let after):
                hidden = .url(before: scrub(before), after: scrub(after))
            case .body(let before, let after, let summary):
                hidden = .body(beforeLength: before, afterLength: after, summary: scrub(summary))
            case .status:
                hidden = change
            }
            entry.event = .changed(action: action, change: hidden)
        case .unchanged(let action, let reason): entry.event = .unchanged(action: action, reason: scrub(reason))
        case .skipped(let action, let reason): entry.event = .skipped(action: action, reason: scrub(reason))
        case .log(let text): entry.event = .log(scrub(text))
        case .limitExceeded(let message): entry.event = .limitExceeded(scrub(message))
        case .tag(let name): entry.event = .tag(scrub(name))
        case .ruleApplied, .stopped, .contentLengthRemoved, .missingVariable, .guardFailed, .usedUp, .blockUsedUp, .responded, .failed:
            break
        }
        return entry
    }
}
