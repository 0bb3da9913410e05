import Foundation

/// One request and its answer, as a ``TrafficCapture`` saw it or a HAR file holds it: what
/// recordings (``RecordingWriter``) and HAR exports (``HTTPArchive``) are made of.
///
/// A captured exchange holds secrets only if the capture was told to reveal them; otherwise
/// the values of the rewriter's redacted headers and query parameters read `<redacted>`.
public struct RecordedExchange: Sendable, Hashable {
    /// The request as it went out: after the request rules, with its body when the body was
    /// known (nil when it was not read: a stream, or a body over the capture's limit).
    public var request: HTTPRequest
    /// The response as the app received it (after response rules), with its body; nil when
    /// the request failed.
    public var response: HTTPResponse?
    /// The response as the server sent it, before response rules (URLSession has already
    /// decoded any `Content-Encoding`); what a recording replays. Nil unless the network answered.
    public var serverResponse: HTTPResponse?
    /// Where the answer came from.
    public var source: ResponseSource
    /// The error the app received, when the request failed.
    public var error: RequestError?
    /// When the request started.
    public var startedAt: Date
    /// Seconds from the start to the last byte.
    public var duration: TimeInterval
    /// The rules that applied, in order. Read from a HAR file another version wrote, a rule
    /// may carry its name alone (its ``RuleReference/file`` empty).
    public var appliedRules: [RuleReference]
    /// Whether the response body is complete: false when it was larger than the capture's
    /// body limit and only its head was kept.
    public var hasCompleteBody: Bool
    /// When each message of a streamed response (server-sent events, JSON Lines, JSON
    /// sequences) arrived, in the server's body; nil for any other response, or when the
    /// times were not seen (a HAR without them).
    public var messages: [RecordedMessage]?
    /// The messages of a WebSocket conversation (the exchange is its handshake, answered
    /// 101), in the order they went; nil for any other exchange.
    public var socketMessages: [RecordedSocketMessage]?
    /// Why an exchange read from a HAR file cannot be replayed as it stands, in the HAR's
    /// terms ("the HAR holds no body for this response"); nil for a captured one.
    var note: String?
    /// The exchange's place in the HAR file it was read from (1 for the first entry), for lines about it.
    var entry: Int?
    /// The names a redaction that saw every exchange read with this one applied to it (a HAR
    /// file's), so a writer with the same names need not scrub again.
    var redaction: SecretNames?

    /// Creates an exchange, for example to write a recording from traffic the app saw elsewhere.
    public init(
        request: HTTPRequest, response: HTTPResponse?, serverResponse: HTTPResponse? = nil, source: ResponseSource = .network,
        error: RequestError? = nil, startedAt: Date = Date(), duration: TimeInterval = 0, appliedRules: [RuleReference] = [],
        hasCompleteBody: Bool = true
    ) {
        self.request = request
        self.response = response
        self.serverResponse = serverResponse ?? (source == .network ? response : nil)
        self.source = source
        self.error = error
        self.startedAt = startedAt
        self.duration = duration
        self.appliedRules = appliedRules
        self.hasCompleteBody = hasCompleteBody
    }
}

extension RecordedExchange {
    /// Whether both hold the same exchange: their public parts, not where they were read
    /// from or how they were redacted.
    public static func == (lhs: RecordedExchange, rhs: RecordedExchange) -> Bool {
        lhs.request == rhs.request && lhs.response == rhs.response && lhs.serverResponse == rhs.serverResponse
            && lhs.source == rhs.source && lhs.error == rhs.error && lhs.startedAt == rhs.startedAt && lhs.duration == rhs.duration
            && lhs.appliedRules == rhs.appliedRules && lhs.hasCompleteBody == rhs.hasCompleteBody
    }

    /// Hashes the public parts, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(request)
        hasher.combine(response)
        hasher.combine(source)
        hasher.combine(startedAt)
        hasher.combine(appliedRules)
    }
}
