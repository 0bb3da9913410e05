import Foundation

/// One step in the life of an intercepted request, for network activity
/// indicators, logs and tests.
///
/// Every request sends `.started`, then `.response` when a response head is
/// known (not for failures), then exactly one `.finished`. A `log` or `tag`
/// action sends a `.log` event when it runs: request-phase ones right after
/// `.started`, response-phase ones before `.response` (response actions run
/// before the app receives the response). Header values named
/// in ``Rewriter/redactedHeaderNames`` are replaced by `<redacted>`.
public struct ActivityEvent: Sendable {
    /// Which step this is.
    public enum Kind: String, Sendable, Hashable {
        /// The request entered the interceptor.
        case started
        /// The response head is known.
        case response
        /// The request ended: answered, failed or cancelled.
        case finished
        /// A rule's `log` or `tag` action ran.
        case log
    }

    /// Where the answer came from.
    public enum Source: String, Sendable, Hashable {
        /// The network, through the rewritten request.
        case network
        /// A `respond` stub.
        case stub
        /// The `cache` clause's memory.
        case cache
        /// A `fail` clause.
        case failure
    }

    /// The step.
    public var kind: Kind
    /// A number identifying the request within the process, the same in all its events.
    public var requestID: Int
    /// The method as sent.
    public var method: String
    /// The URL as sent (after rewriting).
    public var url: String
    /// The request headers as sent, redacted.
    public var requestHeaders: HTTPHeaders
    /// The response status, once known.
    public var status: Int?
    /// The response headers as given to the app, redacted, once known.
    public var responseHeaders: HTTPHeaders?
    /// Seconds since the request started.
    public var duration: TimeInterval
    /// Request body bytes sent.
    public var bytesSent: Int
    /// Response body bytes given to the app so far.
    public var bytesReceived: Int
    /// The error the request ended with, if any.
    public var error: URLError?
    /// Where the answer came from, once known.
    public var source: Source?
    /// The rules that applied, in order.
    public var appliedRules: [RuleReference]
    /// What the pipeline did (on `.finished`).
    public var trace: Trace?
    /// For `.log` events from a `log` action: its message.
    public var message: String?
    /// For `.log` events from a `tag` action: the tag.
    public var tag: String?
    /// Requests in flight in this rewriter when the event was made, this one included until it finishes.
    public var requestsInFlight: Int
}
