import RewriteKit

extension ApplyReport {
    /// Notes every secret the report shows: its messages' secret headers and queries, and
    /// the secret values its trace shows.
    func collectSecrets(into redaction: inout OutputRedaction) {
        redaction.collect(originalRequest)
        redaction.collect(request)
        for response in [originalResponse, response].compactMap({ $0 }) { redaction.collect(response) }
        redaction.collect(trace)
    }

    /// The report as printed: messages and trace with their secrets replaced. The other
    /// texts (near misses, messages) are scrubbed with the printed output.
    func redacted(by redaction: OutputRedaction) -> ApplyReport {
        var shown = ApplyReport(
            originalRequest: redaction.redacted(originalRequest), request: redaction.redacted(request),
            originalResponse: originalResponse.map(redaction.redacted), response: response.map(redaction.redacted),
            source: source, appliedRules: appliedRules, delay: delay, throttleBytesPerSecond: throttleBytesPerSecond,
            cacheLifetime: cacheLifetime, trace: redaction.redacted(trace), messages: messages, outcome: outcome)
        shown.nearMisses = nearMisses
        shown.messageGuards = messageGuards
        shown.network = network
        return shown
    }
}
