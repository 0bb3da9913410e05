import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Exchange {
    /// Counts the hop in and sends `.started`, then a `.log` event for each `log` or
    /// `tag` the request phase ran.
    func beginHopActivity() {
        hop.isCounted = true
        activity.adjustInFlight(by: 1)
        emit(.started)
        if let trace = hop.trace { record(trace) }
    }

    /// Counts the hop out and sends `.finished`, once; a hop that never started only
    /// counts nothing.
    func endHop(error: URLError?, source: ResponseSource?, message: String? = nil, redirectLocation: String? = nil) {
        guard !hop.hasEnded else { return }
        hop.hasEnded = true
        guard hop.isCounted else { return }
        captureHop(error: error, source: source)
        activity.adjustInFlight(by: -1)
        emit(.finished, error: error, source: source, message: message, redirectLocation: redirectLocation)
    }

    /// Gives the hop, as it ended, to the captures that ran when the load started and still
    /// run; once. Called before the app hears the end, so a capture holds every request the
    /// app has seen finish.
    func captureHop(error: URLError?, source: ResponseSource?) {
        guard captureBodyLimit != nil, !hop.isCaptured else { return }
        hop.isCaptured = true
        let running = interceptor.core.runningCaptures
        let sinks = captures.filter { sink in running.contains { $0 === sink } }
        guard !sinks.isEmpty, let limit = captureBodyLimit else { return }
        var request = hop.outcome?.request ?? HTTPRequest(hop.appRequest, defaults: interceptor.requestDefaults, body: nil)
        guard request != nil else { return }
        request?.body = hop.capturedRequestBody
        var response = error == nil ? hop.response : nil
        if reception.isStreaming, let server = hop.serverResponse, response?.body.isEmpty == true {
            response?.body = server.body
        }
        var wholeBody = hop.capturedWholeBody
        if let body = response?.body, body.count > limit {
            response?.body = []
            wholeBody = false
        }
        let source = source ?? .network
        guard let request else { return }
        var exchange = RecordedExchange(
            request: request, response: response, serverResponse: source == .network && error == nil ? hop.serverResponse : nil,
            source: source, error: error, startedAt: hop.startedAt, duration: Date().timeIntervalSince(hop.startedAt),
            appliedRules: hop.outcome?.appliedRules.map(\.name) ?? [], hasCompleteBody: wholeBody)
        exchange.load = loadID
        let redaction = activity.redaction
        for sink in sinks {
            var copy = exchange
            if !sink.revealsSecrets { redaction.apply(to: &copy) }
            sink.add(copy)
        }
    }

    /// Sends an activity event describing the hop as it stands.
    func emit(
        _ kind: ActivityEvent.Kind, error: URLError? = nil, source: ResponseSource? = nil,
        message: String? = nil, redirectLocation: String? = nil
    ) {
        let hop = hop
        activity.emit { inFlight in
            var event = ActivityEvent(kind: kind, hop: hop, fallbackRequest: original, requestsInFlight: inFlight)
            event.error = error
            event.source = source
            event.message = message
            event.redirectLocation = redirectLocation
            if kind == .finished { event.trace = hop.trace }
            return event
        }
    }

    /// Keeps the pipeline's latest trace and sends a `.log` event for each `log` or
    /// `tag` entry not sent yet.
    func record(_ trace: Trace) {
        hop.trace = trace
        let fresh = trace.entries.dropFirst(hop.loggedEntries)
        hop.loggedEntries = trace.entries.count
        let hop = hop
        for entry in fresh {
            let (message, tag): (String?, String?)
            switch entry.event {
            case .log(let text): (message, tag) = (text, nil)
            case .tag(let name): (message, tag) = (nil, name)
            default: continue
            }
            activity.emit { inFlight in
                var event = ActivityEvent(kind: .log, hop: hop, fallbackRequest: original, requestsInFlight: inFlight)
                event.appliedRules = [entry.rule]
                event.message = message
                event.tag = tag
                event.trace = nil
                if entry.phase == .request { event.responseHeaders = nil }
                return event
            }
        }
    }
}

extension Interceptor {
    /// Sends `.unmatched` for a request no rule applied to, if the app asked for it;
    /// `requestID` is the exchange's, or 0 for a request `canInit` declined.
    func reportUnmatched(_ request: HTTPRequest, requestID: Int) {
        guard core.reportsUnmatched.withLock({ $0 }) else { return }
        let misses = Array(core.pipeline.nearMisses(for: request).prefix(3))
        core.activity.emit { inFlight in
            var event = ActivityEvent(unmatched: request, nearMisses: misses, requestsInFlight: inFlight)
            event.requestID = requestID
            return event
        }
    }

    /// Sends `.unmatched` for a request `canInit` declined, if the app asked for it; once
    /// per task when the task is known.
    func reportDeclined(_ request: URLRequest, task: URLSessionTask?) {
        guard core.reportsUnmatched.withLock({ $0 }), isInstalled,
              let scheme = request.url?.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let head = HTTPRequest(request, defaults: requestDefaults, body: nil)
        else { return }
        guard let task else { return reportUnmatched(head, requestID: 0) }
        if isFirstReport(about: task) { reportUnmatched(head, requestID: 0) }
    }

    /// Whether `task` has not been reported on recently: Apple platforms ask
    /// `canInit(with:)` several times per task, and each task is reported once.
    private func isFirstReport(about task: URLSessionTask) -> Bool {
        reportedTasks.withLock { recent -> Bool in
            let id = ObjectIdentifier(task)
            guard !recent.contains(id) else { return false }
            recent.append(id)
            if recent.count > 256 { recent.removeFirst(recent.count - 256) }
            return true
        }
    }

    /// Sends `.bypassed` for a request the platform cannot carry through a URL protocol,
    /// naming the rules that were skipped: let through untouched, or failed with `error`
    /// when a rule may not be skipped.
    func reportBypass(of request: URLRequest, reason: String, failedWith error: URLError? = nil, task: URLSessionTask? = nil) {
        if let task, !isFirstReport(about: task) { return }
        let skipped = rulesThatMightApply(to: request)
        core.activity.emit { inFlight in
            var event = ActivityEvent(bypassing: request, reason: reason, skippedRules: skipped, requestsInFlight: inFlight)
            event.error = error
            return event
        }
    }

    /// The rules that might apply to `request` and may not be skipped (they route it,
    /// answer it, or change a body or status), for a task the platform cannot carry.
    func rulesThatMustNotBeSkipped(_ request: URLRequest) -> [RuleReference] {
        guard let head = HTTPRequest(request, defaults: requestDefaults, body: nil) else { return [] }
        return core.pipeline.rulesThatMustNotBeSkipped(for: head)
    }
}
