import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the traffic captures running when a load started keep of each of its hops: the
/// exchange calls it as a hop ends, before the app hears the end, so a capture holds every
/// request the app has seen finish.
struct ExchangeCapture: @unchecked Sendable {
    /// The captures running when the load started.
    let sinks: [CaptureSink]
    /// The most body bytes a capture keeps; nil when none runs.
    let bodyLimit: Int?
    private let interceptor: Interceptor
    private var core: RewriterCore { interceptor.core }

    init(interceptor: Interceptor) {
        self.interceptor = interceptor
        sinks = interceptor.core.runningCaptures
        bodyLimit = sinks.map(\.bodyLimit).max()
    }

    /// Gives `hop`, as it ended, to the captures that ran when the load started and still
    /// run, redacted unless a capture reveals secrets. `streamed` says the app received the
    /// body chunk by chunk (its full copy is then the server's).
    func record(_ hop: ExchangeHop, streamed: Bool, error: RequestError?, source: ResponseSource?) {
        guard let limit = bodyLimit else { return }
        let running = core.runningCaptures
        let sinks = sinks.filter { sink in running.contains { $0 === sink } }
        guard !sinks.isEmpty else { return }
        guard var request = hop.outcome?.request ?? HTTPRequest(hop.appRequest, defaults: interceptor.requestDefaults, body: nil) else { return }
        request.body = hop.capturedRequestBody
        var response = error == nil ? hop.response : nil
        if streamed, let server = hop.serverResponse, response?.body.isEmpty == true {
            response?.body = server.body
        }
        var wholeBody = hop.capturedWholeBody
        if let body = response?.body, body.count > limit {
            response?.body = []
            wholeBody = false
        }
        let source = source ?? .network
        var exchange = RecordedExchange(
            request: request, response: response, serverResponse: source == .network && error == nil ? hop.serverResponse : nil,
            source: source, error: error, startedAt: hop.startedAt, duration: Date().timeIntervalSince(hop.startedAt),
            appliedRules: hop.outcome?.appliedRules ?? [], hasCompleteBody: wholeBody)
        if wholeBody, source == .network, error == nil { exchange.messages = hop.messageTimes }
        let redaction = core.activity.redaction
        for sink in sinks {
            var copy = exchange
            if !sink.revealsSecrets { redaction.apply(to: &copy) }
            sink.add(copy)
        }
    }
}
