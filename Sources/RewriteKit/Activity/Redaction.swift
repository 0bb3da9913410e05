import Foundation

/// Keeps secrets out of activity events.
///
/// Values of the named headers and query parameters are replaced by `<redacted>` where
/// they are structured (headers, a URL's query, the trace's before and after values),
/// and then every text the event carries (URL, trace reasons and summaries, log
/// messages, tags) is scrubbed of those values wherever else they appear: a `log` that
/// prints `${header.Authorization}`, a token a rule copied into another header, the
/// app's old token a rule replaced.
struct Redaction: Sendable {
    /// What stands for a secret.
    static let placeholder = SecretNames.placeholder
    /// Secrets shorter than this are not searched for in free text (they would match
    /// ordinary words); their structured places are still redacted.
    static let shortestScrubbed = 4

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

    /// Redacts every secret in `event`.
    func apply(to event: inout ActivityEvent) {
        var secrets = SecretValues()
        collect(event.requestHeaders, into: &secrets)
        if let headers = event.responseHeaders { collect(headers, into: &secrets) }
        collect(url: event.url, into: &secrets)
        if let location = event.redirectLocation { collect(url: location, into: &secrets) }
        for entry in event.trace?.entries ?? [] { collect(entry, into: &secrets) }
        let scrub = { (text: String) in secrets.scrub(self.redactingQuery(of: text)) }

        event.requestHeaders = redacted(event.requestHeaders, scrub: scrub)
        event.responseHeaders = event.responseHeaders.map { redacted($0, scrub: scrub) }
        event.url = scrub(event.url)
        event.redirectLocation = event.redirectLocation.map(scrub)
        event.message = event.message.map(scrub)
        event.tag = event.tag.map(scrub)
        if let trace = event.trace {
            event.trace = Trace(entries: trace.entries.map { redacted($0, scrub: scrub) })
        }
        event.nearMisses = event.nearMisses.map { miss in
            var miss = miss
            miss.checks = miss.checks.map { check in
                var check = check
                check.actual = check.actual.map(scrub)
                return check
            }
            return miss
        }
    }

    /// Redacts the secrets of a captured exchange: the values of secret headers (request
    /// and responses) and query parameters read `<redacted>`, and those values are scrubbed
    /// from every other header, query value and body of the exchange (a server that echoes
    /// a token back, a cookie value repeated in a body).
    func apply(to exchange: inout RecordedExchange) {
        var secrets = SecretValues()
        collect(exchange.request.headers, into: &secrets)
        collect(url: exchange.request.url.description, into: &secrets)
        for response in [exchange.response, exchange.serverResponse].compactMap({ $0 }) { collect(response.headers, into: &secrets) }
        let scrub = { (text: String) in secrets.scrub(text) }
        exchange.request.headers = redacted(exchange.request.headers, scrub: scrub)
        for (name, value) in exchange.request.url.queryItems {
            let hidden = isSecretQuery(name) ? Self.placeholder : scrub(value)
            if hidden != value { exchange.request.url.setQueryValue(hidden, for: name) }
        }
        exchange.request.body = exchange.request.body.map(secrets.scrub)
        let hide = { (response: HTTPResponse) in
            HTTPResponse(status: response.status, headers: redacted(response.headers, scrub: scrub), body: secrets.scrub(response.body))
        }
        exchange.response = exchange.response.map(hide)
        exchange.serverResponse = exchange.serverResponse.map(hide)
    }

    private func isSecretHeader(_ name: String) -> Bool { names.isSecretHeader(name) }
    private func isSecretQuery(_ name: String) -> Bool { names.isSecretQuery(name) }

    private func collect(_ headers: HTTPHeaders, into secrets: inout SecretValues) {
        for field in headers where isSecretHeader(field.name) { secrets.add(headerValue: field.value) }
    }

    private func collect(url: String, into secrets: inout SecretValues) {
        for (name, value) in Self.queryItems(of: url) where isSecretQuery(name) { secrets.add(value) }
    }

    private func collect(_ entry: TraceEntry, into secrets: inout SecretValues) {
        guard case .changed(_, let change) = entry.event else { return }
        switch change {
        case .header(let name, let before, let after) where isSecretHeader(name):
            for value in before + after { secrets.add(headerValue: value) }
        case .query(let name, let before, let after) where isSecretQuery(name):
            for value in [before, after].compactMap({ $0 }) { secrets.add(value) }
        case .url(let before, let after):
            collect(url: before, into: &secrets)
            collect(url: after, into: &secrets)
        default:
            break
        }
    }

    private func redacted(_ headers: HTTPHeaders, scrub: (String) -> String) -> HTTPHeaders {
        HTTPHeaders(fields: headers.fields.map { field in
            HTTPHeaders.Field(name: field.name, value: isSecretHeader(field.name) ? Self.placeholder : scrub(field.value))
        })
    }

    private func redacted(_ entry: TraceEntry, scrub: (String) -> String) -> TraceEntry {
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
        case .ruleApplied, .stopped, .contentLengthRemoved, .missingVariable, .guardFailed, .usedUp, .responded, .failed:
            break
        }
        return entry
    }

    /// `url` with the values of secret query parameters replaced; the query is read as
    /// ``QueryString`` reads it (among Unicode scalars: a combining mark a server's
    /// `Location` puts after `?` or `&` cannot hide the secret after it).
    private func redactingQuery(of url: String) -> String {
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
}

/// The secret values found in one event, to scrub from its free text.
private struct SecretValues {
    private var values: Set<String> = []

    /// Adds a value, and its decoded form.
    mutating func add(_ value: String) {
        insert(value)
        if let decoded = value.removingPercentEncoding { insert(decoded) }
    }

    /// Adds a header value and the parts of it that are secrets on their own: the
    /// credentials after an authorization scheme, and each cookie value.
    mutating func add(headerValue value: String) {
        add(value)
        let trimmed = value.trimmingWhitespace()
        if let space = trimmed.firstIndex(of: " ") { add(String(trimmed[space...].dropFirst()).trimmingWhitespace()) }
        for pair in value.split(separator: ";") {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            add(String(pair[equals...].dropFirst()).trimmingWhitespace())
        }
    }

    private mutating func insert(_ value: String) {
        if value.count >= Redaction.shortestScrubbed, value != Redaction.placeholder { values.insert(value) }
    }

    /// The longest secret value searched for in a body: the search costs the body's
    /// length times the value's, so longer values (rare) are redacted only where they are
    /// structured (their header, their query parameter).
    static let longestScrubbedInBodies = 1_024

    /// `bytes` with every secret value's UTF-8 replaced, longest first.
    func scrub(_ bytes: [UInt8]) -> [UInt8] {
        guard !values.isEmpty, !bytes.isEmpty else { return bytes }
        var data = Data(bytes)
        let placeholder = Data(Redaction.placeholder.utf8)
        var changed = false
        for value in values.sorted(by: { $0.count > $1.count }) where value.utf8.count <= Self.longestScrubbedInBodies {
            let needle = Data(value.utf8)
            var start = data.startIndex
            while let found = data.range(of: needle, in: start..<data.endIndex) {
                data.replaceSubrange(found, with: placeholder)
                start = found.lowerBound + placeholder.count
                changed = true
            }
        }
        return changed ? [UInt8](data) : bytes
    }

    /// `text` with every secret value replaced, longest first.
    func scrub(_ text: String) -> String {
        guard !values.isEmpty else { return text }
        var result = text
        for value in values.sorted(by: { $0.count > $1.count }) where result.contains(value) {
            result = result.replacingOccurrences(of: value, with: Redaction.placeholder)
        }
        return result
    }
}
