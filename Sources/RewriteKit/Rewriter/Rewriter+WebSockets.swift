import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Rewriter {
    /// A WebSocket connection for `request` in `session`, through the rules: use it where the
    /// app calls `session.webSocketTask(with:)`.
    ///
    /// The handshake request goes through the request phase like any request:
    /// - No rule applies: the session's own `URLSessionWebSocketTask`, untouched (the rules
    ///   cost one request phase, once per connection).
    /// - A `respond 101 { socket { … } }` rule answers: a stubbed conversation that runs the
    ///   rule's script, on every platform, with no network.
    /// - A rule fails the request (`fail`), or answers with a `respond` that is not a
    ///   `socket`: a connection that fails when it opens (a handshake needs 101).
    /// - Rules rewrite the handshake (headers, URL): the session's task for the rewritten
    ///   request. If they also have `request each message` or `response each message` blocks,
    ///   a connection whose messages go through them on their way (Apple platforms: on Linux,
    ///   swift-corelibs-foundation cannot open a `URLSessionWebSocketTask`).
    ///
    /// Completion handlers run on the session's delegate queue. Observers get `.started`,
    /// `.response`, `.log`, `.tag` and `.finished` events for each connection the rules touch.
    public func webSocketTask(with request: URLRequest, in session: URLSession) -> any WebSocketTask {
        let pipeline = core.pipeline
        guard let head = HTTPRequest(request) else { return session.webSocketTask(with: request) }
        let outcome = pipeline.processRequest(head, counts: socketRuleUses)
        // A running capture that sees all traffic keeps every socket: the real task is carried then.
        if outcome.isPassThrough && !core.isCapturing { return session.webSocketTask(with: request) }
        let url = URL(string: outcome.request.url.description)
        var rules = SocketRules(
            request: outcome.request, handshake: HTTPResponse(status: 101), plan: outcome.responsePlan, environment: pipeline.environment,
            script: nil)
        let peer: RuleSocket.Peer
        let source: ResponseSource
        switch outcome.disposition {
        case .respond(let stub):
            rules.handshake = pipeline.processResponse(stub, for: outcome).response
            rules.script = outcome.socket
            source = .stub
            if outcome.socket != nil, rules.handshake.status == 101 {
                peer = .script
            } else {
                let why = "the rules answered the WebSocket handshake with \(rules.handshake.status), not a 'socket' conversation"
                peer = .failure(URLError(.badServerResponse, userInfo: [NSLocalizedDescriptionKey: why, NSURLErrorFailingURLErrorKey: url as Any]))
            }
        case .fail(let error):
            source = .failure
            peer = .failure(error.taskError(url: url))
        case .forward:
            let forwarded = outcome.request.urlRequest(basedOn: request, admitted: head) ?? request
            let task = session.webSocketTask(with: forwarded)
            guard rules.hasMessageBlocks || core.isCapturing else { return task }
            source = .network
            peer = .task(task)
        }
        let report = SocketActivity(
            hub: core.activity, request: outcome.request, handshake: rules.handshake, outcome: outcome, source: source,
            captures: core.runningCaptures)
        return RuleSocket(peer: peer, rules: rules, callbacks: session.delegateQueue, report: report, openDelay: outcome.delay ?? 0)
    }
}
