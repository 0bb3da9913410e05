import Foundation

/// Keeps secrets out of activity events, with the names and the rules ``Redaction`` applies
/// to everything else.
///
/// Values of the named headers and query parameters are replaced by `<redacted>` where
/// they are structured (headers, a URL's query, the trace's before and after values),
/// and then every text the event carries (URL, trace reasons and summaries, log
/// messages, tags, near misses' actual values) is scrubbed of those values wherever else
/// they appear: a `log` that prints `${header.Authorization}`, a token a rule copied into
/// another header, the app's old token a rule replaced.
extension Redaction {
    /// Redacts every secret in `event`.
    func apply(to event: inout ActivityEvent) {
        var secrets = SecretValues(shortest: SecretValues.shortestInText)
        collect(event.requestHeaders, into: &secrets)
        collect(url: event.url, into: &secrets)
        switch event.details {
        case .response(_, let headers): collect(headers, into: &secrets)
        case .finished(let completion):
            if let headers = completion.responseHeaders { collect(headers, into: &secrets) }
            if let location = completion.redirectLocation { collect(url: location, into: &secrets) }
            for entry in completion.trace?.entries ?? [] { collect(entry, into: &secrets) }
        default: break
        }
        let scrub = { (text: String) in secrets.scrub(self.redactingQuery(of: text)) }

        event.requestHeaders = redacted(event.requestHeaders, scrub: scrub)
        event.url = scrub(event.url)
        event.details = redacted(event.details, scrub: scrub)
    }

    /// `details` with every secret replaced, given the event's `scrub`.
    private func redacted(_ details: ActivityEvent.Details, scrub: (String) -> String) -> ActivityEvent.Details {
        switch details {
        case .started: return .started
        case .response(let status, let headers): return .response(status: status, headers: redacted(headers, scrub: scrub))
        case .finished(var completion):
            completion.responseHeaders = completion.responseHeaders.map { redacted($0, scrub: scrub) }
            completion.redirectLocation = completion.redirectLocation.map(scrub)
            completion.trace = completion.trace.map { Trace(entries: $0.entries.map { redacted($0, scrub: scrub) }) }
            if let error = completion.error, let message = error.message {
                completion.error = RequestError(domain: error.domain, code: error.code, message: scrub(message))
            }
            return .finished(completion)
        case .log(let rule, let message): return .log(rule: rule, message: scrub(message))
        case .tag(let rule, let name): return .tag(rule: rule, name: scrub(name))
        case .bypassed(let reason, let skipped, let error): return .bypassed(reason: scrub(reason), skippedRules: skipped, error: error)
        case .rulesChanged(let summary, let diagnostics): return .rulesChanged(summary: scrub(summary), diagnostics: diagnostics)
        case .unmatched(let summary, let misses):
            let scrubbed = misses.map { miss in
                var miss = miss
                miss.checks = miss.checks.map { check in
                    var check = check
                    check.actual = check.actual.map(scrub)
                    return check
                }
                return miss
            }
            return .unmatched(summary: scrub(summary), nearMisses: scrubbed)
        case .degraded(let fact, let consequence): return .degraded(fact: fact, consequence: consequence)
        }
    }
}
