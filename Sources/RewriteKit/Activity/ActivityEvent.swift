import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One step in the life of an intercepted request, for network activity indicators,
/// logs and tests.
///
/// Every intercepted request sends `.started`, then `.response` when its response head
/// is known (not for failures), then exactly one `.finished`. A redirect the app follows
/// ends one request (its `.finished` carries the 3xx status and ``redirectLocation``) and
/// starts the next, which runs through the rules on its own. A `log` or `tag` action
/// sends a `.log` event when it runs: request-phase ones right after `.started`,
/// response-phase ones before `.response` (response actions run before the app receives
/// the response). A request the platform cannot carry through the interceptor goes to
/// the network untouched and sends one `.bypassed` event instead, saying why and naming
/// the rules it skipped. A `.rulesChanged` event is about followed rule files, not a
/// request: its ``requestID`` is 0 and its URL empty.
///
/// Secrets never appear: header values named in ``Rewriter/redactedHeaderNames`` and
/// query values named in ``Rewriter/redactedQueryNames`` read `<redacted>` in the
/// headers, the URL, the trace and every other text of the event.
public struct ActivityEvent: Sendable {
    /// Which step this is.
    public enum Kind: String, Sendable, Hashable {
        /// The request entered the interceptor.
        case started
        /// The response head is known.
        case response
        /// The request ended: answered, failed, cancelled or redirected.
        case finished
        /// A rule's `log` or `tag` action ran.
        case log
        /// The request went to the network untouched, because the platform cannot carry
        /// it through a URL protocol; ``message`` says why.
        case bypassed
        /// Not about a request: followed rule files changed (see
        /// ``Rewriter/followRuleFiles(_:checkingEvery:)``). ``message`` says what happened;
        /// ``diagnostics`` holds the problems of an edit that was refused (the previous
        /// rules stay in force) and the warnings of one that was taken.
        case rulesChanged
        /// A request no rule applied to, when ``Rewriter/reportsUnmatchedRequests`` is on:
        /// ``nearMisses`` holds the rules that came closest, and ``message`` says it in a line.
        /// The request itself goes on as if there were no rewriter. Its ``requestID`` is 0
        /// when the interceptor declined it at once (it then sends no other event), else the
        /// request's, whose `.finished` follows.
        case unmatched
        /// Not about a request's answer: on Linux, a fact the interceptor reads from
        /// swift-corelibs-foundation's internals could not be read on this toolchain, once
        /// per installation and fact. ``message`` names the fact and what degrades; the
        /// request is the one that found it. The Platform Notes article lists the facts.
        case degraded
    }


    /// The most events waiting for a slow observer; beyond it the oldest are dropped.
    public static let backlogLimit = 10_000

    /// The step.
    public internal(set) var kind: Kind
    /// A number identifying the request within the process, the same in all its events.
    public internal(set) var requestID: Int
    /// The method as sent.
    public internal(set) var method: String
    /// The URL as sent (after rewriting).
    public internal(set) var url: String
    /// The request headers as sent, redacted.
    public internal(set) var requestHeaders: HTTPHeaders
    /// The response status, once known.
    public internal(set) var status: Int?
    /// The response headers as given to the app, redacted, once known.
    public internal(set) var responseHeaders: HTTPHeaders?
    /// Seconds since the request started.
    public internal(set) var duration: TimeInterval
    /// Request body bytes sent.
    public internal(set) var bytesSent: Int
    /// Response body bytes given to the app so far.
    public internal(set) var bytesReceived: Int
    /// The error the request ended with, if any.
    public internal(set) var error: RequestError?
    /// Where the answer came from, once known.
    public internal(set) var source: ResponseSource?
    /// The rules that applied, in order.
    public internal(set) var appliedRules: [RuleReference]
    /// For `.bypassed`: the rules that might have applied but were not run.
    public internal(set) var skippedRules: [RuleReference] = []
    /// What the pipeline did (on `.finished`), redacted.
    public internal(set) var trace: Trace?
    /// For `.log` events from a `log` action: its message. For `.bypassed`, and for a
    /// request the interceptor itself had to fail: why.
    public internal(set) var message: String?
    /// For `.log` events from a `tag` action: the tag.
    public internal(set) var tag: String?
    /// On the `.finished` event of a redirect the app followed: where it led.
    public internal(set) var redirectLocation: String?
    /// Requests in flight in this rewriter when the event was made, this one included until it finishes.
    public internal(set) var requestsInFlight: Int
    /// For `.unmatched`: the rules that came closest to applying (at most three), closest first.
    public internal(set) var nearMisses: [NearMiss] = []
    /// For `.rulesChanged`: the diagnostics of the files that were read.
    public internal(set) var diagnostics: [Diagnostic] = []
    /// Events dropped just before this one because the observers fell more than
    /// ``backlogLimit`` events behind.
    public internal(set) var droppedEvents = 0

    /// An `.unmatched` event for a request no rule applied to.
    init(unmatched request: HTTPRequest, nearMisses: [NearMiss], requestsInFlight: Int) {
        kind = .unmatched
        requestID = 0
        method = request.method
        url = request.url.description
        requestHeaders = request.headers
        duration = 0
        bytesSent = 0
        bytesReceived = 0
        appliedRules = []
        self.nearMisses = nearMisses
        let closest = nearMisses.first.map { miss in
            "; closest: \(miss.rule)" + (miss.failed.isEmpty ? "" : ", failed: " + miss.failed.map(\.condition).joined(separator: ", "))
        } ?? ""
        message = "no rule matched \(request.method) \(request.url)" + closest
        self.requestsInFlight = requestsInFlight
    }

    /// A `.rulesChanged` event: what happened to followed rule files.
    init(rulesChanged message: String, diagnostics: [Diagnostic], requestsInFlight: Int) {
        kind = .rulesChanged
        requestID = 0
        method = ""
        url = ""
        requestHeaders = HTTPHeaders()
        duration = 0
        bytesSent = 0
        bytesReceived = 0
        appliedRules = []
        self.message = message
        self.diagnostics = diagnostics
        self.requestsInFlight = requestsInFlight
    }

    /// A `.bypassed` event for a request let through untouched.
    init(bypassing request: URLRequest, reason: String, skippedRules: [RuleReference], requestsInFlight: Int) {
        kind = .bypassed
        requestID = ActivityHub.nextRequestID()
        method = request.httpMethod ?? "GET"
        url = request.url?.absoluteString ?? ""
        requestHeaders = HTTPHeaders((request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key })
        duration = 0
        bytesSent = 0
        bytesReceived = 0
        appliedRules = []
        self.skippedRules = skippedRules
        message = reason
        self.requestsInFlight = requestsInFlight
    }

    /// A `.degraded` event: `fact` could not be read while carrying `request`.
    init(degradedBy fact: String, consequence: String, request: URLRequest, requestsInFlight: Int) {
        self.init(bypassing: request, reason: "swift-corelibs-foundation: \(fact) cannot be read on this toolchain; \(consequence)", skippedRules: [], requestsInFlight: requestsInFlight)
        kind = .degraded
    }
}
