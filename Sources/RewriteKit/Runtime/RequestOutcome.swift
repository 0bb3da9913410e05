import Foundation

/// What the pipeline decided for one request: the rewritten request, how to
/// answer it, how to shape it, and the state the response phase needs.
public struct RequestOutcome: Sendable {
    /// How the request is answered.
    public enum Disposition: Sendable, Hashable {
        /// Send the (rewritten) request to the network.
        case forward
        /// Answer with this response without the network (`respond`).
        case respond(HTTPResponse)
        /// Fail with this error without the network (`fail`).
        case fail(RequestError)
    }

    /// The request after every request action ran.
    public let request: HTTPRequest
    /// Forward, stub or fail.
    public let disposition: Disposition
    /// Seconds to wait before answering (`delay`), if any.
    public let delay: TimeInterval?
    /// The response body rate limit in bytes per second (`throttle`), if any.
    public let throttleBytesPerSecond: Int?
    /// How long a successful GET response may be reused (`cache`), if any, in seconds.
    public let cacheLifetime: TimeInterval?
    /// What happened, step by step.
    public let trace: Trace
    /// Whether any applied rule has response actions or guards.
    let hasResponseActions: Bool
    /// Whether the response phase needs the whole response body (a body action,
    /// or a guard on `json`/`body`); when false, the body can stream through.
    package let responseNeedsBody: Bool
    /// The response work of the applied rules, with their match captures.
    let responsePlan: ResponsePlan
    /// When the pieces of a streamed stub's body (`respond { stream … }`) are sent; nil
    /// for any other answer. The pieces cover the stub's body, which holds every message.
    let stream: StreamPlan?
    /// The conversation a `respond 101 { socket { … } }` stub answers a WebSocket handshake
    /// with; nil for any other answer.
    let socket: SocketRules.Script?
    /// The simulated link (`network`) the request goes over and the rule that gave it, if one
    /// did (the last wins).
    let network: (profile: NetworkProfile, rule: RuleReference)?
    /// The parts of an upload read from its file (see ``Pipeline/processRequest(_:admission:counts:parts:)``)
    /// as the rules edited them, to be written out; nil when no rule changed them, or the
    /// body was in memory (``request``'s body is the edited one then).
    let editedFileParts: MultipartBody?

    init(
        request: HTTPRequest, disposition: Disposition = .forward, delay: Double? = nil,
        throttleBytesPerSecond: Int? = nil, cacheLifetime: Double? = nil,
        trace: Trace = Trace(),
        hasResponseActions: Bool = false, responseNeedsBody: Bool = false,
        responsePlan: ResponsePlan = ResponsePlan(), stream: StreamPlan? = nil, socket: SocketRules.Script? = nil,
        network: (profile: NetworkProfile, rule: RuleReference)? = nil, editedFileParts: MultipartBody? = nil
    ) {
        self.request = request
        self.disposition = disposition
        self.delay = delay
        self.throttleBytesPerSecond = throttleBytesPerSecond
        self.cacheLifetime = cacheLifetime
        self.trace = trace
        self.hasResponseActions = hasResponseActions
        self.responseNeedsBody = responseNeedsBody
        self.responsePlan = responsePlan
        self.stream = stream
        self.socket = socket
        self.network = network
        self.editedFileParts = editedFileParts
    }

    /// The `network` profile the request goes over, for `rewrite apply`: its name and settings
    /// (`"3G" (latency 2000ms, down 50000B/s, up 50000B/s)`); nil without one.
    package var networkSummary: String? {
        guard let profile = network?.profile else { return nil }
        let settings = Compiler.describe(profile)
        return "\"\(profile.name)\"" + (settings == profile.name ? "" : " (\(settings))")
    }

    /// The same outcome with `entry` at the end of its trace (what the interceptor decided
    /// after the request phase, such as a `network` link's wait).
    func appending(_ entry: TraceEntry) -> RequestOutcome {
        var trace = trace
        trace.append(entry)
        return RequestOutcome(
            request: request, disposition: disposition, delay: delay, throttleBytesPerSecond: throttleBytesPerSecond,
            cacheLifetime: cacheLifetime, trace: trace, hasResponseActions: hasResponseActions, responseNeedsBody: responseNeedsBody,
            responsePlan: responsePlan, stream: stream, socket: socket, network: network, editedFileParts: editedFileParts)
    }

    /// An outcome that forwards `request` with `trace`: what `rewrite-bench`'s least run makes.
    package init(forwarding request: HTTPRequest, trace: Trace) {
        self.init(request: request, trace: trace)
    }

    /// The rules whose conditions held, in the order they applied: read from the
    /// trace's `applied` entries, which the request phase writes one per rule it applies,
    /// so the list and the trace cannot disagree and a run allocates no list of its own.
    public var appliedRules: [RuleReference] {
        trace.entries.compactMap { $0.isRuleApplied ? $0.rule : nil }
    }

    /// Whether nothing was changed or decided: the request can pass straight through.
    public var isPassThrough: Bool {
        !trace.entries.contains(where: \.isRuleApplied)
    }
}

/// What the pipeline made of one response: the response the app gets, and the trace of
/// the whole exchange (the request phase's entries, then the response phase's).
public struct ResponseOutcome: Sendable {
    /// The response after every response action ran.
    public let response: HTTPResponse
    /// What happened, step by step, in both phases.
    public let trace: Trace
}
