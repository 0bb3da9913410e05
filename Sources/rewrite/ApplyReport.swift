import RewriteKit

/// What `rewrite apply` found out: the request before and after the request phase, the
/// response before and after the response phase (or the failure), how the answer is
/// shaped, and the pipeline's trace. Rendered as text by ``ApplyTextRenderer`` and as
/// JSON by `ApplyReport.json`.
struct ApplyReport {
    /// Where the response that the response phase ran on came from.
    enum ResponseSource: Equatable {
        /// A rule answered with `respond`; no network.
        case stub(rule: RuleReference?)
        /// `--response STATUS` on the command line.
        case given
        /// The response recorded in the `--har` file.
        case recorded
        /// A rule failed the request with `fail`: there is no response.
        case failed(RequestError, rule: RuleReference?)
        /// The request would go to the network and no `--response` was given.
        case none
    }

    /// The request as given on the command line.
    let originalRequest: HTTPRequest
    /// The request after the request phase.
    let request: HTTPRequest
    /// The response the response phase started from (stub or given).
    let originalResponse: HTTPResponse?
    /// The response after the response phase.
    let response: HTTPResponse?
    /// Where the response came from.
    let source: ResponseSource
    /// The rules that applied, in order.
    let appliedRules: [RuleReference]
    /// `delay`, in seconds.
    let delay: Double?
    /// `throttle`, in bytes per second.
    let throttleBytesPerSecond: Int?
    /// `network`: the profile's name and settings.
    var network: String?
    /// `cache`, in seconds.
    let cacheLifetime: Double?
    /// Every step, request phase then response phase.
    let trace: Trace
    /// With `--explain`: every rule, its conditions held or failed on the request, closest first.
    var nearMisses: [NearMiss]?
    /// The response's messages before and after `response each message`, when its body is
    /// a stream (its `Content-Type`) and the response phase ran.
    var messages: [MessageRewrite]?
    /// With `--explain` and messages: how often each `response each message when` guard held.
    var messageGuards: [MessageGuardCount]?
    /// The request phase's decision, for what the response phase needs later.
    var outcome: RequestOutcome?

    /// Runs both phases of `pipeline` on a request and, when the request is forwarded,
    /// on `givenResponse` if there is one.
    /// `recorded` says the response came from a HAR file rather than `--response`.
    /// `socketMessages`, a recorded WebSocket conversation, go through the message blocks each way.
    static func run(
        _ pipeline: Pipeline, request: HTTPRequest, givenResponse: HTTPResponse?, recorded: Bool = false,
        socketMessages: [RecordedSocketMessage]? = nil
    ) -> ApplyReport {
        let outcome = pipeline.processRequest(request)
        let deciding = outcome.trace.entries.last { entry in
            switch entry.event {
            case .responded, .failed: return true
            default: return false
            }
        }?.rule
        var start: HTTPResponse?
        var source = ResponseSource.none
        switch outcome.disposition {
        case .respond(let stub):
            start = stub
            source = .stub(rule: deciding)
        case .fail(let error):
            source = .failed(error, rule: deciding)
        case .forward:
            if let givenResponse {
                start = givenResponse
                source = recorded ? .recorded : .given
            }
        }
        var final: HTTPResponse?
        var trace = outcome.trace
        var messages: [MessageRewrite]?
        if let start {
            let answer = pipeline.processResponse(start, for: outcome)
            (final, trace) = (answer.response, answer.trace)
            messages = pipeline.processMessages(of: answer.response, for: outcome)
            if let socketMessages {
                messages = pipeline.processSocketMessages(
                    socketMessages.map { ($0.direction == .sent, $0.isBinary, $0.bytes) }, for: outcome, handshake: answer.response)
            }
            if var edited = final, messages?.contains(where: \.changed) == true {
                edited.body = pipeline.rewritingMessages(of: answer.response, for: outcome).body
                final = edited
            }
        }
        var report = ApplyReport(
            originalRequest: request, request: outcome.request, originalResponse: start, response: final,
            source: source, appliedRules: outcome.appliedRules, delay: outcome.delay,
            throttleBytesPerSecond: outcome.throttleBytesPerSecond, cacheLifetime: outcome.cacheLifetime,
            trace: trace, messages: messages, outcome: outcome)
        report.network = outcome.networkSummary
        return report
    }

    /// The error, when a rule failed the request.
    var failure: RequestError? {
        guard case .failed(let error, _) = source else { return nil }
        return error
    }
}
