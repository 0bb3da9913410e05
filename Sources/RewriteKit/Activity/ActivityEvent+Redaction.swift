import Foundation

/// Keeps secrets out of activity events, with the names and the rules ``Redaction`` applies
/// to everything else.
///
/// Values of the named headers and query parameters are replaced by `<redacted>` where
/// they are structured (headers, a URL's query, the trace's before and after values),
/// and then every text the event carries (URL, trace reasons and summaries, log
/// messages, tags) is scrubbed of those values wherever else they appear: a `log` that
/// prints `${header.Authorization}`, a token a rule copied into another header, the
/// app's old token a rule replaced.
extension Redaction {
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
}
