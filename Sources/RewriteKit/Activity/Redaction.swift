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
        var secrets = SecretValues(shortest: SecretValues.shortestInText)
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

    private func isSecretHeader(_ name: String) -> Bool { names.isSecretHeader(name) }
    private func isSecretQuery(_ name: String) -> Bool { names.isSecretQuery(name) }

    /// The same names applied to captured exchanges, whose helpers events share.
    var exchanges: ExchangeRedaction { ExchangeRedaction(names: names) }

    private func collect(_ headers: HTTPHeaders, into secrets: inout SecretValues) { exchanges.collect(headers, into: &secrets) }
    private func collect(url: String, into secrets: inout SecretValues) { exchanges.collect(url: url, into: &secrets) }
    private func redacted(_ headers: HTTPHeaders, scrub: (String) -> String) -> HTTPHeaders { exchanges.redacted(headers, scrub: scrub) }
    private func redactingQuery(of url: String) -> String { exchanges.redactingQuery(of: url) }

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
        case .ruleApplied, .stopped, .contentLengthRemoved, .missingVariable, .guardFailed, .usedUp, .responded, .failed:
            break
        }
        return entry
    }

}
