import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One step in the life of an intercepted request, for network activity indicators,
/// logs and tests.
///
/// Every event names its request (``requestID``, ``method``, ``url``, ``requestHeaders``)
/// and carries what only its step knows in ``details``:
///
/// ```swift
/// let observation = rewriter.addObserver { event in
///     switch event.details {
///     case .finished(let completion): print(event.url, completion.status ?? 0, completion.appliedRules.map(\.name))
///     case .log(let rule, let message): print("\(rule.name): \(message)")
///     default: break
///     }
/// }
/// ```
///
/// Every intercepted request sends `.started`, then `.response` when its response head
/// is known (not for failures), then exactly one `.finished`. A redirect the app follows
/// ends one request (its completion carries the 3xx status and
/// ``Completion/redirectLocation``) and starts the next, which runs through the rules on its
/// own. A `log` or `tag` action sends a `.log` or `.tag` event when it runs: request-phase
/// ones right after `.started`, response-phase ones before `.response` (response actions run
/// before the app receives the response). A request the platform cannot carry through the
/// interceptor goes to the network untouched and sends one `.bypassed` event instead, saying
/// why and naming the rules it skipped. `.rulesChanged` is about followed rule files, not a
/// request: its ``requestID`` is 0 and its URL empty.
///
/// Secrets never appear: header values named in ``Rewriter/redactedHeaderNames`` and
/// query values named in ``Rewriter/redactedQueryNames`` read `<redacted>` in the
/// headers, the URL, the trace and every other text of the event.
public struct ActivityEvent: Sendable, CustomStringConvertible {
    /// Which step an event is, without its details: for filtering and counting.
    public enum Kind: String, Sendable, Hashable {
        /// See ``Details/started``.
        case started
        /// See ``Details/response(status:headers:)``.
        case response
        /// See ``Details/finished(_:)``.
        case finished
        /// See ``Details/log(rule:message:)``.
        case log
        /// See ``Details/tag(rule:name:)``.
        case tag
        /// See ``Details/bypassed(reason:skippedRules:error:)``.
        case bypassed
        /// See ``Details/rulesChanged(summary:diagnostics:)``.
        case rulesChanged
        /// See ``Details/unmatched(summary:nearMisses:)``.
        case unmatched
        /// See ``Details/degraded(fact:consequence:)``.
        case degraded
    }

    /// What one step knows.
    public enum Details: Sendable {
        /// The request entered the interceptor.
        case started
        /// The response head is known, as the app gets it (after response actions), redacted.
        case response(status: Int, headers: HTTPHeaders)
        /// The request ended: answered, failed, cancelled or redirected.
        case finished(Completion)
        /// A rule's `log` action ran.
        case log(rule: RuleReference, message: String)
        /// A rule's `tag` action ran.
        case tag(rule: RuleReference, name: String)
        /// The request went to the network untouched, because the platform cannot carry it
        /// through a URL protocol: why, the rules that might have applied but were not run, and
        /// the error the request was failed with instead when one of them may not be skipped.
        case bypassed(reason: String, skippedRules: [RuleReference], error: RequestError?)
        /// Not about a request: followed rule files changed (see
        /// ``Rewriter/followRuleFiles(_:checkingEvery:)``). The summary says what happened;
        /// the diagnostics are the problems of an edit that was refused (the previous rules stay
        /// in force) or the warnings of one that was taken.
        case rulesChanged(summary: String, diagnostics: [Diagnostic])
        /// A request no rule applied to, when ``Rewriter/reportsUnmatchedRequests`` is on: a
        /// line saying so, and the rules that came closest (at most three), closest first. The
        /// request goes on as if there were no rewriter. Its ``ActivityEvent/requestID`` is 0
        /// when the interceptor declined it at once (it then sends no other event), else the
        /// request's, whose `.finished` follows.
        case unmatched(summary: String, nearMisses: [NearMiss])
        /// On Linux, a fact the interceptor reads from swift-corelibs-foundation's internals
        /// could not be read on this toolchain: sent once per installation and fact, naming it
        /// and what degrades; the request is the one that found it. The Platform Notes article
        /// lists the facts.
        case degraded(fact: String, consequence: String)
    }

    /// How a request ended: the `.finished` event's details.
    public struct Completion: Sendable {
        /// The response status the app got; `nil` for a failure.
        public internal(set) var status: Int?
        /// The response headers as given to the app, redacted; `nil` for a failure.
        public internal(set) var responseHeaders: HTTPHeaders?
        /// Request body bytes sent.
        public internal(set) var bytesSent: Int
        /// Response body bytes given to the app.
        public internal(set) var bytesReceived: Int
        /// The error the request ended with, if any.
        public internal(set) var error: RequestError?
        /// Where the answer came from.
        public internal(set) var source: ResponseSource?
        /// The rules that applied, in order.
        public internal(set) var appliedRules: [RuleReference]
        /// What the pipeline did, redacted.
        public internal(set) var trace: Trace?
        /// For a redirect the app followed: where it led.
        public internal(set) var redirectLocation: String?
    }

    /// The most events waiting for a slow observer; beyond it the oldest are dropped.
    public static let backlogLimit = 10_000

    /// What this step knows.
    public internal(set) var details: Details
    /// A number identifying the request within the process, the same in all its events.
    public internal(set) var requestID: Int
    /// The method as sent.
    public internal(set) var method: String
    /// The URL as sent (after rewriting).
    public internal(set) var url: String
    /// The request headers as sent, redacted.
    public internal(set) var requestHeaders: HTTPHeaders
    /// Seconds since the request started.
    public internal(set) var duration: TimeInterval
    /// Requests in flight in this rewriter when the event was made, this one included until it finishes.
    public internal(set) var requestsInFlight: Int
    /// Events dropped just before this one because the observers fell more than
    /// ``backlogLimit`` events behind.
    public internal(set) var droppedEvents = 0

    /// Which step this is.
    public var kind: Kind {
        switch details {
        case .started: .started
        case .response: .response
        case .finished: .finished
        case .log: .log
        case .tag: .tag
        case .bypassed: .bypassed
        case .rulesChanged: .rulesChanged
        case .unmatched: .unmatched
        case .degraded: .degraded
        }
    }

    /// The `.finished` event's details; `nil` for the other kinds.
    public var completion: Completion? {
        if case .finished(let completion) = details { completion } else { nil }
    }

    /// The event in a line, for logs: `finished GET https://… 200 (stub) [users]`.
    public var description: String {
        var line = "\(kind.rawValue) \(method) \(url)"
        switch details {
        case .started: break
        case .response(let status, _): line += " \(status)"
        case .finished(let completion):
            line += completion.status.map { " \($0)" } ?? ""
            line += completion.error.map { " \($0.errorDescription ?? $0.description)" } ?? ""
            line += completion.source.map { " (\($0.rawValue))" } ?? ""
            if !completion.appliedRules.isEmpty { line += " [" + completion.appliedRules.map(\.name).joined(separator: ", ") + "]" }
        case .log(let rule, let message): line += " \(rule.name): \(message)"
        case .tag(let rule, let name): line += " \(rule.name): \(name)"
        case .bypassed(let reason, _, _): line += ": \(reason)"
        case .rulesChanged(let summary, _): line = "\(kind.rawValue): \(summary)"
        case .unmatched(let summary, _): line = "\(kind.rawValue): \(summary)"
        case .degraded(let fact, let consequence): line += ": \(fact): \(consequence)"
        }
        return line
    }

    /// An event of a request: `details` about `request` as sent.
    init(_ details: Details, requestID: Int, method: String, url: String, headers: HTTPHeaders, duration: TimeInterval = 0, requestsInFlight: Int) {
        self.details = details
        self.requestID = requestID
        self.method = method
        self.url = url
        requestHeaders = headers
        self.duration = duration
        self.requestsInFlight = requestsInFlight
    }

    /// An event of a request the interceptor holds no rewritten form of: `details` about
    /// `request` as the app made it.
    init(_ details: Details, requestID: Int = ActivityHub.nextRequestID(), request: URLRequest, requestsInFlight: Int) {
        self.init(
            details, requestID: requestID, method: request.httpMethod ?? "GET", url: request.url?.absoluteString ?? "",
            headers: HTTPHeaders((request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }), requestsInFlight: requestsInFlight)
    }

    /// An `.unmatched` event for a request no rule applied to.
    init(unmatched request: HTTPRequest, requestID: Int, nearMisses: [NearMiss], requestsInFlight: Int) {
        let closest = nearMisses.first.map { miss in
            "; closest: \(miss.rule)" + (miss.failed.isEmpty ? "" : ", failed: " + miss.failed.map(\.condition).joined(separator: ", "))
        } ?? ""
        let summary = "no rule matched \(request.method) \(request.url)" + closest
        self.init(
            .unmatched(summary: summary, nearMisses: nearMisses), requestID: requestID, method: request.method,
            url: request.url.description, headers: request.headers, requestsInFlight: requestsInFlight)
    }

    /// A `.rulesChanged` event: what happened to followed rule files.
    init(rulesChanged summary: String, diagnostics: [Diagnostic], requestsInFlight: Int) {
        self.init(
            .rulesChanged(summary: summary, diagnostics: diagnostics), requestID: 0, method: "", url: "",
            headers: HTTPHeaders(), requestsInFlight: requestsInFlight)
    }
}
