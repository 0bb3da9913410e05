import Foundation

/// What a ``RuleSocket`` tells the rewriter's observers: `.started` and `.response` (101)
/// when it opens, `.log` and `.tag` for what message blocks and replies log, and `.finished`
/// when it ends, with the bytes of the messages each way; and what the captures running when
/// it opened keep of it: the handshake and each message as it went on the wire (the server's
/// before the rules, the app's after them), with its time. Used only on the socket's queue.
final class SocketActivity: @unchecked Sendable {
    /// The most messages a capture keeps of one conversation (an endless one keeps no growing list).
    static let captureLimit = 10_000

    private let hub: ActivityHub
    private let captures: [CaptureSink]
    private var captured: [RecordedSocketMessage] = []
    private let requestID = ActivityHub.nextRequestID()
    private let request: HTTPRequest
    private let handshake: HTTPResponse
    private let outcome: RequestOutcome
    private let source: ResponseSource
    private let started = Date()
    private var bytesSent = 0
    private var bytesReceived = 0

    init(
        hub: ActivityHub, request: HTTPRequest, handshake: HTTPResponse, outcome: RequestOutcome, source: ResponseSource,
        captures: [CaptureSink] = []
    ) {
        self.hub = hub
        self.captures = captures
        self.request = request
        self.handshake = handshake
        self.outcome = outcome
        self.source = source
    }

    /// The connection opened.
    func opened() {
        hub.adjustInFlight(by: 1)
        emit(.started)
        emit(.response(status: handshake.status, headers: handshake.headers))
        log(outcome.trace)
    }

    /// A message went through the rules: `original` as it came (from the app, or the other end).
    func message(_ outcome: SocketMessageOutcome, sent: Bool, original: SocketMessage) {
        let count = outcome.message?.bytes.count ?? 0
        if sent { bytesSent += count } else { bytesReceived += count }
        log(outcome.trace)
        // On the wire: the other end's message as it came, the app's as the rules sent it on.
        guard !captures.isEmpty, captured.count < Self.captureLimit, let wire = sent ? outcome.message : original else { return }
        captured.append(RecordedSocketMessage(
            direction: sent ? .sent : .received, time: Date().timeIntervalSince(started), isBinary: wire.kind == .binary, bytes: wire.bytes))
    }

    /// `log` and `tag` entries become events.
    func log(_ trace: Trace) {
        for entry in trace.entries {
            switch entry.event {
            case .log(let text): emit(.log(rule: entry.rule, message: text))
            case .tag(let name): emit(.tag(rule: entry.rule, name: name))
            default: continue
            }
        }
    }

    /// The connection ended (`error` nil: closed).
    func ended(error: RequestError?) {
        if !captures.isEmpty {
            var exchange = RecordedExchange(
                request: request, response: error == nil ? handshake : nil, serverResponse: source == .network && error == nil ? handshake : nil,
                source: source, error: error, startedAt: started, duration: Date().timeIntervalSince(started), appliedRules: outcome.appliedRules)
            exchange.socketMessages = captured
            let redaction = hub.redaction
            for sink in captures {
                var copy = exchange
                if !sink.revealsSecrets { redaction.apply(to: &copy) }
                sink.add(copy)
            }
        }
        emit(.finished(ActivityEvent.Completion(
            status: handshake.status, responseHeaders: handshake.headers, bytesSent: bytesSent, bytesReceived: bytesReceived,
            error: error, source: source, appliedRules: outcome.appliedRules, trace: outcome.trace, redirectLocation: nil)))
        hub.adjustInFlight(by: -1)
    }

    private func emit(_ details: ActivityEvent.Details) {
        let duration = Date().timeIntervalSince(started)
        hub.emit { inFlight in
            ActivityEvent(
                details, requestID: requestID, method: request.method, url: request.url.description, headers: request.headers,
                duration: duration, requestsInFlight: inFlight)
        }
    }
}
