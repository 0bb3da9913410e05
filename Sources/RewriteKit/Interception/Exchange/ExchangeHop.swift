import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request of an exchange and its answer: the app's request, or the request the
/// app's delegate chose for a redirect. Each hop runs through the rules on its own and
/// is its own request in activity events, as each hop is its own flow in mitmproxy and
/// its own protocol instance on Apple platforms.
struct ExchangeHop {
    /// 0 for the app's request, then 1, 2, … for each redirect followed.
    let number: Int
    /// The request as the app sees it (before the rules).
    let appRequest: URLRequest
    /// Where the body comes from.
    var body: RequestBody
    /// Whether the rules' view adds the session's stored cookies, as URLSession adds them
    /// to this request after the protocol sees it: the app's request only (a redirect hop,
    /// which only corelibs runs inside one exchange, already carries what corelibs sends).
    var addsStoredCookies: Bool { number == 0 }
    /// The activity number of this hop.
    let requestID = ActivityHub.nextRequestID()
    /// When the hop began.
    let startedAt = Date()
    /// The request phase's result, once run.
    var outcome: RequestOutcome? {
        didSet { trace = outcome?.trace }
    }
    /// The pipeline's latest trace: the request phase's, then the response phase's too.
    var trace: Trace?
    /// The request body bytes, when the rules needed them (otherwise the body goes out untouched).
    var loadedBody: Data?
    /// The request body as sent, for a running capture (nil when not read).
    var capturedRequestBody: [UInt8]?
    /// The response as the server sent it, with its body, for a running capture.
    var serverResponse: HTTPResponse?
    /// Whether a running capture kept the whole response body.
    var capturedWholeBody = true
    /// When each message of a streamed network response arrived, for a running capture.
    var messageTimes: [RecordedMessage]?
    /// Request body bytes sent.
    var bytesSent = 0
    /// Response body bytes given to the app so far.
    var bytesReceived = 0
    /// The response as the app gets it (after response actions), once known.
    var response: HTTPResponse?
}

extension ActivityEvent {
    /// An event of a hop as it stands: `details` about its request as sent (as the app made
    /// it, before the request phase has run).
    init(_ details: Details, hop: ExchangeHop, fallbackRequest: URLRequest, requestsInFlight: Int) {
        let request = hop.outcome?.request
        self.init(
            details, requestID: hop.requestID,
            method: request?.method ?? hop.appRequest.httpMethod ?? fallbackRequest.httpMethod ?? "GET",
            url: request?.url.description ?? hop.appRequest.url?.absoluteString ?? "",
            headers: request?.headers ?? HTTPHeaders((hop.appRequest.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }),
            duration: Date().timeIntervalSince(hop.startedAt), requestsInFlight: requestsInFlight)
    }
}

extension ActivityEvent.Completion {
    /// How `hop` ended.
    init(hop: ExchangeHop, error: RequestError?, source: ResponseSource?, redirectLocation: String?) {
        status = hop.response?.status
        responseHeaders = hop.response?.headers
        bytesSent = hop.bytesSent
        bytesReceived = hop.bytesReceived
        self.error = error
        self.source = source
        appliedRules = hop.outcome?.appliedRules ?? []
        trace = hop.trace
        self.redirectLocation = redirectLocation
    }
}
