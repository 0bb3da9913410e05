import Foundation

/// What a ``RuleSocket`` tells the rewriter's observers: `.started` and `.response` (101)
/// when it opens, `.log` and `.tag` for what message blocks and replies log, and `.finished`
/// when it ends, with the bytes of the messages each way. Used only on the socket's queue.
final class SocketActivity: @unchecked Sendable {
    private let hub: ActivityHub
    private let requestID = ActivityHub.nextRequestID()
    private let request: HTTPRequest
    private let handshake: HTTPResponse
    private let outcome: RequestOutcome
    private let source: ResponseSource
    private let started = Date()
    private var bytesSent = 0
    private var bytesReceived = 0

    init(hub: ActivityHub, request: HTTPRequest, handshake: HTTPResponse, outcome: RequestOutcome, source: ResponseSource) {
        self.hub = hub
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

    /// A message went through the rules.
    func message(_ outcome: SocketMessageOutcome, sent: Bool) {
        let count = outcome.message?.bytes.count ?? 0
        if sent { bytesSent += count } else { bytesReceived += count }
        log(outcome.trace)
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
